import type { TenantScope } from '../../../platform/db/tenancy.js';
import {
  existsCategoryAt,
  findCategoryForProduct,
  findCategoryNamedForProduct,
  type CategoryRow,
} from './categories.repository.js';

/** Whether categories are kept at the location (it cannot be deleted then). */
export async function existsCategoriesAt(scope: TenantScope, locationId: string): Promise<boolean> {
  return existsCategoryAt(scope, locationId);
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
