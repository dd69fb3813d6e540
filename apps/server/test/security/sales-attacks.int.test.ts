/**
 * Security review of the sales and sales analytics API: who may call what.
 *
 * Threat: a signed-in owner of business M (Mallory) who learned the ids, SKUs and barcodes of
 * business V (Victim) and aims every path, query and filter body at them; staff of M whose roles
 * do not reach a route (a store assistant refunding, setting a price); a disabled or signed-out
 * member replaying a token; a business whose plan lacks an analytics tier (or whose subscription
 * ended); a client behind the reverse proxy forging X-Forwarded-* headers. Each refusal must
 * name nothing of V's and write nothing: sales, lines, rollups, ledger, stock and idempotency
 * keys are compared before and after.
 */
import {
  ANALYTICS_GROUPS,
  PLANS,
  ROLES,
  STAFF_ROLES,
  isPermitted,
  type Feature,
  type PlanId,
  type Role,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness, staffMember } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { planIdOf, runRenewals, settableClock, subscribe } from '../factories/subscriptions.js';
import { expectRefusal, sendAs, type Call } from './inventory-kit.js';
import { closeBalanced, salesFingerprint, seedShop, type Shop } from './sales-kit.js';

const clock = settableClock(new Date());
const MISSING = '0190c6a0-0000-7000-8000-00000000abcd';
/** What of V's an answer to M may never show: names, the price, the sale's total, the customer. */
const VICTIM_WORDS = /Victim (Store|Tea)|13\.37|93\.59|VICTIM-LOYAL/;

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let v: Shop;
let m: Shop;
/** One signed-in member of M's staff per role (the owner's token for the owner). */
const tokenOf = {} as Record<Role, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  for (const owner of [victim, mallory]) await setPlan(t, owner.businessId, 'SUPREME');
  v = await seedShop(t, victim, 'Victim', { barcode: '4006381333931', price: '13.37' });
  m = await seedShop(t, mallory, 'Mallory', { barcode: '5012345678900', price: '2.50' });
  tokenOf.ROLE_BUSINESS_OWNER = mallory.token;
  for (const role of STAFF_ROLES) tokenOf[role] = (await staffMember(t, mallory.token, [role])).token;
});
afterAll(() => closeBalanced(t));

const RANGE = { start: '01-01-2026 00:00', end: '31-12-2027 23:59' };
const query = (values: Record<string, string>) => new URLSearchParams({ ...RANGE, ...values }).toString();
const A = '/api/sales-analytics';

/** The 20 analytics calls, aimed at a store, a product and filter lists; [name, tier, call]. */
function analyticsCalls(
  shop: Pick<Shop, 'storeId' | 'categoryId'> & { product: { id: string; sku: string } },
): Array<[string, Feature, Call]> {
  const store = { storeId: shop.storeId };
  const get = (path: string, values: Record<string, string> = {}): Call => ({
    method: 'GET',
    url: `${A}${path}?${query(values)}`,
  });
  const filter = {
    ...RANGE,
    categoryIds: [shop.categoryId],
    productIds: [shop.product.id],
    skus: [shop.product.sku],
  };
  return [
    ...['top', 'least', 'top-quantity', 'least-quantity'].flatMap((rank): Array<[string, Feature, Call]> => [
      [`${rank}/business`, 'ANALYTICS_BASIC', get(`/${rank}/business`)],
      [rank, 'ANALYTICS_BASIC', get(`/${rank}`, store)],
    ]),
    ['filter', 'ANALYTICS_BASIC', get('/filter', store)],
    ['trends/business', 'ANALYTICS_BASIC', get('/trends/business')],
    ['trends', 'ANALYTICS_BASIC', get('/trends', store)],
    ['product-trend', 'ANALYTICS_ADVANCED', get('/product-trend', { ...store, productId: shop.product.id })],
    ['total/business', 'ANALYTICS_BASIC', get('/total/business')],
    ['total', 'ANALYTICS_BASIC', get('/total', store)],
    ['total/week/business', 'ANALYTICS_BASIC', { method: 'GET', url: `${A}/total/week/business` }],
    ['total/week', 'ANALYTICS_BASIC', { method: 'GET', url: `${A}/total/week?storeId=${shop.storeId}` }],
    ['stores/top', 'ANALYTICS_BASIC', get('/stores/top')],
    ['stores/top-weekly', 'ANALYTICS_BASIC', { method: 'GET', url: `${A}/stores/top-weekly?limit=100` }],
    ['filter-advanced', 'ANALYTICS_ADVANCED', { method: 'POST', url: `${A}/filter-advanced`, json: filter }],
    ['super-filter', 'ANALYTICS_SUPREME', { method: 'POST', url: `${A}/super-filter`, json: filter }],
  ];
}

describe("SECURITY sales: another business's ids", () => {
  it("answers 404 for V's store in every store's call, and nothing of V's in the others", async () => {
    const before = await salesFingerprint(t);
    // M's store with V's product, category and SKU; V's store where a call names one.
    const mixed = { storeId: v.storeId, categoryId: v.categoryId, product: v.product };
    for (const [name, , call] of analyticsCalls(mixed)) {
      const res = await sendAs(t, mallory.token, call);
      if (call.url.includes(v.storeId)) expectRefusal(res, 404, 'NOT_FOUND', name);
      else expect(res.statusCode, name).toBe(200);
      expect(res.body, name).not.toMatch(VICTIM_WORDS);
    }
    const hidden = { storeId: m.storeId, categoryId: v.categoryId, product: v.product };
    for (const [name, , call] of analyticsCalls(hidden)) {
      const res = await sendAs(t, mallory.token, call);
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).not.toMatch(VICTIM_WORDS);
    }
    for (const groupBy of ANALYTICS_GROUPS) {
      const body = { ...RANGE, groupBy, categoryIds: [v.categoryId], productIds: [v.product.id] };
      const res = await sendAs(t, mallory.token, { method: 'POST', url: `${A}/super-filter`, json: body });
      expect(res.json(), groupBy).toEqual([]);
      const stores = { ...RANGE, groupBy, storeIds: [m.storeId, v.storeId] };
      expectRefusal(
        await sendAs(t, mallory.token, { method: 'POST', url: `${A}/super-filter`, json: stores }),
        404,
        'NOT_FOUND',
      );
    }
    expect(await salesFingerprint(t)).toEqual(before);
  });

  it("cannot read, refund or sell V's sales, stores and products, alone or mixed with M's", async () => {
    const before = await salesFingerprint(t);
    const line = { productId: m.product.id, quantity: 1 };
    const sale = (storeId: string, lines: unknown[]): Call => ({
      method: 'POST',
      url: '/api/sales',
      json: { storeId, lines, paymentMethod: 'CASH' },
      headers: { 'idempotency-key': `victim-${Math.random()}` },
    });
    const attacks: Array<[string, Call]> = [
      ['read', { method: 'GET', url: `/api/sales/${v.sale.id}` }],
      ['read at its store', { method: 'GET', url: `/api/sales/${v.sale.id}/store/${v.storeId}` }],
      ['read, analytics path', { method: 'GET', url: `${A}/${v.sale.id}/store/${v.storeId}` }],
      ["M's sale at V's store", { method: 'GET', url: `/api/sales/${m.sale.id}/store/${v.storeId}` }],
      ["M's sale, analytics path", { method: 'GET', url: `${A}/${m.sale.id}/store/${v.storeId}` }],
      ["V's sale at M's store", { method: 'GET', url: `/api/sales/${v.sale.id}/store/${m.storeId}` }],
      ['refund', { method: 'POST', url: `/api/sales/${v.sale.id}/refund`, json: {} }],
      [
        'refund a line',
        {
          method: 'POST',
          url: `/api/sales/${v.sale.id}/refund`,
          json: { lines: [{ lineNo: 1, quantity: 1 }] },
        },
      ],
      ['sell at V', sale(v.storeId, [{ productId: v.product.id, quantity: 1 }])],
      ["sell M's product at V", sale(v.storeId, [line])],
      ["V's product at M", sale(m.storeId, [line, { productId: v.product.id, quantity: 1 }])],
      ["V's SKU at M", sale(m.storeId, [line, { sku: v.product.sku, quantity: 1 }])],
      ["V's barcode at M", sale(m.storeId, [line, { barcode: v.product.barcode, quantity: 1 }])],
      [
        'look up at V',
        { method: 'GET', url: `/api/sales/lookup?storeId=${v.storeId}&code=${v.product.barcode}` },
      ],
      [
        "V's code at M",
        { method: 'GET', url: `/api/sales/lookup?storeId=${m.storeId}&code=${v.product.barcode}` },
      ],
    ];
    for (const [name, call] of attacks) {
      const res = await sendAs(t, mallory.token, call);
      expectRefusal(res, 404, 'NOT_FOUND', name);
      expect(res.body, name).not.toMatch(VICTIM_WORDS);
    }
    const listed = await sendAs(t, mallory.token, { method: 'GET', url: `/api/sales?storeId=${v.storeId}` });
    expect(listed.json()).toMatchObject({ content: [], totalElements: 0 });
    const all = await sendAs(t, mallory.token, { method: 'GET', url: '/api/sales?size=100' });
    expect(all.body).not.toMatch(VICTIM_WORDS);
    expect(await salesFingerprint(t)).toEqual(before);
  });

  it('keeps tenancy from the token, whatever X-Forwarded-* and Host say', async () => {
    const res = await sendAs(t, mallory.token, {
      method: 'GET',
      url: '/api/sales?size=100',
      headers: {
        host: 'victim.example',
        'x-forwarded-host': 'victim.example',
        'x-forwarded-for': '10.0.0.9',
      },
    });
    expect(res.json().content.map((row: { id: string }) => row.id)).toEqual([m.sale.id]);
  });
});

describe('SECURITY sales: roles', () => {
  /** Each sales call as [permission, call, status when permitted]; writes aim at nothing, so 404. */
  const salesCalls = (): Array<[string, Parameters<typeof isPermitted>[1], Call, number]> => [
    [
      'record',
      'sales:record',
      {
        method: 'POST',
        url: '/api/sales',
        json: { storeId: m.storeId, lines: [{ productId: MISSING, quantity: 1 }], paymentMethod: 'CASH' },
      },
      404,
    ],
    ['refund', 'sales:refund', { method: 'POST', url: `/api/sales/${MISSING}/refund`, json: {} }, 404],
    [
      'look up',
      'sales:record',
      { method: 'GET', url: `/api/sales/lookup?storeId=${m.storeId}&code=NOPE` },
      404,
    ],
    ['list', 'sales:read', { method: 'GET', url: '/api/sales' }, 200],
    ['read', 'sales:read', { method: 'GET', url: `/api/sales/${m.sale.id}` }, 200],
    [
      'read at store',
      'sales:read',
      { method: 'GET', url: `/api/sales/${m.sale.id}/store/${m.storeId}` },
      200,
    ],
    [
      'read, analytics path',
      'sales:read',
      { method: 'GET', url: `${A}/${m.sale.id}/store/${m.storeId}` },
      200,
    ],
    ...analyticsCalls(m).map(
      ([name, , call]) => [name, 'analytics:read', call, 200] as [string, 'analytics:read', Call, number],
    ),
  ];

  it('answers every route to every role as the permission matrix says, and writes nothing', async () => {
    const before = await salesFingerprint(t);
    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const role of ROLES) {
      for (const [name, permission, call, status] of salesCalls()) {
        const res = await sendAs(t, tokenOf[role], call);
        outcome[`${role} ${name}`] = res.statusCode;
        expected[`${role} ${name}`] = isPermitted([role], permission) ? status : 403;
      }
    }
    expect(outcome).toEqual(expected);
    expect(await salesFingerprint(t)).toEqual(before);
  });

  it('refuses a unit price from whoever may sell but not edit products (403), writing nothing', async () => {
    const before = await salesFingerprint(t);
    const body = {
      storeId: m.storeId,
      lines: [{ productId: m.product.id, quantity: 1, unitPrice: '0.01' }],
      paymentMethod: 'CASH',
    };
    const sellers = ROLES.filter((role) => isPermitted([role], 'sales:record'));
    const blocked = sellers.filter((role) => !isPermitted([role], 'product:update'));
    expect([...blocked].sort()).toEqual([
      'ROLE_INVENTORY_ADMIN',
      'ROLE_INVENTORY_CONTRIBUTOR',
      'ROLE_STORE_ASSISTANT',
    ]);
    for (const role of blocked) {
      const res = await sendAs(t, tokenOf[role], { method: 'POST', url: '/api/sales', json: body });
      expectRefusal(res, 403, 'FORBIDDEN', role);
      expect(res.json().message).toMatch(/^Line 1: only staff who may edit products can set a unit price/);
    }
    const refund = { method: 'POST', url: `/api/sales/${m.sale.id}/refund`, json: {} } as const;
    expectRefusal(await sendAs(t, tokenOf.ROLE_STORE_ASSISTANT, refund), 403, 'FORBIDDEN');
    expect(await salesFingerprint(t)).toEqual(before);
  });

  it('ends a disabled or signed-out member at once (401), writing nothing', async () => {
    const disabled = await staffMember(t, mallory.token, ['ROLE_INVENTORY_ADMIN']);
    const out = await staffMember(t, mallory.token, ['ROLE_INVENTORY_ADMIN']);
    const disabling = { method: 'PUT', url: `/api/users/${disabled.userId}/disable` } as const;
    expect((await sendAs(t, mallory.token, disabling)).statusCode).toBe(200);
    expect((await sendAs(t, out.token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    const before = await salesFingerprint(t);
    const sale = {
      storeId: m.storeId,
      lines: [{ productId: m.product.id, quantity: 1 }],
      paymentMethod: 'CASH',
    };
    for (const token of [disabled.token, out.token]) {
      for (const call of [
        { method: 'POST', url: '/api/sales', json: sale },
        { method: 'POST', url: `/api/sales/${m.sale.id}/refund`, json: {} },
        { method: 'GET', url: `/api/sales/${m.sale.id}` },
        { method: 'GET', url: `${A}/total/business?${query({})}` },
      ] satisfies Call[]) {
        expectRefusal(await sendAs(t, token, call), 401, 'UNAUTHENTICATED', call.url);
      }
    }
    expect(await salesFingerprint(t)).toEqual(before);
  });
});

describe('SECURITY sales analytics: plans', () => {
  /** Each call's answer: 200, or the plan violation alone (the header opens "Feature Locked"). */
  async function expectTiers(token: string, planId: PlanId): Promise<void> {
    for (const [name, feature, call] of analyticsCalls(m)) {
      const res = await sendAs(t, token, call);
      if (PLANS[planId].features.includes(feature)) {
        expect(res.statusCode, `${planId} ${name}`).toBe(200);
        continue;
      }
      expectRefusal(res, 403, 'PLAN_VIOLATION', `${planId} ${name}`);
      expect(res.headers['x-plan-violation'], name).toBe('1');
      expect(Object.keys(res.json()).sort(), name).toEqual(['code', 'message']);
    }
  }

  it('opens each tier only on a plan that has it', async () => {
    try {
      for (const planId of Object.keys(PLANS) as PlanId[]) {
        await setPlan(t, mallory.businessId, planId);
        await expectTiers(mallory.token, planId);
      }
    } finally {
      await setPlan(t, mallory.businessId, 'SUPREME');
    }
  });

  it('closes the advanced tier when the subscription has ended', async () => {
    const lapsed = await ownerWithBusiness(t, 'Lapsed Shop');
    const subscription = await subscribe(t, lapsed.token, 'ADVANCED');
    await sendAs(t, lapsed.token, { method: 'DELETE', url: `/api/subscriptions/${subscription.id}` });
    const now = clock.now();
    try {
      clock.set(new Date(new Date(subscription.endDate).getTime() + 60_000));
      await runRenewals(t);
    } finally {
      clock.set(now);
    }
    expect(await planIdOf(t, lapsed.businessId)).toBe('FREE');
    const shop = await seedShop(t, lapsed, 'Lapsed', { barcode: '4011200296908', price: '1.00' });
    for (const [name, feature, call] of analyticsCalls(shop)) {
      const res = await sendAs(t, lapsed.token, call);
      expect(res.statusCode, name).toBe(feature === 'ANALYTICS_BASIC' ? 200 : 403);
    }
  });
});
