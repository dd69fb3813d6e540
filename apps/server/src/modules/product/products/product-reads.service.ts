import type { TProduct, TProductCount, TProductWithEntities } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findCategoryOfBusiness, toCategory } from '../categories/categories.service.js';
import { readLocation, requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import { findSupplierOfBusiness, toSupplier } from '../suppliers/suppliers.service.js';
import { toProductAnswer } from './product-mapper.js';
import {
  countDistinctSkus,
  findProductAt,
  findProductByCodeAt,
  findProductById,
} from './products.repository.js';

/** The products area's own reads of single products (lists and search: product-list.service). */
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
    const location = await readLocation(scope, row.locationId);
    const category = row.categoryId ? await findCategoryOfBusiness(scope, row.categoryId) : undefined;
    const categoryLocation =
      !category || category.locationId === location.id
        ? location
        : await requireLocation(scope, category.locationId);
    const supplier = row.supplierId ? await findSupplierOfBusiness(scope, row.supplierId) : undefined;
    return {
      ...product,
      category: category ? toCategory({ ...category, locationName: categoryLocation.name }) : null,
      supplier: supplier ? toSupplier(supplier) : null,
      location,
    };
  });
}

/** The articles of the business: distinct SKUs, as the plan's product limit counts them. */
export async function countArticles(deps: ProductDeps, principal: Principal): Promise<TProductCount> {
  return inTenant(deps.db, principal, async (scope) => ({ count: await countDistinctSkus(scope) }));
}
