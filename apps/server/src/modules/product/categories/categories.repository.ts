import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { locations } from '../locations/locations.table.js';
import { products } from '../products/products.table.js';
import { categories } from './categories.table.js';

export type CategoryRow = typeof categories.$inferSelect;
/** A category with the name of its location, as the answers show it. */
export type CategoryAtLocationRow = CategoryRow & { locationName: string };
export type CategoryValues = Pick<CategoryRow, 'locationId' | 'name' | 'description'>;

export async function existsCategoryAt(scope: TenantScope, locationId: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.locationId, locationId)))
    .limit(1);
  return row !== undefined;
}

function selectWithLocation(scope: TenantScope) {
  return scope.tx
    .select({ category: categories, locationName: locations.name })
    .from(categories)
    .innerJoin(
      locations,
      and(eq(locations.businessId, categories.businessId), eq(locations.id, categories.locationId)),
    );
}

const flatten = (row: { category: CategoryRow; locationName: string }): CategoryAtLocationRow => ({
  ...row.category,
  locationName: row.locationName,
});

/** The categories of a location by name, whatever the case (the order of `categories_name_key`). */
export async function findCategoriesAt(
  scope: TenantScope,
  locationId: string,
  options: { isActiveOnly: boolean },
): Promise<CategoryAtLocationRow[]> {
  const conditions = [eq(categories.businessId, scope.businessId), eq(categories.locationId, locationId)];
  if (options.isActiveOnly) conditions.push(eq(categories.active, true));
  const rows = await selectWithLocation(scope)
    .where(and(...conditions))
    .orderBy(sql`lower(${categories.name})`, asc(categories.id));
  return rows.map(flatten);
}

export async function findCategoryAt(
  scope: TenantScope,
  id: string,
  locationId: string,
): Promise<CategoryAtLocationRow | undefined> {
  const [row] = await selectWithLocation(scope).where(
    and(
      eq(categories.businessId, scope.businessId),
      eq(categories.id, id),
      eq(categories.locationId, locationId),
    ),
  );
  return row && flatten(row);
}

/** The one category of that name at the location, whatever the case (`categories_name_key`). */
export async function findCategoryByName(
  scope: TenantScope,
  locationId: string,
  name: string,
): Promise<CategoryAtLocationRow | undefined> {
  const [row] = await selectWithLocation(scope).where(
    and(
      eq(categories.businessId, scope.businessId),
      eq(categories.locationId, locationId),
      sql`lower(${categories.name}) = lower(${name})`,
    ),
  );
  return row && flatten(row);
}

/**
 * Locks the category to the end of the transaction. A product that references it takes a
 * key-share lock on the row for its foreign key, which this lock waits for and then excludes:
 * what the caller reads of the category's products afterwards stays true until it commits.
 */
export async function lockCategory(scope: TenantScope, id: string): Promise<CategoryRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(categories)
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.id, id)))
    .for('update');
  return row;
}

export async function insertCategory(
  scope: TenantScope,
  id: string,
  values: CategoryValues,
): Promise<CategoryRow> {
  const [row] = await scope.tx
    .insert(categories)
    .values({ ...values, id, businessId: scope.businessId })
    .returning();
  if (!row) throw new Error('insert into categories returned no row');
  return row;
}

export async function updateCategory(
  scope: TenantScope,
  id: string,
  values: Partial<CategoryValues> & { active?: boolean },
): Promise<CategoryRow | undefined> {
  const [row] = await scope.tx
    .update(categories)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.id, id)))
    .returning();
  return row;
}

export async function deleteCategory(scope: TenantScope, id: string): Promise<void> {
  await scope.tx
    .delete(categories)
    .where(and(eq(categories.businessId, scope.businessId), eq(categories.id, id)));
}

/**
 * Whether a product uses the category. Read here rather than through the products area: it is
 * the category's own rule (it moves only while unused), one indexed probe (products_category_idx).
 */
export async function existsProductInCategory(scope: TenantScope, id: string): Promise<boolean> {
  const [row] = await scope.tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.businessId, scope.businessId), eq(products.categoryId, id)))
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
