import type { TInventoryItem } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';
import { bearer } from '../factories/accounts.js';
import { insertLocation } from '../factories/catalogue.js';
import { insertProductAt, openStock } from '../factories/inventory.js';
import { insertCategory } from '../factories/products.js';

/**
 * Shared pieces of the inventory attack files (inventory-attacks-*.int.test.ts): a digest of all
 * that the inventory API writes, a seeded stock per business, and a request with any headers.
 */

export const INVENTORY_TABLES = [
  'inventory_items',
  'inventory_positions',
  'inventory_position_gaps',
  'stock_ledger',
  'idempotency_keys',
  'audit_logs',
  'products',
  'locations',
] as const;

/** A digest of every row of those tables, all businesses: equal before and after = nothing written. */
export async function inventoryFingerprint(t: TestApp): Promise<Record<string, string>> {
  const columns = INVENTORY_TABLES.map(
    (table) =>
      `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x) as ${table}`,
  );
  const { rows } = await t.sql(`select ${columns.join(', ')}`);
  return rows[0] as Record<string, string>;
}

export type Stock = {
  shopId: string;
  depotId: string;
  /** A product at the shop with an item holding 20, a barcode and a category. */
  held: TInventoryItem;
  /** An item at 0 at the shop. */
  empty: TInventoryItem;
  /** A product at the shop without an item yet. */
  freeProductId: string;
  /** A product at the depot without an item. */
  depotProductId: string;
};

/** One business's stock, named after `prefix` so a message naming another business's row shows. */
export async function seedStock(
  t: TestApp,
  owner: { token: string; businessId: string },
  prefix: string,
  barcode: string,
): Promise<Stock> {
  const shopId = await insertLocation(t, owner.businessId, { name: `${prefix} Shop` });
  const depotId = await insertLocation(t, owner.businessId, { name: `${prefix} Depot` });
  const categoryId = await insertCategory(t, owner.businessId, shopId, `${prefix} Teas`);
  const heldProduct = await insertProductAt(t, owner.businessId, shopId, {
    sku: `${prefix.toUpperCase()}-TEA`,
    name: `${prefix} Tea`,
    barcode,
    categoryId,
  });
  const emptyProduct = await insertProductAt(t, owner.businessId, shopId, {
    sku: `${prefix.toUpperCase()}-EMPTY`,
    name: `${prefix} Empty`,
  });
  const free = await insertProductAt(t, owner.businessId, shopId, { name: `${prefix} Free` });
  const depotProduct = await insertProductAt(t, owner.businessId, depotId, { name: `${prefix} Crate` });
  return {
    shopId,
    depotId,
    held: await openStock(t, owner.token, { productId: heldProduct.id, locationId: shopId, quantity: 20 }),
    empty: await openStock(t, owner.token, { productId: emptyProduct.id, locationId: shopId, quantity: 0 }),
    freeProductId: free.id,
    depotProductId: depotProduct.id,
  };
}

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  json?: unknown;
  headers?: Record<string, string>;
};

export function sendAs(t: TestApp, token: string, call: Call): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...bearer(token), ...call.headers },
    ...(call.json === undefined ? {} : { payload: call.json as object }),
  });
}

/** A refusal in the API's one shape, never a 5xx nor a stack. */
export function expectRefusal(res: LightMyRequestResponse, status: number, code: string, what = ''): void {
  expect({ status: res.statusCode, code: res.json<{ code?: string }>().code }, `${what} ${res.body}`).toEqual(
    {
      status,
      code,
    },
  );
  expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
}
