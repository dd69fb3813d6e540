/**
 * What other areas of the catalogue (and the setup checklist) call of products. It imports no
 * other catalogue service, so categories and suppliers can call it without a cycle; the
 * products area's own calls are in product-reads, product-writes and product-lifecycle.
 */
import type { TenantScope } from '../../../platform/db/tenancy.js';
import {
  clearProductReference,
  countDistinctSkus,
  countProductsAt,
  existsProduct,
  findProductSummaries,
} from './products.repository.js';

/** What other areas read of products (store details, stock lists, the setup checklist). */
export async function summarizeProducts(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Map<string, { sku: string; barcode: string | null; name: string }>> {
  const rows = await findProductSummaries(scope, ids);
  return new Map(rows.map((row) => [row.id, { sku: row.sku, barcode: row.barcode, name: row.name }]));
}

export async function countActiveProductsAt(scope: TenantScope, locationId: string): Promise<number> {
  return countProductsAt(scope, locationId, { isActiveOnly: true });
}

export async function existsAnyProduct(scope: TenantScope): Promise<boolean> {
  return existsProduct(scope);
}

/** Whether products are placed at the location (it cannot be deleted then). */
export async function existsProductsAt(scope: TenantScope, locationId: string): Promise<boolean> {
  return existsProduct(scope, { locationId });
}

/** A deleted category leaves its products uncategorised, in the same transaction. */
export async function clearCategoryOfProducts(scope: TenantScope, categoryId: string): Promise<void> {
  await clearProductReference(scope, 'categoryId', categoryId);
}

/** A deleted supplier leaves its products without a supplier, in the same transaction. */
export async function clearSupplierOfProducts(scope: TenantScope, supplierId: string): Promise<void> {
  await clearProductReference(scope, 'supplierId', supplierId);
}

/** What the plan's product limit counts (distinct SKUs): a downgrade checks it. */
export async function countProductsInUse(scope: TenantScope): Promise<number> {
  return countDistinctSkus(scope);
}
