import type { PlanId, TLoyaltyTemplate, TLoyaltyTemplateRequest } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';

type Account = { token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

let t: TestApp;
let owner: Account & { businessId: string };
let other: Account & { businessId: string };
let reader: Account;
let contributor: Account;
let analyst: Account;

const BUILT_IN = {
  points: '0193a6f0-0000-7000-8000-000000000001',
  tiered: '0193a6f0-0000-7000-8000-000000000002',
  visits: '0193a6f0-0000-7000-8000-000000000003',
  cashback: '0193a6f0-0000-7000-8000-000000000004',
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Corner Bakery');
  other = await ownerWithBusiness(t, 'Elsewhere Market');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'BASIC');
  reader = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
  contributor = await staffMember(t, owner.token, ['ROLE_LOYALTY_CONTRIBUTOR']);
  analyst = await staffMember(t, owner.token, ['ROLE_ANALYTICS_ADMIN']);
});
afterEach(async () => {
  await setPlan(t, owner.businessId, 'SUPREME');
});
afterAll(async () => {
  await t.close();
});

const call = (who: Account, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const stampCard = (name: string): TLoyaltyTemplateRequest => ({
  name,
  description: 'Ten coffees, the eleventh is ours.',
  rules: {
    type: 'VISITS',
    visitsForReward: 10,
    minimumSpend: '2.50',
    reward: { name: 'A coffee', value: '3.00' },
    expiryMonths: null,
  },
});

async function created(body: TLoyaltyTemplateRequest, who: Account = owner): Promise<TLoyaltyTemplate> {
  const res = await call(who, 'POST', '/api/loyalty-templates', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('loyalty templates', () => {
  it('offer the four built-in designs to every business, read-only, with rules of their type', async () => {
    for (const who of [owner, other, reader]) {
      const res = await call(who, 'GET', '/api/loyalty-templates/active');
      expect(res.statusCode).toBe(200);
      const builtIn = res.json<TLoyaltyTemplate[]>().filter((template) => template.builtIn);
      expect(builtIn.map((template) => [template.id, template.type]).sort()).toEqual(
        [
          [BUILT_IN.points, 'POINTS'],
          [BUILT_IN.tiered, 'TIERED'],
          [BUILT_IN.visits, 'VISITS'],
          [BUILT_IN.cashback, 'CASHBACK'],
        ].sort(),
      );
    }
    const tiered = (
      await call(owner, 'GET', `/api/loyalty-templates/${BUILT_IN.tiered}`)
    ).json<TLoyaltyTemplate>();
    expect(tiered).toMatchObject({ templateId: BUILT_IN.tiered, builtIn: true, active: true });
    expect(tiered.rules).toMatchObject({
      type: 'TIERED',
      tiers: [
        { name: 'Bronze', threshold: 0 },
        { name: 'Silver', threshold: 1000 },
        { name: 'Gold', threshold: 5000 },
      ],
    });

    const put = await call(owner, 'PUT', `/api/loyalty-templates/${BUILT_IN.tiered}`, stampCard('Mine now'));
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toMatch(/Built-in templates cannot be changed/);
    const off = await call(owner, 'PATCH', `/api/loyalty-templates/${BUILT_IN.points}/status?active=false`);
    expect(off.statusCode).toBe(409);
  });

  it("create, change and switch off the business's own, answered as a GET answers", async () => {
    const card = await created(stampCard('Coffee card'));
    expect(card).toMatchObject({ name: 'Coffee card', type: 'VISITS', active: true, builtIn: false });
    expect(card.rules).toEqual({
      type: 'VISITS',
      visitsForReward: 10,
      minimumSpend: '2.50',
      reward: { name: 'A coffee', value: '3.00' },
      expiryMonths: null,
    });
    expect((await call(owner, 'GET', `/api/loyalty-templates/${card.id}`)).json()).toEqual(card);

    const changed = await call(contributor, 'PUT', `/api/loyalty-templates/${card.id}`, {
      ...stampCard('Coffee card'),
      rules: { type: 'CASHBACK', percent: 3, expiryMonths: 6 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ type: 'CASHBACK', rules: { percent: 3 } });

    const off = await call(contributor, 'PATCH', `/api/loyalty-templates/${card.id}/status?active=false`);
    expect(off.json()).toMatchObject({ active: false });
    const active = (await call(owner, 'GET', '/api/loyalty-templates/active')).json<TLoyaltyTemplate[]>();
    expect(active.map((template) => template.id)).not.toContain(card.id);
    const switchedOff = (await call(owner, 'GET', '/api/loyalty-templates?active=false')).json<
      TLoyaltyTemplate[]
    >();
    expect(switchedOff.map((template) => template.id)).toEqual([card.id]);
    const on = await call(owner, 'PATCH', `/api/loyalty-templates/${card.id}/status?active=true`);
    expect(on.json()).toMatchObject({ active: true });
  });

  it('refuse a name the business already has, whatever its case (409 on the name)', async () => {
    await created(stampCard('Breakfast club'));
    const res = await call(owner, 'POST', '/api/loyalty-templates', stampCard('BREAKFAST CLUB'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ details: { field: 'name' } });
    // Another business may use it.
    await setPlan(t, other.businessId, 'BASIC');
    expect(
      (await call(other, 'POST', '/api/loyalty-templates', stampCard('Breakfast club'))).statusCode,
    ).toBe(201);
  });

  it('refuse rules that do not hold together, naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'POINTS', pointsPerUnit: 1, rewards: [], expiryMonths: 12 }, 'rules.rewards'],
      [
        {
          type: 'POINTS',
          pointsPerUnit: 0,
          rewards: [{ rewardId: 'a', name: 'A', pointsCost: 1, value: '1' }],
          expiryMonths: 12,
        },
        'rules.pointsPerUnit',
      ],
      [
        {
          type: 'TIERED',
          pointsPerUnit: 1,
          tiers: [
            { name: 'Bronze', threshold: 0, multiplier: 1 },
            { name: 'Silver', threshold: 0, multiplier: 2 },
          ],
          rewards: [{ rewardId: 'a', name: 'A', pointsCost: 1, value: '1' }],
          expiryMonths: 12,
        },
        'rules.tiers',
      ],
      [
        {
          type: 'VISITS',
          visitsForReward: 1,
          minimumSpend: '0',
          reward: { name: 'A', value: '1' },
          expiryMonths: null,
        },
        'rules.visitsForReward',
      ],
      [{ type: 'CASHBACK', percent: 80, expiryMonths: null }, 'rules.percent'],
      [{ type: 'CASHBACK', percent: 2, expiryMonths: 0 }, 'rules.expiryMonths'],
      [{ type: 'LOTTERY' }, 'rules.type'],
    ];
    for (const [rules, field] of cases) {
      const res = await call(owner, 'POST', '/api/loyalty-templates', { name: 'Broken', rules });
      expect(res.statusCode, JSON.stringify(rules)).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors), JSON.stringify(rules)).toContain(field);
    }
    const unnamed = await call(owner, 'POST', '/api/loyalty-templates', { ...stampCard(''), name: '  ' });
    expect(unnamed.json().details.fieldErrors).toEqual({ name: ['Name the template.'] });
  });

  it('let the loyalty roles read, contributors write, and refuse other areas', async () => {
    expect((await call(reader, 'GET', '/api/loyalty-templates/active')).statusCode).toBe(200);
    expect((await call(reader, 'POST', '/api/loyalty-templates', stampCard('Reader card'))).statusCode).toBe(
      403,
    );
    expect(
      (await call(contributor, 'POST', '/api/loyalty-templates', stampCard('Contributor card'))).statusCode,
    ).toBe(201);
    expect((await call(analyst, 'GET', '/api/loyalty-templates/active')).statusCode).toBe(403);
  });

  it('need the LOYALTY feature to write; reading the catalogue is free', async () => {
    const mine = await created(stampCard('Plan card'));
    const plan: PlanId = 'FREE';
    await setPlan(t, owner.businessId, plan);
    expect((await call(owner, 'GET', '/api/loyalty-templates/active')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/loyalty-templates', stampCard('Free card')],
      ['PUT', `/api/loyalty-templates/${mine.id}`, stampCard('Plan card')],
      ['PATCH', `/api/loyalty-templates/${mine.id}/status?active=false`, undefined],
    ] as const) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
    }
  });

  it("never show or touch another business's templates (404)", async () => {
    await setPlan(t, other.businessId, 'BASIC');
    const theirs = await created(stampCard('Their card'), other);
    expect((await call(owner, 'GET', `/api/loyalty-templates/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'PUT', `/api/loyalty-templates/${theirs.id}`, stampCard('Taken'))).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, 'PATCH', `/api/loyalty-templates/${theirs.id}/status?active=false`)).statusCode,
    ).toBe(404);
    const all = (await call(owner, 'GET', '/api/loyalty-templates?active=all')).json<TLoyaltyTemplate[]>();
    expect(all.map((template) => template.id)).not.toContain(theirs.id);
    const { rows } = await t.sql('select name, active from loyalty_templates where id = $1', [theirs.id]);
    expect(rows).toEqual([{ name: 'Their card', active: true }]);
  });
});
