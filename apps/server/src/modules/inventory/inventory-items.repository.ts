import { and, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { inventoryItems } from './inventory-items.table.js';

export type InventoryItemRow = typeof inventoryItems.$inferSelect;

export async function sumQuantityAt(scope: TenantScope, locationId: string): Promise<number> {
  const [row] = await scope.tx
    .select({ total: sql<string>`coalesce(sum(${inventoryItems.quantity}), 0)` })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, scope.businessId), eq(inventoryItems.locationId, locationId)));
  return Number(row?.total ?? 0);
}

export async function findQuantities(
  scope: TenantScope,
  productIds: readonly string[],
): Promise<Array<{ productId: string; quantity: number }>> {
  if (productIds.length === 0) return [];
  // A named statement: every product answer reads its stock, lists twenty at a time.
  const result = await scope.tx.$client.query<{ productId: string; quantity: number }>({
    name: 'inventory_quantities_of_products',
    text: 'select product_id as "productId", quantity from inventory_items where business_id = $1 and product_id = any($2::uuid[])',
    values: [scope.businessId, productIds],
  });
  return result.rows;
}

export async function existsItemOfProduct(scope: TenantScope, productId: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.businessId, scope.businessId), eq(inventoryItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}
