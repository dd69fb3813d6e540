import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../../test/factories/inventory.js';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore } from '../../../../test/factories/catalogue.js';
import {
  createProduct,
  insertCategory,
  insertInventoryItem,
  insertSupplier,
} from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let reader: { token: string };
let outsider: { token: string };
let shop: string;
let depot: string;
let theirs: string;
let tea: { id: string };
let theirTea: { id: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  outsider = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
  ({ locationId: shop } = await insertStore(t, owner.businessId, { name: 'Shop' }));
  depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
  const categoryId = await insertCategory(t, owner.businessId, shop, 'Drinks');
  const supplierId = await insertSupplier(t, owner.businessId, 'Leaf & Co');
  tea = await createProduct(t, owner.token, {
    name: 'Green Tea',
    sku: 'TEA-1',
    barcode: '4006381333931',
    categoryId,
    supplierId,
    locationId: shop,
    locationIds: depot,
  });
  await insertInventoryItem(t, owner.businessId, tea.id, shop, 7);
  other = await ownerWithBusiness(t, 'Other Shop');
  theirs = await insertLocation(t, other.businessId, { name: 'Theirs' });
  theirTea = await createProduct(t, other.token, { name: 'Green Tea', sku: 'TEA-1', locationId: theirs });
});
afterAll(async () => {
  // Stock these tests write straight into the database carries its ledger (test/factories).
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

function get(token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

describe('products (reads)', () => {
  describe('getProduct', () => {
    it('answers the product at its location with its stock', async () => {
      const res = await get(reader.token, `/api/products/${tea.id}?locationId=${shop}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: tea.id,
        productId: tea.id,
        sku: 'TEA-1',
        stock: 7,
        locationId: shop,
      });
    });

    it('answers 404 at another location and for another business, 400 without a location', async () => {
      expect((await get(owner.token, `/api/products/${tea.id}?locationId=${depot}`)).statusCode).toBe(404);
      expect((await get(owner.token, `/api/products/${theirTea.id}?locationId=${theirs}`)).statusCode).toBe(
        404,
      );
      expect((await get(other.token, `/api/products/${tea.id}?locationId=${shop}`)).statusCode).toBe(404);
      const bad = await get(owner.token, `/api/products/${tea.id}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.locationId).toBeDefined();
    });

    it('refuses roles outside products (403) and strangers (401)', async () => {
      expect((await get(outsider.token, `/api/products/${tea.id}?locationId=${shop}`)).statusCode).toBe(403);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/products/${tea.id}?locationId=${shop}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('getProductBySku and getProductByBarcode', () => {
    it('finds the product at a location by SKU and by barcode', async () => {
      const bySku = await get(reader.token, `/api/products/sku/TEA-1/location/${depot}`);
      expect(bySku.statusCode).toBe(200);
      expect(bySku.json()).toMatchObject({ sku: 'TEA-1', locationId: depot, stock: 0 });
      const byBarcode = await get(owner.token, `/api/products/barcode/4006381333931/location/${shop}`);
      expect(byBarcode.statusCode).toBe(200);
      expect(byBarcode.json().id).toBe(tea.id);
    });

    it('finds a SKU holding a slash, sent encoded', async () => {
      await createProduct(t, owner.token, { sku: 'BOX/12', locationId: shop });
      const res = await get(
        owner.token,
        `/api/products/sku/${encodeURIComponent('BOX/12')}/location/${shop}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().sku).toBe('BOX/12');
    });

    it("answers 404 for unknown codes and another business's location, 400 for a malformed barcode", async () => {
      expect((await get(owner.token, `/api/products/sku/NOPE/location/${shop}`)).statusCode).toBe(404);
      expect((await get(owner.token, `/api/products/sku/TEA-1/location/${theirs}`)).statusCode).toBe(404);
      expect(
        (await get(owner.token, `/api/products/barcode/5901234123457/location/${shop}`)).statusCode,
      ).toBe(404);
      const bad = await get(owner.token, `/api/products/barcode/12ab/location/${shop}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.barcode).toBeDefined();
    });
  });

  describe('getProductWithEntities', () => {
    it('answers the product with its category, supplier and location', async () => {
      const res = await get(reader.token, `/api/products/${tea.id}/with-entities`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: tea.id,
        stock: 7,
        category: { categoryName: 'Drinks', locationId: shop, location: { id: shop } },
        supplier: { name: 'Leaf & Co' },
        location: { id: shop, locationId: shop, usedBy: 'STORE' },
      });
    });

    it('answers null entities where the product has none, and 404 for another business', async () => {
      const plain = await createProduct(t, owner.token, { sku: 'PLAIN-1', locationId: depot });
      const res = await get(owner.token, `/api/products/${plain.id}/with-entities`);
      expect(res.json()).toMatchObject({
        category: null,
        supplier: null,
        location: { id: depot, usedBy: null },
      });
      expect((await get(owner.token, `/api/products/${theirTea.id}/with-entities`)).statusCode).toBe(404);
    });
  });

  describe('countProducts', () => {
    it("counts the business's distinct SKUs only", async () => {
      const before = (await get(owner.token, '/api/products/product-count/business')).json().count as number;
      await createProduct(t, owner.token, { sku: 'COUNT-1', locationId: shop, locationIds: depot });
      const res = await get(reader.token, '/api/products/product-count/business');
      expect(res.json()).toEqual({ count: before + 1 });
      expect((await get(other.token, '/api/products/product-count/business')).json()).toEqual({ count: 1 });
    });
  });

  describe('searchProducts', () => {
    let place: string;
    beforeAll(async () => {
      place = await insertLocation(t, owner.businessId, { name: 'Search' });
      for (const [sku, name] of [
        // ABc1: sorts after AB_1 under the C collation and under natural-language ones alike.
        ['AB_1', 'Plain box'],
        ['ABc1', 'Another box'],
        ['CUP-2', '50% off cup'],
        ['CUP-1', '50 cups'],
        ['ZED', 'ab start of a name'],
      ]) {
        await createProduct(t, owner.token, { sku, name, locationId: place });
      }
    });

    const search = (query: string, extra = '') =>
      get(owner.token, `/api/products/search/sku/${place}?query=${encodeURIComponent(query)}${extra}`);
    const skus = async (query: string, extra = '') =>
      ((await search(query, extra)).json().content as Array<{ sku: string }>).map((p) => p.sku);

    it('matches a trimmed, case-insensitive prefix of the SKU or the name, ordered by SKU', async () => {
      expect(await skus('  ab ')).toEqual(['AB_1', 'ABc1', 'ZED']);
      expect(await skus('cup-')).toEqual(['CUP-1', 'CUP-2']);
      expect(await skus('box')).toEqual([]);
    });

    it('takes % and _ literally', async () => {
      expect(await skus('ab_')).toEqual(['AB_1']);
      expect(await skus('50%')).toEqual(['CUP-2']);
      expect(await skus('%')).toEqual([]);
    });

    it('pages in SQL and leaves discontinued products out unless asked', async () => {
      const page = await search('', '&page=1&size=2');
      expect(page.json()).toMatchObject({ page: 1, size: 2, totalElements: 5, totalPages: 3 });
      expect((page.json().content as Array<{ sku: string }>).map((p) => p.sku)).toEqual(['CUP-1', 'CUP-2']);
      const zed = (await get(owner.token, `/api/products/sku/ZED/location/${place}`)).json();
      await t.app.inject({
        method: 'PATCH',
        url: `/api/products/${zed.id}/location/${place}/discontinue`,
        headers: bearer(owner.token),
      });
      expect(await skus('')).toEqual(['AB_1', 'ABc1', 'CUP-1', 'CUP-2']);
      expect(await skus('', '&active=all')).toEqual(['AB_1', 'ABc1', 'CUP-1', 'CUP-2', 'ZED']);
      expect(await skus('', '&active=false')).toEqual(['ZED']);
    });

    it("answers 404 for another business's location, 400 for bad paging, 403 outside products", async () => {
      expect((await get(owner.token, `/api/products/search/sku/${theirs}?query=TEA`)).statusCode).toBe(404);
      const bad = await search('a', '&size=500');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.size).toBeDefined();
      expect((await get(outsider.token, `/api/products/search/sku/${place}?query=a`)).statusCode).toBe(403);
    });
  });
});
