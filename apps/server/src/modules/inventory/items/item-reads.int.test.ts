import { randomUUID } from 'node:crypto';
import type {
  TAvailability,
  TInventoryItem,
  TLedgerEntry,
  TPage,
  TSkuSuggestion,
  TStockRow,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt, openStock } from '../../../../test/factories/inventory.js';
import { insertCategory } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: string;
let depot: string;
let empty: string;
/**
 * The shop's stock: SKUs chosen so their order and the searches are easy to read, added out of
 * SKU order, so the stock table (in the order added) and the SKU-ordered lists tell apart.
 */
const at: Record<string, TInventoryItem> = {};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Stock Reads');
  other = await ownerWithBusiness(t, 'Elsewhere Ltd');
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
  depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
  empty = await insertLocation(t, owner.businessId, { name: 'Empty Yard' });
  const drinks = await insertCategory(t, owner.businessId, shop, 'Drinks');
  const open = async (
    key: string,
    locationId: string,
    values: { sku: string; name: string; barcode?: string; categoryId?: string },
    quantity: number,
    reorderPoint: number | null = null,
  ) => {
    const { id } = await insertProductAt(t, owner.businessId, locationId, values);
    at[key] = await openStock(t, owner.token, { productId: id, locationId, quantity, reorderPoint });
  };
  await open(
    'tea',
    shop,
    { sku: 'TEA-1', name: 'Green Tea', barcode: '4006381333931', categoryId: drinks },
    12,
    5,
  );
  await open('teaBlack', shop, { sku: 'tea-2', name: 'Black Tea' }, 2, 5);
  await open('coffee', shop, { sku: 'COF-1', name: 'Teabag Coffee' }, 30);
  await open('cocoa', shop, { sku: 'COC-1', name: 'Cocoa' }, 0, 1);
  await open('teaDepot', depot, { sku: 'TEA-1', name: 'Green Tea' }, 100);
  // Retired: out of the active lists, still counted.
  const retired = await t.app.inject({
    method: 'PATCH',
    url: `/api/inventory/${at.cocoa!.id}/location/${shop}/retire`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  if (retired.statusCode !== 200) throw new Error(retired.body);
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

const call = apiCaller(() => t);
const item = (key: string): TInventoryItem => {
  const found = at[key];
  if (!found) throw new Error(`no item ${key}`);
  return found;
};

/** A movement row as the movements module would leave it (as the owner: that module is another helper's). */
async function insertMovement(values: {
  sku: string;
  productId: string;
  from: string;
  to: string;
  quantity: number;
  status: 'PENDING' | 'IN_TRANSIT' | 'COMPLETED' | 'CANCELLED';
}): Promise<void> {
  await t.sql(
    `insert into stock_movements (business_id, id, product_id, sku, source_location_id, destination_location_id,
       quantity, status, source_code_hash, destination_code_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, 'x', 'y')`,
    [
      owner.businessId,
      randomUUID(),
      values.productId,
      values.sku,
      values.from,
      values.to,
      values.quantity,
      values.status,
    ],
  );
}

describe('inventory items: reads', () => {
  describe('one record', () => {
    it('answers the record at its location, 404 when the location does not match', async () => {
      const res = await call('GET', `/api/inventory/${item('tea').id}/location/${shop}`, owner.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(item('tea'));
      expect(
        (await call('GET', `/api/inventory/${item('tea').id}/location/${depot}`, owner.token)).statusCode,
      ).toBe(404);
    });

    it('finds the record by SKU (also under /api/product), by product and by barcode at a location', async () => {
      for (const url of [
        `/api/inventory/sku/TEA-1/location/${shop}`,
        `/api/product/sku/TEA-1/location/${shop}`,
        `/api/inventory/product/${item('tea').productId}/location/${shop}`,
        `/api/inventory/barcode/4006381333931/location/${shop}`,
      ]) {
        const res = await call('GET', url, owner.token);
        expect(res.statusCode, url).toBe(200);
        expect(res.json<TInventoryItem>().id, url).toBe(item('tea').id);
      }
      const depotTea = await call('GET', `/api/inventory/sku/TEA-1/location/${depot}`, owner.token);
      expect(depotTea.json<TInventoryItem>().id).toBe(item('teaDepot').id);
      const missing = await call('GET', `/api/inventory/sku/TEA-9/location/${shop}`, owner.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        message: 'There is no stock record of SKU TEA-9 at this location.',
      });
      expect(
        (await call('GET', `/api/inventory/product/${item('tea').productId}/location/${depot}`, owner.token))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/inventory/barcode/12345/location/${shop}`, owner.token)).statusCode,
      ).toBe(400);
    });

    it('answers the record with its product’s category, or null', async () => {
      const withCategory = await call('GET', `/api/inventory/${item('tea').id}/with-category`, owner.token);
      expect(withCategory.json()).toEqual({
        ...item('tea'),
        category: { id: expect.any(String), name: 'Drinks' },
      });
      const without = await call('GET', `/api/inventory/${item('coffee').id}/with-category`, owner.token);
      expect(without.json()).toMatchObject({ id: item('coffee').id, category: null });
      expect(
        (await call('GET', `/api/inventory/${randomUUID()}/with-category`, owner.token)).statusCode,
      ).toBe(404);
    });
  });

  describe('getInventoryLedger', () => {
    it('pages the history newest first with who made each change; a name the business cannot see stays null', async () => {
      const staff = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
      const backRoom = await insertLocation(t, owner.businessId, { name: 'Back Room' });
      const beans = await insertProductAt(t, owner.businessId, backRoom, { sku: 'BEAN-1', name: 'Beans' });
      const { id } = await openStock(t, owner.token, {
        productId: beans.id,
        locationId: backRoom,
        quantity: 30,
      });
      await call('PUT', `/api/inventory/${id}/adjust`, staff.token, {
        delta: -4,
        reason: 'DAMAGED',
        note: 'Wet box',
      });
      await call('PUT', `/api/inventory/${id}/location/${backRoom}`, owner.token, { quantity: 20 });
      // A row whose user belongs to another business (no API writes one): its name must not leak.
      await t.sql(
        `insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, user_id, created_at)
         values ($1, $2, $3, $4, $5, 0, 20, 'COUNT', $6, now() + interval '1 minute')`,
        [owner.businessId, randomUUID(), id, backRoom, beans.id, other.userId],
      );
      const res = await call('GET', `/api/inventory/${id}/ledger?size=3`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<TPage<TLedgerEntry>>();
      expect({ totalElements: page.totalElements, totalPages: page.totalPages }).toEqual({
        totalElements: 4,
        totalPages: 2,
      });
      expect(
        page.content.map((row) => [row.delta, row.quantityAfter, row.reason, row.cause, row.userName]),
      ).toEqual([
        [0, 20, 'COUNT', null, null],
        [-6, 20, 'COUNT', null, 'Olivia Owner'],
        [-4, 26, 'ADJUSTMENT', 'DAMAGED', 'Sam Staff'],
      ]);
      expect(page.content[2]).toMatchObject({ inventoryId: id, note: 'Wet box', userId: staff.userId });
      const last = await call('GET', `/api/inventory/${id}/ledger?page=1&size=3`, owner.token);
      expect(last.json<TPage<TLedgerEntry>>().content.map((row) => row.delta)).toEqual([30]);
      expect((await call('GET', `/api/inventory/${randomUUID()}/ledger`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/inventory/${id}/ledger?size=101`, owner.token)).statusCode).toBe(400);
    });
  });

  describe('listStockAtLocation', () => {
    it('pages the active stock in the order it was added, with low stock and what is in transit out and in', async () => {
      await insertMovement({
        sku: 'TEA-1',
        productId: item('tea').productId,
        from: shop,
        to: depot,
        quantity: 4,
        status: 'IN_TRANSIT',
      });
      await insertMovement({
        sku: 'TEA-1',
        productId: item('tea').productId,
        from: shop,
        to: depot,
        quantity: 1,
        status: 'PENDING',
      });
      await insertMovement({
        sku: 'TEA-1',
        productId: item('teaDepot').productId,
        from: depot,
        to: shop,
        quantity: 6,
        status: 'IN_TRANSIT',
      });
      await insertMovement({
        sku: 'TEA-1',
        productId: item('teaDepot').productId,
        from: depot,
        to: shop,
        quantity: 9,
        status: 'COMPLETED',
      });
      const res = await call('GET', `/api/inventory/page/location/${shop}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<TPage<TStockRow>>();
      expect(page).toMatchObject({ page: 0, size: 10, totalElements: 3, totalPages: 1 });
      expect(
        page.content.map((row) => [row.sku, row.quantity, row.isLowStock, row.inTransitOut, row.inTransitIn]),
      ).toEqual([
        ['TEA-1', 12, false, 4, 6],
        ['tea-2', 2, true, 0, 0],
        ['COF-1', 30, false, 0, 0],
      ]);
    });

    it('filters by the start of the SKU or name in any case, by low stock and by retirement, and pages', async () => {
      const skus = async (query: string) => {
        const res = await call('GET', `/api/inventory/page/location/${shop}?${query}`, owner.token);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<TPage<TStockRow>>();
        return { skus: page.content.map((row) => row.sku), total: page.totalElements };
      };
      expect(await skus('search=TEA')).toEqual({ skus: ['TEA-1', 'tea-2', 'COF-1'], total: 3 });
      expect(await skus('search=tea-')).toEqual({ skus: ['TEA-1', 'tea-2'], total: 2 });
      expect(await skus('search=teab')).toEqual({ skus: ['COF-1'], total: 1 });
      expect(await skus('search=%25')).toEqual({ skus: [], total: 0 });
      expect(await skus('isLowStock=true')).toEqual({ skus: ['tea-2'], total: 1 });
      expect(await skus('active=false')).toEqual({ skus: ['COC-1'], total: 1 });
      expect(await skus('active=all&isLowStock=true')).toEqual({ skus: ['tea-2', 'COC-1'], total: 2 });
      expect(await skus('size=2&page=1')).toEqual({ skus: ['COF-1'], total: 3 });
      expect(await skus('size=2&page=5')).toEqual({ skus: [], total: 3 });
      for (const query of [
        'size=0',
        'size=101',
        'page=-1',
        'active=maybe',
        'isLowStock=yes',
        `search=${'x'.repeat(65)}`,
      ])
        expect(
          (await call('GET', `/api/inventory/page/location/${shop}?${query}`, owner.token)).statusCode,
          query,
        ).toBe(400);
      expect(
        (await call('GET', `/api/inventory/page/location/${randomUUID()}`, owner.token)).statusCode,
      ).toBe(404);
    });
  });

  describe('searchInventoryProducts and listInventoryProductsAtLocation', () => {
    it('pages the active records whose SKU or name starts with the query, and all of a location', async () => {
      const search = await call(
        'GET',
        `/api/inventory/products/search?query=%20tea-%20&locationId=${shop}`,
        owner.token,
      );
      expect(search.statusCode, search.body).toBe(200);
      const found = search.json<TPage<TInventoryItem>>();
      expect(found.content.map((row) => row.sku)).toEqual(['TEA-1', 'tea-2']);
      expect(found.content[0]).toEqual(item('tea'));
      const all = await call('GET', `/api/inventory/products/location/${shop}?size=2`, owner.token);
      expect(all.json()).toMatchObject({
        totalElements: 3,
        totalPages: 2,
        content: [{ sku: 'COF-1' }, { sku: 'TEA-1' }],
      });
      const none = await call('GET', `/api/inventory/products/location/${empty}`, owner.token);
      expect(none.json()).toMatchObject({ content: [], totalElements: 0 });
      expect((await call('GET', `/api/inventory/products/search?query=tea`, owner.token)).statusCode).toBe(
        400,
      );
      expect(
        (await call('GET', `/api/inventory/products/location/${randomUUID()}`, owner.token)).statusCode,
      ).toBe(404);
    });
  });

  describe('suggestInventorySkus', () => {
    it('suggests active products of the location whose SKU starts with the query, with their stock record or none', async () => {
      const { id: whiteTea } = await insertProductAt(t, owner.businessId, shop, {
        sku: 'TEA-3',
        name: 'White Tea',
      });
      const res = await call('GET', `/api/inventory/search/sku?query=t&locationId=${shop}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<TPage<TSkuSuggestion>>();
      expect(page).toMatchObject({ page: 0, size: 10, totalElements: 3 });
      expect(page.content).toEqual([
        {
          productId: item('tea').productId,
          inventoryId: item('tea').id,
          sku: 'TEA-1',
          productName: 'Green Tea',
          barcode: '4006381333931',
          quantity: 12,
        },
        {
          productId: item('teaBlack').productId,
          inventoryId: item('teaBlack').id,
          sku: 'tea-2',
          productName: 'Black Tea',
          barcode: null,
          quantity: 2,
        },
        // No stock record yet: what "Add stock record" offers.
        {
          productId: whiteTea,
          inventoryId: null,
          sku: 'TEA-3',
          productName: 'White Tea',
          barcode: null,
          quantity: 0,
        },
      ]);
      const byName = await call(
        'GET',
        `/api/inventory/search/sku?query=teab&locationId=${shop}`,
        owner.token,
      );
      expect(byName.json()).toMatchObject({ content: [], totalElements: 0 });
      const retired = await call(
        'GET',
        `/api/inventory/search/sku?query=COC&locationId=${shop}`,
        owner.token,
      );
      expect(retired.json()).toMatchObject({ totalElements: 0 });
      expect(
        (await call('GET', `/api/inventory/search/sku?query=t&locationId=${randomUUID()}`, owner.token))
          .statusCode,
      ).toBe(404);
    });
  });

  describe('countInventoryUnits', () => {
    it('sums the units held in the business, at a location, of a product, or both', async () => {
      const total = async (query = '') => {
        const res = await call('GET', `/api/inventory/count${query}`, owner.token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ totalQuantity: number }>().totalQuantity;
      };
      const { rows } = await t.sql(
        'select coalesce(sum(quantity), 0)::int as n from inventory_items where business_id = $1',
        [owner.businessId],
      );
      expect(await total()).toBe((rows[0] as { n: number }).n);
      expect(await total(`?locationId=${depot}`)).toBe(100);
      expect(await total(`?productId=${item('teaBlack').productId}`)).toBe(2);
      expect(await total(`?locationId=${depot}&productId=${item('teaBlack').productId}`)).toBe(0);
      expect(await total(`?locationId=${empty}`)).toBe(0);
      expect(
        (await call('GET', `/api/inventory/count?locationId=${randomUUID()}`, owner.token)).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/api/inventory/count?productId=${randomUUID()}`, owner.token)).statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/inventory/count?productId=tea', owner.token)).statusCode).toBe(400);
    });
  });

  describe('getInventoryAvailability', () => {
    it('answers per location holding the SKU what is on hand, in transit and free to promise', async () => {
      const res = await call('GET', '/api/inventory/availability?sku=TEA-1', owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<TAvailability[]>();
      const depotRow = rows.find((row) => row.locationId === depot);
      const shopRow = rows.find((row) => row.locationId === shop);
      expect(rows).toHaveLength(2);
      expect(depotRow).toEqual({
        locationId: depot,
        locationName: 'Depot',
        productId: item('teaDepot').productId,
        onHand: 100,
        inTransitOut: 6,
        inTransitIn: 4,
        available: 100,
      });
      // 1 unit waits in a PENDING movement out of the shop: not free to promise.
      expect(shopRow).toMatchObject({
        locationName: 'Shop',
        onHand: 12,
        inTransitOut: 4,
        inTransitIn: 6,
        available: 11,
      });
      expect((await call('GET', '/api/inventory/availability?sku=NOPE', owner.token)).json()).toEqual([]);
      expect((await call('GET', '/api/inventory/availability', owner.token)).statusCode).toBe(400);
    });
  });
});
