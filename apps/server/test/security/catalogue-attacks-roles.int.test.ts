/**
 * Security review of the catalogue API (helper SEC): staff with fewer roles, and the plan.
 *
 * Threat: a signed-in user of THIS business whose roles do not cover the call (a product clerk on
 * stores, a stock clerk on prices, a reader anywhere, a store assistant, an analyst), and an owner
 * who wants more than the plan pays for and fires requests in parallel to slip past its limits.
 *
 * Each write is sent, with a valid body and the business's own ids, by every role that lacks its
 * permission: 403 FORBIDDEN and nothing written (every catalogue table and the stored files
 * compared). Then the limits under concurrency: stores, warehouses and reactivations (Free: one
 * each), articles by distinct SKU (Free: 100) including a creation racing a rename, and the
 * DISCOUNTS feature. Last, writes racing a deletion by another user of the business.
 *
 * FINDINGS (fixed): the article limit could be passed by a creation racing a rename; a write whose
 * parent was deleted meanwhile answered 500.
 */
import type { Role, TProduct } from '@app/contracts';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness, staffMember } from '../factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../factories/catalogue.js';
import { insertCategory, insertProducts, insertSupplier, postProduct } from '../factories/products.js';
import {
  blobFiles,
  expectError,
  fingerprint,
  realPng,
  seedCatalogue,
  send,
  waitingQueries,
  waitUntil,
  whileDeleting,
  type Attack,
  type Catalogue,
} from './catalogue-kit.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let c: Catalogue;
let png: Buffer;
const tokens = new Map<Role, string>();

const STAFF_ROLES: Role[] = [
  'ROLE_PRODUCT_ADMIN',
  'ROLE_PRODUCT_CONTRIBUTOR',
  'ROLE_PRODUCT_READER',
  'ROLE_INVENTORY_ADMIN',
  'ROLE_INVENTORY_CONTRIBUTOR',
  'ROLE_INVENTORY_READER',
  'ROLE_STORE_ASSISTANT',
  'ROLE_ANALYTICS_ADMIN',
  'ROLE_LOYALTY_ADMIN',
];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Roles Ltd');
  await setPlan(t, owner.businessId, 'SUPREME');
  c = await seedCatalogue(t, owner.token, 'Own');
  png = await realPng();
  for (const role of STAFF_ROLES) tokens.set(role, (await staffMember(t, owner.token, [role])).token);
});
afterAll(async () => {
  await t.close();
});

/**
 * Who is refused, by DESIGN 5 (written out here rather than read from PERMISSIONS, so that a
 * wrong matrix fails): inventory-area calls (locations, stores, warehouses, suppliers, carrying
 * containers, card readers) are for the inventory roles, product-area calls (products,
 * categories, discounts) for the product roles; readers never write, contributors never delete,
 * the store assistant only reads here.
 */
const OTHERS: Role[] = ['ROLE_ANALYTICS_ADMIN', 'ROLE_LOYALTY_ADMIN', 'ROLE_STORE_ASSISTANT'];
const PRODUCT_ROLES: Role[] = ['ROLE_PRODUCT_ADMIN', 'ROLE_PRODUCT_CONTRIBUTOR', 'ROLE_PRODUCT_READER'];
const INVENTORY_ROLES: Role[] = [
  'ROLE_INVENTORY_ADMIN',
  'ROLE_INVENTORY_CONTRIBUTOR',
  'ROLE_INVENTORY_READER',
];
const REFUSED = {
  inventoryWrite: [...PRODUCT_ROLES, 'ROLE_INVENTORY_READER', ...OTHERS],
  inventoryDelete: [...PRODUCT_ROLES, 'ROLE_INVENTORY_READER', 'ROLE_INVENTORY_CONTRIBUTOR', ...OTHERS],
  productWrite: [...INVENTORY_ROLES, 'ROLE_PRODUCT_READER', ...OTHERS],
  productDelete: [...INVENTORY_ROLES, 'ROLE_PRODUCT_READER', 'ROLE_PRODUCT_CONTRIBUTOR', ...OTHERS],
  productRead: [...INVENTORY_ROLES, 'ROLE_ANALYTICS_ADMIN', 'ROLE_LOYALTY_ADMIN', 'ROLE_STORE_ASSISTANT'],
  inventoryRead: [...PRODUCT_ROLES, 'ROLE_ANALYTICS_ADMIN', 'ROLE_LOYALTY_ADMIN'],
  /** Locations and suppliers: product roles read them too (catalogue:read). */
  catalogueRead: ['ROLE_ANALYTICS_ADMIN', 'ROLE_LOYALTY_ADMIN'],
} satisfies Record<string, Role[]>;

const productForm = (fields: Record<string, string>, image?: Buffer) => [
  ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ...(image ? [{ name: 'image', value: image, filename: 'p.png', contentType: 'image/png' }] : []),
];
const FROM = '2021-01-01T00:00:00Z';
const TO = '2098-01-01T00:00:00Z';

const WRITES: Array<[string, keyof typeof REFUSED, () => Attack]> = [
  // The inventory area
  [
    'POST a location',
    'inventoryWrite',
    () => ({ method: 'POST', url: '/api/locations', json: { name: 'New' } }),
  ],
  [
    'PUT a location',
    'inventoryWrite',
    () => ({ method: 'PUT', url: `/api/locations/${c.spareLocationId}`, json: { name: 'Renamed' } }),
  ],
  [
    'PATCH discontinue a location',
    'inventoryWrite',
    () => ({ method: 'PATCH', url: `/api/locations/${c.spareLocationId}/discontinue` }),
  ],
  [
    'DELETE a location',
    'inventoryDelete',
    () => ({ method: 'DELETE', url: `/api/locations/${c.spareLocationId}` }),
  ],
  [
    'register a card reader',
    'inventoryWrite',
    () => ({
      method: 'POST',
      url: '/api/locations/readers/pos-terminal-register',
      json: { locationId: c.storeLocationId, registrationCode: 'simulated-wpe', label: 'Till 9' },
    }),
  ],
  [
    'POST a store with an image',
    'inventoryWrite',
    () => ({
      method: 'POST',
      url: '/api/stores',
      form: [
        { name: 'store', value: JSON.stringify({ name: 'New', locationId: c.spareLocationId }) },
        { name: 'image', value: png, filename: 's.png', contentType: 'image/png' },
      ],
    }),
  ],
  [
    'PUT a store',
    'inventoryWrite',
    () => ({
      method: 'PUT',
      url: `/api/stores/${c.store.id}`,
      json: { name: 'Renamed', locationId: c.storeLocationId },
    }),
  ],
  [
    'PUT a store, discontinuing it',
    'inventoryWrite',
    () => ({
      method: 'PUT',
      url: `/api/stores/${c.store.id}`,
      json: { name: 'Own Store', locationId: c.storeLocationId, active: false },
    }),
  ],
  [
    'PUT toggleBasketWeight',
    'inventoryWrite',
    () => ({ method: 'PUT', url: `/api/stores/${c.store.id}/toggleBasketWeight` }),
  ],
  ['DELETE a store', 'inventoryDelete', () => ({ method: 'DELETE', url: `/api/stores/${c.store.id}` })],
  [
    'POST a warehouse',
    'inventoryWrite',
    () => ({ method: 'POST', url: '/api/warehouses', json: { name: 'New', locationId: c.spareLocationId } }),
  ],
  [
    'PUT a warehouse',
    'inventoryWrite',
    () => ({
      method: 'PUT',
      url: `/api/warehouses/${c.warehouseId}`,
      json: { name: 'Renamed', locationId: c.warehouseLocationId },
    }),
  ],
  [
    'PATCH discontinue a warehouse',
    'inventoryWrite',
    () => ({ method: 'PATCH', url: `/api/warehouses/${c.warehouseId}/discontinue` }),
  ],
  [
    'DELETE a warehouse',
    'inventoryDelete',
    () => ({ method: 'DELETE', url: `/api/warehouses/${c.warehouseId}` }),
  ],
  [
    'POST a supplier',
    'inventoryWrite',
    () => ({ method: 'POST', url: '/api/suppliers', json: { name: 'New' } }),
  ],
  [
    'PUT a supplier',
    'inventoryWrite',
    () => ({ method: 'PUT', url: `/api/suppliers/${c.supplierId}`, json: { name: 'Renamed' } }),
  ],
  [
    'PATCH discontinue a supplier',
    'inventoryWrite',
    () => ({ method: 'PATCH', url: `/api/suppliers/${c.supplierId}/discontinue` }),
  ],
  [
    'DELETE a supplier',
    'inventoryDelete',
    () => ({ method: 'DELETE', url: `/api/suppliers/${c.supplierId}` }),
  ],
  [
    'POST a carrying container',
    'inventoryWrite',
    () => ({
      method: 'POST',
      url: '/api/carrying-containers',
      json: { name: 'New', storeId: c.store.id, type: 'CART' },
    }),
  ],
  [
    'PUT a carrying container',
    'inventoryWrite',
    () => ({
      method: 'PUT',
      url: `/api/carrying-containers/${c.containerId}`,
      json: { name: 'Renamed', storeId: c.store.id, type: 'CART' },
    }),
  ],
  [
    'PATCH discontinue a carrying container',
    'inventoryWrite',
    () => ({
      method: 'PATCH',
      url: `/api/carrying-containers/${c.containerId}/store/${c.store.id}/discontinue`,
    }),
  ],
  [
    'DELETE a carrying container',
    'inventoryDelete',
    () => ({ method: 'DELETE', url: `/api/carrying-containers/${c.containerId}` }),
  ],
  // The product area
  [
    'POST a product with an image',
    'productWrite',
    () => ({
      method: 'POST',
      url: '/api/products',
      form: productForm({ name: 'New', sku: 'NEW-1', price: '1.00', locationId: c.storeLocationId }, png),
    }),
  ],
  [
    'PUT a product (JSON)',
    'productWrite',
    () => ({
      method: 'PUT',
      url: `/api/products/${c.product.id}`,
      json: { name: 'Renamed', sku: c.product.sku, price: '0.01', locationId: c.storeLocationId },
    }),
  ],
  [
    'PUT a product (form with an image)',
    'productWrite',
    () => ({
      method: 'PUT',
      url: `/api/products/${c.product.id}`,
      form: productForm(
        { name: 'Renamed', sku: c.product.sku, price: '0.01', locationId: c.storeLocationId },
        png,
      ),
    }),
  ],
  [
    'POST generate-barcode',
    'productWrite',
    () => ({ method: 'POST', url: `/api/products/${c.product.id}/generate-barcode` }),
  ],
  [
    'PATCH discontinue a product',
    'productWrite',
    () => ({
      method: 'PATCH',
      url: `/api/products/${c.product.id}/location/${c.storeLocationId}/discontinue`,
    }),
  ],
  [
    'DELETE a product',
    'productDelete',
    () => ({ method: 'DELETE', url: `/api/products/${c.product.id}/location/${c.storeLocationId}` }),
  ],
  [
    'POST a category',
    'productWrite',
    () => ({
      method: 'POST',
      url: '/api/categories',
      json: { categoryName: 'New', locationId: c.storeLocationId },
    }),
  ],
  [
    'PUT a category',
    'productWrite',
    () => ({
      method: 'PUT',
      url: `/api/categories/${c.categoryId}/location/${c.storeLocationId}`,
      json: { categoryName: 'Renamed', locationId: c.storeLocationId },
    }),
  ],
  [
    'PATCH discontinue a category',
    'productWrite',
    () => ({
      method: 'PATCH',
      url: `/api/categories/${c.categoryId}/location/${c.storeLocationId}/discontinue`,
    }),
  ],
  [
    'DELETE a category',
    'productDelete',
    () => ({ method: 'DELETE', url: `/api/categories/${c.categoryId}` }),
  ],
  [
    'set a discount',
    'productWrite',
    () => ({
      method: 'POST',
      url: `/api/discounts/create-or-update?sku=${c.product.sku}&locationId=${c.storeLocationId}&discountPercentage=90&discountValidFrom=${FROM}&discountValidTo=${TO}`,
    }),
  ],
  [
    'remove a discount',
    'productWrite',
    () => ({
      method: 'DELETE',
      url: `/api/discounts/remove?productId=${c.product.id}&locationId=${c.storeLocationId}`,
    }),
  ],
  // Reads across areas
  [
    'GET a product',
    'productRead',
    () => ({ method: 'GET', url: `/api/products/${c.product.id}?locationId=${c.storeLocationId}` }),
  ],
  [
    "GET a location's product list",
    'productRead',
    () => ({ method: 'GET', url: `/api/products/location/${c.storeLocationId}` }),
  ],
  [
    "GET a location's categories",
    'productRead',
    () => ({ method: 'GET', url: `/api/categories/location/${c.storeLocationId}` }),
  ],
  ['GET a store', 'inventoryRead', () => ({ method: 'GET', url: `/api/stores/${c.store.id}/details` })],
  ['GET the suppliers', 'catalogueRead', () => ({ method: 'GET', url: '/api/suppliers' })],
  ['GET the locations', 'catalogueRead', () => ({ method: 'GET', url: '/api/locations/business' })],
];

describe('SECURITY catalogue: a role without the permission is refused and writes nothing', () => {
  it.each(WRITES)('%s', async (_name, rule, build) => {
    const before = await fingerprint(t);
    for (const role of REFUSED[rule]) {
      const res = await send(t, tokens.get(role) ?? '', build());
      expect({ role, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        role,
        status: 403,
        code: 'FORBIDDEN',
      });
      expect(res.headers['x-plan-violation']).toBeUndefined();
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('lets the roles that hold the permission through (the refusals above are about roles)', async () => {
    const allowed: Array<[Role, Attack]> = [
      [
        'ROLE_INVENTORY_CONTRIBUTOR',
        { method: 'PUT', url: `/api/suppliers/${c.supplierId}`, json: { name: 'Own Supplies' } },
      ],
      ['ROLE_STORE_ASSISTANT', { method: 'GET', url: `/api/stores/${c.store.id}/details` }],
      [
        'ROLE_PRODUCT_CONTRIBUTOR',
        {
          method: 'PATCH',
          url: `/api/products/${c.product.id}/location/${c.storeLocationId}/reactivate`,
        },
      ],
      ['ROLE_PRODUCT_READER', { method: 'GET', url: `/api/products/location/${c.storeLocationId}` }],
    ];
    for (const [role, attack] of allowed) {
      const res = await send(t, tokens.get(role) ?? '', attack);
      expect({ role, status: res.statusCode }).toEqual({ role, status: 200 });
    }
  });
});

describe('SECURITY catalogue: plan limits hold under concurrent requests', () => {
  /** A new business starts on Free: one store, one warehouse, 100 articles, no discounts. */
  const freeBusiness = (name: string) => ownerWithBusiness(t, name);

  it('opens one store on Free, however many creations run at once', async () => {
    const b = await freeBusiness('Free Stores');
    const locations = await Promise.all(Array.from({ length: 6 }, () => insertLocation(t, b.businessId)));
    const answers = await Promise.all(
      locations.map((locationId, i) =>
        send(t, b.token, {
          method: 'POST',
          url: '/api/stores',
          form: [
            { name: 'store', value: JSON.stringify({ name: `Store ${i}`, locationId }) },
            { name: 'image', value: png, filename: 's.png', contentType: 'image/png' },
          ],
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    for (const res of answers.filter((one) => one.statusCode === 403)) {
      expectError(res, 403, 'PLAN_VIOLATION');
      expect(res.headers['x-plan-violation']).toBe('1');
    }
    const { rows } = await t.sql('select count(*)::int as n from stores where business_id = $1', [
      b.businessId,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
    // The refused creations left no image behind.
    const stored = await t.sql('select image_url from stores where business_id = $1', [b.businessId]);
    const files = (await blobFiles(t)).filter((file) => file.includes(b.businessId));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain((stored.rows[0] as { image_url: string }).image_url.split('/').pop());
  });

  it('reactivates one store on Free, however many reactivations run at once', async () => {
    const b = await freeBusiness('Free Reopen');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const locationId = await insertLocation(t, b.businessId);
      const res = await send(t, b.token, {
        method: 'POST',
        url: '/api/stores',
        form: [{ name: 'store', value: JSON.stringify({ name: `Closed ${i}`, locationId, active: false }) }],
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json<{ id: string; locationId: string }>().id);
    }
    const stores = await t.sql('select id, location_id from stores where business_id = $1', [b.businessId]);
    const locationOf = new Map(
      (stores.rows as Array<{ id: string; location_id: string }>).map((row) => [row.id, row.location_id]),
    );
    const answers = await Promise.all(
      ids.map((id, i) =>
        send(t, b.token, {
          method: 'PUT',
          url: `/api/stores/${id}`,
          json: { name: `Open ${i}`, locationId: locationOf.get(id), active: true },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 403, 403, 403]);
    const { rows } = await t.sql('select count(*)::int as n from stores where business_id = $1 and active', [
      b.businessId,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('opens and reactivates one warehouse on Free, however many run at once', async () => {
    const b = await freeBusiness('Free Depots');
    const locations = await Promise.all(Array.from({ length: 5 }, () => insertLocation(t, b.businessId)));
    const created = await Promise.all(
      locations.map((locationId, i) =>
        send(t, b.token, {
          method: 'POST',
          url: '/api/warehouses',
          json: { name: `Depot ${i}`, locationId },
        }),
      ),
    );
    expect(created.map((res) => res.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    const open = created.find((res) => res.statusCode === 201)?.json<{ id: string; locationId: string }>();
    // Discontinued warehouses at the other locations (written directly: creation is limited),
    // reactivated all at once with the first, discontinued too.
    const closed = await Promise.all(
      locations
        .filter((locationId) => locationId !== open?.locationId)
        .map(async (locationId) => {
          const id = randomUUID();
          await t.sql(
            `insert into warehouses (business_id, id, location_id, name, active) values ($1, $2, $3, 'Closed', false)`,
            [b.businessId, id, locationId],
          );
          return id;
        }),
    );
    const discontinued = await send(t, b.token, {
      method: 'PATCH',
      url: `/api/warehouses/${open?.id}/discontinue`,
    });
    expect(discontinued.statusCode).toBe(200);
    const reopened = await Promise.all(
      [open?.id, ...closed].map((id) =>
        send(t, b.token, { method: 'PATCH', url: `/api/warehouses/${id}/reactivate` }),
      ),
    );
    expect(reopened.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const { rows } = await t.sql(
      'select count(*)::int as n from warehouses where business_id = $1 and active',
      [b.businessId],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('creates articles up to the Free limit of 100 distinct SKUs and no further, at once', async () => {
    const b = await freeBusiness('Free Articles');
    const locationId = await insertLocation(t, b.businessId);
    const other = await insertLocation(t, b.businessId);
    await insertProducts(t, b.businessId, locationId, 97);
    // Three new SKUs fit; eight are sent at once, plus copies of an existing SKU (no new article).
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        postProduct(t, b.token, { name: `New ${i}`, sku: `NEW-${i}`, price: '1.00', locationId }),
      ),
      postProduct(t, b.token, { name: 'Copy', sku: 'BULK-0001', price: '1.00', locationId: other }),
    ]);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    const { rows } = await t.sql(
      'select count(distinct sku)::int as n from products where business_id = $1',
      [b.businessId],
    );
    expect(rows).toEqual([{ n: 100 }]);
  });

  it('creates the same new SKU at two locations at once as one article', async () => {
    const b = await freeBusiness('Free Twins');
    const first = await insertLocation(t, b.businessId);
    const second = await insertLocation(t, b.businessId);
    await insertProducts(t, b.businessId, first, 99);
    const answers = await Promise.all(
      [first, second].map((locationId) =>
        postProduct(t, b.token, { name: 'Twin', sku: 'TWIN', price: '1.00', locationId }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    const { rows } = await t.sql(
      'select count(distinct sku)::int as n from products where business_id = $1',
      [b.businessId],
    );
    expect(rows).toEqual([{ n: 100 }]);
  });

  /**
   * FINDING (fixed): a creation of an existing SKU A (no gate: A exists) and a rename of A's only
   * row (no gate: A disappears) each decided without a lock, so run together they left A and the
   * new SKU: one article over the plan, repeatable. The test makes the interleaving certain: it
   * holds the creation's location so the creation waits after its checks, then renames.
   */
  it('keeps a creation of an existing SKU and a rename of its only row within the limit together', async () => {
    const b = await freeBusiness('Free Rename');
    const home = await insertLocation(t, b.businessId);
    const away = await insertLocation(t, b.businessId);
    await insertProducts(t, b.businessId, home, 99);
    const created = await postProduct(t, b.token, {
      name: 'Apple',
      sku: 'APPLE',
      price: '1.00',
      locationId: home,
    });
    expect(created.statusCode).toBe(201);
    const apple = created.json<TProduct>();

    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from locations where business_id = $1 and id = $2 for update', [
        b.businessId,
        away,
      ]);
      // The creation of APPLE at `away` passes its checks, then waits for the location.
      const creation = postProduct(t, b.token, {
        name: 'Apple',
        sku: 'APPLE',
        price: '1.00',
        locationId: away,
      });
      await waitUntil(async () => (await waitingQueries(t, 'update "locations"')) > 0, 'the creation waits');
      // The rename of APPLE's only (committed) row, meanwhile.
      let renameSettled = false;
      const rename = send(t, b.token, {
        method: 'PUT',
        url: `/api/products/${apple.id}`,
        json: { name: 'Banana', sku: 'BANANA', price: '1.00', locationId: home },
      }).finally(() => {
        renameSettled = true;
      });
      await waitUntil(
        async () => renameSettled || (await waitingQueries(t, 'select')) > 0,
        'the rename finishes or waits',
      );
      await holder.query('commit');
      const [createdAway, renamed] = await Promise.all([creation, rename]);
      expect(createdAway.statusCode).toBe(201);
      expect([200, 403]).toContain(renamed.statusCode);
    } finally {
      await holder.end();
    }
    const { rows } = await t.sql(
      'select count(distinct sku)::int as n from products where business_id = $1',
      [b.businessId],
    );
    expect(rows).toEqual([{ n: 100 }]);
  });

  it('refuses discounts on Free, all at once, and writes nothing', async () => {
    const b = await freeBusiness('Free Discounts');
    const locationId = await insertLocation(t, b.businessId);
    const res = await postProduct(t, b.token, { name: 'Pear', sku: 'PEAR', price: '2.00', locationId });
    expect(res.statusCode).toBe(201);
    const before = await fingerprint(t);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(t, b.token, {
          method: 'POST',
          url: `/api/discounts/create-or-update?sku=PEAR&locationId=${locationId}&discountPercentage=${10 + i}&discountValidFrom=${FROM}&discountValidTo=${TO}`,
        }),
      ),
    );
    for (const answer of answers) {
      expectError(answer, 403, 'PLAN_VIOLATION');
      expect(answer.headers['x-plan-violation']).toBe('1');
    }
    expect(await fingerprint(t)).toEqual(before);
  });
});

/**
 * FINDING (fixed): a write that read its parent (a location, store, category, supplier, or the
 * product itself) while another user of the business deleted it answered 500: a foreign key
 * violation, or a row that vanished under an update. It is the parent's 404 now, and nothing is
 * written.
 */
describe('SECURITY catalogue: a parent deleted during a write answers 404, not 500', () => {
  it('creates no category, product or container at a location or store deleted meanwhile', async () => {
    const b = owner.businessId;
    const cases: Array<[{ table: string; id: string }, () => Attack]> = [];
    const categoryAt = await insertLocation(t, b);
    cases.push([
      { table: 'locations', id: categoryAt },
      () => ({
        method: 'POST',
        url: '/api/categories',
        json: { categoryName: 'Late', locationId: categoryAt },
      }),
    ]);
    const productAt = await insertLocation(t, b);
    cases.push([
      { table: 'locations', id: productAt },
      () => ({
        method: 'POST',
        url: '/api/products',
        form: productForm({ name: 'Late', sku: 'LATE-1', price: '1', locationId: productAt }),
      }),
    ]);
    const storeLocation = await insertLocation(t, b);
    const { storeId } = await insertStore(t, b, { locationId: storeLocation });
    cases.push([
      { table: 'stores', id: storeId },
      () => ({
        method: 'POST',
        url: '/api/carrying-containers',
        json: { name: 'Late', storeId, type: 'BAG' },
      }),
    ]);
    const withCategory = await insertLocation(t, b);
    const categoryId = await insertCategory(t, b, withCategory, 'Going');
    cases.push([
      { table: 'categories', id: categoryId },
      () => ({
        method: 'POST',
        url: '/api/products',
        form: productForm({ name: 'Late', sku: 'LATE-2', price: '1', locationId: withCategory, categoryId }),
      }),
    ]);
    const supplierId = await insertSupplier(t, b, 'Going Supplies');
    cases.push([
      { table: 'suppliers', id: supplierId },
      () => ({
        method: 'POST',
        url: '/api/products',
        form: productForm({ name: 'Late', sku: 'LATE-3', price: '1', locationId: withCategory, supplierId }),
      }),
    ]);
    const doomed = await postProduct(t, owner.token, {
      name: 'Doomed',
      sku: 'DOOMED',
      price: '1',
      locationId: withCategory,
    });
    const doomedId = doomed.json<TProduct>().id;
    cases.push([
      { table: 'products', id: doomedId },
      () => ({
        method: 'PUT',
        url: `/api/products/${doomedId}`,
        json: { name: 'Renamed', sku: 'DOOMED', price: '2', locationId: withCategory },
      }),
    ]);
    for (const [row, attack] of cases) {
      const res = await whileDeleting(t, { ...row, businessId: b }, () => send(t, owner.token, attack()));
      expect({ table: row.table, status: res.statusCode, code: res.json<{ code: string }>().code }).toEqual({
        table: row.table,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    const { rows } = await t.sql(
      `select (select count(*)::int from categories where business_id = $1 and name = 'Late') as categories,
              (select count(*)::int from products where business_id = $1 and name in ('Late', 'Renamed')) as products,
              (select count(*)::int from carrying_containers where business_id = $1 and name = 'Late') as containers`,
      [b],
    );
    expect(rows).toEqual([{ categories: 0, products: 0, containers: 0 }]);
  });
});
