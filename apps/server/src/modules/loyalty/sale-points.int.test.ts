import { randomUUID } from 'node:crypto';
import type { TLoyaltyProgram, TSale } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import { expectRollupsBalanced, recordSale, saleSetUp } from '../../../test/factories/sales.js';
import { settableClock } from '../../../test/factories/subscriptions.js';

/**
 * Points earned by sales and taken back by refunds, in the sale's own transaction, for each type
 * of programme. Members are written straight into the database; programmes go through the API.
 */

const BUILT_IN = {
  points: '0193a6f0-0000-7000-8000-000000000001',
  tiered: '0193a6f0-0000-7000-8000-000000000002',
  visits: '0193a6f0-0000-7000-8000-000000000003',
  cashback: '0193a6f0-0000-7000-8000-000000000004',
};
const NOW = new Date('2026-06-10T12:00:00Z');
const clock = settableClock(NOW);

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: Awaited<ReturnType<typeof saleSetUp<'jam' | 'tea'>>>;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  // Jam 12.99, tea 4.00: a jam and a tea are 16.99.
  shop = await saleSetUp(t, owner.businessId, {
    jam: { price: '12.99', stock: 500 },
    tea: { price: '4.00', stock: 500 },
  });
});
afterEach(async () => {
  await expectPointsBalanced();
  await t.sql('update loyalty_programs set active = false where business_id = $1', [owner.businessId]);
});
afterAll(async () => {
  await expectRollupsBalanced(t);
  await t.close();
});

async function member(values: { cardCode: string; email?: string; phone?: string }): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `insert into loyalty_members (business_id, id, card_code, email, phone) values ($1, $2, $3, $4, $5)`,
    [owner.businessId, id, values.cardCode, values.email ?? null, values.phone ?? null],
  );
  return id;
}

async function balanceOf(memberId: string): Promise<{ points: number; lifetime_points: number }> {
  const { rows } = await t.sql('select points, lifetime_points from loyalty_members where id = $1', [
    memberId,
  ]);
  return rows[0] as { points: number; lifetime_points: number };
}

/** Every member's balance equals the sum of its entries and of what is left in its lots. */
async function expectPointsBalanced(): Promise<void> {
  const { rows } = await t.sql(`
    select m.id, m.points, coalesce(sum(e.delta), 0)::int as entries, coalesce(sum(e.remaining), 0)::int as lots
    from loyalty_members m left join loyalty_point_entries e on e.business_id = m.business_id and e.member_id = m.id
    group by m.id, m.points
    having m.points <> coalesce(sum(e.delta), 0) or m.points <> coalesce(sum(e.remaining), 0)`);
  expect(rows, 'members whose balance differs from their ledger').toEqual([]);
}

async function activate(templateId: string, overrides?: Record<string, unknown>): Promise<TLoyaltyProgram> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/business/loyalty-program/activate/${templateId}`,
    headers: bearer(owner.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const program = res.json<TLoyaltyProgram>();
  if (!overrides) return program;
  const changed = await t.app.inject({
    method: 'PATCH',
    url: `/api/business/loyalty-program/${program.id}/override`,
    headers: bearer(owner.token),
    payload: { overrides },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return changed.json();
}

const sell = (customerRef: string | undefined, lines: Array<['jam' | 'tea', number]>) =>
  recordSale(t, owner.token, {
    storeId: shop.storeId,
    paymentMethod: 'CARD',
    ...(customerRef === undefined ? {} : { customerRef }),
    lines: lines.map(([key, quantity]) => ({ productId: shop.products[key].id, quantity })),
  });

async function refund(sale: TSale, lines?: Array<{ lineNo: number; quantity: number }>): Promise<TSale> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/sales/${sale.id}/refund`,
    headers: bearer(owner.token),
    payload: lines ? { lines } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('points of sales', () => {
  it('earn a point per whole unit paid for the member the card code names, in any case', async () => {
    await activate(BUILT_IN.points);
    const ann = await member({ cardCode: 'ANN-0001' });
    const sale = await sell('ann-0001', [
      ['jam', 1],
      ['tea', 1],
    ]);
    expect(sale.total).toBe('16.99');
    expect(sale.loyalty).toEqual({ memberId: ann, cardCode: 'ANN-0001', points: 16, redeemed: 0 });
    expect(await balanceOf(ann)).toEqual({ points: 16, lifetime_points: 16 });
    // A GET answers what the create answered; the list shows it too.
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${sale.id}`,
      headers: bearer(owner.token),
    });
    expect(read.json()).toEqual(sale);
    const { rows } = await t.sql(
      `select reason, delta, remaining, balance, expires_at from loyalty_point_entries where sale_id = $1`,
      [sale.id],
    );
    // The built-in points template keeps points 12 months.
    expect(rows).toEqual([
      { reason: 'EARN', delta: 16, remaining: 16, balance: 16, expires_at: new Date('2027-06-10T12:00:00Z') },
    ]);
  });

  it('find the member by e-mail in any case or by phone; an unknown reference earns nothing', async () => {
    await activate(BUILT_IN.points);
    const bea = await member({ cardCode: 'BEA-0001', email: 'bea@example.com', phone: '+44 20 7946 0001' });
    expect((await sell('Bea@Example.com', [['tea', 3]])).loyalty).toEqual({
      memberId: bea,
      cardCode: 'BEA-0001',
      points: 12,
      redeemed: 0,
    });
    expect((await sell('+44 20 7946 0001', [['tea', 1]])).loyalty?.points).toBe(4);
    const stranger = await sell('NOT-A-MEMBER', [['tea', 1]]);
    expect(stranger.loyalty).toBeNull();
    expect(stranger.customerRef).toBe('NOT-A-MEMBER');
    expect((await sell(undefined, [['tea', 1]])).loyalty).toBeNull();
    expect(await balanceOf(bea)).toEqual({ points: 16, lifetime_points: 16 });
  });

  it('earn nothing while no programme is active', async () => {
    const cy = await member({ cardCode: 'CY-0001' });
    expect((await sell('CY-0001', [['jam', 2]])).loyalty).toBeNull();
    expect(await balanceOf(cy)).toEqual({ points: 0, lifetime_points: 0 });
  });

  it('earn nothing once the plan no longer has LOYALTY, and again after an upgrade', async () => {
    await activate(BUILT_IN.points);
    const joe = await member({ cardCode: 'JOE-0001' });
    await setPlan(t, owner.businessId, 'FREE');
    try {
      expect((await sell('JOE-0001', [['jam', 1]])).loyalty).toBeNull();
    } finally {
      await setPlan(t, owner.businessId, 'SUPREME');
    }
    expect((await sell('JOE-0001', [['jam', 1]])).loyalty?.points).toBe(12);
    expect(await balanceOf(joe)).toEqual({ points: 12, lifetime_points: 12 });
  });

  it('earn at most what keeps a balance within the 2,000,000,000 points it holds; the sale goes through', async () => {
    await activate(BUILT_IN.points);
    const kim = await member({ cardCode: 'KIM-0001' });
    await t.sql('update loyalty_members set lifetime_points = 1999999990 where id = $1', [kim]);
    expect((await sell('KIM-0001', [['jam', 2]])).loyalty?.points).toBe(10);
    const full = await sell('KIM-0001', [['jam', 2]]);
    expect(full.total).toBe('25.98');
    expect(full.loyalty).toBeNull();
    expect(await balanceOf(kim)).toEqual({ points: 10, lifetime_points: 2000000000 });
  });

  it('lift the tier as points are earned: each sale earns at the tier reached before it', async () => {
    await activate(BUILT_IN.tiered, {
      tiers: [
        { name: 'Bronze', threshold: 0, multiplier: 1 },
        { name: 'Silver', threshold: 20, multiplier: 1.5 },
        { name: 'Gold', threshold: 60, multiplier: 2 },
      ],
    });
    const dee = await member({ cardCode: 'DEE-0001' });
    // 25.98 at Bronze: 25 points (lifetime 25: Silver).
    expect((await sell('DEE-0001', [['jam', 2]])).loyalty?.points).toBe(25);
    // 25.98 at Silver: 25 x 1.5 = 37 (lifetime 62: Gold).
    expect((await sell('DEE-0001', [['jam', 2]])).loyalty?.points).toBe(37);
    // 12.99 at Gold: 12 x 2 = 24.
    expect((await sell('DEE-0001', [['jam', 1]])).loyalty?.points).toBe(24);
    expect(await balanceOf(dee)).toEqual({ points: 86, lifetime_points: 86 });
  });

  it('stamp a visit from the minimum spend (the stamp card)', async () => {
    await activate(BUILT_IN.visits);
    const eve = await member({ cardCode: 'EVE-0001' });
    // The built-in stamp card counts visits of 5.00 or more.
    expect((await sell('EVE-0001', [['tea', 1]])).loyalty).toBeNull();
    expect((await sell('EVE-0001', [['jam', 3]])).loyalty?.points).toBe(1);
    expect((await sell('EVE-0001', [['tea', 2]])).loyalty?.points).toBe(1);
    const { rows } = await t.sql('select expires_at from loyalty_point_entries where member_id = $1', [eve]);
    // Six months.
    expect(rows).toEqual([
      { expires_at: new Date('2026-12-10T12:00:00Z') },
      { expires_at: new Date('2026-12-10T12:00:00Z') },
    ]);
  });

  it('give back a percent as cashback points of a cent', async () => {
    await activate(BUILT_IN.cashback);
    const fay = await member({ cardCode: 'FAY-0001' });
    // 2 % of 16.99 = 33.98 cents: 33 points.
    expect(
      (
        await sell('FAY-0001', [
          ['jam', 1],
          ['tea', 1],
        ])
      ).loyalty?.points,
    ).toBe(33);
    expect(await balanceOf(fay)).toEqual({ points: 33, lifetime_points: 33 });
  });
});

describe('points of refunds', () => {
  it('take back what the money still paid does not keep, the rest at the last refund', async () => {
    await activate(BUILT_IN.points);
    const gus = await member({ cardCode: 'GUS-0001' });
    // 3 jams and a tea: 42.97, 42 points.
    const sale = await sell('GUS-0001', [
      ['jam', 3],
      ['tea', 1],
    ]);
    expect(sale.loyalty?.points).toBe(42);
    // The tea back: 38.97 still paid keeps floor(42 x 38.97 / 42.97) = 38, so 4 are due.
    const first = await refund(sale, [{ lineNo: 2, quantity: 1 }]);
    expect(first.loyalty).toEqual({ memberId: gus, cardCode: 'GUS-0001', points: -4, redeemed: 0 });
    // One jam back: 25.98 keeps floor(42 x 25.98 / 42.97) = 25, so 17 are due, less the 4 taken.
    const second = await refund(sale, [{ lineNo: 1, quantity: 1 }]);
    expect(second.loyalty?.points).toBe(-13);
    // The rest: all 42.
    const last = await refund(sale);
    expect(last.loyalty?.points).toBe(-25);
    expect(await balanceOf(gus)).toEqual({ points: 0, lifetime_points: 0 });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${last.id}`,
      headers: bearer(owner.token),
    });
    expect(read.json<TSale>().loyalty).toEqual(last.loyalty);
  });

  it('take back what is left when the member has fewer points than the refund would take', async () => {
    await activate(BUILT_IN.points);
    const hal = await member({ cardCode: 'HAL-0001' });
    const sale = await sell('HAL-0001', [['jam', 2]]);
    expect(sale.loyalty?.points).toBe(25);
    // Points spent elsewhere since: a redemption of 20 (through the ledger, as the till will).
    await t.sql(`update loyalty_point_entries set remaining = remaining - 20 where member_id = $1`, [hal]);
    await t.sql(
      `insert into loyalty_point_entries (business_id, id, member_id, delta, reason, balance)
       values ($1, $2, $3, -20, 'REDEEM', 5)`,
      [owner.businessId, randomUUID(), hal],
    );
    await t.sql('update loyalty_members set points = 5 where id = $1', [hal]);
    const back = await refund(sale);
    expect(back.loyalty?.points).toBe(-5);
    expect(await balanceOf(hal)).toEqual({ points: 0, lifetime_points: 20 });
  });

  it('take nothing back for a sale that earned nothing', async () => {
    await activate(BUILT_IN.points);
    await member({ cardCode: 'IDA-0001' });
    const sale = await sell('NOBODY', [['jam', 1]]);
    expect((await refund(sale)).loyalty).toBeNull();
  });
});

describe('redemptions at the till', () => {
  async function redeem(
    customerRef: string | undefined,
    redeem: object,
    lines: Array<['jam' | 'tea', number]>,
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(owner.token),
      payload: {
        storeId: shop.storeId,
        paymentMethod: 'CARD',
        ...(customerRef === undefined ? {} : { customerRef }),
        lines: lines.map(([key, quantity]) => ({ productId: shop.products[key].id, quantity })),
        redeem,
      },
    });
  }

  async function withPoints(cardCode: string, points: number): Promise<string> {
    const id = await member({ cardCode });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/loyalty/members/${id}`,
      headers: bearer(owner.token),
      payload: { adjustment: { delta: points, note: 'Opening balance' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  it("take a reward's value off the total, spend its points and earn on what was paid", async () => {
    await activate(BUILT_IN.points);
    const lou = await withPoints('LOU-0001', 600);
    // 3 jams: 38.97; "5.00 off" costs 500 points: 33.97 paid, 33 points earned.
    const res = await redeem('LOU-0001', { rewardId: 'five-off' }, [['jam', 3]]);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json<TSale>();
    expect(sale).toMatchObject({
      subtotal: '38.97',
      discountTotal: '0.00',
      loyaltyDiscount: '5.00',
      total: '33.97',
    });
    expect(sale.loyalty).toEqual({ memberId: lou, cardCode: 'LOU-0001', points: 33 - 500, redeemed: 500 });
    expect(await balanceOf(lou)).toEqual({ points: 133, lifetime_points: 33 });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${sale.id}`,
      headers: bearer(owner.token),
    });
    expect(read.json()).toEqual(sale);
    const { rows } = await t.sql(
      "select note, value::text as value from loyalty_point_entries where sale_id = $1 and reason = 'REDEEM'",
      [sale.id],
    );
    expect(rows).toEqual([{ note: '5.00 off', value: '5.00' }]);
  });

  it('give back on refunds what was paid, never the reward: in proportion, the rest at the last', async () => {
    await activate(BUILT_IN.points);
    await withPoints('MAY-0001', 500);
    const sale = (
      await redeem('MAY-0001', { rewardId: 'five-off' }, [
        ['jam', 1],
        ['tea', 2],
      ])
    ).json<TSale>();
    // 12.99 + 8.00 = 20.99, less 5.00: 15.99 paid.
    expect(sale.total).toBe('15.99');
    // A tea back: 4.00 x 15.99 / 20.99 = 3.047... -> 3.04 given back.
    const first = await refund(sale, [{ lineNo: 2, quantity: 1 }]);
    expect(first).toMatchObject({ subtotal: '-4.00', loyaltyDiscount: '-0.96', total: '-3.04' });
    const last = await refund(sale);
    expect(last).toMatchObject({ subtotal: '-16.99', total: '-12.95' });
    expect(Number(first.total) + Number(last.total)).toBeCloseTo(-15.99, 2);
  });

  it('spend cashback points as money, at most the total, a point a cent', async () => {
    await activate(BUILT_IN.cashback);
    const ned = await withPoints('NED-0001', 5000);
    const res = await redeem('NED-0001', { points: 250 }, [['tea', 1]]);
    expect(res.json<TSale>()).toMatchObject({ loyaltyDiscount: '2.50', total: '1.50' });
    // More points than the sale costs: only its total is spent (4.00 = 400 points), nothing earned.
    const all = (await redeem('NED-0001', { points: 4000 }, [['tea', 1]])).json<TSale>();
    expect(all).toMatchObject({
      loyaltyDiscount: '4.00',
      total: '0.00',
      loyalty: { points: -400, redeemed: 400 },
    });
    // 5000 - 250 + 3 (2 % of 1.50) - 400.
    expect(await balanceOf(ned)).toEqual({ points: 4353, lifetime_points: 3 });
  });

  it('redeem the stamp card after its visits', async () => {
    await activate(BUILT_IN.visits);
    await withPoints('OLA-0001', 10);
    const res = await redeem('OLA-0001', { rewardId: 'visit-reward' }, [['tea', 2]]);
    expect(res.statusCode, res.body).toBe(201);
    // A free coffee is worth 3.50: 8.00 - 3.50 = 4.50, under the 5.00 of a visit: no new stamp.
    expect(res.json<TSale>()).toMatchObject({ total: '4.50', loyalty: { points: -10, redeemed: 10 } });
  });

  it('refuse a redemption without a member, programme, known reward or enough points, and write nothing', async () => {
    const before = await t.sql('select count(*)::int as sales from sales');
    const refused = async (customerRef: string | undefined, body: object, status: number, field?: string) => {
      const res = await redeem(customerRef, body, [['jam', 1]]);
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(JSON.stringify(res.json().details)).toContain(field);
    };
    await member({ cardCode: 'PIA-0001' });
    await refused('PIA-0001', { rewardId: 'five-off' }, 409);
    await activate(BUILT_IN.points);
    await refused(undefined, { rewardId: 'five-off' }, 400, 'customerRef');
    await refused('NOBODY', { rewardId: 'five-off' }, 400, 'customerRef');
    await refused('PIA-0001', { rewardId: 'free-car' }, 400, 'redeem.rewardId');
    await refused('PIA-0001', { points: 100 }, 400, 'redeem.points');
    await refused('PIA-0001', { rewardId: 'five-off' }, 409, 'redeem');
    await refused('PIA-0001', { rewardId: 'five-off', points: 5 }, 400, 'redeem');
    expect(await t.sql('select count(*)::int as sales from sales')).toEqual(before);
  });
});

describe("the till's member look-up", () => {
  it('shows a store assistant the points she can spend, her tier and the rewards she can afford', async () => {
    await activate(BUILT_IN.tiered);
    const assistant = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
    const id = await member({ cardCode: 'QUE-0001', email: 'que@example.com' });
    await t.sql("update loyalty_members set name = 'Queenie', lifetime_points = 1200 where id = $1", [id]);
    const adjust = await t.app.inject({
      method: 'PUT',
      url: `/api/loyalty/members/${id}`,
      headers: bearer(owner.token),
      payload: { adjustment: { delta: 700, note: 'Welcome' } },
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sales/loyalty-member?ref=QUE@example.com',
      headers: bearer(assistant.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      memberId: id,
      cardCode: 'QUE-0001',
      name: 'Queenie',
      points: 700,
      tier: 'Silver',
      programType: 'TIERED',
      rewards: [
        { rewardId: 'five-off', name: '5.00 off', pointsCost: 500, value: '5.00', affordable: true },
        { rewardId: 'fifteen-off', name: '15.00 off', pointsCost: 1200, value: '15.00', affordable: false },
      ],
    });
    // A loyalty reader cannot record sales, so cannot use the till's look-up.
    const reader = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/sales/loyalty-member?ref=QUE-0001',
      headers: bearer(reader.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("answers 404 for a reference no member has, and for another business's member", async () => {
    const other = await ownerWithBusiness(t, 'Other Shop');
    await setPlan(t, other.businessId, 'SUPREME');
    await t.sql('insert into loyalty_members (business_id, id, card_code) values ($1, $2, $3)', [
      other.businessId,
      randomUUID(),
      'THEIRS-01',
    ]);
    for (const ref of ['THEIRS-01', 'NOBODY-00']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sales/loyalty-member?ref=${ref}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, ref).toBe(404);
      expect(res.json().message).toBe('No loyalty member has this card code, e-mail or phone.');
    }
    const blank = await t.app.inject({
      method: 'GET',
      url: '/api/sales/loyalty-member?ref=%20',
      headers: bearer(owner.token),
    });
    expect(blank.statusCode).toBe(400);
  });
});
