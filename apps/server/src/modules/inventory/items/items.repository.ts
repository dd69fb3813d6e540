import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * Inventory items as the API shows them: joined with their product (SKU, barcode, name). The
 * product and location tables belong to the catalogue; these are reads in plain SQL (no drizzle
 * table import crosses the module line), and nothing here changes a quantity: that is the stock
 * function's (stock/stock.repository.ts).
 */

export type ItemView = {
  id: string;
  locationId: string;
  productId: string;
  sku: string;
  barcode: string | null;
  productName: string;
  quantity: number;
  reorderPoint: number | null;
  /** The effective unit cost: the moving average, else the product's cost price (4 decimals). */
  averageUnitCost: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** The effective unit cost of an item `i` of product `p` (issue 16), as text with 4 decimals. */
export const ITEM_UNIT_COST = `coalesce(i.average_unit_cost, p.cost_price)::numeric(16, 4)::text`;

export const ITEM_COLUMNS = `i.id, i.location_id as "locationId", i.product_id as "productId", p.sku, p.barcode,
  p.name as "productName", i.quantity, i.reorder_point as "reorderPoint",
  ${ITEM_UNIT_COST} as "averageUnitCost", i.active,
  i.created_at as "createdAt", i.updated_at as "updatedAt"`;
export const ITEM_FROM = `from inventory_items i
  join products p on p.business_id = i.business_id and p.id = i.product_id`;

/** The active items of a location with their products, in no particular order. */
export async function findActiveItemViewsAt(scope: TenantScope, locationId: string): Promise<ItemView[]> {
  const result = await scope.tx.$client.query<ItemView>({
    name: 'inventory_active_item_views_at',
    text: `select ${ITEM_COLUMNS} ${ITEM_FROM} where i.business_id = $1 and i.location_id = $2 and i.active`,
    values: [scope.businessId, locationId],
  });
  return result.rows;
}

/** Items by id, in no particular order. */
export async function findItemViews(scope: TenantScope, ids: readonly string[]): Promise<ItemView[]> {
  if (ids.length === 0) return [];
  const result = await scope.tx.$client.query<ItemView>({
    name: 'inventory_item_views',
    text: `select ${ITEM_COLUMNS} ${ITEM_FROM} where i.business_id = $1 and i.id = any($2::uuid[])`,
    values: [scope.businessId, ids],
  });
  return result.rows;
}

/** The item with this id at this location (both must match), or undefined. */
export async function findItemAt(
  scope: TenantScope,
  id: string,
  locationId: string,
): Promise<ItemView | undefined> {
  const result = await scope.tx.$client.query<ItemView>({
    name: 'inventory_item_at',
    text: `select ${ITEM_COLUMNS} ${ITEM_FROM} where i.business_id = $1 and i.id = $2 and i.location_id = $3`,
    values: [scope.businessId, id, locationId],
  });
  return result.rows[0];
}

export type ItemCode = { sku: string } | { barcode: string } | { productId: string };

/** The item of the product found by SKU, barcode or id at a location, or undefined. */
export async function findItemByCode(
  scope: TenantScope,
  locationId: string,
  code: ItemCode,
): Promise<ItemView | undefined> {
  const [column, value, name] =
    'sku' in code
      ? ['p.sku', code.sku, 'inventory_item_by_sku']
      : 'barcode' in code
        ? ['p.barcode', code.barcode, 'inventory_item_by_barcode']
        : ['p.id', code.productId, 'inventory_item_by_product'];
  const result = await scope.tx.$client.query<ItemView>({
    name,
    text: `select ${ITEM_COLUMNS} ${ITEM_FROM}
           where i.business_id = $1 and i.location_id = $2 and p.location_id = $2 and ${column} = $3`,
    values: [scope.businessId, locationId, value],
  });
  return result.rows[0];
}

export type ItemWithCategory = ItemView & { categoryId: string | null; categoryName: string | null };

export async function findItemWithCategory(
  scope: TenantScope,
  id: string,
): Promise<ItemWithCategory | undefined> {
  const result = await scope.tx.$client.query<ItemWithCategory>({
    name: 'inventory_item_with_category',
    text: `select ${ITEM_COLUMNS}, c.id as "categoryId", c.name as "categoryName" ${ITEM_FROM}
           left join categories c on c.business_id = p.business_id and c.id = p.category_id
           where i.business_id = $1 and i.id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

/** What a write needs of an item it changes: where it is, and names for messages and the audit. */
export type LockedItem = {
  id: string;
  locationId: string;
  productId: string;
  quantity: number;
  sku: string;
  locationName: string;
};

/**
 * Locks the items in the stock function's one order (location, product; see stock.service.ts),
 * so a write may then apply its changes in the order the caller sent them without ever waiting
 * on a row while holding one another transaction wants first. Answers the items found.
 */
export async function lockItemsById(scope: TenantScope, ids: readonly string[]): Promise<LockedItem[]> {
  if (ids.length === 0) return [];
  const result = await scope.tx.$client.query<LockedItem>({
    name: 'inventory_lock_items_by_id',
    text: `select i.id, i.location_id as "locationId", i.product_id as "productId", i.quantity, p.sku,
                  l.name as "locationName"
           from inventory_items i
           join products p on p.business_id = i.business_id and p.id = i.product_id
           join locations l on l.business_id = i.business_id and l.id = i.location_id
           where i.business_id = $1 and i.id = any($2::uuid[])
           order by i.location_id, i.product_id
           for update of i`,
    values: [scope.businessId, ids],
  });
  return result.rows;
}

export type ChangeTarget = ItemView & { locationName: string };

/**
 * The item one change is about, as answers show it, without locking it: the stock function's
 * UPDATE takes the lock itself, so a caller that makes the change its last statement holds the
 * row only from the change to COMMIT.
 */
export async function findChangeTarget(scope: TenantScope, id: string): Promise<ChangeTarget | undefined> {
  const result = await scope.tx.$client.query<ChangeTarget>({
    name: 'inventory_change_target',
    text: `select ${ITEM_COLUMNS}, l.name as "locationName" ${ITEM_FROM}
           join locations l on l.business_id = i.business_id and l.id = i.location_id
           where i.business_id = $1 and i.id = $2`,
    values: [scope.businessId, id],
  });
  return result.rows[0];
}

export type ProductPlacement = { id: string; locationId: string; sku: string; name: string };

/**
 * The products, with where each is placed, held (FOR KEY SHARE) to the end of the transaction:
 * a colleague's deletion of one waits for the new stock record instead of breaking its foreign
 * key halfway, and one deleted a moment before is simply not found (404).
 */
export async function holdProducts(
  scope: TenantScope,
  productIds: readonly string[],
): Promise<ProductPlacement[]> {
  const result = await scope.tx.$client.query<ProductPlacement>({
    name: 'inventory_hold_products',
    text: `select id, location_id as "locationId", sku, name from products
           where business_id = $1 and id = any($2::uuid[])
           order by id
           for key share`,
    values: [scope.businessId, productIds],
  });
  return result.rows;
}

/** The locations of the business among these ids, with their names. */
export async function findLocationNames(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Array<{ id: string; name: string }>> {
  const result = await scope.tx.$client.query<{ id: string; name: string }>({
    name: 'inventory_location_names',
    text: 'select id, name from locations where business_id = $1 and id = any($2::uuid[])',
    values: [scope.businessId, ids],
  });
  return result.rows;
}

/** Whether the product is one of the business's. */
export async function existsProduct(scope: TenantScope, productId: string): Promise<boolean> {
  const result = await scope.tx.$client.query({
    name: 'inventory_exists_product',
    text: 'select 1 from products where business_id = $1 and id = $2',
    values: [scope.businessId, productId],
  });
  return result.rowCount === 1;
}

/** The (location, product) pairs among these that have an item already. */
export async function findExistingPairs(
  scope: TenantScope,
  pairs: ReadonlyArray<{ locationId: string; productId: string }>,
): Promise<Array<{ locationId: string; productId: string }>> {
  const result = await scope.tx.$client.query<{ locationId: string; productId: string }>({
    name: 'inventory_existing_pairs',
    text: `select i.location_id as "locationId", i.product_id as "productId"
           from inventory_items i
           join unnest($2::uuid[], $3::uuid[]) as wanted(location_id, product_id)
             on i.location_id = wanted.location_id and i.product_id = wanted.product_id
           where i.business_id = $1`,
    values: [scope.businessId, pairs.map((pair) => pair.locationId), pairs.map((pair) => pair.productId)],
  });
  return result.rows;
}

/** Retires (false) or reactivates (true) the item at its location; false when there is none. */
export async function updateItemActive(
  scope: TenantScope,
  id: string,
  locationId: string,
  active: boolean,
): Promise<boolean> {
  const result = await scope.tx.$client.query({
    name: 'inventory_set_active',
    text: `update inventory_items set active = $4, updated_at = now()
           where business_id = $1 and id = $2 and location_id = $3`,
    values: [scope.businessId, id, locationId, active],
  });
  return result.rowCount === 1;
}

/**
 * A deletion of items (the condition from $2 on) that leaves their positions as gaps the stock
 * table's paging steps over (stock-page.repository.ts), in the same statement: answers a row per
 * item deleted.
 */
const deleteRecordingGaps = (where: string) => `
  with gone as (
    delete from inventory_items where business_id = $1 and ${where}
    returning location_id, list_position
  )
  insert into inventory_position_gaps (business_id, location_id, list_position)
  select $1, location_id, list_position from gone`;

/**
 * Deletes the item when it holds nothing. The quantity is checked by the DELETE itself: a
 * change committed a moment before is seen (the row lock), so stock is never deleted with it.
 */
export async function deleteEmptyItem(scope: TenantScope, id: string, locationId: string): Promise<boolean> {
  const result = await scope.tx.$client.query({
    name: 'inventory_delete_empty_item',
    text: deleteRecordingGaps('id = $2 and location_id = $3 and quantity = 0'),
    values: [scope.businessId, id, locationId],
  });
  return result.rowCount === 1;
}

/** Deletes the items at 0 of a location; answers how many. Their ledger rows stay as history. */
export async function deleteEmptyItemsAt(scope: TenantScope, locationId: string): Promise<number> {
  const result = await scope.tx.$client.query({
    name: 'inventory_delete_empty_items_at',
    text: deleteRecordingGaps('location_id = $2 and quantity = 0'),
    values: [scope.businessId, locationId],
  });
  return result.rowCount ?? 0;
}
