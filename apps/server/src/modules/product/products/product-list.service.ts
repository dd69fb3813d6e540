import { toPage, type TActiveFilter, type TProductPage } from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { requireLocation } from '../locations/locations.service.js';
import type { ProductDeps } from '../product.deps.js';
import {
  findDiscontinuedPage,
  findListPageFrom,
  placeListPage,
  searchProductsAt,
} from './product-list.repository.js';
import { toProducts } from './product-mapper.js';

/** The specification's text for a location without products (001 section 5). */
export const NO_PRODUCTS_AT_LOCATION = 'No products available in this location.';

type PageQuery = { page: number; size: number; active: TActiveFilter };

/**
 * A location's products in the order they were added, paged by position: page 2,000 costs what
 * page 0 costs (product-list.repository.ts). `totalElements` is the positions handed out minus
 * the hidden ones, so nothing counts the location's rows. The discontinued-only list is small
 * (the partial index) and pages with OFFSET.
 */
export async function listProductsAt(
  deps: ProductDeps,
  principal: Principal,
  locationId: string,
  query: PageQuery,
): Promise<TProductPage> {
  const offset = query.page * query.size;
  return inTenant(deps.db, principal, async (scope) => {
    const placement = await placeListPage(scope, locationId, offset, {
      isInactiveHidden: query.active === 'true',
    });
    if (!placement) throw new AppError('NOT_FOUND', 'The location was not found.');
    if (placement.positions - placement.gaps === 0) throw new AppError('NOT_FOUND', NO_PRODUCTS_AT_LOCATION);
    const now = deps.clock.now();
    if (query.active === 'false') {
      const { rows, total } = await findDiscontinuedPage(scope, locationId, { offset, size: query.size });
      return toPage(await toProducts(scope, rows, now), query, total);
    }
    const rows = await findListPageFrom(scope, locationId, placement.start, query.size, {
      isActiveOnly: query.active === 'true',
    });
    return toPage(await toProducts(scope, rows, now), query, placement.positions - placement.hidden);
  });
}

/**
 * Products of a location whose SKU or name starts with the query (trimmed by the contract,
 * case-insensitive, wildcards taken literally), ordered by SKU; active ones unless asked.
 */
export async function searchProducts(
  deps: ProductDeps,
  principal: Principal,
  locationId: string,
  query: PageQuery & { query: string },
): Promise<TProductPage> {
  return inTenant(deps.db, principal, async (scope) => {
    await requireLocation(scope, locationId);
    const { rows, total } = await searchProductsAt(scope, locationId, query.query, {
      active: query.active === 'all' ? null : query.active === 'true',
      offset: query.page * query.size,
      size: query.size,
    });
    return toPage(await toProducts(scope, rows, deps.clock.now()), query, total);
  });
}
