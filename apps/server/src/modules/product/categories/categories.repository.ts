import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { categories } from './categories.table.js';

export type CategoryRow = typeof categories.$inferSelect;

export async function existsCategoryAt(scope: TenantScope, locationId: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.locationId, locationId)))
    .limit(1);
  return row !== undefined;
}
