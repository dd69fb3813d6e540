/**
 * Security review of loyalty members, the points ledger and loyalty at the till (redemptions,
 * refunds, the till's member look-up).
 *
 * Threat: the owner of business M (Mallory) who knows the card codes, e-mails and phones of
 * business V (Victim)'s members and their ids; M's staff whose roles do not reach a route (a store
 * assistant correcting points, a loyalty reader at the till); shoppers who want money and points
 * for nothing: parallel redemptions of one balance, replays, refunds in every order and size,
 * refund-and-resell loops, cashback larger than the sale, the expiry sweep racing a redemption;
 * hostile text (NUL, lone surrogates, LIKE patterns, odd case and spaces, huge pages).
 * After every test: total = subtotal - discount - loyalty discount for every sale, the refunds of a
 * sale never give back more than it took, every balance is the sum of its entries and lots, no
 * balance below zero, and the rollups balance.
 *
 * FINDINGS of this review, since fixed (each kept as a test below):
 * 1. A stamp-card (VISITS) stamp survives a partial refund that leaves the sale under the minimum
 *    spend: takeBackPointsForRefund (src/modules/loyalty/sale-points.service.ts) takes back
 *    floor(earned x givenBack / total), 0 of 1 stamp until the last unit goes back. A 4.99 + 0.01
 *    sale with the 4.99 refunded keeps its stamp for 0.01 paid; ten of those buy the 3.50 coffee.
 * 2. Points earned by a sale and spent before its refund are never taken back, yet the refund
 *    gives back all the money (debitPoints takes `min(points, spendable)` for a REFUND): buy, spend
 *    the points on a reward, refund the first sale in full, repeat: each loop nets the reward.
 *    Now the worth of the spent points is kept back from the money.
 */
import { randomUUID } from 'node:crypto';
import type { TLoyaltyMember, TLoyaltyMemberDetail, TSale } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POINTS_EXPIRY_SWEEP_QUEUE } from '../../src/modules/loyalty/loyalty.queues.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { earnPoints, expectPointsBalanced } from '../factories/loyalty.js';
import { expectRollupsBalanced, saleSetUp } from '../factories/sales.js';
import { settableClock } from '../factories/subscriptions.js';
import { expectRefusal } from './inventory-kit.js';

const BUILT_IN = {
  points: '0193a6f0-0000-7000-8000-000000000001',
  visits: '0193a6f0-0000-7000-8000-000000000003',
  cashback: '0193a6f0-0000-7000-8000-000000000004',
};
const M_URL = '/api/loyalty/members';
const NOW = new Date('2026-06-10T12:00:00Z');
const clock = settableClock(NOW);

type Owner = Awaited<ReturnType<typeof ownerWithBusiness>>;
type ProductKey = 'big' | 'penny' | 'one' | 'tea' | 'five' | 'hundred';
let t: TestApp;
let victim: Owner;
let mallory: Owner;
let shop: Awaited<ReturnType<typeof saleSetUp<ProductKey>>>;
let victimShop: Awaited<ReturnType<typeof saleSetUp<'jam'>>>;
let victimMember: TLoyaltyMember;

beforeAll(async () => {
  t = await buildTestApp({}, { clock, poolSize: 12 });
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  for (const owner of [victim, mallory]) await setPlan(t, owner.businessId, 'SUPREME');
  shop = await saleSetUp(t, mallory.businessId, {
    big: { price: '4.99', stock: 10_000 },
    penny: { price: '0.01', stock: 10_000 },
    one: { price: '1.00', stock: 10_000 },
    tea: { price: '4.00', stock: 10_000 },
    five: { price: '5.00', stock: 10_000 },
    hundred: { price: '100.00', stock: 10_000 },
  });
  victimShop = await saleSetUp(t, victim.businessId, { jam: { price: '10.00', stock: 100 } });
  await activate(victim, BUILT_IN.points);
  victimMember = await createMember(victim, {
    cardCode: 'VIC-0001',
    email: 'vera@victim.example',
    phone: '+44 700 900',
    name: 'Victim Vera',
  });
  await adjust(victim, victimMember.id, 5000);
});
afterEach(async () => {
  clock.set(NOW);
  await expectInvariants();
  await t.sql('update loyalty_programs set active = false where business_id = $1', [mallory.businessId]);
});
afterAll(async () => {
  try {
    await expectInvariants();
  } finally {
    await t.close();
  }
});

async function expectOk<T>(res: LightMyRequestResponse, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

async function activate(owner: Owner, templateId: string): Promise<void> {
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/business/loyalty-program/activate/${templateId}`,
      headers: bearer(owner.token),
    }),
  );
}

async function createMember(owner: Owner, body: Record<string, unknown>): Promise<TLoyaltyMember> {
  return expectOk(
    await t.app.inject({ method: 'POST', url: M_URL, headers: bearer(owner.token), payload: body }),
    201,
  );
}

function adjustAs(token: string, memberId: string, delta: number, note = 'Correction') {
  return t.app.inject({
    method: 'PUT',
    url: `${M_URL}/${memberId}`,
    headers: bearer(token),
    payload: { adjustment: { delta, note } },
  });
}

async function adjust(owner: Owner, memberId: string, delta: number): Promise<void> {
  await expectOk(await adjustAs(owner.token, memberId, delta));
}

/** A member of M with a fresh card code (and `points` from an opening correction). */
async function mMember(points = 0): Promise<TLoyaltyMember & { code: string }> {
  const code = `M-${randomUUID().slice(0, 8).toUpperCase()}`;
  const member = await createMember(mallory, { cardCode: code });
  if (points > 0) await adjust(mallory, member.id, points);
  return { ...member, code };
}

function sellRaw(
  body: {
    customerRef?: string;
    redeem?: object;
    lines: Array<[ProductKey, number]>;
  },
  token = mallory.token,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...bearer(token), ...headers },
    payload: {
      storeId: shop.storeId,
      paymentMethod: 'CARD',
      ...(body.customerRef === undefined ? {} : { customerRef: body.customerRef }),
      ...(body.redeem === undefined ? {} : { redeem: body.redeem }),
      lines: body.lines.map(([key, quantity]) => ({ productId: shop.products[key].id, quantity })),
    },
  });
}

async function sell(body: Parameters<typeof sellRaw>[0]): Promise<TSale> {
  return expectOk<TSale>(await sellRaw(body), 201);
}

async function refund(sale: TSale, lines?: Array<{ lineNo: number; quantity: number }>): Promise<TSale> {
  return expectOk<TSale>(
    await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/refund`,
      headers: bearer(mallory.token),
      payload: lines ? { lines } : {},
    }),
    201,
  );
}

async function pointsOf(memberId: string): Promise<{ points: number; lifetime: number }> {
  const { rows } = await t.sql(
    'select points, lifetime_points as lifetime from loyalty_members where id = $1',
    [memberId],
  );
  return rows[0] as { points: number; lifetime: number };
}

async function loyaltyDigest(): Promise<string> {
  const { rows } = await t.sql(`select
    (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from loyalty_members x) ||
    (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from loyalty_point_entries x) as d`);
  return (rows[0] as { d: string }).d;
}

/** The money and points invariants, over the whole schema. */
async function expectInvariants(): Promise<void> {
  const { rows: totals } = await t.sql(
    'select id from sales where total <> subtotal - discount_total - loyalty_discount',
  );
  expect(totals, 'sales whose total is not subtotal - discounts').toEqual([]);
  const { rows: overRefunded } = await t.sql(`
    select s.id, s.total, sum(r.total) as refunded from sales s join sales r on r.refund_of = s.id
    group by s.id, s.total having sum(r.total) < -s.total or max(r.total) > 0`);
  expect(overRefunded, 'sales whose refunds give back more than was paid').toEqual([]);
  const { rows: negative } = await t.sql(
    'select id from loyalty_members where points < 0 or lifetime_points < 0',
  );
  expect(negative, 'members below zero').toEqual([]);
  await expectPointsBalanced(t);
  await expectRollupsBalanced(t);
}

describe("another business's members", () => {
  it("earn nothing and spend nothing at M's till, whichever reference names them", async () => {
    await activate(mallory, BUILT_IN.points);
    const before = await loyaltyDigest();
    for (const ref of ['VIC-0001', 'vic-0001', 'vera@victim.example', 'VERA@VICTIM.EXAMPLE', '+44 700 900']) {
      const redeemed = await sellRaw({
        customerRef: ref,
        redeem: { rewardId: 'five-off' },
        lines: [['tea', 3]],
      });
      expectRefusal(redeemed, 400, 'VALIDATION_ERROR', ref);
      expect(redeemed.body).not.toMatch(/Vera|VIC-0001|5000/);
      const earned = await sell({ customerRef: ref, lines: [['hundred', 1]] });
      expect(earned.loyalty, ref).toBeNull();
    }
    expect(await loyaltyDigest()).toBe(before);
  });

  it('are not told apart from nobody by the till look-up, and their e-mail is free in M', async () => {
    const answers = [];
    for (const ref of [
      'VIC-0001',
      'vera@victim.example',
      '+44 700 900',
      'NOBODY-01',
      'nobody@nowhere.example',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sales/loyalty-member?ref=${encodeURIComponent(ref)}`,
        headers: bearer(mallory.token),
      });
      answers.push({ status: res.statusCode, body: res.json<{ message: string }>().message });
    }
    expect(new Set(answers.map((each) => JSON.stringify(each))).size).toBe(1);
    expect(answers[0]?.status).toBe(404);
    // Uniqueness is per business: M enrolling V's member's details learns nothing (no 409).
    const twin = await createMember(mallory, {
      cardCode: 'VIC-0001',
      email: 'vera@victim.example',
      phone: '+44 700 900',
    });
    expect(twin.points).toBe(0);
    expect((await pointsOf(victimMember.id)).points).toBe(5000);
  });

  it("answer 404 to M's reads and corrections by id, and nothing changes", async () => {
    const before = await loyaltyDigest();
    const read = await t.app.inject({
      method: 'GET',
      url: `${M_URL}/${victimMember.id}`,
      headers: bearer(mallory.token),
    });
    expectRefusal(read, 404, 'NOT_FOUND');
    for (const delta of [1_000_000, -5000]) {
      const res = await adjustAs(mallory.token, victimMember.id, delta);
      expectRefusal(res, 404, 'NOT_FOUND');
    }
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${M_URL}/${victimMember.id}`,
      headers: bearer(mallory.token),
      payload: { name: 'Owned', email: 'mallory@evil.example' },
    });
    expectRefusal(renamed, 404, 'NOT_FOUND');
    const list = await t.app.inject({
      method: 'GET',
      url: `${M_URL}?search=vic&size=100`,
      headers: bearer(mallory.token),
    });
    const page = await expectOk<{ content: TLoyaltyMember[] }>(list);
    expect(page.content.map((each) => each.id)).not.toContain(victimMember.id);
    expect(await loyaltyDigest()).toBe(before);
  });

  it("cannot refund V's sale and so take back V's member's points", async () => {
    const sale = await expectOk<TSale>(
      await t.app.inject({
        method: 'POST',
        url: '/api/sales',
        headers: bearer(victim.token),
        payload: {
          storeId: victimShop.storeId,
          paymentMethod: 'CASH',
          customerRef: 'VIC-0001',
          lines: [{ productId: victimShop.products.jam.id, quantity: 2 }],
        },
      }),
      201,
    );
    expect(sale.loyalty?.points).toBe(20);
    const before = await loyaltyDigest();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/refund`,
      headers: bearer(mallory.token),
      payload: {},
    });
    expectRefusal(res, 404, 'NOT_FOUND');
    expect(await loyaltyDigest()).toBe(before);
  });
});

describe('roles', () => {
  it('a store assistant may not correct points nor enrol; a loyalty reader may not record a sale', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(600);
    const assistant = await staffMember(t, mallory.token, ['ROLE_STORE_ASSISTANT']);
    const reader = await staffMember(t, mallory.token, ['ROLE_LOYALTY_READER']);
    const before = await loyaltyDigest();
    expectRefusal(await adjustAs(assistant.token, member.id, 1_000_000), 403, 'FORBIDDEN');
    expectRefusal(await adjustAs(assistant.token, member.id, -600), 403, 'FORBIDDEN');
    expectRefusal(await adjustAs(reader.token, member.id, 10), 403, 'FORBIDDEN');
    expectRefusal(
      await t.app.inject({ method: 'POST', url: M_URL, headers: bearer(assistant.token), payload: {} }),
      403,
      'FORBIDDEN',
    );
    const readerSale = await sellRaw(
      { customerRef: member.code, redeem: { rewardId: 'five-off' }, lines: [['tea', 2]] },
      reader.token,
    );
    expectRefusal(readerSale, 403, 'FORBIDDEN');
    expect(await loyaltyDigest()).toBe(before);
    // The assistant redeems at the till (sales:record) but cannot price a line by hand to 0 first.
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(assistant.token),
      payload: {
        storeId: shop.storeId,
        paymentMethod: 'CASH',
        customerRef: member.code,
        lines: [{ productId: shop.products.hundred.id, quantity: 1, unitPrice: '0.01' }],
      },
    });
    expectRefusal(free, 403, 'FORBIDDEN');
    expect(await loyaltyDigest()).toBe(before);
  });
});

describe('spending more than is held', () => {
  it('ten parallel redemptions of a 500-point balance spend it once', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(500);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sellRaw({ customerRef: member.code, redeem: { rewardId: 'five-off' }, lines: [['tea', 2]] }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([201, ...Array(9).fill(409)]);
    // 8.00 - 5.00 = 3.00 paid: 3 points earned.
    expect(await pointsOf(member.id)).toEqual({ points: 3, lifetime: 3 });
    const { rows } = await t.sql(
      "select count(*)::int as n from loyalty_point_entries where member_id = $1 and reason = 'REDEEM'",
      [member.id],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('ten parallel cashback spends of 300 from 1000 points: three go through, never below zero', async () => {
    await activate(mallory, BUILT_IN.cashback);
    const member = await mMember(1000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sellRaw({ customerRef: member.code, redeem: { points: 300 }, lines: [['tea', 1]] }),
      ),
    );
    const ok = answers.filter((res) => res.statusCode === 201);
    expect(ok).toHaveLength(3);
    for (const res of answers.filter((each) => each.statusCode !== 201)) expectRefusal(res, 409, 'CONFLICT');
    // Each paid 1.00: 2 cashback points each.
    expect((await pointsOf(member.id)).points).toBe(1000 - 900 + 3 * 2);
  });

  it('cashback larger than the sale spends only its total; past the contract is 400', async () => {
    await activate(mallory, BUILT_IN.cashback);
    const member = await mMember(1_000_000);
    const sale = await sell({
      customerRef: member.code,
      redeem: { points: 2_000_000_000 },
      lines: [['penny', 1]],
    });
    expect(sale).toMatchObject({
      loyaltyDiscount: '0.01',
      total: '0.00',
      loyalty: { points: -1, redeemed: 1 },
    });
    for (const points of [2_000_000_001, 0, -5, 1.5, '100', 1e308]) {
      const res = await sellRaw({ customerRef: member.code, redeem: { points }, lines: [['tea', 1]] });
      expectRefusal(res, 400, 'VALIDATION_ERROR', String(points));
    }
    expect((await pointsOf(member.id)).points).toBe(999_999);
  });

  it('an Idempotency-Key replay of a redemption spends once and answers the same sale', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(1000);
    const key = { 'idempotency-key': `redeem-${randomUUID()}` };
    const body = {
      customerRef: member.code,
      redeem: { rewardId: 'five-off' },
      lines: [['tea', 2]] as Array<[ProductKey, number]>,
    };
    const first = await expectOk<TSale>(await sellRaw(body, mallory.token, key), 201);
    const again = await Promise.all(Array.from({ length: 4 }, () => sellRaw(body, mallory.token, key)));
    for (const res of again) expect(res.json<TSale>().id, res.body).toBe(first.id);
    expect(await pointsOf(member.id)).toEqual({ points: 1000 - 500 + 3, lifetime: 3 });
    const { rows } = await t.sql('select count(*)::int as n from sales where customer_ref = $1', [
      member.code,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('refunds', () => {
  it('a 5.00 reward on a 5.01 sale: refunds in either order give back 0.01 in all', async () => {
    await activate(mallory, BUILT_IN.points);
    for (const order of [
      [1, 2],
      [2, 1],
    ]) {
      const member = await mMember(500);
      const sale = await sell({
        customerRef: member.code,
        redeem: { rewardId: 'five-off' },
        lines: [
          ['five', 1],
          ['penny', 1],
        ],
      });
      expect(sale).toMatchObject({ subtotal: '5.01', loyaltyDiscount: '5.00', total: '0.01' });
      const refunds = [];
      for (const lineNo of order) refunds.push(await refund(sale, [{ lineNo, quantity: 1 }]));
      const back = refunds.reduce((sum, each) => sum + Math.round(Number(each.total) * 100), 0);
      expect(back, JSON.stringify(refunds.map((each) => each.total))).toBe(-1);
      // The redeemed points are not given back, nothing was earned on 0.01.
      expect((await pointsOf(member.id)).points).toBe(0);
    }
  });

  it('unit by unit, in many orders, never give back more than was paid', async () => {
    await activate(mallory, BUILT_IN.cashback);
    const orders: number[][] = [
      [1, 1, 1, 2, 2, 2, 3, 3, 3],
      [3, 3, 3, 2, 2, 2, 1, 1, 1],
      [2, 3, 1, 2, 3, 1, 2, 3, 1],
      [3, 1, 2, 1, 3, 2, 1, 2, 3],
    ];
    for (const [index, order] of orders.entries()) {
      const member = await mMember(10_000);
      // 3 x 0.01 + 3 x 1.00 + 3 x 4.99 = 18.00, less 1 + index * 7 cents of cashback.
      const sale = await sell({
        customerRef: member.code,
        redeem: { points: 1 + index * 7 },
        lines: [
          ['penny', 3],
          ['one', 3],
          ['big', 3],
        ],
      });
      const paid = Math.round(Number(sale.total) * 100);
      let back = 0;
      for (const lineNo of order) {
        const each = await refund(sale, [{ lineNo, quantity: 1 }]);
        back -= Math.round(Number(each.total) * 100);
        expect(back, `order ${index}`).toBeLessThanOrEqual(paid);
        expect(Number(each.total)).toBeLessThanOrEqual(0);
      }
      expect(back, `order ${index}`).toBe(paid);
      // All points earned on the sale are taken back; the spent cashback is not returned.
      expect((await pointsOf(member.id)).points, `order ${index}`).toBe(10_000 - (1 + index * 7));
    }
  });

  it('earn, refund, sell again: the points of a refunded sale are all taken back', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember();
    for (let round = 0; round < 5; round++) {
      const sale = await sell({ customerRef: member.code, lines: [['hundred', 3]] });
      expect(sale.loyalty?.points).toBe(300);
      await refund(sale, [{ lineNo: 1, quantity: 1 }]);
      await refund(sale, [{ lineNo: 1, quantity: 1 }]);
      await refund(sale);
    }
    expect(await pointsOf(member.id)).toEqual({ points: 0, lifetime: 0 });
  });

  it('refunding a redemption sale does not hand the spent points back', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(500);
    const sale = await sell({
      customerRef: member.code,
      redeem: { rewardId: 'five-off' },
      lines: [['tea', 1]],
    });
    expect(sale).toMatchObject({ loyaltyDiscount: '4.00', total: '0.00' });
    const back = await refund(sale);
    expect(back.total).toBe('0.00');
    expect((await pointsOf(member.id)).points).toBe(0);
  });

  // Found by this review, fixed: the stamp of a 5.00 visit survived refunding 4.99 of it
  // (floor(1 x 499 / 500) = 0); a refund now takes back what the money still paid does not keep.
  it('take back the stamp of a visit a partial refund leaves under the minimum spend', async () => {
    await activate(mallory, BUILT_IN.visits);
    const member = await mMember();
    for (let visit = 0; visit < 10; visit++) {
      const sale = await sell({
        customerRef: member.code,
        lines: [
          ['big', 1],
          ['penny', 1],
        ],
      });
      expect(sale.loyalty?.points).toBe(1);
      await refund(sale, [{ lineNo: 1, quantity: 1 }]);
    }
    // Ten visits of 0.01 paid each: no stamp should be left, so no free coffee.
    expect((await pointsOf(member.id)).points).toBe(0);
    const coffee = await sellRaw({
      customerRef: member.code,
      redeem: { rewardId: 'visit-reward' },
      lines: [['tea', 1]],
    });
    expect(coffee.statusCode).toBe(409);
  });

  // FINDING 2 (documented as deliberate in points.service.ts, a leak under this threat model):
  // earn 500 on 500.00, spend them on 5.00 off, refund the 500.00 in full: 0 points taken back.
  // Found by this review, fixed: the points were not taken back and all the money was; now the
  // worth of the spent points (the programme's best value a point) is kept back from the refund.
  it('refunding a sale whose points were spent does not leave the shopper the reward for free', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember();
    const big = await sell({ customerRef: member.code, lines: [['hundred', 5]] });
    expect(big.loyalty?.points).toBe(500);
    const reward = await sell({
      customerRef: member.code,
      redeem: { rewardId: 'five-off' },
      lines: [['five', 1]],
    });
    expect(reward.total).toBe('0.00');
    const back = await refund(big);
    // 500 points spent, worth 5.00 (a cent each by the best reward): 495.00 back, so the 5.00
    // product was paid for after all.
    expect(back.total).toBe('-495.00');
    expect(back.loyalty).toMatchObject({ points: 0 });
    expect((await pointsOf(member.id)).points).toBe(0);
    // Refunding the reward's sale gives back nothing, and no points come back.
    expect((await refund(reward)).total).toBe('0.00');
  });
});

describe('corrections of the balance', () => {
  it('refuse overflow, going below zero, zero and fractions, and change nothing', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember();
    await earnPoints(t, mallory.businessId, member.id, 1_999_999_990);
    const before = await loyaltyDigest();
    const overflow = await adjustAs(mallory.token, member.id, 11);
    expectRefusal(overflow, 409, 'CONFLICT');
    expect(overflow.json().details).toMatchObject({ field: 'adjustment.delta' });
    for (const delta of [0, 1.5, 1_000_001, -1_000_001, 2 ** 31, Number.MAX_SAFE_INTEGER, '5', null]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `${M_URL}/${member.id}`,
        headers: bearer(mallory.token),
        payload: { name: 'Changed', adjustment: { delta, note: 'x' } },
      });
      expectRefusal(res, 400, 'VALIDATION_ERROR', String(delta));
    }
    expect(await loyaltyDigest()).toBe(before);
    await adjust(mallory, member.id, 10);
    // A sale earns at most the room left; the sale itself goes through.
    const sale = await sell({ customerRef: member.code, lines: [['hundred', 1]] });
    expect(sale.loyalty).toBeNull();
    expect((await pointsOf(member.id)).points).toBe(2_000_000_000);

    const poor = await mMember(5);
    const before2 = await loyaltyDigest();
    const below = await t.app.inject({
      method: 'PUT',
      url: `${M_URL}/${poor.id}`,
      headers: bearer(mallory.token),
      payload: { name: 'Should not stick', adjustment: { delta: -6, note: 'Take all' } },
    });
    expectRefusal(below, 409, 'CONFLICT');
    expect(await loyaltyDigest()).toBe(before2);
  });

  it('parallel negative corrections never take a balance below zero', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => adjustAs(mallory.token, member.id, -30)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(3);
    expect((await pointsOf(member.id)).points).toBe(10);
  });
});

describe('the expiry sweep racing the till', () => {
  it('an expired lot is written off once and never spent, whatever runs first', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(500);
    // The 500 of the opening correction expire in a year; a second lot of 500 a year later.
    clock.set(new Date('2027-06-01T12:00:00Z'));
    await adjust(mallory, member.id, 500);
    clock.set(new Date('2027-06-11T12:00:00Z'));
    const sales = Array.from({ length: 4 }, () =>
      sellRaw({ customerRef: member.code, redeem: { rewardId: 'five-off' }, lines: [['tea', 1]] }),
    );
    const sweep = (async () => {
      await t.jobs.send(POINTS_EXPIRY_SWEEP_QUEUE, {});
      await t.jobs.drain();
    })();
    const [answers] = await Promise.all([Promise.all(sales), sweep]);
    await t.jobs.send(POINTS_EXPIRY_SWEEP_QUEUE, {});
    await t.jobs.drain();
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect((await pointsOf(member.id)).points).toBe(0);
    const { rows } = await t.sql(
      "select reason, delta from loyalty_point_entries where member_id = $1 and reason in ('EXPIRE', 'REDEEM') order by reason",
      [member.id],
    );
    expect(rows).toEqual([
      { reason: 'EXPIRE', delta: -500 },
      { reason: 'REDEEM', delta: -500 },
    ]);
  });
});

describe('hostile text', () => {
  it('NUL and lone surrogates in every field are 400, never stored', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await mMember(600);
    const before = await loyaltyDigest();
    for (const bad of ['a\u0000b', 'a\ud800b', '\udfff']) {
      for (const body of [
        { name: bad },
        { email: `x${bad}@example.com` },
        { phone: `+1${bad}` },
        { cardCode: `AB${bad}CD` },
      ]) {
        const created = await t.app.inject({
          method: 'POST',
          url: M_URL,
          headers: bearer(mallory.token),
          payload: body,
        });
        expectRefusal(created, 400, 'VALIDATION_ERROR', JSON.stringify(body));
        const changed = await t.app.inject({
          method: 'PUT',
          url: `${M_URL}/${member.id}`,
          headers: bearer(mallory.token),
          payload: body,
        });
        expectRefusal(changed, 400, 'VALIDATION_ERROR', JSON.stringify(body));
      }
      const note = await adjustAs(mallory.token, member.id, 5, bad);
      expectRefusal(note, 400, 'VALIDATION_ERROR', 'note');
      const ref = await sellRaw({ customerRef: `${member.code}${bad}`, lines: [['tea', 1]] });
      expectRefusal(ref, 400, 'VALIDATION_ERROR', 'customerRef');
      const reward = await sellRaw({
        customerRef: member.code,
        redeem: { rewardId: `five-off${bad}` },
        lines: [['tea', 1]],
      });
      expect(reward.statusCode, reward.body).toBe(400);
    }
    for (const query of ['%00', 'a%00b', '%ED%A0%80']) {
      for (const url of [`/api/sales/loyalty-member?ref=${query}`, `${M_URL}?search=${query}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(mallory.token) });
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        expect([400, 404, 200]).toContain(res.statusCode);
      }
    }
    expect(await loyaltyDigest()).toBe(before);
  });

  it('LIKE patterns match themselves; huge pages and unknown sorts are 400', async () => {
    const tag = randomUUID().slice(0, 6);
    for (const name of [`${tag} 100% Tea`, `${tag} a_b`, `${tag} back\\slash`, `${tag} plain ab`]) {
      await createMember(mallory, { name });
    }
    const search = async (text: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${M_URL}?search=${encodeURIComponent(text)}&size=100`,
        headers: bearer(mallory.token),
      });
      return (await expectOk<{ content: TLoyaltyMember[] }>(res)).content.map((each) => each.name);
    };
    expect(await search(`${tag} 100%`)).toEqual([`${tag} 100% Tea`]);
    expect(await search('%')).toEqual([`${tag} 100% Tea`]);
    expect(await search(`${tag} a_b`)).toEqual([`${tag} a_b`]);
    expect(await search('_b')).toEqual([`${tag} a_b`]);
    expect(await search('\\')).toEqual([`${tag} back\\slash`]);
    for (const query of [
      'size=100000',
      'size=0',
      'page=-1',
      'page=1e400',
      'sort=points;drop',
      'sort=id',
      `search=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${M_URL}?${query}`,
        headers: bearer(mallory.token),
      });
      expectRefusal(res, 400, 'VALIDATION_ERROR', query);
    }
  });

  it('card codes in odd case and with spaces name the one member; a clash by case is 409', async () => {
    await activate(mallory, BUILT_IN.points);
    const member = await createMember(mallory, { cardCode: '  odd-Case-77  ' });
    expect(member.cardCode).toBe('ODD-CASE-77');
    const clash = await t.app.inject({
      method: 'POST',
      url: M_URL,
      headers: bearer(mallory.token),
      payload: { cardCode: 'odd-case-77' },
    });
    expectRefusal(clash, 409, 'CONFLICT');
    expect(clash.json().details).toMatchObject({ field: 'cardCode' });
    for (const bad of ['ODD CASE 77', 'ODD_CASE', 'ÖDD-CASE', 'abc']) {
      const res = await t.app.inject({
        method: 'POST',
        url: M_URL,
        headers: bearer(mallory.token),
        payload: { cardCode: bad },
      });
      expectRefusal(res, 400, 'VALIDATION_ERROR', bad);
    }
    await adjust(mallory, member.id, 500);
    const sale = await sell({
      customerRef: '  oDD-case-77 ',
      redeem: { rewardId: 'five-off' },
      lines: [['tea', 2]],
    });
    expect(sale.loyalty).toMatchObject({ memberId: member.id, redeemed: 500 });
    // A reference with inner spaces or a LIKE wildcard names nobody.
    for (const ref of ['ODD CASE 77', 'ODD-CASE-7_', 'ODD-CASE-%']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sales/loyalty-member?ref=${encodeURIComponent(ref)}`,
        headers: bearer(mallory.token),
      });
      expectRefusal(res, 404, 'NOT_FOUND', ref);
    }
    const detail = await expectOk<TLoyaltyMemberDetail>(
      await t.app.inject({ method: 'GET', url: `${M_URL}/${member.id}`, headers: bearer(mallory.token) }),
    );
    expect(detail.points).toBe(3);
  });
});
