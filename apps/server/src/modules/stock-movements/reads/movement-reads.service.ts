import {
  toPage,
  type TMovementListQuery,
  type TPage,
  type TSkuSuggestion,
  type TStockMovement,
  type TWeeklyMovement,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { totalShownByPage } from '../../../platform/db/list-paging.js';
import { inTenant } from '../../../platform/db/tenancy.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { suggestProductsAt } from '../../inventory/inventory.service.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import { toStockMovement } from '../movement-mapper.js';
import { batchNotFound, movementNotFound } from '../movement-rules.js';
import type { MovementDeps } from '../stock-movements.deps.js';
import { sumUnitsByWeek } from './movement-summaries.repository.js';
import { countMovements, findViewPage, findViews } from '../stock-movements.repository.js';

/** Weeks of the weekly summary, the current one last. */
export const SUMMARY_WEEKS = 8;

/** A page of movements, newest first, paged in SQL; the count runs only when the page cannot tell it. */
export async function listMovements(
  deps: MovementDeps,
  principal: Principal,
  query: TMovementListQuery,
): Promise<TPage<TStockMovement>> {
  const filter = {
    status: query.status,
    locationId: query.locationId,
    batchId: query.batchId,
    skuPart: query.search ? query.search.toLowerCase() : undefined,
  };
  const offset = query.page * query.size;
  return inTenant(deps.db, principal, async (scope) => {
    const rows = await findViewPage(scope, filter, { limit: query.size, offset });
    const total = totalShownByPage(rows.length, query) ?? (await countMovements(scope, filter));
    return toPage(rows.map(toStockMovement), query, total);
  });
}

export async function getMovement(
  deps: MovementDeps,
  principal: Principal,
  id: string,
): Promise<TStockMovement> {
  return inTenant(deps.db, principal, async (scope) => {
    const [view] = await findViews(scope, { ids: [id] });
    if (!view) throw movementNotFound();
    return toStockMovement(view);
  });
}

export async function getBatch(
  deps: MovementDeps,
  principal: Principal,
  batchId: string,
): Promise<TStockMovement[]> {
  return inTenant(deps.db, principal, async (scope) => {
    const views = await findViews(scope, { batchId });
    if (views.length === 0) throw batchNotFound();
    return views.map(toStockMovement);
  });
}

/** Products at the source whose SKU starts with the query, with their stock there. */
export async function suggestSkus(
  deps: MovementDeps,
  principal: Principal,
  query: { query: string; locationId: string; page: number; size: number },
): Promise<TPage<TSkuSuggestion>> {
  return inTenant(deps.db, principal, async (scope) => {
    await requireLocation(scope, query.locationId);
    const { rows, total } = await suggestProductsAt(
      scope,
      query.locationId,
      query.query,
      { limit: query.size, offset: query.page * query.size },
      { withRetiredRecords: true },
    );
    return toPage(rows, query, total);
  });
}

/**
 * The last SUMMARY_WEEKS weeks up to the one holding the clock's now, oldest first. Weeks start
 * on Monday in the business's time zone (DESIGN 13).
 */
export async function weeklySummary(deps: MovementDeps, principal: Principal): Promise<TWeeklyMovement[]> {
  return inTenant(deps.db, principal, async (scope) =>
    sumUnitsByWeek(scope, deps.clock.now(), await timeZoneOfBusiness(scope), SUMMARY_WEEKS),
  );
}
