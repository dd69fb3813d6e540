import type { Role } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, insertProductAt } from '../../../../test/factories/inventory.js';
import { insertInventoryItem } from '../../../../test/factories/products.js';

/**
 * Who may call each inventory item route (DESIGN 5): reads `inventory:read`, create and batch
 * `inventory:create`, adjust and count `inventory:adjust`, retire and reactivate
 * `inventory:update`, deletes `inventory:delete`. A refusal is a 403 that changes nothing; another
 * business's ids are unknown (404); and no plan gates these calls (a Free business uses them all).
 */

type Kind = 'read' | 'create' | 'adjust' | 'update' | 'delete';
type Fixture = {
  itemId: string;
  zeroId: string;
  freeProductId: string;
  sku: string;
  barcode: string;
  productId: string;
};
type Route = {
  kind: Kind;
  name: string;
  request: (f: Fixture) => {
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    url: string;
    body?: unknown;
  };
};

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: string;
let tokens: Record<string, string>;

const ROLES: Record<string, Role> = {
  businessAdmin: 'ROLE_BUSINESS_ADMIN',
  inventoryAdmin: 'ROLE_INVENTORY_ADMIN',
  contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
  reader: 'ROLE_INVENTORY_READER',
  assistant: 'ROLE_STORE_ASSISTANT',
  productAdmin: 'ROLE_PRODUCT_ADMIN',
  productReader: 'ROLE_PRODUCT_READER',
  analyticsAdmin: 'ROLE_ANALYTICS_ADMIN',
};

/** What each role may do here, written out rather than read from PERMISSIONS: this is the rule. */
const ALLOWED: Record<string, readonly Kind[]> = {
  owner: ['read', 'create', 'adjust', 'update', 'delete'],
  businessAdmin: ['read', 'create', 'adjust', 'update', 'delete'],
  inventoryAdmin: ['read', 'create', 'adjust', 'update', 'delete'],
  contributor: ['read', 'create', 'adjust', 'update'],
  reader: ['read'],
  assistant: ['read', 'adjust'],
  productAdmin: [],
  productReader: [],
  analyticsAdmin: [],
};

const ROUTES: Route[] = [
  {
    kind: 'read',
    name: 'getInventoryAtLocation',
    request: (f) => ({ method: 'GET', url: `/api/inventory/${f.itemId}/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'getInventoryWithCategory',
    request: (f) => ({ method: 'GET', url: `/api/inventory/${f.itemId}/with-category` }),
  },
  {
    kind: 'read',
    name: 'getInventoryLedger',
    request: (f) => ({ method: 'GET', url: `/api/inventory/${f.itemId}/ledger` }),
  },
  {
    kind: 'read',
    name: 'getInventoryBySku',
    request: (f) => ({ method: 'GET', url: `/api/inventory/sku/${f.sku}/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'getInventoryOfProductSku',
    request: (f) => ({ method: 'GET', url: `/api/product/sku/${f.sku}/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'getInventoryByProduct',
    request: (f) => ({ method: 'GET', url: `/api/inventory/product/${f.productId}/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'getInventoryByBarcode',
    request: (f) => ({ method: 'GET', url: `/api/inventory/barcode/${f.barcode}/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'listStockAtLocation',
    request: () => ({ method: 'GET', url: `/api/inventory/page/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'searchInventoryProducts',
    request: () => ({ method: 'GET', url: `/api/inventory/products/search?query=s&locationId=${shop}` }),
  },
  {
    kind: 'read',
    name: 'listInventoryProductsAtLocation',
    request: () => ({ method: 'GET', url: `/api/inventory/products/location/${shop}` }),
  },
  {
    kind: 'read',
    name: 'suggestInventorySkus',
    request: () => ({ method: 'GET', url: `/api/inventory/search/sku?query=s&locationId=${shop}` }),
  },
  {
    kind: 'read',
    name: 'countInventoryUnits',
    request: (f) => ({
      method: 'GET',
      url: `/api/inventory/count?locationId=${shop}&productId=${f.productId}`,
    }),
  },
  {
    kind: 'create',
    name: 'createInventory',
    request: (f) => ({
      method: 'POST',
      url: '/api/inventory',
      body: { productId: f.freeProductId, locationId: shop, quantity: 3 },
    }),
  },
  {
    kind: 'create',
    name: 'createInventoryBatch',
    request: (f) => ({
      method: 'POST',
      url: '/api/inventory/batch',
      body: [{ productId: f.freeProductId, locationId: shop, quantity: 3 }],
    }),
  },
  {
    kind: 'adjust',
    name: 'adjustInventory',
    request: (f) => ({
      method: 'PUT',
      url: `/api/inventory/${f.itemId}/adjust`,
      body: { delta: -1, reason: 'LOST' },
    }),
  },
  {
    kind: 'adjust',
    name: 'adjustInventoryBatch',
    request: (f) => ({
      method: 'PUT',
      url: '/api/inventory/adjust',
      body: [{ inventoryId: f.itemId, delta: 2, reason: 'FOUND' }],
    }),
  },
  {
    kind: 'adjust',
    name: 'setInventoryCount',
    request: (f) => ({
      method: 'PUT',
      url: `/api/inventory/${f.itemId}/location/${shop}`,
      body: { quantity: 1 },
    }),
  },
  {
    kind: 'update',
    name: 'retireInventory',
    request: (f) => ({ method: 'PATCH', url: `/api/inventory/${f.itemId}/location/${shop}/retire` }),
  },
  {
    kind: 'update',
    name: 'reactivateInventory',
    request: (f) => ({ method: 'PATCH', url: `/api/inventory/${f.itemId}/location/${shop}/reactivate` }),
  },
  {
    kind: 'delete',
    name: 'deleteInventory',
    request: (f) => ({ method: 'DELETE', url: `/api/inventory/${f.zeroId}/location/${shop}` }),
  },
  {
    kind: 'delete',
    name: 'deleteEmptyInventoryAtLocation',
    request: () => ({ method: 'DELETE', url: `/api/inventory/location/${shop}/zero-quantity` }),
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Access Stores');
  other = await ownerWithBusiness(t, 'Rival Stores');
  // Staff beyond the Free plan's two need a larger plan; the routes themselves run on Free below.
  await setPlan(t, owner.businessId, 'SUPREME');
  tokens = { owner: owner.token, ...(await staffTokensByRole(t, owner.token, ROLES)) };
  await setPlan(t, owner.businessId, 'FREE');
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

const call = apiCaller(() => t);
let serial = 0;

/** A fresh item holding 5, an item at 0, and a product without an item, all at the shop. */
async function fixture(): Promise<Fixture> {
  serial += 1;
  const barcode = String(4_000_000_000_000 + serial);
  const held = await insertProductAt(t, owner.businessId, shop, { sku: `S-${serial}`, barcode });
  const empty = await insertProductAt(t, owner.businessId, shop, { sku: `S-${serial}-0` });
  const free = await insertProductAt(t, owner.businessId, shop, { sku: `S-${serial}-F` });
  return {
    itemId: await insertInventoryItem(t, owner.businessId, held.id, shop, 5),
    zeroId: await insertInventoryItem(t, owner.businessId, empty.id, shop, 0),
    freeProductId: free.id,
    sku: held.sku,
    barcode,
    productId: held.id,
  };
}

/** Everything the inventory routes can write, over all businesses. */
async function inventoryState(): Promise<string> {
  const { rows } = await t.sql(
    `select ${['inventory_items', 'stock_ledger', 'audit_logs', 'idempotency_keys']
      .map((table) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x)`)
      .join(" || '/' || ")} as state`,
  );
  return (rows[0] as { state: string }).state;
}

describe('inventory items: access', () => {
  it('runs every route on the Free plan: no plan gates stock records', async () => {
    const { rows } = await t.sql('select plan_id from businesses where id = $1', [owner.businessId]);
    expect(rows[0]).toEqual({ plan_id: 'FREE' });
    for (const route of ROUTES) {
      const { method, url, body } = route.request(await fixture());
      const res = await call(method, url, owner.token, body);
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
    }
  });

  for (const [who, allowed] of Object.entries(ALLOWED)) {
    it(`lets ${who} call ${allowed.length ? allowed.join(', ') : 'nothing'} and refuses the rest with a 403 that changes nothing`, async () => {
      const token = tokens[who];
      if (!token) throw new Error(`no token for ${who}`);
      for (const route of ROUTES) {
        const { method, url, body } = route.request(await fixture());
        const before = allowed.includes(route.kind) ? '' : await inventoryState();
        const res = await call(method, url, token, body);
        if (allowed.includes(route.kind)) {
          expect(res.statusCode, `${who} ${route.name}: ${res.body}`).toBeLessThan(300);
        } else {
          expect(
            { status: res.statusCode, code: res.json<{ code: string }>().code },
            `${who} ${route.name}`,
          ).toEqual({
            status: 403,
            code: 'FORBIDDEN',
          });
          expect(await inventoryState(), `${who} ${route.name} wrote`).toBe(before);
        }
      }
    });
  }

  it('answers 404 to another business for every id of this one, and changes nothing', async () => {
    for (const route of ROUTES) {
      const { method, url, body } = route.request(await fixture());
      const before = await inventoryState();
      const res = await call(method, url, other.token, body);
      expect(
        { status: res.statusCode, code: res.json<{ code: string }>().code },
        `${route.name}: ${res.body}`,
      ).toEqual({
        status: 404,
        code: 'NOT_FOUND',
      });
      // Only what the caller sent may come back (a SKU it typed), never the victim's names.
      expect(res.body).not.toMatch(/Shop/);
      expect(await inventoryState(), `${route.name} wrote`).toBe(before);
    }
    const { sku } = await fixture();
    const availability = await call('GET', `/api/inventory/availability?sku=${sku}`, other.token);
    expect(availability.json()).toEqual([]);
    const count = await call('GET', '/api/inventory/count', other.token);
    expect(count.json()).toEqual({ totalQuantity: 0 });
  });

  it('refuses a caller without a token with 401', async () => {
    const { method, url, body } = ROUTES[0]!.request(await fixture());
    expect((await call(method, url, undefined, body)).statusCode).toBe(401);
  });
});
