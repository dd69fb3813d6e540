import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { suppliers } from './suppliers.table.js';

export type SupplierRow = typeof suppliers.$inferSelect;

/** For products: a supplier of the business by id. */
export async function findSupplierForProduct(
  scope: TenantScope,
  id: string,
): Promise<SupplierRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.businessId, scope.businessId), eq(suppliers.id, id)));
  return row;
}
