import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import { insertCategory } from '../../../../test/factories/products.js';
import { recordSale, saleSetUp } from '../../../../test/factories/sales.js';

/**
 * The analytics cache (analytics-cache.ts) seen from outside: a rollup changed behind the
 * server's back (which no sale does) shows whether an answer came from memory; every sale, refund
 * or backdated sale of the range's days must be seen at once; businesses never share answers.
 */
const DAY = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
const wall = (d: Date, time: string) =>
  `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${time}`;
/** The last three days up to today's end, in UTC (the businesses' zone). */
const RANGE = { start: wall(new Date(Date.now() - 2 * DAY), '00:00'), end: wall(new Date(), '23:59') };

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: Awaited<ReturnType<typeof saleSetUp<'tea' | 'jam'>>>;
let otherShop: Awaited<ReturnType<typeof saleSetUp<'tea' | 'jam'>>>;

beforeAll(async () => {
  t = await buildTestApp();
  [owner, other] = await Promise.all([
    ownerWithBusiness(t, 'Corner Shop'),
    ownerWithBusiness(t, 'Other Shop'),
  ]);
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'SUPREME');
  shop = await saleSetUp(t, owner.businessId, {
    tea: { price: '4.00', stock: 50 },
    jam: { price: '3.00', stock: 50 },
  });
  otherShop = await saleSetUp(t, other.businessId, {
    tea: { price: '9.00', stock: 50 },
    jam: { price: '1.00', stock: 50 },
  });
});
afterAll(async () => {
  await t.close();
});

const sell = (token: string, storeId: string, productId: string, quantity: number, soldAt?: string) =>
  recordSale(t, token, {
    storeId,
    paymentMethod: 'CASH',
    lines: [{ productId, quantity }],
    ...(soldAt ? { soldAt } : {}),
  });

async function topNames(token: string): Promise<Array<{ productName: string; quantity: number }>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/sales-analytics/top/business',
    query: RANGE,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res
    .json<Array<{ productName: string; quantity: number }>>()
    .map(({ productName, quantity }) => ({ productName, quantity }));
}

/** Renames the product in the rollups only: an answer read afresh shows the new name. */
const renameInRollups = (productId: string, name: string) =>
  t.sql('update sales_daily_products set product_name = $2 where product_id = $1', [productId, name]);

describe('the analytics cache', () => {
  it('answers a repeated question from memory until a sale, a refund or a backdated sale touches its days', async () => {
    const sale = await sell(owner.token, shop.storeId, shop.products.tea.id, 2);
    expect(await topNames(owner.token)).toEqual([{ productName: 'Tea', quantity: 2 }]);

    await renameInRollups(shop.products.tea.id, 'Tea (renamed behind the server)');
    expect(await topNames(owner.token)).toEqual([{ productName: 'Tea', quantity: 2 }]);

    await sell(owner.token, shop.storeId, shop.products.jam.id, 1);
    expect(await topNames(owner.token)).toEqual([
      { productName: 'Tea (renamed behind the server)', quantity: 2 },
      { productName: 'Jam', quantity: 1 },
    ]);

    await renameInRollups(shop.products.tea.id, 'Tea');
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/refund`,
      headers: bearer(owner.token),
      payload: { lines: [{ lineNo: 1, quantity: 1 }] },
    });
    expect(refund.statusCode).toBe(201);
    expect(await topNames(owner.token)).toEqual([
      { productName: 'Tea', quantity: 1 },
      { productName: 'Jam', quantity: 1 },
    ]);

    await sell(
      owner.token,
      shop.storeId,
      shop.products.jam.id,
      4,
      new Date(Date.now() - 2 * DAY).toISOString(),
    );
    expect(await topNames(owner.token)).toEqual([
      { productName: 'Jam', quantity: 5 },
      { productName: 'Tea', quantity: 1 },
    ]);
  });

  it('keeps each business its own answers to the same question', async () => {
    await sell(other.token, otherShop.storeId, otherShop.products.tea.id, 7);
    const mine = await topNames(owner.token);
    const theirs = await topNames(other.token);
    expect(theirs).toEqual([{ productName: 'Tea', quantity: 7 }]);
    expect(mine).toEqual([
      { productName: 'Jam', quantity: 5 },
      { productName: 'Tea', quantity: 1 },
    ]);
  });

  it('keeps groupings labelled with live names until a name changes: a renamed category shows at once', async () => {
    const categoryId = await insertCategory(t, owner.businessId, shop.locationId, 'Breakfast');
    await t.sql('update products set category_id = $2 where id = $1', [shop.products.jam.id, categoryId]);
    await sell(owner.token, shop.storeId, shop.products.jam.id, 1);
    const byCategory = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sales-analytics/super-filter',
        headers: bearer(owner.token),
        payload: { ...RANGE, groupBy: 'category', categoryIds: [categoryId] },
      });
    const [first] = (await byCategory()).json<Array<{ label: string; quantity: number }>>();
    expect(first?.label).toBe('Breakfast');
    const quantity = first?.quantity ?? 0;
    // A rollup changed behind the server: the kept answer stays while the names stay.
    await t.sql('update sales_daily_products set quantity = quantity + 10 where product_id = $1', [
      shop.products.jam.id,
    ]);
    try {
      expect((await byCategory()).json()).toMatchObject([{ label: 'Breakfast', quantity }]);
      await t.sql('update categories set name = $2 where id = $1', [categoryId, 'Morning']);
      expect((await byCategory()).json()).toMatchObject([{ label: 'Morning', quantity: quantity + 10 }]);
    } finally {
      await t.sql('update sales_daily_products set quantity = quantity - 10 where product_id = $1', [
        shop.products.jam.id,
      ]);
    }
  });
});
