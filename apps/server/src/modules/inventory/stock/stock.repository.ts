import { MAX_STOCK_QUANTITY } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * The only SQL that changes `inventory_items.quantity` (a test fails on any other). Each change is
 * one statement: the UPDATE that refuses to go below zero and the INSERT of its ledger row travel
 * together, so the quantity and its history can never part.
 */

export type LedgerWrite = {
  ledgerId: string;
  locationId: string;
  productId: string;
  delta: number;
  reason: string;
  cause: string | null;
  reference: string | null;
  note: string | null;
  userId: string | null;
};

export type AppliedRow = { inventoryId: string; quantity: number };

const APPLY_CHANGE = `
  with changed as (
    update inventory_items set quantity = quantity + $4, updated_at = now()
    where business_id = $1 and location_id = $2 and product_id = $3
      and quantity::bigint + $4::int between 0 and ${MAX_STOCK_QUANTITY}
    returning id, quantity
  )
  insert into stock_ledger
    (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, cause, reference, note, user_id)
  select $1, $5, changed.id, $2, $3, $4, changed.quantity, $6, $7, $8, $9, $10 from changed
  returning inventory_id as "inventoryId", quantity_after as "quantity"`;

/**
 * Applies one change; no row when the item is missing, would go below zero, or would pass the
 * most an item holds (MAX_STOCK_QUANTITY). The bound is checked in bigint before the SET runs, so
 * no sum of changes can overflow the integer column into a 500.
 */
export async function applyChange(scope: TenantScope, write: LedgerWrite): Promise<AppliedRow | undefined> {
  const result = await scope.tx.$client.query<AppliedRow>({
    name: 'stock_apply_change',
    text: APPLY_CHANGE,
    values: [
      scope.businessId,
      write.locationId,
      write.productId,
      write.delta,
      write.ledgerId,
      write.reason,
      write.cause,
      write.reference,
      write.note,
      write.userId,
    ],
  });
  return result.rows[0];
}

/**
 * Locks the items of these (location, product) pairs in the one fixed order, location then
 * product: two transactions that change overlapping sets of items then always wait for each other
 * in the same order and never deadlock. Answers what is there.
 */
export async function lockItems(
  scope: TenantScope,
  pairs: ReadonlyArray<{ locationId: string; productId: string }>,
): Promise<Array<{ inventoryId: string; locationId: string; productId: string; quantity: number }>> {
  const result = await scope.tx.$client.query<{
    inventoryId: string;
    locationId: string;
    productId: string;
    quantity: number;
  }>({
    name: 'stock_lock_items',
    text: `
      select i.id as "inventoryId", i.location_id as "locationId", i.product_id as "productId", i.quantity
      from inventory_items i
      join unnest($2::uuid[], $3::uuid[]) as wanted(location_id, product_id)
        on i.location_id = wanted.location_id and i.product_id = wanted.product_id
      where i.business_id = $1
      order by i.location_id, i.product_id
      for update of i`,
    values: [scope.businessId, pairs.map((pair) => pair.locationId), pairs.map((pair) => pair.productId)],
  });
  return result.rows;
}

/** The quantity now, to tell a caller how much there is when a change was refused. */
export async function readQuantity(
  scope: TenantScope,
  locationId: string,
  productId: string,
): Promise<number | undefined> {
  const result = await scope.tx.$client.query<{ quantity: number }>({
    name: 'stock_read_quantity',
    text: 'select quantity from inventory_items where business_id = $1 and location_id = $2 and product_id = $3',
    values: [scope.businessId, locationId, productId],
  });
  return result.rows[0]?.quantity;
}

export type NewItem = {
  inventoryId: string;
  locationId: string;
  productId: string;
  reorderPoint: number | null;
};

/**
 * Creates items at 0 (their stock then arrives through the ledger), in the fixed lock order;
 * an item that exists already is left as it is. Answers the ids of the items created.
 */
export async function insertItems(scope: TenantScope, items: readonly NewItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const result = await scope.tx.$client.query<{ id: string }>({
    name: 'stock_insert_items',
    text: `
      insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point)
      select $1, item.id, item.location_id, item.product_id, 0, item.reorder_point
      from unnest($2::uuid[], $3::uuid[], $4::uuid[], $5::int[]) as item(id, location_id, product_id, reorder_point)
      order by item.location_id, item.product_id
      on conflict (business_id, location_id, product_id) do nothing
      returning id`,
    values: [
      scope.businessId,
      items.map((item) => item.inventoryId),
      items.map((item) => item.locationId),
      items.map((item) => item.productId),
      items.map((item) => item.reorderPoint),
    ],
  });
  return result.rows.map((row) => row.id);
}
