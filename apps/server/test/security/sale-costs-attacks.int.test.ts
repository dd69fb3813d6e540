import { API, type TSale } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../factories/accounts.js';
import { insertStore, setPlan } from '../factories/catalogue.js';
import { insertProductAt } from '../factories/inventory.js';
import { insertCategory, insertInventoryItem } from '../factories/products.js';
import { recordSale } from '../factories/sales.js';

/**
 * Threat model (issue 16, the cost of sales): a signed-in user of another business, or a store
 * assistant of this one, tries to learn what the shop pays for its goods: another business's
 * categories, products and stores named in the margin view's body, a cached answer of the victim,
 * the sale answers and their Idempotency-Key replays at the till.
 */

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
const theirs = { storeId: '', categoryId: '', productId: '' };
const RANGE = { start: '01-01-2026 00:00', end: '31-12-2026 23:59' };

beforeAll(async () => {
  t = await buildTestApp();
  victim = await ownerWithBusiness(t, 'Victim Shop');
  mallory = await ownerWithBusiness(t, 'Mallory Shop');
  await setPlan(t, victim.businessId, 'ADVANCED');
  await setPlan(t, mallory.businessId, 'ADVANCED');
  const store = await insertStore(t, victim.businessId, { name: 'Victim Store' });
  theirs.storeId = store.storeId;
  theirs.categoryId = await insertCategory(t, victim.businessId, store.locationId, 'Secret Category');
  theirs.productId = (
    await insertProductAt(t, victim.businessId, store.locationId, {
      sku: 'SECRET',
      name: 'Secret Tea',
      categoryId: theirs.categoryId,
    })
  ).id;
  await t.sql('update products set price = 10.00, cost_price = 7.77 where id = $1', [theirs.productId]);
  await insertInventoryItem(t, victim.businessId, theirs.productId, store.locationId, 50);
  await recordSale(t, victim.token, {
    storeId: theirs.storeId,
    paymentMethod: 'CARD',
    lines: [{ productId: theirs.productId, quantity: 3 }],
  });
});

afterAll(async () => {
  await t.close();
});

const margins = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: API.salesAnalytics.marginByCategory,
    headers: bearer(token),
    payload: body,
  });

describe('SECURITY the margin by category', () => {
  it("answers another business's store as 404 and its categories and products as nothing", async () => {
    // The victim's answer is cached first: Mallory must get her own, not it.
    const own = await margins(victim.token, RANGE);
    expect(own.json()).toEqual([expect.objectContaining({ label: 'Secret Category', cost: '23.31' })]);
    expect((await margins(mallory.token, { ...RANGE, storeIds: [theirs.storeId] })).statusCode).toBe(404);
    for (const body of [
      RANGE,
      { ...RANGE, categoryIds: [theirs.categoryId] },
      { ...RANGE, productIds: [theirs.productId] },
      { ...RANGE, skus: ['secret'] },
    ]) {
      const res = await margins(mallory.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.body).not.toMatch(/Secret|23\.31|7\.77/);
    }
  });

  it('refuses money with 3 decimals or an exponent, and a limit past the table', async () => {
    for (const body of [
      { ...RANGE, minTotal: '1.001' },
      { ...RANGE, maxTotal: '1e3' },
      { ...RANGE, limit: 1001 },
      { ...RANGE, limit: 2.5 },
      { ...RANGE, storeIds: Array.from({ length: 101 }, () => theirs.storeId) },
    ]) {
      expect((await margins(victim.token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('SECURITY the cost of a sale at the till', () => {
  it('keeps unit costs and margins from a store assistant, on a replay of its Idempotency-Key too', async () => {
    const assistant = await staffMember(t, victim.token, ['ROLE_STORE_ASSISTANT']);
    const body = {
      storeId: theirs.storeId,
      paymentMethod: 'CASH',
      lines: [{ productId: theirs.productId, quantity: 1 }],
    };
    const key = { 'idempotency-key': 'till-replay-1' };
    const first = await recordSale(t, assistant.token, body, key);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: { ...bearer(assistant.token), ...key },
      payload: body,
    });
    expect(replay.statusCode).toBe(201);
    for (const sale of [first, replay.json<TSale>()]) {
      expect(sale.lines[0]).not.toHaveProperty('unitCost');
      expect(sale.lines[0]).not.toHaveProperty('margin');
    }
    expect(replay.body).not.toMatch(/"7\.77(00)?"/);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${first.id}`,
      headers: bearer(assistant.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toMatch(/unitCost|"7\.77(00)?"/);
    // The owner reads what the line cost.
    const owners = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${first.id}`,
      headers: bearer(victim.token),
    });
    expect(owners.json<TSale>().lines[0]).toMatchObject({ unitCost: '7.7700', cost: '7.77', margin: '2.23' });
  });

  it('answers another business nothing of the sale, costs included', async () => {
    const [sale] = (
      await t.sql(`select id from sales where business_id = $1 order by sold_at limit 1`, [victim.businessId])
    ).rows as Array<{ id: string }>;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/sales/${sale?.id}`,
      headers: bearer(mallory.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/7\.77|Secret/);
  });
});
