import {
  toPage,
  type TAvailability,
  type TInventoryItem,
  type TInventorySearchQuery,
  type TPage,
  type TPageQuery,
  type TSkuSuggestion,
  type TStockListQuery,
  type TStockRow,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import {
  findAvailability,
  findItemsBySku,
  findSkuSuggestions,
  sumQuantity,
} from './item-lists.repository.js';
import { toInventoryItem, toStockRow } from './item-mapper.js';
import { existsProduct } from './items.repository.js';
import { findStockPage, type StockFilter } from './stock-page.repository.js';

/**
 * The lists of inventory, each paged in SQL: the stock table in the order the items were added
 * (placed by position), the others by SKU. A location of another business is unknown here (404),
 * never an empty page.
 */

const ACTIVE = { true: true, false: false, all: null } as const;

/** GET /api/inventory/page/location/{locationId}: the stock table of a location. */
export async function listStock(
  deps: InventoryDeps,
  principal: Principal,
  locationId: string,
  query: TStockListQuery,
): Promise<TPage<TStockRow>> {
  const filter: StockFilter = {
    search: query.search,
    active: ACTIVE[query.active],
    isLowStockOnly: query.isLowStock === 'true',
  };
  return inTenant(deps.db, principal, async (scope) => {
    const found = await findStockPage(scope, locationId, filter, pageOf(query));
    // The page's statement answers nothing for an unknown location: requireLocation says so.
    if (!found) await requireLocation(scope, locationId);
    const { rows, total } = found ?? { rows: [], total: 0 };
    return toPage(rows.map(toStockRow), query, total);
  });
}

/**
 * GET /api/inventory/products/search and /products/location/{locationId}: active items whose
 * SKU or name starts with the query (any case; all of them for an empty one).
 */
export async function listItems(
  deps: InventoryDeps,
  principal: Principal,
  locationId: string,
  query: TPageQuery & { query?: string },
): Promise<TPage<TInventoryItem>> {
  return inTenant(deps.db, principal, async (scope) => {
    await requireLocation(scope, locationId);
    const { rows, total } = await findItemsBySku(scope, locationId, query.query, pageOf(query));
    return toPage(rows.map(toInventoryItem), query, total);
  });
}

/** GET /api/inventory/search/sku: SKUs held at a location that start with the query. */
export async function suggestSkus(
  deps: InventoryDeps,
  principal: Principal,
  query: TInventorySearchQuery,
): Promise<TPage<TSkuSuggestion>> {
  return inTenant(deps.db, principal, async (scope) => {
    await requireLocation(scope, query.locationId);
    const { rows, total } = await findSkuSuggestions(scope, query.locationId, query.query, pageOf(query));
    return toPage(rows, query, total);
  });
}

/** GET /api/inventory/count: units held, in the business or narrowed by location and product. */
export async function countUnits(
  deps: InventoryDeps,
  principal: Principal,
  filter: { locationId?: string; productId?: string },
): Promise<{ totalQuantity: number }> {
  return inTenant(deps.db, principal, async (scope) => {
    if (filter.locationId) await requireLocation(scope, filter.locationId);
    if (filter.productId && !(await existsProduct(scope, filter.productId)))
      throw new AppError('NOT_FOUND', 'The product was not found.');
    return { totalQuantity: await sumQuantity(scope, filter) };
  });
}

/**
 * GET /api/inventory/availability: per location holding the SKU, what is there, what is on its
 * way, and what is free to promise (on hand less what PENDING movements will take out).
 */
export async function availabilityOf(
  deps: InventoryDeps,
  principal: Principal,
  sku: string,
): Promise<TAvailability[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findAvailability(scope, sku);
    return rows.map(({ pendingOut, ...row }) => ({ ...row, available: row.onHand - pendingOut }));
  });
}

function pageOf(query: TPageQuery): { limit: number; offset: number } {
  return { limit: query.size, offset: query.page * query.size };
}
