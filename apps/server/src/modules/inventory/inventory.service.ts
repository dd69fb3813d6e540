import type { TInventoryItem } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { toInventoryItem } from './items/item-mapper.js';
import { findActiveItemViewsAt } from './items/items.repository.js';
import { findSkuSuggestions, type SkuSuggestionRow } from './items/item-lists.repository.js';
import { existsItemOfProduct, findQuantities, sumQuantityAt } from './inventory-items.repository.js';

export type { InventoryItemRow } from './inventory-items.repository.js';
export type { SkuSuggestionRow } from './items/item-lists.repository.js';

/**
 * SKU suggestions of a location: its active products whose SKU starts with the prefix, with their
 * stock record or none (the inventory and movement screens both pick products with it).
 */
export async function suggestProductsAt(
  scope: TenantScope,
  locationId: string,
  prefix: string,
  page: { limit: number; offset: number },
  options: { withRetiredRecords: boolean },
): Promise<{ rows: SkuSuggestionRow[]; total: number }> {
  return findSkuSuggestions(scope, locationId, prefix, page, options);
}

/**
 * What the catalogue reads of stock. Quantities change only through the stock function, which
 * the inventory area adds with its ledger (DESIGN 4); until a product has an inventory item its
 * stock is 0.
 */
export async function stockUnitsAt(scope: TenantScope, locationId: string): Promise<number> {
  return sumQuantityAt(scope, locationId);
}

/** The quantity of each product; products without an inventory item are absent (stock 0). */
export async function stockOfProducts(
  scope: TenantScope,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = await findQuantities(scope, productIds);
  return new Map(rows.map((row) => [row.productId, row.quantity]));
}

/** The active inventory items of a location (a store's stock). */
/** The active items of a location as the inventory answers show them (product names, unit cost). */
export async function listStockAt(scope: TenantScope, locationId: string): Promise<TInventoryItem[]> {
  return (await findActiveItemViewsAt(scope, locationId)).map(toInventoryItem);
}

/** Whether stock history depends on the product (delete answers 409 IN_USE then). */
export async function hasStockRecords(scope: TenantScope, productId: string): Promise<boolean> {
  return existsItemOfProduct(scope, productId);
}
