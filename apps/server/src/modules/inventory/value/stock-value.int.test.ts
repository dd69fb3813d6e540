import type { TStockValue } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt, openStock } from '../../../../test/factories/inventory.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { changeStock } from '../stock/stock.service.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: Record<'reader' | 'analyst' | 'assistant' | 'productAdmin', string>;
let shop: string;
let depot: string;
let empty: string;
const call = apiCaller(() => t);

/** Units received at a cost, through the stock function as a purchase receipt does. */
async function receive(locationId: string, productId: string, delta: number, unitCost: string) {
  const principal: Principal = {
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: crypto.randomUUID(),
    expiresAt: new Date(Date.now() + 3_600_000),
  };
  await inTenant(t.database.db, principal, (scope) =>
    changeStock(scope, { userId: owner.userId }, [
      { locationId, productId, delta, reason: 'PURCHASE', unitCost },
    ]),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Valued Goods');
  other = await ownerWithBusiness(t, 'Other Values');
  await setPlan(t, owner.businessId, 'BASIC');
  staff = await staffTokensByRole(t, owner.token, {
    reader: 'ROLE_INVENTORY_READER',
    analyst: 'ROLE_ANALYTICS_READER',
    assistant: 'ROLE_STORE_ASSISTANT',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
  shop = await insertLocation(t, owner.businessId, { name: 'High Street' });
  await insertStore(t, owner.businessId, { name: 'High Street shop', locationId: shop });
  depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
  empty = await insertLocation(t, owner.businessId, { name: 'Annex' });

  // Shop: tea, 10 at 2.00 then 5 at 3.50 -> average 2.50, 15 units, value 37.50; price 2.50 -> 37.50.
  const tea = await insertProductAt(t, owner.businessId, shop, { sku: 'TEA' });
  await openStock(t, owner.token, { productId: tea.id, locationId: shop, quantity: 0 });
  await receive(shop, tea.id, 10, '2.00');
  await receive(shop, tea.id, 5, '3.50');
  // Shop: cocoa with a cost price of 1.20 and no receipt, 4 units -> 4.80; price 2.50 -> 10.00.
  const cocoa = await insertProductAt(t, owner.businessId, shop, { sku: 'COCOA' });
  await t.sql('update products set cost_price = 1.20 where id = $1', [cocoa.id]);
  await openStock(t, owner.token, { productId: cocoa.id, locationId: shop, quantity: 4 });
  // Shop: jam with no cost at all, 3 units: uncosted, out of value; price 2.50 -> 7.50.
  const jam = await insertProductAt(t, owner.businessId, shop, { sku: 'JAM' });
  await openStock(t, owner.token, { productId: jam.id, locationId: shop, quantity: 3 });
  // Shop: an item at 0 counts for nothing.
  const salt = await insertProductAt(t, owner.businessId, shop, { sku: 'SALT' });
  await openStock(t, owner.token, { productId: salt.id, locationId: shop, quantity: 0 });
  // Depot: 3 units at 0.3333 average -> 1.00 (rounded once, at the location's sum).
  const rice = await insertProductAt(t, owner.businessId, depot, { sku: 'RICE' });
  await openStock(t, owner.token, { productId: rice.id, locationId: depot, quantity: 0 });
  await receive(depot, rice.id, 3, '0.33');
  await receive(depot, rice.id, 6, '0.335');
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

describe('GET /api/inventory/value', () => {
  it('values each location at average cost, else cost price, and counts the uncosted apart', async () => {
    const res = await call('GET', '/api/inventory/value', owner.token);
    expect(res.statusCode).toBe(200);
    const value: TStockValue = res.json();
    // Rice: (3 x 0.33 + 6 x 0.335) / 9 = 3.00 / 9 = 0.3333; 9 units x 0.3333 = 3.00 (2.9997 rounded).
    expect(value.locations).toEqual([
      {
        locationId: shop,
        locationName: 'High Street',
        usedBy: 'STORE',
        items: 3,
        units: 22,
        value: '42.30',
        retailValue: '55.00',
        uncostedItems: 1,
      },
      {
        locationId: depot,
        locationName: 'Depot',
        usedBy: null,
        items: 1,
        units: 9,
        value: '3.00',
        retailValue: '22.50',
        uncostedItems: 0,
      },
      {
        locationId: empty,
        locationName: 'Annex',
        usedBy: null,
        items: 0,
        units: 0,
        value: '0.00',
        retailValue: '0.00',
        uncostedItems: 0,
      },
    ]);
    expect(value.total).toEqual({
      items: 4,
      units: 31,
      value: '45.30',
      retailValue: '77.50',
      uncostedItems: 1,
    });
  });

  it('answers one location when asked, and the item answers show the unit cost', async () => {
    const res = await call('GET', `/api/inventory/value?locationId=${depot}`, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().locations.map((row: { locationId: string }) => row.locationId)).toEqual([depot]);
    expect(res.json().total.value).toBe('3.00');
    const page = await call('GET', `/api/inventory/page/location/${shop}?size=10`, owner.token);
    expect(page.statusCode).toBe(200);
    const costs = Object.fromEntries(
      page
        .json()
        .content.map((row: { sku: string; averageUnitCost: string | null }) => [
          row.sku,
          row.averageUnitCost,
        ]),
    );
    expect(costs).toEqual({ TEA: '2.5000', COCOA: '1.2000', JAM: null, SALT: null });
  });

  it('lets the inventory, catalogue and analytics roles in (they see costs), and refuses the till', async () => {
    for (const token of [staff.reader, staff.analyst, staff.productAdmin])
      expect((await call('GET', '/api/inventory/value', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/inventory/value', staff.assistant)).statusCode).toBe(403);
    expect((await call('GET', '/api/inventory/value')).statusCode).toBe(401);
  });

  it('answers 404 for another business’s location and 400 for a malformed one; shows nothing across', async () => {
    const theirs = await insertLocation(t, other.businessId, { name: 'Elsewhere' });
    expect((await call('GET', `/api/inventory/value?locationId=${theirs}`, owner.token)).statusCode).toBe(
      404,
    );
    const bad = await call('GET', '/api/inventory/value?locationId=nope', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors.locationId).toBeDefined();
    const theirView: TStockValue = (await call('GET', '/api/inventory/value', other.token)).json();
    expect(theirView.locations.map((row) => row.locationName)).toEqual(['Elsewhere']);
    expect(theirView.total).toEqual({
      items: 0,
      units: 0,
      value: '0.00',
      retailValue: '0.00',
      uncostedItems: 0,
    });
  });
});
