import type { TenantScope } from '../../../platform/db/tenancy.js';
import { findSupplierForProduct, type SupplierRow } from './suppliers.repository.js';

export type { SupplierRow } from './suppliers.repository.js';

/** For products: a supplier of the business by id, or undefined. */
export async function findSupplierOfBusiness(
  scope: TenantScope,
  id: string,
): Promise<SupplierRow | undefined> {
  return findSupplierForProduct(scope, id);
}
