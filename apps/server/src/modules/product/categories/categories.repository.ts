import { and, eq, sql } from 'drizzle-orm';
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

/** For products: a category of the business by id (any location). */
export async function findCategoryForProduct(
  scope: TenantScope,
  id: string,
): Promise<CategoryRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(categories)
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.id, id)));
  return row;
}

/** For products: the category of a location with the given name, whatever its case. */
export async function findCategoryNamedForProduct(
  scope: TenantScope,
  locationId: string,
  name: string,
): Promise<CategoryRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.businessId, scope.businessId),
        eq(categories.locationId, locationId),
        sql`lower(${categories.name}) = lower(${name})`,
      ),
    );
  return row;
}
