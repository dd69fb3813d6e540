/**
 * Security review of the catalogue API (helper SEC): another business's ids.
 *
 * Threat: a signed-in owner of business M (Mallory) who learned ids, SKUs, barcodes, QR codes or
 * image names of business V (Victim): from a shared screenshot, a printed QR code, a former
 * employee. Every path, query and body field that names a row is tried with V's value, alone and
 * mixed with M's own. Each must answer 404 NOT_FOUND (never 403, which would tell the id exists),
 * with a message that names nothing of V's, and must write nothing: the rows of every catalogue
 * table and the stored files are compared before and after. Then the second wall: the row-level
 * security policies hide V's rows from a transaction of M even when the code forgets its filter.
 */
import { randomUUID } from 'node:crypto';
import type { TLocation, TProduct, TStore, TSupplier } from '@app/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../../src/platform/auth/principal.js';
import { inTenant } from '../../src/platform/db/tenancy.js';
import { products } from '../../src/modules/product/products/products.table.js';
import { findProductById } from '../../src/modules/product/products/products.repository.js';
import { findStoreWithLocation } from '../../src/modules/product/stores/stores.repository.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import {
  CATALOGUE_TABLES,
  expectError,
  fingerprint,
  realPng,
  seedCatalogue,
  send,
  type Attack,
  type Catalogue,
} from './catalogue-kit.js';

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let v: Catalogue;
let m: Catalogue;
let png: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  await setPlan(t, victim.businessId, 'SUPREME');
  await setPlan(t, mallory.businessId, 'SUPREME');
  v = await seedCatalogue(t, victim.token, 'Victim');
  m = await seedCatalogue(t, mallory.token, 'Mallory');
  png = await realPng();
});
afterAll(async () => {
  await t.close();
});

const FROM = '2021-01-01T00:00:00Z';
const TO = '2098-01-01T00:00:00Z';
const productFields = (fields: Record<string, string | string[]>) =>
  Object.entries(fields).flatMap(([name, value]) => [value].flat().map((one) => ({ name, value: one })));

/**
 * Each attack of Mallory, built from both catalogues once they exist. `v` is the victim's,
 * `m` Mallory's own.
 */
const ATTACKS: Array<[string, () => Attack]> = [
  // Locations
  ['GET a location', () => ({ method: 'GET', url: `/api/locations/${v.storeLocationId}` })],
  [
    'PUT a location',
    () => ({ method: 'PUT', url: `/api/locations/${v.spareLocationId}`, json: { name: 'Taken over' } }),
  ],
  ['DELETE a location', () => ({ method: 'DELETE', url: `/api/locations/${v.spareLocationId}` })],
  [
    'PATCH discontinue a location',
    () => ({ method: 'PATCH', url: `/api/locations/${v.spareLocationId}/discontinue` }),
  ],
  [
    'PATCH reactivate a location',
    () => ({ method: 'PATCH', url: `/api/locations/${v.spareLocationId}/reactivate` }),
  ],
  [
    "register a card reader at the victim's store location",
    () => ({
      method: 'POST',
      url: '/api/locations/readers/pos-terminal-register',
      json: { locationId: v.storeLocationId, registrationCode: 'simulated-wpe', label: 'Skimmer' },
    }),
  ],
  // Stores
  ['GET a store', () => ({ method: 'GET', url: `/api/stores/${v.store.id}` })],
  ['GET a store inventory', () => ({ method: 'GET', url: `/api/stores/${v.store.id}/inventory` })],
  ['GET a store details', () => ({ method: 'GET', url: `/api/stores/${v.store.id}/details` })],
  ['GET a store by its QR code', () => ({ method: 'GET', url: `/api/stores/qr/${v.store.qrCode}` })],
  [
    'PUT a store (JSON), moving it to an own location',
    () => ({
      method: 'PUT',
      url: `/api/stores/${v.store.id}`,
      json: { name: 'Taken over', locationId: m.spareLocationId },
    }),
  ],
  [
    'PUT a store (form with an image)',
    () => ({
      method: 'PUT',
      url: `/api/stores/${v.store.id}`,
      form: [
        { name: 'store', value: JSON.stringify({ name: 'Taken over', locationId: v.storeLocationId }) },
        { name: 'image', value: png, filename: 'x.png', contentType: 'image/png' },
      ],
    }),
  ],
  [
    "PUT an own store onto the victim's free location",
    () => ({
      method: 'PUT',
      url: `/api/stores/${m.store.id}`,
      json: { name: 'Moved', locationId: v.spareLocationId },
    }),
  ],
  [
    "POST a store (with an image) at the victim's free location",
    () => ({
      method: 'POST',
      url: '/api/stores',
      form: [
        { name: 'store', value: JSON.stringify({ name: 'Squatter', locationId: v.spareLocationId }) },
        { name: 'image', value: png, filename: 'x.png', contentType: 'image/png' },
      ],
    }),
  ],
  ['DELETE a store', () => ({ method: 'DELETE', url: `/api/stores/${v.store.id}` })],
  [
    'PUT toggleBasketWeight of a store',
    () => ({ method: 'PUT', url: `/api/stores/${v.store.id}/toggleBasketWeight` }),
  ],
  // Warehouses
  ['GET a warehouse', () => ({ method: 'GET', url: `/api/warehouses/${v.warehouseId}` })],
  [
    'PUT a warehouse',
    () => ({
      method: 'PUT',
      url: `/api/warehouses/${v.warehouseId}`,
      json: { name: 'Taken over', locationId: v.warehouseLocationId },
    }),
  ],
  [
    "PUT an own warehouse onto the victim's free location",
    () => ({
      method: 'PUT',
      url: `/api/warehouses/${m.warehouseId}`,
      json: { name: 'Moved', locationId: v.spareLocationId },
    }),
  ],
  [
    "POST a warehouse at the victim's free location",
    () => ({
      method: 'POST',
      url: '/api/warehouses',
      json: { name: 'Squatter', locationId: v.spareLocationId },
    }),
  ],
  ['DELETE a warehouse', () => ({ method: 'DELETE', url: `/api/warehouses/${v.warehouseId}` })],
  [
    'PATCH discontinue a warehouse',
    () => ({ method: 'PATCH', url: `/api/warehouses/${v.warehouseId}/discontinue` }),
  ],
  [
    'PATCH reactivate a warehouse',
    () => ({ method: 'PATCH', url: `/api/warehouses/${v.warehouseId}/reactivate` }),
  ],
  // Products
  [
    'GET a product at its location',
    () => ({ method: 'GET', url: `/api/products/${v.product.id}?locationId=${v.storeLocationId}` }),
  ],
  [
    'GET a product at an own location',
    () => ({ method: 'GET', url: `/api/products/${v.product.id}?locationId=${m.storeLocationId}` }),
  ],
  [
    "GET an own product at the victim's location",
    () => ({ method: 'GET', url: `/api/products/${m.product.id}?locationId=${v.storeLocationId}` }),
  ],
  [
    'GET a product with its entities',
    () => ({ method: 'GET', url: `/api/products/${v.product.id}/with-entities` }),
  ],
  [
    'GET a product by SKU',
    () => ({ method: 'GET', url: `/api/products/sku/${v.product.sku}/location/${v.storeLocationId}` }),
  ],
  [
    "GET an own SKU at the victim's location",
    () => ({ method: 'GET', url: `/api/products/sku/${m.product.sku}/location/${v.storeLocationId}` }),
  ],
  [
    'GET a product by barcode (the same code both sell)',
    () => ({ method: 'GET', url: `/api/products/barcode/4006381333931/location/${v.storeLocationId}` }),
  ],
  [
    'GET the product list of a location',
    () => ({ method: 'GET', url: `/api/products/location/${v.storeLocationId}` }),
  ],
  [
    'GET the product list of a location, all of them',
    () => ({ method: 'GET', url: `/api/products/location/${v.storeLocationId}?active=all&page=0&size=100` }),
  ],
  [
    'search the products of a location',
    () => ({ method: 'GET', url: `/api/products/search/sku/${v.storeLocationId}?query=VICTIM` }),
  ],
  [
    'PUT a product (JSON)',
    () => ({
      method: 'PUT',
      url: `/api/products/${v.product.id}`,
      json: { name: 'Taken over', sku: v.product.sku, price: '0.01', locationId: v.storeLocationId },
    }),
  ],
  [
    'PUT a product (form with an image)',
    () => ({
      method: 'PUT',
      url: `/api/products/${v.product.id}`,
      form: [
        ...productFields({
          name: 'Taken over',
          sku: v.product.sku,
          price: '0.01',
          locationId: v.storeLocationId,
        }),
        { name: 'image', value: png, filename: 'x.png', contentType: 'image/png' },
      ],
    }),
  ],
  [
    "PUT an own product, copying it to the victim's location",
    () => ({
      method: 'PUT',
      url: `/api/products/${m.product.id}`,
      json: {
        name: 'Spam',
        sku: m.product.sku,
        price: '1.00',
        locationId: m.storeLocationId,
        locationIds: [v.storeLocationId],
      },
    }),
  ],
  [
    "PUT an own product into the victim's category",
    () => ({
      method: 'PUT',
      url: `/api/products/${m.product.id}`,
      json: {
        name: 'Spam',
        sku: m.product.sku,
        price: '1.00',
        locationId: m.storeLocationId,
        categoryId: v.categoryId,
      },
    }),
  ],
  [
    "PUT an own product onto the victim's supplier",
    () => ({
      method: 'PUT',
      url: `/api/products/${m.product.id}`,
      json: {
        name: 'Spam',
        sku: m.product.sku,
        price: '1.00',
        locationId: m.storeLocationId,
        supplierId: v.supplierId,
      },
    }),
  ],
  [
    "POST a product (with an image) at the victim's location",
    () => ({
      method: 'POST',
      url: '/api/products',
      form: [
        ...productFields({ name: 'Spam', sku: 'SPAM-1', price: '1.00', locationId: v.storeLocationId }),
        { name: 'image', value: png, filename: 'x.png', contentType: 'image/png' },
      ],
    }),
  ],
  [
    "POST a product at an own location and at the victim's (locationIds)",
    () => ({
      method: 'POST',
      url: '/api/products',
      form: productFields({
        name: 'Spam',
        sku: 'SPAM-2',
        price: '1.00',
        locationId: m.spareLocationId,
        locationIds: [m.warehouseLocationId, v.storeLocationId],
      }),
    }),
  ],
  [
    "POST a product in the victim's category",
    () => ({
      method: 'POST',
      url: '/api/products',
      form: productFields({
        name: 'Spam',
        sku: 'SPAM-3',
        price: '1.00',
        locationId: m.storeLocationId,
        categoryId: v.categoryId,
      }),
    }),
  ],
  [
    "POST a product with the victim's supplier",
    () => ({
      method: 'POST',
      url: '/api/products',
      form: productFields({
        name: 'Spam',
        sku: 'SPAM-4',
        price: '1.00',
        locationId: m.storeLocationId,
        supplierId: v.supplierId,
      }),
    }),
  ],
  [
    'POST generate-barcode of a product',
    () => ({ method: 'POST', url: `/api/products/${v.product.id}/generate-barcode` }),
  ],
  [
    'DELETE a product',
    () => ({ method: 'DELETE', url: `/api/products/${v.product.id}/location/${v.storeLocationId}` }),
  ],
  [
    'PATCH discontinue a product',
    () => ({
      method: 'PATCH',
      url: `/api/products/${v.product.id}/location/${v.storeLocationId}/discontinue`,
    }),
  ],
  [
    'PATCH reactivate a product',
    () => ({
      method: 'PATCH',
      url: `/api/products/${v.product.id}/location/${v.storeLocationId}/reactivate`,
    }),
  ],
  // Categories
  [
    'GET the categories of a location',
    () => ({ method: 'GET', url: `/api/categories/location/${v.storeLocationId}` }),
  ],
  [
    'GET all categories of a location',
    () => ({ method: 'GET', url: `/api/categories/location/${v.storeLocationId}/unfiltered` }),
  ],
  [
    'GET a category by name',
    () => ({
      method: 'GET',
      url: `/api/categories/by-name?categoryName=Victim%20Teas&locationId=${v.storeLocationId}`,
    }),
  ],
  [
    'GET a category at its location',
    () => ({ method: 'GET', url: `/api/categories/${v.categoryId}/location/${v.storeLocationId}` }),
  ],
  [
    "GET an own category at the victim's location",
    () => ({ method: 'GET', url: `/api/categories/${m.categoryId}/location/${v.storeLocationId}` }),
  ],
  [
    "POST a category at the victim's location",
    () => ({
      method: 'POST',
      url: '/api/categories',
      json: { categoryName: 'Spam', locationId: v.storeLocationId },
    }),
  ],
  [
    'PUT a category',
    () => ({
      method: 'PUT',
      url: `/api/categories/${v.categoryId}/location/${v.storeLocationId}`,
      json: { categoryName: 'Taken over', locationId: v.storeLocationId },
    }),
  ],
  [
    "PUT an own category, moving it to the victim's location",
    () => ({
      method: 'PUT',
      url: `/api/categories/${m.categoryId}/location/${m.storeLocationId}`,
      json: { categoryName: 'Moved', locationId: v.spareLocationId },
    }),
  ],
  ['DELETE a category', () => ({ method: 'DELETE', url: `/api/categories/${v.categoryId}` })],
  [
    'PATCH discontinue a category',
    () => ({
      method: 'PATCH',
      url: `/api/categories/${v.categoryId}/location/${v.storeLocationId}/discontinue`,
    }),
  ],
  [
    'PATCH reactivate a category',
    () => ({
      method: 'PATCH',
      url: `/api/categories/${v.categoryId}/location/${v.storeLocationId}/reactivate`,
    }),
  ],
  // Suppliers
  ['GET a supplier', () => ({ method: 'GET', url: `/api/suppliers/${v.supplierId}` })],
  [
    'PUT a supplier',
    () => ({ method: 'PUT', url: `/api/suppliers/${v.supplierId}`, json: { name: 'Taken over' } }),
  ],
  ['DELETE a supplier', () => ({ method: 'DELETE', url: `/api/suppliers/${v.supplierId}` })],
  [
    'PATCH discontinue a supplier',
    () => ({ method: 'PATCH', url: `/api/suppliers/${v.supplierId}/discontinue` }),
  ],
  [
    'PATCH reactivate a supplier',
    () => ({ method: 'PATCH', url: `/api/suppliers/${v.supplierId}/reactivate` }),
  ],
  // Carrying containers
  [
    "POST a container at the victim's store",
    () => ({
      method: 'POST',
      url: '/api/carrying-containers',
      json: { name: 'Spam', storeId: v.store.id, type: 'BAG' },
    }),
  ],
  [
    'GET the containers of a store',
    () => ({ method: 'GET', url: `/api/carrying-containers/store/${v.store.id}` }),
  ],
  [
    'GET all containers of a store',
    () => ({ method: 'GET', url: `/api/carrying-containers/store/${v.store.id}/unfiltered` }),
  ],
  [
    'GET a container at its store',
    () => ({ method: 'GET', url: `/api/carrying-containers/${v.containerId}/store/${v.store.id}` }),
  ],
  [
    "GET an own container at the victim's store",
    () => ({ method: 'GET', url: `/api/carrying-containers/${m.containerId}/store/${v.store.id}` }),
  ],
  [
    'PUT a container',
    () => ({
      method: 'PUT',
      url: `/api/carrying-containers/${v.containerId}`,
      json: { name: 'Taken over', storeId: v.store.id, type: 'CART' },
    }),
  ],
  [
    "PUT an own container into the victim's store",
    () => ({
      method: 'PUT',
      url: `/api/carrying-containers/${m.containerId}`,
      json: { name: 'Moved', storeId: v.store.id, type: 'CART' },
    }),
  ],
  ['DELETE a container', () => ({ method: 'DELETE', url: `/api/carrying-containers/${v.containerId}` })],
  [
    'PATCH discontinue a container',
    () => ({
      method: 'PATCH',
      url: `/api/carrying-containers/${v.containerId}/store/${v.store.id}/discontinue`,
    }),
  ],
  [
    'PATCH reactivate a container',
    () => ({
      method: 'PATCH',
      url: `/api/carrying-containers/${v.containerId}/store/${v.store.id}/reactivate`,
    }),
  ],
  // Discounts
  [
    "set a discount on the victim's product",
    () => ({
      method: 'POST',
      url: `/api/discounts/create-or-update?sku=${v.product.sku}&locationId=${v.storeLocationId}&discountPercentage=100&discountValidFrom=${FROM}&discountValidTo=${TO}`,
    }),
  ],
  [
    "set a discount on an own SKU at the victim's location",
    () => ({
      method: 'POST',
      url: `/api/discounts/create-or-update?sku=${m.product.sku}&locationId=${v.storeLocationId}&discountAmount=1&discountValidFrom=${FROM}&discountValidTo=${TO}`,
    }),
  ],
  [
    "remove the discount of the victim's product",
    () => ({
      method: 'DELETE',
      url: `/api/discounts/remove?productId=${v.product.id}&locationId=${v.storeLocationId}`,
    }),
  ],
  [
    "remove the discount of the victim's product, naming an own location",
    () => ({
      method: 'DELETE',
      url: `/api/discounts/remove?productId=${v.product.id}&locationId=${m.storeLocationId}`,
    }),
  ],
  // Images
  [
    "download the victim's product image",
    () => ({
      method: 'GET',
      url: `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(v.product.imageUrl ?? '')}`,
    }),
  ],
  [
    "download the victim's store image",
    () => ({
      method: 'GET',
      url: `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(v.store.imageUrl ?? '')}`,
    }),
  ],
  [
    "download the victim's image through an own prefix and ..",
    () => ({
      method: 'GET',
      url: `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(
        `businesses/${mallory.businessId}/../${(v.product.imageUrl ?? '').slice('businesses/'.length)}`,
      )}`,
    }),
  ],
  [
    "download the victim's image through an encoded ..",
    () => ({
      method: 'GET',
      url: `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(
        `businesses/${mallory.businessId}/%2e%2e/${(v.product.imageUrl ?? '').slice('businesses/'.length)}`,
      )}`,
    }),
  ],
];

/** What the attacker must not learn from an answer: the victim's names and ids. */
function victimSecrets(): string[] {
  return [
    'Victim Traders',
    'Victim High Street',
    'Victimville',
    'Victim Depot',
    'Victim Spare Yard',
    'Victim Store',
    'Victim Warehouse',
    'Victim Supplies',
    'Victim Teas',
    'Victim Tea"',
    'Victim Basket',
    'Victim Till',
    'VICTIM-TEA',
    victim.businessId,
    v.storeLocationId,
    v.spareLocationId,
    v.warehouseLocationId,
    v.store.id,
    v.store.qrCode,
    v.warehouseId,
    v.supplierId,
    v.categoryId,
    v.product.id,
    v.containerId,
  ];
}

describe("SECURITY catalogue: another business's ids answer 404 and change nothing", () => {
  it('the victim has everything the attacks aim at', () => {
    expect(v.product.imageUrl).toMatch(/^businesses\/[0-9a-f-]{36}\/products\//);
    expect(v.store.imageUrl).toMatch(/^businesses\/[0-9a-f-]{36}\/stores\//);
  });

  it.each(ATTACKS)('%s', async (_name, build) => {
    const before = await fingerprint(t);
    const attack = build();
    const res = await send(t, mallory.token, attack);
    expectError(res, 404, 'NOT_FOUND');
    // The message may repeat what the attacker sent ("No product with the SKU VICTIM-TEA"), never
    // anything else of the victim's: names of its rows, its business.
    const sent = decodeURIComponent(attack.url) + JSON.stringify(attack.json ?? attack.form ?? '');
    for (const secret of victimSecrets().filter((value) => !sent.includes(value))) {
      expect(res.body).not.toContain(secret);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('keeps the victim out of every list, search and count of the attacker', async () => {
    const get = async <T>(url: string) => {
      const res = await send(t, mallory.token, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json<T>();
    };
    const bodies = [
      await get<TLocation[]>('/api/locations?active=all'),
      await get<TLocation[]>('/api/locations/business-unfiltered'),
      await send(t, mallory.token, { method: 'GET', url: '/api/locations/unreferenced' }).then((r) => r.body),
      await get<TLocation[]>('/api/locations/autocomplete?input=Victim'),
      await get<TLocation[]>('/api/locations/autocomplete?input=High%20Street'),
      await get<TStore[]>('/api/stores?active=all'),
      await get<TStore[]>('/api/stores/search?locationName=High'),
      await get<TStore[]>('/api/stores/nearby?latitude=51.5&longitude=-0.12&radiusKm=20000'),
      await get('/api/warehouses?active=all'),
      await get<{ content: TSupplier[] }>('/api/suppliers?active=all&size=100'),
      await get<{ content: TSupplier[] }>('/api/suppliers?search=Victim'),
    ];
    const text = JSON.stringify(bodies);
    expect(text).not.toMatch(/victim/i);
    for (const id of [v.storeLocationId, v.store.id, v.warehouseId, v.supplierId])
      expect(text).not.toContain(id);
    // The attacker's own rows are there: the lists worked.
    expect(text).toContain(m.store.id);
    expect(await get('/api/products/product-count/business')).toEqual({ count: 1 });
  });

  it("answers an id that exists nowhere exactly as the victim's id", async () => {
    const unknown = randomUUID();
    const pairs: Array<[string, string]> = [
      [`/api/locations/${v.storeLocationId}`, `/api/locations/${unknown}`],
      [`/api/stores/${v.store.id}`, `/api/stores/${unknown}`],
      [`/api/products/location/${v.storeLocationId}`, `/api/products/location/${unknown}`],
      [`/api/categories/location/${v.storeLocationId}`, `/api/categories/location/${unknown}`],
      [`/api/carrying-containers/store/${v.store.id}`, `/api/carrying-containers/store/${unknown}`],
    ];
    for (const [theirs, nobodys] of pairs) {
      const a = await send(t, mallory.token, { method: 'GET', url: theirs });
      const b = await send(t, mallory.token, { method: 'GET', url: nobodys });
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    }
  });

  it("reads the victim's images for the victim (the attacks above were refused for the right reason)", async () => {
    for (const name of [v.product.imageUrl, v.store.imageUrl]) {
      const res = await send(t, victim.token, {
        method: 'GET',
        url: `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(name ?? '')}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
    }
  });
});

describe('SECURITY catalogue: the row-level security policies are a second wall', () => {
  const principalOf = (owner: typeof mallory): Principal => ({
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000),
  });

  it("hides the victim's rows from a repository that filters by the wrong business", async () => {
    // The repository is told the victim's business (as a bug passing the wrong scope would), but
    // the transaction is Mallory's: the policies compare with app.business_id and see nothing.
    const seen = await inTenant(t.database.db, principalOf(mallory), async (scope) => {
      const forged = { tx: scope.tx, businessId: victim.businessId };
      return {
        product: await findProductById(forged, v.product.id),
        store: await findStoreWithLocation(forged, { qrCode: v.store.qrCode }),
        // And a query that forgot its filter altogether.
        unfiltered: await scope.tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.sku, v.product.sku)),
      };
    });
    expect(seen).toEqual({ product: undefined, store: undefined, unfiltered: [] });
  });

  it("lets a transaction of another business neither read nor write the victim's rows", async () => {
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      await client.query(
        `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${mallory.businessId}', true)`,
      );
      for (const table of CATALOGUE_TABLES.filter((name) => name !== 'audit_logs' && name !== 'businesses')) {
        const { rows } = await client.query(
          `select count(*)::int as n from ${table} where business_id = $1`,
          [victim.businessId],
        );
        expect({ table, rows: (rows[0] as { n: number }).n }).toEqual({ table, rows: 0 });
      }
      const updated = await client.query(`update products set price = 0 where business_id = $1`, [
        victim.businessId,
      ]);
      expect(updated.rowCount).toBe(0);
      const deleted = await client.query(`delete from suppliers where business_id = $1`, [victim.businessId]);
      expect(deleted.rowCount).toBe(0);
      await client.query('savepoint forged');
      await expect(
        client.query(`insert into suppliers (business_id, id, name) values ($1, $2, 'Planted')`, [
          victim.businessId,
          randomUUID(),
        ]),
      ).rejects.toThrow(/row-level security/);
      await client.query('rollback to savepoint forged');
    } finally {
      await client.query('rollback');
      await client.end();
    }
    // The victim's product is as it was.
    const { rows } = await t.sql('select price from products where business_id = $1 and id = $2', [
      victim.businessId,
      v.product.id,
    ]);
    expect(rows).toEqual([{ price: '4.00' }]);
  });

  it('shows no tenant rows at all to a transaction without a business', async () => {
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      await client.query(`begin; select set_config('role', 'app_tenant', true)`);
      const { rows } = await client.query<TProduct>('select * from products');
      expect(rows).toEqual([]);
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });
});
