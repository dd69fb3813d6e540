import type { TProduct, TProductCount, TProductWithEntities } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findCategoryOfBusiness } from '../categories/categories.service.js';
import { requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { findSupplierOfBusiness } from '../suppliers/suppliers.service.js';
import { toCategoryEntity, toLocationEntity, toProductAnswer, toSupplierEntity } from './product-mapper.js';
import {
  clearProductReference,
  countDistinctSkus,
  countProductsAt,
  existsProduct,
  findLocationUsage,
  findProductAt,
  findProductByCodeAt,
  findProductById,
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

// ---------------------------------------------------------------------------------------------
// Reads of the products area's own calls.

const NOT_AT_LOCATION = 'The product was not found at this location.';

/** GET /api/products/{id}?locationId=: the product, if it is at that location. */
export async function getProduct(
  deps: ProductDeps,
  principal: Principal,
  id: string,
  locationId: string,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findProductAt(scope, id, locationId);
    if (!row) throw new AppError('NOT_FOUND', NOT_AT_LOCATION);
    return toProductAnswer(scope, row, deps.clock.now());
  });
}

/** The product at a location by its SKU or its barcode. */
export async function getProductByCode(
  deps: ProductDeps,
  principal: Principal,
  code: { sku: string } | { barcode: string },
  locationId: string,
): Promise<TProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findProductByCodeAt(scope, code, locationId);
    if (!row) {
      const what = 'sku' in code ? `the SKU ${code.sku}` : `the barcode ${code.barcode}`;
      throw new AppError('NOT_FOUND', `No product with ${what} was found at this location.`);
    }
    return toProductAnswer(scope, row, deps.clock.now());
  });
}

/** The product with its category, supplier and location, for the product's detail view. */
export async function getProductWithEntities(
  deps: ProductDeps,
  principal: Principal,
  id: string,
): Promise<TProductWithEntities> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findProductById(scope, id);
    if (!row) throw new AppError('NOT_FOUND', 'The product was not found.');
    const product = await toProductAnswer(scope, row, deps.clock.now());
    const location = await requireLocation(scope, row.locationId);
    const usedBy = await findLocationUsage(scope, row.locationId);
    const category = row.categoryId ? await findCategoryOfBusiness(scope, row.categoryId) : undefined;
    const categoryLocation =
      !category || category.locationId === location.id
        ? location
        : await requireLocation(scope, category.locationId);
    const supplier = row.supplierId ? await findSupplierOfBusiness(scope, row.supplierId) : undefined;
    return {
      ...product,
      category: category
        ? toCategoryEntity(category, { id: categoryLocation.id, name: categoryLocation.name })
        : null,
      supplier: supplier ? toSupplierEntity(supplier) : null,
      location: toLocationEntity(location, usedBy),
    };
  });
}

/** The articles of the business: distinct SKUs, as the plan's product limit counts them. */
export async function countArticles(deps: ProductDeps, principal: Principal): Promise<TProductCount> {
  return inTenant(deps.db, principal, async (scope) => ({ count: await countDistinctSkus(scope) }));
}
