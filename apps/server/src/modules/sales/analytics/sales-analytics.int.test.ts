import { ZAnalyticsChoices, type PlanId, type TSale } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { insertProductAt } from '../../../../test/factories/inventory.js';
import { insertCategory, insertInventoryItem } from '../../../../test/factories/products.js';
import { expectRollupsBalanced, recordSale } from '../../../../test/factories/sales.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';

/**
 * A week and a half of sales at two stores of a business in Paris, across the change to summer
 * time (Sunday 29 March 2026, 23 hours long), with the app's clock on Thursday 2 April 12:00 CEST.
 * Every expected answer below is computed by hand from this table (local times, CET before the
 * 29th, CEST from it):
 *
 *   #  when (Paris)        store  lines                                total
 *   1  Mon 23 Mar 10:00    North  Tea 2 x 4.00, Bread 1 x 2.50          10.50
 *   2  Tue 24 Mar 18:30    South  Green Tea 1 x 4.50, Coffee 2 x 6.00   16.50
 *   3  Sat 28 Mar 23:30    North  Milk 5 x 1.20                          6.00
 *   4  Sun 29 Mar 09:00    North  Tea 1 x 4.00, Milk 1 x 1.20            5.20
 *   5  Mon 30 Mar 08:15    South  Coffee 1 x 6.00                        6.00
 *   6  Tue 31 Mar 14:45    North  Bread 4 x 2.50                        10.00
 *   7  Wed  1 Apr 20:00    South  Green Tea 3 x 4.50                    13.50
 *   R  Thu  2 Apr 12:00    North  refund of 2 breads of #6              -5.00
 *
 * Tea at North and Green Tea at South share the SKU TEA-1: one article across the business.
 */
const NOW = new Date('2026-04-02T10:00:00Z');
const clock = settableClock(NOW);
const PARIS = 'Europe/Paris';
const ALL = { start: '23-03-2026 00:00', end: '02-04-2026 23:59' };
/** Starts and ends mid-day: 24 March 18:30 is in its partial first day, 31 March 14:45 in its last minute. */
const MIDDAY = { start: '24-03-2026 12:00', end: '31-03-2026 14:45' };
const BASE = '/api/sales-analytics';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let analyticsReader: string;
let inventoryReader: string;
const north = { storeId: '', drinks: '', tea: '', bread: '', milk: '' };
const south = { storeId: '', hotDrinks: '', tea: '', coffee: '' };
let otherStoreId: string;
let breadSale: TSale;

async function product(
  businessId: string,
  locationId: string,
  values: { sku: string; name: string; price: string; barcode?: string; categoryId?: string },
): Promise<string> {
  const { id } = await insertProductAt(t, businessId, locationId, values);
  await t.sql('update products set price = $2 where id = $1', [id, values.price]);
  await insertInventoryItem(t, businessId, id, locationId, 100);
  return id;
}

async function sell(storeId: string, soldAt: string, lines: Array<[string, number]>): Promise<TSale> {
  return recordSale(t, owner.token, {
    storeId,
    soldAt,
    paymentMethod: 'CARD',
    lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
  });
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await t.sql('update businesses set time_zone = $2 where id = $1', [owner.businessId, PARIS]);
  analyticsReader = (await staffMember(t, owner.token, ['ROLE_ANALYTICS_READER'])).token;
  inventoryReader = (await staffMember(t, owner.token, ['ROLE_INVENTORY_READER'])).token;
  await setPlan(t, owner.businessId, 'SUPREME');

  const a = await insertStore(t, owner.businessId, { name: 'North' });
  north.storeId = a.storeId;
  north.drinks = await insertCategory(t, owner.businessId, a.locationId, 'Drinks');
  north.tea = await product(owner.businessId, a.locationId, {
    sku: 'TEA-1',
    name: 'Tea',
    price: '4.00',
    categoryId: north.drinks,
  });
  north.bread = await product(owner.businessId, a.locationId, {
    sku: 'BREAD-1',
    name: 'Bread',
    price: '2.50',
  });
  north.milk = await product(owner.businessId, a.locationId, {
    sku: 'MILK-1',
    name: 'Milk',
    price: '1.20',
    barcode: '4006381333931',
    categoryId: north.drinks,
  });
  const b = await insertStore(t, owner.businessId, { name: 'South' });
  south.storeId = b.storeId;
  south.hotDrinks = await insertCategory(t, owner.businessId, b.locationId, 'Hot drinks');
  south.tea = await product(owner.businessId, b.locationId, {
    sku: 'TEA-1',
    name: 'Green Tea',
    price: '4.50',
  });
  south.coffee = await product(owner.businessId, b.locationId, {
    sku: 'COFFEE-1',
    name: 'Coffee',
    price: '6.00',
    barcode: '5012345678900',
    categoryId: south.hotDrinks,
  });

  await sell(north.storeId, '2026-03-23T09:00:00Z', [
    [north.tea, 2],
    [north.bread, 1],
  ]);
  await sell(south.storeId, '2026-03-24T17:30:00Z', [
    [south.tea, 1],
    [south.coffee, 2],
  ]);
  await sell(north.storeId, '2026-03-28T22:30:00Z', [[north.milk, 5]]);
  await sell(north.storeId, '2026-03-29T07:00:00Z', [
    [north.tea, 1],
    [north.milk, 1],
  ]);
  await sell(south.storeId, '2026-03-30T06:15:00Z', [[south.coffee, 1]]);
  breadSale = await sell(north.storeId, '2026-03-31T12:45:00Z', [[north.bread, 4]]);
  await sell(south.storeId, '2026-04-01T18:00:00Z', [[south.tea, 3]]);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/sales/${breadSale.id}/refund`,
    headers: bearer(owner.token),
    payload: { lines: [{ lineNo: 1, quantity: 2 }] },
  });
  expect(refund.statusCode).toBe(201);

  // Another business sells the same SKU at the same time: none of it may show above.
  const elsewhere = await insertStore(t, other.businessId, { name: 'Elsewhere' });
  otherStoreId = elsewhere.storeId;
  const otherTea = await product(other.businessId, elsewhere.locationId, {
    sku: 'TEA-1',
    name: 'Tea',
    price: '99.00',
  });
  await recordSale(t, other.token, {
    storeId: otherStoreId,
    soldAt: '2026-03-30T10:00:00Z',
    paymentMethod: 'CASH',
    lines: [{ productId: otherTea, quantity: 1 }],
  });
});
afterEach(async () => {
  await setPlan(t, owner.businessId, 'SUPREME');
});
afterAll(async () => {
  await expectRollupsBalanced(t);
  await t.close();
});

function get(path: string, query: Record<string, string> = {}, token = owner.token) {
  const search = new URLSearchParams(query).toString();
  return t.app.inject({
    method: 'GET',
    url: `${BASE}${path}${search ? `?${search}` : ''}`,
    headers: bearer(token),
  });
}

async function ok(path: string, query: Record<string, string> = {}, token = owner.token): Promise<unknown> {
  const res = await get(path, query, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function post(path: string, body: unknown, token = owner.token) {
  return t.app.inject({
    method: 'POST',
    url: `${BASE}${path}`,
    headers: bearer(token),
    payload: body as object,
  });
}

async function posted(path: string, body: unknown): Promise<unknown> {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * The fixture's products have no cost price and their items no average cost: what they cost is
 * unknown, so every row's cost is 0 and its money is all margin (100 %, none of nothing).
 */
function noCost<T extends { totalPrice: string } | { totalSales: string }>(value: T) {
  const total = 'totalPrice' in value ? value.totalPrice : value.totalSales;
  return { ...value, cost: '0.00', margin: total, marginPercent: Number(total) === 0 ? null : 100 };
}

const row = (
  productName: string,
  sku: string,
  quantity: number,
  totalPrice: string,
  barcode: string | null = null,
) => noCost({ productName, sku, barcode, quantity, totalPrice });
const TEA_ALL = row('Green Tea', 'TEA-1', 7, '30.00');
const COFFEE_ALL = row('Coffee', 'COFFEE-1', 3, '18.00', '5012345678900');
const BREAD_ALL = row('Bread', 'BREAD-1', 3, '7.50');
const MILK_ALL = row('Milk', 'MILK-1', 6, '7.20', '4006381333931');

describe('product rankings', () => {
  it('rank the business by SKU across stores, net of refunds, named as last sold', async () => {
    expect(await ok('/top/business', ALL)).toEqual([TEA_ALL, COFFEE_ALL, BREAD_ALL, MILK_ALL]);
    expect(await ok('/least/business', ALL)).toEqual([MILK_ALL, BREAD_ALL, COFFEE_ALL, TEA_ALL]);
    // Bread and coffee both sold 3 units: ties by SKU.
    expect(await ok('/top-quantity/business', ALL)).toEqual([TEA_ALL, MILK_ALL, BREAD_ALL, COFFEE_ALL]);
    expect(await ok('/least-quantity/business', ALL)).toEqual([BREAD_ALL, COFFEE_ALL, MILK_ALL, TEA_ALL]);
    expect(await ok('/top/business', { ...ALL, limit: '2' })).toEqual([TEA_ALL, COFFEE_ALL]);
  });

  it('read the partial first and last day from the sales lines', async () => {
    // #2 (18:30 on the first, partial day) to #6 (14:45, the last minute): tea was last sold as "Tea" on the 29th.
    expect(await ok('/top/business', MIDDAY)).toEqual([
      row('Coffee', 'COFFEE-1', 3, '18.00', '5012345678900'),
      row('Bread', 'BREAD-1', 4, '10.00'),
      row('Tea', 'TEA-1', 2, '8.50'),
      row('Milk', 'MILK-1', 6, '7.20', '4006381333931'),
    ]);
    expect(await ok('/top/business', { ...MIDDAY, end: '31-03-2026 14:44' })).toEqual([
      row('Coffee', 'COFFEE-1', 3, '18.00', '5012345678900'),
      row('Tea', 'TEA-1', 2, '8.50'),
      row('Milk', 'MILK-1', 6, '7.20', '4006381333931'),
    ]);
  });

  it('read whole months from the monthly SKU rollup and the days around them from the daily one', async () => {
    // February 15 to May 15: March and April are whole months, the rest edge days (none sold).
    const SPRING = { start: '15-02-2026 00:00', end: '15-05-2026 23:59' };
    expect(await ok('/top/business', SPRING)).toEqual([TEA_ALL, COFFEE_ALL, BREAD_ALL, MILK_ALL]);
    // Tea's April row (Green Tea at South, the 1st) is later than its March row (Tea at North).
    expect(await posted('/filter-advanced', { ...SPRING, skus: ['tea-1'] })).toMatchObject([
      noCost({ key: 'TEA-1', label: 'Green Tea', quantity: 7, totalPrice: '30.00' }),
    ]);
    // The month rows answer: one changed behind the server shows in a question not asked before.
    const march = "sku = 'MILK-1' and month = '2026-03-01'";
    await t.sql(`update sales_monthly_skus set quantity = quantity + 100 where ${march}`);
    try {
      expect(await ok('/top-quantity/business', SPRING)).toEqual([
        { ...MILK_ALL, quantity: 106 },
        TEA_ALL,
        BREAD_ALL,
        COFFEE_ALL,
      ]);
    } finally {
      await t.sql(`update sales_monthly_skus set quantity = quantity - 100 where ${march}`);
    }
  });

  it("name a SKU's month by its latest sale: a rename shows, an older sale under another name does not", async () => {
    const figs = await ownerWithBusiness(t, 'Fig Shop');
    const shop = await insertStore(t, figs.businessId, { name: 'Figs' });
    const fig = await product(figs.businessId, shop.locationId, { sku: 'FIG-1', name: 'Fig', price: '1.00' });
    const sellFig = (soldAt: string) =>
      recordSale(t, figs.token, {
        storeId: shop.storeId,
        soldAt,
        paymentMethod: 'CASH',
        lines: [{ productId: fig, quantity: 1 }],
      });
    const rename = (name: string) => t.sql('update products set name = $2 where id = $1', [fig, name]);
    await sellFig('2026-03-20T10:00:00Z');
    await rename('Fresh Fig');
    await sellFig('2026-03-25T10:00:00Z');
    await rename('Old Fig');
    await sellFig('2026-03-22T10:00:00Z');
    const { rows } = await t.sql(
      'select product_name, last_day::text as last_day, quantity from sales_monthly_skus where business_id = $1',
      [figs.businessId],
    );
    expect(rows).toEqual([{ product_name: 'Fresh Fig', last_day: '2026-03-25', quantity: 3 }]);
    // March is a whole month of the range: its row answers, under the name of the latest sale.
    expect(
      await ok('/top/business', { start: '01-03-2026 00:00', end: '31-03-2026 23:59' }, figs.token),
    ).toEqual([row('Fresh Fig', 'FIG-1', 3, '3.00')]);
  });

  it("rank one store's products, ties by SKU; /filter is the store's whole table", async () => {
    const northRows = [row('Tea', 'TEA-1', 3, '12.00'), row('Bread', 'BREAD-1', 3, '7.50'), MILK_ALL];
    expect(await ok('/top', { ...ALL, storeId: north.storeId })).toEqual(northRows);
    expect(await ok('/filter', { ...ALL, storeId: north.storeId })).toEqual(northRows);
    expect(await ok('/filter', { ...ALL, storeId: north.storeId, limit: '1000' })).toEqual(northRows);
    expect(await ok('/top-quantity', { ...ALL, storeId: north.storeId })).toEqual([
      MILK_ALL,
      row('Bread', 'BREAD-1', 3, '7.50'),
      row('Tea', 'TEA-1', 3, '12.00'),
    ]);
    expect(await ok('/least-quantity', { ...ALL, storeId: north.storeId, limit: '1' })).toEqual([
      row('Bread', 'BREAD-1', 3, '7.50'),
    ]);
    // Coffee and Green Tea both took 18.00 at South.
    const southRows = [COFFEE_ALL, row('Green Tea', 'TEA-1', 4, '18.00')];
    expect(await ok('/top', { ...ALL, storeId: south.storeId })).toEqual(southRows);
    expect(await ok('/least', { ...ALL, storeId: south.storeId })).toEqual(southRows);
  });

  it('answer an empty list for a range without sales', async () => {
    expect(await ok('/top/business', { start: '01-01-2026 00:00', end: '31-01-2026 23:59' })).toEqual([]);
  });
});

describe('totals', () => {
  async function rawSums(from: string, to: string) {
    const { rows } = await t.sql(
      `select (select coalesce(sum(line_total), 0)::text from sale_lines
                where business_id = $1 and sold_at >= $2 and sold_at < $3) as total,
              (select count(*)::int from sales
                where business_id = $1 and kind = 'SALE' and sold_at >= $2 and sold_at < $3) as transactions`,
      [owner.businessId, from, to],
    );
    return rows[0] as { total: string; transactions: number };
  }

  it('sum money, sales, units and the average basket of the business and of a store', async () => {
    expect(await ok('/total/business', ALL)).toEqual(
      noCost({
        totalSales: '62.70',
        transactions: 7,
        unitsSold: 19,
        averageBasket: '8.96',
      }),
    );
    expect(await ok('/total', { ...ALL, storeId: south.storeId })).toEqual(
      noCost({
        totalSales: '36.00',
        transactions: 3,
        unitsSold: 7,
        averageBasket: '12.00',
      }),
    );
  });

  it('equal the sum of the raw lines over a range that starts and ends mid-day', async () => {
    const totals = await ok('/total/business', MIDDAY);
    expect(totals).toEqual(
      noCost({ totalSales: '43.70', transactions: 5, unitsSold: 15, averageBasket: '8.74' }),
    );
    // 24 March 12:00 CET to 31 March 14:46 CEST, as instants.
    expect(await rawSums('2026-03-24T11:00:00Z', '2026-03-31T12:46:00Z')).toEqual({
      total: '43.70',
      transactions: 5,
    });
    // Within one day (the 23-hour one): its ends come from the lines alone.
    expect(await ok('/total/business', { start: '29-03-2026 08:00', end: '29-03-2026 09:00' })).toEqual(
      noCost({
        totalSales: '5.20',
        transactions: 1,
        unitsSold: 2,
        averageBasket: '5.20',
      }),
    );
    expect(await ok('/total/business', { start: '29-03-2026 09:01', end: '30-03-2026 08:14' })).toEqual(
      noCost({
        totalSales: '0.00',
        transactions: 0,
        unitsSold: 0,
        averageBasket: '0.00',
      }),
    );
  });

  it("answer this week so far and last week, in the business's weeks", async () => {
    expect(await ok('/total/week/business')).toEqual({
      weekStart: '2026-03-30',
      thisWeek: noCost({ totalSales: '24.50', transactions: 3, unitsSold: 6, averageBasket: '8.17' }),
      lastWeek: noCost({ totalSales: '38.20', transactions: 4, unitsSold: 13, averageBasket: '9.55' }),
    });
    expect(await ok('/total/week', { storeId: south.storeId })).toEqual({
      weekStart: '2026-03-30',
      thisWeek: noCost({ totalSales: '19.50', transactions: 2, unitsSold: 4, averageBasket: '9.75' }),
      lastWeek: noCost({ totalSales: '16.50', transactions: 1, unitsSold: 3, averageBasket: '16.50' }),
    });
  });
});

describe('store rankings', () => {
  it('rank stores by money taken in a range and this week', async () => {
    const southAll = noCost({
      storeId: south.storeId,
      storeName: 'South',
      totalSales: '36.00',
      transactions: 3,
    });
    const northAll = noCost({
      storeId: north.storeId,
      storeName: 'North',
      totalSales: '26.70',
      transactions: 4,
    });
    expect(await ok('/stores/top', ALL)).toEqual([southAll, northAll]);
    expect(await ok('/stores/top', { ...ALL, limit: '1' })).toEqual([southAll]);
    expect(await ok('/stores/top-weekly')).toEqual([
      noCost({ storeId: south.storeId, storeName: 'South', totalSales: '19.50', transactions: 2 }),
      noCost({ storeId: north.storeId, storeName: 'North', totalSales: '5.00', transactions: 1 }),
    ]);
  });
});

describe('trends', () => {
  it('lay every day of the range on the axis, partial days counting their part', async () => {
    expect(await ok('/trends/business', MIDDAY)).toEqual([
      noCost({ period: '2026-03-24', totalSales: '16.50' }),
      noCost({ period: '2026-03-25', totalSales: '0.00' }),
      noCost({ period: '2026-03-26', totalSales: '0.00' }),
      noCost({ period: '2026-03-27', totalSales: '0.00' }),
      noCost({ period: '2026-03-28', totalSales: '6.00' }),
      noCost({ period: '2026-03-29', totalSales: '5.20' }),
      noCost({ period: '2026-03-30', totalSales: '6.00' }),
      noCost({ period: '2026-03-31', totalSales: '10.00' }),
    ]);
    const day = (period: string, totalSales = '0.00') => noCost({ period, totalSales });
    expect(await ok('/trends', { ...ALL, storeId: north.storeId })).toEqual([
      day('2026-03-23', '10.50'),
      day('2026-03-24'),
      day('2026-03-25'),
      day('2026-03-26'),
      day('2026-03-27'),
      day('2026-03-28', '6.00'),
      day('2026-03-29', '5.20'),
      day('2026-03-30'),
      day('2026-03-31', '10.00'),
      day('2026-04-01'),
      day('2026-04-02', '-5.00'),
    ]);
  });

  it('group by weeks from Monday and by months', async () => {
    expect(await ok('/trends/business', { ...MIDDAY, interval: 'weekly' })).toEqual([
      noCost({ period: '2026-03-23', totalSales: '27.70' }),
      noCost({ period: '2026-03-30', totalSales: '16.00' }),
    ]);
    expect(await ok('/trends/business', { ...ALL, interval: 'monthly' })).toEqual([
      noCost({ period: '2026-03', totalSales: '54.20' }),
      noCost({ period: '2026-04', totalSales: '8.50' }),
    ]);
    expect(await ok('/trends', { ...ALL, storeId: south.storeId, interval: 'monthly' })).toEqual([
      noCost({ period: '2026-03', totalSales: '22.50' }),
      noCost({ period: '2026-04', totalSales: '13.50' }),
    ]);
  });

  it('follow one product of a store by SKU in any case, barcode or id; nothing sold is empty', async () => {
    expect(
      await ok('/product-trend', {
        start: '28-03-2026 00:00',
        end: '29-03-2026 23:59',
        storeId: north.storeId,
        sku: 'tea-1',
      }),
    ).toEqual([
      noCost({ period: '2026-03-28', totalSales: '0.00' }),
      noCost({ period: '2026-03-29', totalSales: '4.00' }),
    ]);
    expect(
      await ok('/product-trend', {
        ...ALL,
        storeId: south.storeId,
        barcode: '5012345678900',
        interval: 'weekly',
      }),
    ).toEqual([
      noCost({ period: '2026-03-23', totalSales: '12.00' }),
      noCost({ period: '2026-03-30', totalSales: '6.00' }),
    ]);
    expect(
      await ok('/product-trend', {
        start: '31-03-2026 00:00',
        end: '02-04-2026 23:59',
        storeId: north.storeId,
        productId: north.bread,
        sku: 'BREAD-1',
      }),
    ).toEqual([
      noCost({ period: '2026-03-31', totalSales: '10.00' }),
      noCost({ period: '2026-04-01', totalSales: '0.00' }),
      noCost({ period: '2026-04-02', totalSales: '-5.00' }),
    ]);
    // North's milk at South; two names of two products; a SKU the store does not know; no sale in range.
    expect(await ok('/product-trend', { ...ALL, storeId: south.storeId, productId: north.milk })).toEqual([]);
    expect(
      await ok('/product-trend', { ...ALL, storeId: north.storeId, sku: 'TEA-1', barcode: '4006381333931' }),
    ).toEqual([]);
    expect(await ok('/product-trend', { ...ALL, storeId: north.storeId, sku: 'NOPE' })).toEqual([]);
    expect(
      await ok('/product-trend', {
        start: '01-01-2026 00:00',
        end: '02-01-2026 00:00',
        storeId: north.storeId,
        sku: 'TEA-1',
      }),
    ).toEqual([]);
  });
});

describe('filters', () => {
  it('group by category, store (with sales) and day, within minTotal and maxTotal', async () => {
    expect(await posted('/filter-advanced', { ...ALL, groupBy: 'category' })).toEqual([
      noCost({ key: null, label: 'No category', quantity: 7, totalPrice: '25.50' }),
      noCost({ key: north.drinks, label: 'Drinks', quantity: 9, totalPrice: '19.20' }),
      noCost({ key: south.hotDrinks, label: 'Hot drinks', quantity: 3, totalPrice: '18.00' }),
    ]);
    expect(await posted('/filter-advanced', { ...ALL, groupBy: 'store', storeIds: [north.storeId] })).toEqual(
      [noCost({ key: north.storeId, label: 'North', quantity: 12, totalPrice: '26.70', transactions: 4 })],
    );
    expect(
      await posted('/filter-advanced', {
        ...ALL,
        groupBy: 'store',
        categoryIds: [north.drinks, south.hotDrinks],
      }),
    ).toEqual([
      noCost({ key: north.storeId, label: 'North', quantity: 9, totalPrice: '19.20' }),
      noCost({ key: south.storeId, label: 'South', quantity: 3, totalPrice: '18.00' }),
    ]);
    expect(
      await posted('/filter-advanced', { ...MIDDAY, groupBy: 'day', minTotal: '6.00', storeIds: [] }),
    ).toEqual([
      noCost({ key: '2026-03-24', label: '2026-03-24', quantity: 3, totalPrice: '16.50', transactions: 1 }),
      noCost({ key: '2026-03-28', label: '2026-03-28', quantity: 5, totalPrice: '6.00', transactions: 1 }),
      noCost({ key: '2026-03-30', label: '2026-03-30', quantity: 1, totalPrice: '6.00', transactions: 1 }),
      noCost({ key: '2026-03-31', label: '2026-03-31', quantity: 4, totalPrice: '10.00', transactions: 1 }),
    ]);
  });

  it('group by product across stores, by SKU in any case or product id', async () => {
    const tea = { key: 'TEA-1', label: 'Green Tea', productName: 'Green Tea', sku: 'TEA-1', barcode: null };
    expect(await posted('/filter-advanced', { ...ALL, skus: ['tea-1'] })).toEqual([
      noCost({ ...tea, quantity: 7, totalPrice: '30.00' }),
    ]);
    expect(await posted('/filter-advanced', { ...ALL, productIds: [north.tea], limit: 5 })).toEqual([
      noCost({ ...tea, label: 'Tea', productName: 'Tea', quantity: 3, totalPrice: '12.00' }),
    ]);
    expect(await posted('/filter-advanced', { ...ALL, productIds: [north.milk], maxTotal: 5 })).toEqual([]);
    const body = { ...ALL, minTotal: '7.50', maxTotal: '18' };
    const expected = [
      noCost({
        key: 'COFFEE-1',
        label: 'Coffee',
        quantity: 3,
        totalPrice: '18.00',
        productName: 'Coffee',
        sku: 'COFFEE-1',
        barcode: '5012345678900',
      }),
      noCost({
        key: 'BREAD-1',
        label: 'Bread',
        quantity: 3,
        totalPrice: '7.50',
        productName: 'Bread',
        sku: 'BREAD-1',
        barcode: null,
      }),
    ];
    expect(await posted('/filter-advanced', body)).toEqual(expected);
    expect(await posted('/super-filter', body)).toEqual(expected);
  });

  it("refuse a store that is not the business's", async () => {
    for (const storeIds of [[otherStoreId], [north.storeId, '0190c6a0-0000-7000-8000-000000000001']]) {
      const res = await post('/filter-advanced', { ...ALL, storeIds });
      expect(res.statusCode, res.body).toBe(404);
    }
  });
});

describe('the plan gate', () => {
  async function statusOn(plan: PlanId) {
    await setPlan(t, owner.businessId, plan);
    const basic = await get('/total/business', ALL);
    const advanced = await get('/product-trend', { ...ALL, storeId: north.storeId, sku: 'TEA-1' });
    const filter = await post('/filter-advanced', ALL);
    const supreme = await post('/super-filter', ALL);
    for (const refused of [advanced, filter, supreme].filter((res) => res.statusCode === 403)) {
      expect(refused.headers['x-plan-violation']).toBe('1');
      expect(refused.json().code).toBe('PLAN_VIOLATION');
    }
    return [basic.statusCode, advanced.statusCode, filter.statusCode, supreme.statusCode];
  }

  it('gives Free the basic tier, Advanced the advanced one and Supreme all three', async () => {
    expect(await statusOn('FREE')).toEqual([200, 403, 403, 403]);
    expect(await statusOn('BASIC')).toEqual([200, 403, 403, 403]);
    expect(await statusOn('ADVANCED')).toEqual([200, 200, 200, 403]);
    expect(await statusOn('SUPREME')).toEqual([200, 200, 200, 200]);
  });
});

describe('access', () => {
  it('lets the analytics roles read and refuses the inventory ones', async () => {
    expect(await ok('/total/business', ALL, analyticsReader)).toMatchObject({ totalSales: '62.70' });
    const refused = await get('/total/business', ALL, inventoryReader);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-plan-violation']).toBeUndefined();
    expect((await post('/filter-advanced', ALL, inventoryReader)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/total/business` })).statusCode).toBe(401);
  });

  it("offers the analytics roles the business's stores and the categories at them, and nothing of another business", async () => {
    const choices = ZAnalyticsChoices.parse(await ok('/choices', {}, analyticsReader));
    expect(choices.stores.map((store) => store.name)).toEqual(['North', 'South']);
    expect(choices.categories).toEqual([
      expect.objectContaining({ id: north.drinks, name: 'Drinks' }),
      expect.objectContaining({ id: south.hotDrinks, name: 'Hot drinks' }),
    ]);
    const theirs = ZAnalyticsChoices.parse(await ok('/choices', {}, other.token));
    expect(theirs.stores.map((store) => store.id)).toEqual([otherStoreId]);
    expect(theirs.categories).toEqual([]);
    expect((await get('/choices', {}, inventoryReader)).statusCode).toBe(403);
  });

  it("shows another business only its own sales, and none of this one's stores", async () => {
    expect(await ok('/top/business', ALL, other.token)).toEqual([row('Tea', 'TEA-1', 1, '99.00')]);
    for (const path of ['/top', '/trends', '/total', '/filter']) {
      const res = await get(path, { ...ALL, storeId: north.storeId }, other.token);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await get('/total/week', { storeId: north.storeId }, other.token)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  async function fieldErrors(path: string, query: Record<string, string>) {
    const res = await get(path, query);
    expect(res.statusCode, res.body).toBe(400);
    return res.json().details.fieldErrors as Record<string, string[]>;
  }
  const FORMAT = ['Use dd-MM-yyyy HH:mm, such as 31-01-2026 18:30.'];

  it('answers 400 on the field with the expected format', async () => {
    expect(await fieldErrors('/top/business', { ...ALL, start: '2026-03-23 00:00' })).toEqual({
      start: FORMAT,
    });
    expect(await fieldErrors('/top/business', { ...ALL, end: '31-02-2026 10:00' })).toEqual({ end: FORMAT });
    expect(await fieldErrors('/total/business', { end: ALL.end })).toEqual({ start: FORMAT });
    const res = await post('/filter-advanced', { start: '23/03/2026 00:00', end: ALL.end });
    expect(res.json().details.fieldErrors).toEqual({ start: FORMAT });
  });

  it('refuses a start after the end, a range over 3 years, a bad limit or interval', async () => {
    expect(await fieldErrors('/top/business', { start: ALL.end, end: ALL.start })).toEqual({
      end: ['The end must be after the start.'],
    });
    expect(
      await fieldErrors('/trends/business', { start: '01-01-2023 00:00', end: '01-01-2026 00:01' }),
    ).toEqual({
      end: ['A range spans at most 3 years.'],
    });
    for (const limit of ['0', '101', 'x'])
      expect(Object.keys(await fieldErrors('/top/business', { ...ALL, limit }))).toEqual(['limit']);
    expect(
      Object.keys(await fieldErrors('/filter', { ...ALL, storeId: north.storeId, limit: '1001' })),
    ).toEqual(['limit']);
    expect(await fieldErrors('/trends/business', { ...ALL, interval: 'hourly' })).toEqual({
      interval: ['The interval is daily, weekly or monthly.'],
    });
    expect(Object.keys(await fieldErrors('/top', { ...ALL, storeId: 'north' }))).toEqual(['storeId']);
    expect(Object.keys(await fieldErrors('/product-trend', { ...ALL, storeId: north.storeId }))).toEqual([
      'productId',
    ]);
  });

  it('answers 404 for an unknown store', async () => {
    const res = await get('/total', { ...ALL, storeId: '0190c6a0-0000-7000-8000-000000000001' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The store was not found.');
  });
});
