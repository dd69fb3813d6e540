import { and, count, eq, inArray } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { products } from './products.table.js';

export type ProductRow = typeof products.$inferSelect;

export async function findProductSummaries(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Array<{ id: string; sku: string; barcode: string | null; name: string }>> {
  if (ids.length === 0) return [];
  return scope.tx
    .select({ id: products.id, sku: products.sku, barcode: products.barcode, name: products.name })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), inArray(products.id, [...ids])));
}

export async function countProductsAt(
  scope: TenantScope,
  locationId: string,
  options: { isActiveOnly: boolean },
): Promise<number> {
  const conditions = [eq(products.businessId, scope.businessId), eq(products.locationId, locationId)];
  if (options.isActiveOnly) conditions.push(eq(products.active, true));
  const [row] = await scope.tx
    .select({ total: count() })
    .from(products)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export async function existsProduct(
  scope: TenantScope,
  where: { locationId?: string } = {},
): Promise<boolean> {
  const conditions = [eq(products.businessId, scope.businessId)];
  if (where.locationId) conditions.push(eq(products.locationId, where.locationId));
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/** Products of a deleted category or supplier keep existing, without it. */
export async function clearProductReference(
  scope: TenantScope,
  column: 'categoryId' | 'supplierId',
  id: string,
): Promise<void> {
  await scope.tx
    .update(products)
    .set({ [column]: null, updatedAt: new Date() })
    .where(and(eq(products.businessId, scope.businessId), eq(products[column], id)));
}
