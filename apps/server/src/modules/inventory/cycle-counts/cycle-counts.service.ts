import { randomUUID } from 'node:crypto';
import {
  MAX_CYCLE_COUNT_LINES,
  toPage,
  type TAbcClasses,
  type TCreateCycleCountRequest,
  type TCycleCount,
  type TCycleCountListQuery,
  type TCycleCountScope,
  type TCycleCountSummary,
  type TPage,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { classifyItemsAt } from './abc-classes.service.js';
import { fromCents } from '../../../platform/money.js';
import { findLines, findUnsettledLines } from './cycle-count-lines.repository.js';
import { toSheet, toSummary } from './cycle-count-mapper.js';
import {
  endSheet,
  findCategoryIdsAt,
  findProductIdsAt,
  findSheet,
  findSheetPage,
  insertLinesFromItems,
  insertSheet,
  stampFreeze,
  type SheetRow,
} from './cycle-counts.repository.js';

/**
 * Count sheets: the freeze, the reads, completion and cancellation. Counts and review, which
 * touch stock, are in cycle-count-entries.service.ts. Another business's sheet, location,
 * category or product is unknown here (404).
 */

export const SHEET_NOT_FOUND = 'The cycle count was not found.';

/**
 * POST /api/cycle-counts: one line per active item of the location in scope, expected quantity and
 * unit cost frozen in one INSERT ... SELECT (cycle-counts.repository.ts says how the freeze stays
 * exact while the shop sells). Nothing in scope, or more than MAX_CYCLE_COUNT_LINES, is 422.
 */
export async function createCycleCount(
  deps: InventoryDeps,
  principal: Principal,
  input: TCreateCycleCountRequest,
): Promise<TCycleCount> {
  return inTenant(deps.db, principal, async (scope) => {
    const location = await requireLocation(scope, input.locationId);
    const countScope = normalised(input.scope);
    const filter = await filterOf(scope, deps, location.id, countScope);
    const id = randomUUID();
    await insertSheet(scope, {
      id,
      locationId: location.id,
      scope: countScope,
      note: input.note,
      userId: principal.userId,
    });
    const lines =
      filter.productIds?.length === 0
        ? 0
        : await insertLinesFromItems(scope, id, location.id, filter, MAX_CYCLE_COUNT_LINES + 1);
    if (lines === 0)
      throw new AppError(
        'UNPROCESSABLE',
        `No active stock record at ${location.name} is in this scope: there is nothing to count.`,
        { field: 'scope' },
      );
    if (lines > MAX_CYCLE_COUNT_LINES)
      throw new AppError(
        'UNPROCESSABLE',
        `A count sheet has at most ${MAX_CYCLE_COUNT_LINES} lines and this scope holds more: count some categories or products at a time.`,
        { field: 'scope', max: MAX_CYCLE_COUNT_LINES },
      );
    await stampFreeze(scope, id);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CYCLE_COUNT_CREATION',
      description: `Started a cycle count of ${lines} item${lines === 1 ? '' : 's'} at ${location.name} (${describeScope(countScope)}).`,
    });
    return sheetOf(scope, await requireSheet(scope, id));
  });
}

/** GET /api/cycle-counts: sheets newest first, by location and status. */
export async function listCycleCounts(
  deps: InventoryDeps,
  principal: Principal,
  query: TCycleCountListQuery,
): Promise<TPage<TCycleCountSummary>> {
  return inTenant(deps.db, principal, async (scope) => {
    if (query.locationId) await requireLocation(scope, query.locationId);
    const { rows, total } = await findSheetPage(
      scope,
      { locationId: query.locationId ?? null, status: query.status ?? null },
      { limit: query.size, offset: query.page * query.size },
    );
    return toPage(rows.map(toSummary), query, total);
  });
}

/** GET /api/cycle-counts/{id}: the sheet with every line and the totals. */
export async function readCycleCount(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
): Promise<TCycleCount> {
  return inTenant(deps.db, principal, async (scope) => sheetOf(scope, await requireSheet(scope, id)));
}

/**
 * POST /api/cycle-counts/{id}/complete: closes a sheet once no line waits for a review or a
 * recount. Lines never counted (PENDING) are left as they are: their stock is not touched, and the
 * sheet shows them uncounted. Accepted lines were written to the stock at their review.
 */
export async function completeCycleCount(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
): Promise<TCycleCount> {
  return inTenant(deps.db, principal, async (scope) => {
    const sheet = await requireOpenSheet(scope, id, 'completed');
    const unsettled = await findUnsettledLines(scope, id);
    if (unsettled.length > 0) {
      const named = unsettled.slice(0, 10).map((line) => `${line.lineNo} (${line.status})`);
      throw new AppError(
        'CONFLICT',
        `Review every counted line first: ${unsettled.length} line${unsettled.length === 1 ? '' : 's'} wait${unsettled.length === 1 ? 's' : ''} for a review or a recount (${named.join(', ')}${unsettled.length > 10 ? ', ...' : ''}).`,
        { lineNos: unsettled.map((line) => line.lineNo) },
      );
    }
    await endSheet(scope, id, 'COMPLETED', principal.userId);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CYCLE_COUNT_COMPLETION',
      description: `Completed the cycle count of ${sheet.locationName} frozen at ${sheet.frozenAt.toISOString()}: ${sheet.linesCounted} of ${sheet.lineCount} lines counted.`,
    });
    return sheetOf(scope, await requireSheet(scope, id));
  });
}

/**
 * POST /api/cycle-counts/{id}/cancel: stops a sheet under way. Lines accepted before stay in the
 * ledger (they were real corrections); nothing else changes stock.
 */
export async function cancelCycleCount(
  deps: InventoryDeps,
  principal: Principal,
  id: string,
): Promise<TCycleCount> {
  return inTenant(deps.db, principal, async (scope) => {
    const sheet = await requireOpenSheet(scope, id, 'cancelled');
    await endSheet(scope, id, 'CANCELLED', principal.userId);
    await recordAuditEvent(scope, {
      userId: principal.userId,
      eventType: 'CYCLE_COUNT_CANCELLATION',
      description: `Cancelled the cycle count of ${sheet.locationName} frozen at ${sheet.frozenAt.toISOString()}.`,
    });
    return sheetOf(scope, await requireSheet(scope, id));
  });
}

/** GET /api/cycle-counts/abc-classes/location/{locationId}. */
export async function readAbcClasses(
  deps: InventoryDeps,
  principal: Principal,
  locationId: string,
): Promise<TAbcClasses> {
  return inTenant(deps.db, principal, async (scope) => {
    const location = await requireLocation(scope, locationId);
    const classes = await classifyItemsAt(scope, deps.clock.now(), location.id);
    return {
      locationId: location.id,
      fromDay: classes.fromDay,
      toDay: classes.toDay,
      totalValue: fromCents(classes.totalCents),
      items: classes.items.map((item) => ({
        productId: item.productId,
        inventoryId: item.inventoryId,
        sku: item.sku,
        name: item.name,
        salesValue: fromCents(item.cents),
        abcClass: item.abcClass,
      })),
    };
  });
}

/** The sheet, locked, still COUNTING; else 404 or 409. Every writer of a sheet starts here. */
export async function requireOpenSheet(scope: TenantScope, id: string, verb: string): Promise<SheetRow> {
  const sheet = await findSheet(scope, id, { lock: true });
  if (!sheet) throw new AppError('NOT_FOUND', SHEET_NOT_FOUND);
  if (sheet.status !== 'COUNTING')
    throw new AppError(
      'CONFLICT',
      `This cycle count is ${sheet.status.toLowerCase()}: it cannot be ${verb}.`,
      {
        status: sheet.status,
      },
    );
  return sheet;
}

export async function sheetOf(scope: TenantScope, sheet: SheetRow): Promise<TCycleCount> {
  return toSheet(sheet, await findLines(scope, sheet.id));
}

export async function requireSheet(scope: TenantScope, id: string): Promise<SheetRow> {
  const sheet = await findSheet(scope, id);
  if (!sheet) throw new AppError('NOT_FOUND', SHEET_NOT_FOUND);
  return sheet;
}

/** Ids as PostgreSQL prints them (lower case), so the stored scope reads back as it compares. */
function normalised(countScope: TCycleCountScope): TCycleCountScope {
  if (countScope.kind === 'CATEGORIES')
    return { kind: 'CATEGORIES', categoryIds: countScope.categoryIds.map((id) => id.toLowerCase()) };
  if (countScope.kind === 'PRODUCTS')
    return { kind: 'PRODUCTS', productIds: countScope.productIds.map((id) => id.toLowerCase()) };
  return countScope;
}

/**
 * The freeze's filter. Named categories and products must be of this location (another
 * location's or business's id is 404, naming it); an ABC class becomes the products the ABC
 * classes call puts in it now.
 */
async function filterOf(
  scope: TenantScope,
  deps: InventoryDeps,
  locationId: string,
  countScope: TCycleCountScope,
): Promise<{ categoryIds: string[] | null; productIds: string[] | null }> {
  switch (countScope.kind) {
    case 'ALL':
      return { categoryIds: null, productIds: null };
    case 'CATEGORIES': {
      const found = await findCategoryIdsAt(scope, locationId, countScope.categoryIds);
      assertAllFound(countScope.categoryIds, found, 'categoryIds', 'category');
      return { categoryIds: countScope.categoryIds, productIds: null };
    }
    case 'PRODUCTS': {
      const found = await findProductIdsAt(scope, locationId, countScope.productIds);
      assertAllFound(countScope.productIds, found, 'productIds', 'product');
      return { categoryIds: null, productIds: countScope.productIds };
    }
    case 'ABC': {
      const { items } = await classifyItemsAt(scope, deps.clock.now(), locationId);
      const productIds = items
        .filter((item) => item.abcClass === countScope.abcClass)
        .map((item) => item.productId);
      return { categoryIds: null, productIds };
    }
  }
}

function assertAllFound(ids: readonly string[], found: Set<string>, field: string, noun: string): void {
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0)
    throw new AppError('NOT_FOUND', `The ${noun} ${ids[index]} was not found at this location.`, {
      field: `scope.${field}`,
      index,
    });
}

function describeScope(countScope: TCycleCountScope): string {
  switch (countScope.kind) {
    case 'ALL':
      return 'every item';
    case 'CATEGORIES':
      return `${countScope.categoryIds.length} categor${countScope.categoryIds.length === 1 ? 'y' : 'ies'}`;
    case 'PRODUCTS':
      return `${countScope.productIds.length} product${countScope.productIds.length === 1 ? '' : 's'}`;
    case 'ABC':
      return `ABC class ${countScope.abcClass}`;
  }
}
