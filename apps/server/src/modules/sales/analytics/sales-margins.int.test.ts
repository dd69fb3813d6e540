import { randomUUID } from 'node:crypto';
import { API, type PlanId, type TSale } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { insertProductAt } from '../../../../test/factories/inventory.js';
import { insertCategory, insertInventoryItem } from '../../../../test/factories/products.js';
import { ask } from '../../../../test/factories/reports.js';
import { expectRollupsBalanced, recordSale } from '../../../../test/factories/sales.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { changeStock } from '../../inventory/stock/stock.service.js';
import { readCategoryMargins } from './report-reads.service.js';

/**
 * The cost of each sale line and the margins of the analytics (issue 16), by hand. One store in
 * UTC, the clock on Wednesday 20 May 2026 15:00:
 *
 *   Tea (Drinks, price 5.00, cost price 9.99): received 10 at 2.00 and 10 at 3.00 (PURCHASE), so its
 *     moving average is (20.00 + 30.00) / 20 = 2.50, which wins over the cost price.
 *   Salt (no category, price 1.50): no receipt with a cost and no cost price: its cost is unknown.
 *
 *   10:00  sale: Tea 4 x 5.00 = 20.00 at 2.50 -> cost 10.00, margin 10.00 (50.0 %); Salt 2 x 1.50 = 3.00,
 *          cost unknown
 *   15:00  refund of 1 Tea: -5.00 at 2.50 -> cost -2.50, margin -2.50
 *
 *   The day: Tea 3 units, 15.00, cost 7.50, margin 7.50 (50.0 %); Salt 2 units, 3.00, cost 0.00, margin 3.00
 *   (100.0 %, and 2 units without cost); all: 18.00, cost 7.50, margin 10.50, 58.3 %.
 */
const NOW = new Date('2026-05-20T15:00:00Z');
const clock = settableClock(NOW);
const WHOLE_DAY = { start: '20-05-2026 00:00', end: '20-05-2026 23:59' };
/** Starts mid-day: both the sale (10:00) and the refund (15:00) come from the lines. */
const PART_OF_DAY = { start: '20-05-2026 09:00', end: '20-05-2026 23:59' };
const BASE = '/api/sales-analytics';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const shop = { storeId: '', locationId: '', drinks: '', tea: '', teaItem: '', salt: '' };
let sale: TSale;
let refund: TSale;

function principalOf(account: { userId: string; businessId: string }): Principal {
  return {
    userId: account.userId,
    businessId: account.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

function asOwner<T>(work: (scope: TenantScope) => Promise<T>): Promise<T> {
  return inTenant(t.database.db, principalOf(owner), work);
}

function post(path: string, body: unknown, token = owner.token) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    headers: bearer(token),
    payload: body as object,
  });
}

async function okGet(path: string, query: Record<string, string>): Promise<unknown> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}${path}?${new URLSearchParams(query).toString()}`,
    headers: bearer(owner.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function okPost(path: string, body: unknown, token = owner.token): Promise<unknown> {
  const res = await post(path, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Margin Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'ADVANCED');
  const store = await insertStore(t, owner.businessId, { name: 'Main' });
  shop.storeId = store.storeId;
  shop.locationId = store.locationId;
  shop.drinks = await insertCategory(t, owner.businessId, store.locationId, 'Drinks');
  shop.tea = (await insertProductAt(t, owner.businessId, store.locationId, { sku: 'TEA', name: 'Tea' })).id;
  shop.salt = (
    await insertProductAt(t, owner.businessId, store.locationId, { sku: 'SALT', name: 'Salt' })
  ).id;
  await t.sql('update products set price = 5.00, cost_price = 9.99, category_id = $2 where id = $1', [
    shop.tea,
    shop.drinks,
  ]);
  await t.sql('update products set price = 1.50 where id = $1', [shop.salt]);
  shop.teaItem = await insertInventoryItem(t, owner.businessId, shop.tea, store.locationId, 0);
  await insertInventoryItem(t, owner.businessId, shop.salt, store.locationId, 10);
  const receive = (delta: number, unitCost: string) =>
    asOwner((scope) =>
      changeStock(scope, { userId: owner.userId }, [
        { locationId: store.locationId, productId: shop.tea, delta, reason: 'PURCHASE', unitCost },
      ]),
    );
  await receive(10, '2.00');
  await receive(10, '3.00');

  sale = await recordSale(t, owner.token, {
    storeId: shop.storeId,
    soldAt: '2026-05-20T10:00:00Z',
    paymentMethod: 'CARD',
    lines: [
      { productId: shop.tea, quantity: 4 },
      { productId: shop.salt, quantity: 2 },
    ],
  });
  const refunded = await t.app.inject({
    method: 'POST',
    url: `/api/sales/${sale.id}/refund`,
    headers: bearer(owner.token),
    payload: { lines: [{ lineNo: 1, quantity: 1 }] },
  });
  expect(refunded.statusCode, refunded.body).toBe(201);
  refund = refunded.json();
});

afterAll(async () => {
  await expectRollupsBalanced(t);
  await t.close();
});

describe('the cost of each sale line', () => {
  it("records the item's moving average as the line's unit cost, and its cost and margin", () => {
    expect(sale.lines).toEqual([
      expect.objectContaining({
        productId: shop.tea,
        quantity: 4,
        totalPrice: '20.00',
        unitCost: '2.5000',
        cost: '10.00',
        margin: '10.00',
      }),
      expect.objectContaining({
        productId: shop.salt,
        quantity: 2,
        totalPrice: '3.00',
        unitCost: null,
        cost: null,
        margin: null,
      }),
    ]);
  });

  it("gives a refund line its sale line's unit cost, a negative cost, and puts the unit back at it", async () => {
    expect(refund.lines).toEqual([
      expect.objectContaining({
        productId: shop.tea,
        quantity: -1,
        totalPrice: '-5.00',
        unitCost: '2.5000',
        cost: '-2.50',
        margin: '-2.50',
      }),
    ]);
    // 16 left at 2.50 and 1 back at 2.50: the average stays.
    const { rows } = await t.sql(
      'select quantity, average_unit_cost::text as average from inventory_items where id = $1',
      [shop.teaItem],
    );
    expect(rows[0]).toEqual({ quantity: 17, average: '2.5000' });
    const { rows: lines } = await t.sql(
      'select quantity, unit_cost::text as cost from sale_lines where sale_id = any($1::uuid[]) order by sold_at, line_no',
      [[sale.id, refund.id]],
    );
    expect(lines).toEqual([
      { quantity: 4, cost: '2.5000' },
      { quantity: 2, cost: null },
      { quantity: -1, cost: '2.5000' },
    ]);
  });

  it("answers a GET with the same costs, and a store assistant's answers without them", async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${sale.id}`,
      headers: bearer(owner.token),
    });
    expect(read.json().lines).toEqual(
      sale.lines.map((line) => ({ ...line, refundedQuantity: line.lineNo === 1 ? 1 : 0 })),
    );
    const assistant = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
    const rung = await recordSale(t, assistant.token, {
      storeId: shop.storeId,
      soldAt: '2026-05-19T10:00:00Z',
      paymentMethod: 'CASH',
      lines: [{ productId: shop.tea, quantity: 1 }],
    });
    const [line] = rung.lines;
    expect(line).toMatchObject({ productId: shop.tea, totalPrice: '5.00' });
    expect(line).not.toHaveProperty('unitCost');
    expect(line).not.toHaveProperty('cost');
    expect(line).not.toHaveProperty('margin');
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${rung.id}`,
      headers: bearer(assistant.token),
    });
    expect(again.json().lines[0]).not.toHaveProperty('unitCost');
    // Recorded all the same: the owner sees it.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${rung.id}`,
      headers: bearer(owner.token),
    });
    expect(seen.json().lines[0]).toMatchObject({ unitCost: '2.5000', cost: '2.50', margin: '2.50' });
  });

  it("falls back on the product's cost price when no receipt gave the item an average", async () => {
    const jam = (await insertProductAt(t, owner.businessId, shop.locationId, { sku: 'JAM', name: 'Jam' })).id;
    await t.sql('update products set price = 3.00, cost_price = 1.25 where id = $1', [jam]);
    await insertInventoryItem(t, owner.businessId, jam, shop.locationId, 5);
    const jamSale = await recordSale(t, owner.token, {
      storeId: shop.storeId,
      soldAt: '2026-05-18T10:00:00Z',
      paymentMethod: 'CASH',
      lines: [{ productId: jam, quantity: 3 }],
    });
    expect(jamSale.lines[0]).toMatchObject({ unitCost: '1.2500', cost: '3.75', margin: '5.25' });
  });
});

describe('the rollups of the day', () => {
  it('add the lines’ costs per product, per SKU and month, and per store, in the same upserts', async () => {
    const { rows: products } = await t.sql(
      `select sku, quantity::int as quantity, total::text as total, cost::text as cost from sales_daily_products
       where business_id = $1 and day = '2026-05-20' order by sku`,
      [owner.businessId],
    );
    expect(products).toEqual([
      { sku: 'SALT', quantity: 2, total: '3.00', cost: '0.00' },
      { sku: 'TEA', quantity: 3, total: '15.00', cost: '7.50' },
    ]);
    const { rows: stores } = await t.sql(
      `select total::text as total, cost::text as cost from sales_daily_stores
       where business_id = $1 and day = '2026-05-20'`,
      [owner.businessId],
    );
    expect(stores).toEqual([{ total: '18.00', cost: '7.50' }]);
    // May also holds the 18th (Jam 3.75) and the 19th (Tea 2.50).
    const { rows: months } = await t.sql(
      `select sku, cost::text as cost from sales_monthly_skus where business_id = $1 order by sku`,
      [owner.businessId],
    );
    expect(months).toEqual([
      { sku: 'JAM', cost: '3.75' },
      { sku: 'SALT', cost: '0.00' },
      { sku: 'TEA', cost: '10.00' },
    ]);
    // Every rollup's cost is the sum of its lines' rounded costs.
    const { rows: apart } = await t.sql(
      `select d.day::text, d.product_id from sales_daily_products d
       where d.business_id = $1 and d.cost <> (
         select coalesce(sum(round(l.quantity * l.unit_cost, 2)), 0) from sale_lines l
         where l.business_id = d.business_id and l.store_id = d.store_id and l.day = d.day and l.product_id = d.product_id)`,
      [owner.businessId],
    );
    expect(apart).toEqual([]);
  });
});

describe('the margins of the analytics', () => {
  const TEA = { productName: 'Tea', sku: 'TEA', barcode: null, quantity: 3, totalPrice: '15.00' };
  const SALT = { productName: 'Salt', sku: 'SALT', barcode: null, quantity: 2, totalPrice: '3.00' };
  const TEA_MARGIN = { cost: '7.50', margin: '7.50', marginPercent: 50 };
  const SALT_MARGIN = { cost: '0.00', margin: '3.00', marginPercent: 100 };
  const TOTALS = { totalSales: '18.00', cost: '7.50', margin: '10.50', marginPercent: 58.3 };

  for (const [name, range] of [
    ['whole day (the rollups)', WHOLE_DAY],
    ['part of the day (the lines)', PART_OF_DAY],
  ] as const) {
    it(`agree with the lines over a ${name}`, async () => {
      expect(await okGet('/top/business', range)).toEqual([
        { ...TEA, ...TEA_MARGIN },
        { ...SALT, ...SALT_MARGIN },
      ]);
      expect(await okGet('/filter', { ...range, storeId: shop.storeId })).toEqual([
        { ...TEA, ...TEA_MARGIN },
        { ...SALT, ...SALT_MARGIN },
      ]);
      expect(await okGet('/total/business', range)).toEqual({
        ...TOTALS,
        transactions: 1,
        unitsSold: 5,
        averageBasket: '18.00',
      });
      expect(await okGet('/stores/top', range)).toEqual([
        { storeId: shop.storeId, storeName: 'Main', transactions: 1, ...TOTALS },
      ]);
      expect(await okGet('/trends/business', range)).toEqual([{ period: '2026-05-20', ...TOTALS }]);
      expect(await okPost('/filter-advanced', { ...range, groupBy: 'category' })).toEqual([
        { key: shop.drinks, label: 'Drinks', quantity: 3, totalPrice: '15.00', ...TEA_MARGIN },
        { key: null, label: 'No category', quantity: 2, totalPrice: '3.00', ...SALT_MARGIN },
      ]);
      expect(await okPost(API.salesAnalytics.marginByCategory.slice(BASE.length), range)).toEqual([
        {
          key: shop.drinks,
          label: 'Drinks',
          quantity: 3,
          totalPrice: '15.00',
          ...TEA_MARGIN,
          unitsWithoutCost: 0,
        },
        {
          key: null,
          label: 'No category',
          quantity: 2,
          totalPrice: '3.00',
          ...SALT_MARGIN,
          unitsWithoutCost: 2,
        },
      ]);
    });
  }

  it('answer the week with its cost, and no margin percent of nothing taken', async () => {
    const week = (await okGet('/total/week/business', {})) as Record<string, unknown>;
    // Monday 18 May: Jam 9.00 (cost 3.75), Tea 5.00 (2.50) and the 20th.
    expect(week.thisWeek).toEqual({
      totalSales: '32.00',
      cost: '13.75',
      margin: '18.25',
      marginPercent: 57,
      transactions: 3,
      unitsSold: 9,
      averageBasket: '10.67',
    });
    expect(week.lastWeek).toMatchObject({
      totalSales: '0.00',
      cost: '0.00',
      margin: '0.00',
      marginPercent: null,
    });
  });

  it('narrow the margin by category as the filters do', async () => {
    expect(await okPost('/margin-by-category', { ...WHOLE_DAY, skus: ['salt'] })).toEqual([
      expect.objectContaining({ key: null, quantity: 2, unitsWithoutCost: 2 }),
    ]);
    expect(await okPost('/margin-by-category', { ...WHOLE_DAY, minTotal: '10.00' })).toEqual([
      expect.objectContaining({ key: shop.drinks, totalPrice: '15.00' }),
    ]);
    expect(
      await okPost('/margin-by-category', {
        ...WHOLE_DAY,
        storeIds: [shop.storeId],
        categoryIds: [shop.drinks],
      }),
    ).toEqual([expect.objectContaining({ key: shop.drinks, cost: '7.50' })]);
    expect(await okPost('/margin-by-category', { ...WHOLE_DAY, limit: 1 })).toHaveLength(1);
  });

  it("give the reports' margin by category the recorded costs, not today's cost price", async () => {
    const rows = await asOwner((scope) =>
      readCategoryMargins(scope, { from: '2026-05-20', to: '2026-05-20' }),
    );
    expect(rows).toEqual([
      {
        key: 'Drinks',
        label: 'Drinks',
        quantity: 3,
        totalPrice: '15.00',
        cost: '7.50',
        costedTotal: '15.00',
        uncostedUnits: 0,
      },
      {
        key: 'No category',
        label: 'No category',
        quantity: 2,
        totalPrice: '3.00',
        cost: '0.00',
        costedTotal: '0.00',
        uncostedUnits: 2,
      },
    ]);
  });

  it("value the stock at each item's effective unit cost (the reports' stock value)", async () => {
    // Tea: 16 at its average 2.50 (not the cost price 9.99); Jam: 2 at its cost price 1.25; Salt: 8, no cost.
    const { statusCode, report } = await ask(t, owner.token, 'What is my stock worth?');
    expect(statusCode).toBe(200);
    // location, items, units, at cost, at selling prices (16 x 5.00 + 2 x 3.00 + 8 x 1.50), items without cost
    expect(report.tables[0]?.rows[0]?.slice(1)).toEqual([3, 26, '42.50', '98.00', 1]);
  });

  it('leave the cache with no answer of before when a cost changes behind the server', async () => {
    const ask = () => okPost('/margin-by-category', WHOLE_DAY);
    const before = (await ask()) as Array<{ cost: string }>;
    expect(before[0]?.cost).toBe('7.50');
    const day = "business_id = $1 and day = '2026-05-20' and sku = 'TEA'";
    await t.sql(`update sales_daily_products set cost = cost + 1 where ${day}`, [owner.businessId]);
    await t.sql(
      `update sales_daily_stores set cost = cost + 1 where business_id = $1 and day = '2026-05-20'`,
      [owner.businessId],
    );
    try {
      expect(((await ask()) as Array<{ cost: string }>)[0]?.cost).toBe('8.50');
      // The filter grouped by category is another question: it is not served the margins' answer.
      expect(await okPost('/filter-advanced', { ...WHOLE_DAY, groupBy: 'category' })).toEqual([
        expect.objectContaining({ key: shop.drinks, cost: '8.50' }),
        expect.objectContaining({ key: null, cost: '0.00' }),
      ]);
    } finally {
      await t.sql(`update sales_daily_products set cost = cost - 1 where ${day}`, [owner.businessId]);
      await t.sql(
        `update sales_daily_stores set cost = cost - 1 where business_id = $1 and day = '2026-05-20'`,
        [owner.businessId],
      );
    }
    expect(((await ask()) as Array<{ cost: string }>)[0]?.cost).toBe('7.50');
  });
});

describe('the margin by category route', () => {
  async function statusOn(plan: PlanId): Promise<number> {
    await setPlan(t, owner.businessId, plan);
    const res = await post('/margin-by-category', WHOLE_DAY);
    if (res.statusCode === 403) expect(res.headers['x-plan-violation']).toBe('1');
    return res.statusCode;
  }

  it('is gated as the filter that groups by category (ANALYTICS_ADVANCED)', async () => {
    try {
      expect(await statusOn('FREE')).toBe(403);
      expect(await statusOn('BASIC')).toBe(403);
      expect(await statusOn('ADVANCED')).toBe(200);
      expect(await statusOn('SUPREME')).toBe(200);
    } finally {
      await setPlan(t, owner.businessId, 'ADVANCED');
    }
  });

  it('lets the analytics roles read and refuses the others', async () => {
    const reader = await staffMember(t, owner.token, ['ROLE_ANALYTICS_READER']);
    expect(await okPost('/margin-by-category', WHOLE_DAY, reader.token)).toHaveLength(2);
    for (const role of ['ROLE_INVENTORY_ADMIN', 'ROLE_STORE_ASSISTANT', 'ROLE_PRODUCT_ADMIN'] as const) {
      const staff = await staffMember(t, owner.token, [role]);
      const res = await post('/margin-by-category', WHOLE_DAY, staff.token);
      expect(res.statusCode, role).toBe(403);
      expect(res.headers['x-plan-violation']).toBeUndefined();
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: API.salesAnalytics.marginByCategory,
      payload: WHOLE_DAY,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows another business nothing of this one's and refuses its store (404)", async () => {
    await setPlan(t, other.businessId, 'ADVANCED');
    expect(await okPost('/margin-by-category', WHOLE_DAY, other.token)).toEqual([]);
    const res = await post('/margin-by-category', { ...WHOLE_DAY, storeIds: [shop.storeId] }, other.token);
    expect(res.statusCode).toBe(404);
  });

  it('refuses bad input on the field (400)', async () => {
    for (const [body, field] of [
      [{ ...WHOLE_DAY, start: '2026-05-20' }, 'start'],
      [{ ...WHOLE_DAY, minTotal: '5.123' }, 'minTotal'],
      [{ ...WHOLE_DAY, minTotal: '9', maxTotal: '1' }, 'maxTotal'],
      [{ ...WHOLE_DAY, limit: 0 }, 'limit'],
      [{ ...WHOLE_DAY, storeIds: ['nope'] }, 'storeIds.0'],
    ] as const) {
      const res = await post('/margin-by-category', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors), JSON.stringify(body)).toContain(field);
    }
  });
});
