import { randomUUID } from 'node:crypto';
import type { TCategory, ZCategoryRequest } from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import { isUniqueViolation } from '../../../platform/db/pg-errors.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { clearCategoryOfProducts } from '../products/products.service.js';
import {
  deleteCategory,
  existsCategoryAt,
  existsProductInCategory,
  findCategoriesAt,
  findCategoryAt,
  findCategoryByName,
  insertCategory,
  lockCategory,
  updateCategory,
  type CategoryAtLocationRow,
  type CategoryRow,
  findCategoryForProduct,
  findCategoryNamedForProduct,
} from './categories.repository.js';

export type CategoryInput = z.output<typeof ZCategoryRequest>;

const CATEGORY_NOT_FOUND = 'The category was not found.';
const CATEGORY_NOT_FOUND_HERE = 'The category was not found at this location.';

/** Whether categories are kept at the location (it cannot be deleted then). */
export async function existsCategoriesAt(scope: TenantScope, locationId: string): Promise<boolean> {
  return existsCategoryAt(scope, locationId);
}

/** The categories of a location by name; discontinued ones only with `isActiveOnly: false`. */
export async function listCategoriesAt(
  deps: ProductDeps,
  principal: Principal,
  locationId: string,
  options: { isActiveOnly: boolean },
): Promise<TCategory[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findCategoriesAt(scope, locationId, options);
    // An empty list of an unknown location (or another business's) is a 404, not [].
    if (rows.length === 0) await requireLocation(scope, locationId);
    return rows.map(toCategory);
  });
}

export async function getCategoryAt(
  deps: ProductDeps,
  principal: Principal,
  categoryId: string,
  locationId: string,
): Promise<TCategory> {
  return inTenant(deps.db, principal, async (scope) =>
    toCategory(await requireCategoryAt(scope, categoryId, locationId)),
  );
}

/** The category of that exact name at the location, whatever the case, active or not. */
export async function getCategoryByName(
  deps: ProductDeps,
  principal: Principal,
  name: string,
  locationId: string,
): Promise<TCategory> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findCategoryByName(scope, locationId, name);
    if (!row) throw new AppError('NOT_FOUND', `No category named "${name}" was found at this location.`);
    return toCategory(row);
  });
}

/** A new category at an active location; its name is free there whatever the case. */
export async function createCategory(
  deps: ProductDeps,
  principal: Principal,
  input: CategoryInput,
): Promise<TCategory> {
  return withNameClash(input, () =>
    inTenant(deps.db, principal, async (scope) => {
      const location = await requireLocation(scope, input.locationId, { isActiveRequired: true });
      const row = await insertCategory(scope, randomUUID(), {
        locationId: location.id,
        name: input.categoryName,
        description: input.description ?? null,
      });
      return toCategory({ ...row, locationName: location.name });
    }),
  );
}

/**
 * Renames or describes the category found at `locationId`. A different `input.locationId` moves
 * it there (an active location) only while no product uses it: a product and its category share
 * their location. The category row is locked first, so no product can take it up meanwhile.
 */
export async function updateCategoryAt(
  deps: ProductDeps,
  principal: Principal,
  categoryId: string,
  locationId: string,
  input: CategoryInput,
): Promise<TCategory> {
  return withNameClash(input, () =>
    inTenant(deps.db, principal, async (scope) => {
      const current = await lockCategoryAt(scope, categoryId, locationId);
      const isMove = input.locationId !== current.locationId;
      const destination = await requireLocation(scope, input.locationId, { isActiveRequired: isMove });
      if (isMove && (await existsProductInCategory(scope, categoryId))) {
        throw new AppError(
          'CONFLICT',
          `Products use the category ${current.name}, so it cannot move to ${destination.name}. ` +
            'Create the category there instead.',
          { field: 'locationId' },
        );
      }
      const row = await updateCategory(scope, categoryId, {
        locationId: destination.id,
        name: input.categoryName,
        // Absent keeps the description; null (or blank) clears it.
        ...(input.description === undefined ? {} : { description: input.description }),
      });
      if (!row) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
      return toCategory({ ...row, locationName: destination.name });
    }),
  );
}

/**
 * Deletes the category; its products stay, uncategorised, in the same transaction. The row is
 * locked first, so a product cannot take the category up between the clearing and the delete.
 */
export async function removeCategory(
  deps: ProductDeps,
  principal: Principal,
  categoryId: string,
): Promise<void> {
  await inTenant(deps.db, principal, async (scope) => {
    if (!(await lockCategory(scope, categoryId))) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    await clearCategoryOfProducts(scope, categoryId);
    await deleteCategory(scope, categoryId);
  });
}

/** Reactivates (`active: true`) or discontinues the category found at the location. */
export async function setCategoryActive(
  deps: ProductDeps,
  principal: Principal,
  categoryId: string,
  locationId: string,
  active: boolean,
): Promise<TCategory> {
  return inTenant(deps.db, principal, async (scope) => {
    const current = await requireCategoryAt(scope, categoryId, locationId);
    const row = await updateCategory(scope, categoryId, { active });
    if (!row) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND);
    return toCategory({ ...row, locationName: current.locationName });
  });
}

async function requireCategoryAt(
  scope: TenantScope,
  categoryId: string,
  locationId: string,
): Promise<CategoryAtLocationRow> {
  const row = await findCategoryAt(scope, categoryId, locationId);
  if (!row) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND_HERE);
  return row;
}

async function lockCategoryAt(
  scope: TenantScope,
  categoryId: string,
  locationId: string,
): Promise<CategoryRow> {
  const row = await lockCategory(scope, categoryId);
  if (!row || row.locationId !== locationId) throw new AppError('NOT_FOUND', CATEGORY_NOT_FOUND_HERE);
  return row;
}

/**
 * The unique index `categories_name_key` decides a name clash, so two saves at once cannot both
 * pass a check; its violation (after the rollback) becomes the 409 the form shows on the name.
 */
async function withNameClash<T>(input: CategoryInput, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      'CONFLICT',
      `A category named "${input.categoryName}" already exists at this location.`,
      {
        field: 'categoryName',
      },
    );
  }
}

export function toCategory(row: CategoryAtLocationRow): TCategory {
  return {
    id: row.id,
    categoryId: row.id,
    categoryName: row.name,
    description: row.description,
    locationId: row.locationId,
    location: { id: row.locationId, name: row.locationName },
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** For products: a category of the business by id, at whatever location, or undefined. */
export async function findCategoryOfBusiness(
  scope: TenantScope,
  id: string,
): Promise<CategoryRow | undefined> {
  return findCategoryForProduct(scope, id);
}

/**
 * For products placed at further locations: the category there with the same name as the
 * main location's (case-insensitive), or undefined.
 */
export async function findCategoryNamedAt(
  scope: TenantScope,
  locationId: string,
  name: string,
): Promise<CategoryRow | undefined> {
  return findCategoryNamedForProduct(scope, locationId, name);
}
