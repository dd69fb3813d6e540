import type { TenantScope } from '../../../platform/db/tenancy.js';
import { existsCategoryAt } from './categories.repository.js';

/** Whether categories are kept at the location (it cannot be deleted then). */
export async function existsCategoriesAt(scope: TenantScope, locationId: string): Promise<boolean> {
  return existsCategoryAt(scope, locationId);
}
