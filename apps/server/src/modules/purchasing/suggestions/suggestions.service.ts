import {
  DEFAULT_LEAD_TIME_DAYS,
  MAX_PURCHASE_ORDER_LINES,
  MAX_STOCK_QUANTITY,
  type TDraftsFromSuggestions,
  type TDraftsFromSuggestionsRequest,
  type TPurchaseOrder,
  type TSuggestedLine,
  type TSuggestionGroup,
  type TSuggestions,
} from '@app/contracts';
import { costOf } from '../../../platform/auth/cost-fields.js';
import type { Principal } from '../../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { fromCents, toCents } from '../../../platform/money.js';
import { addDays, dateInTimeZone } from '../../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import { forecastUnitDemand } from '../../reports/forecast/demand-forecast.service.js';
import { createDraftOrder, openOrderQuantities } from '../purchasing.service.js';
import type { PurchasingDeps } from '../purchasing.deps.js';
import {
  findItemsUnderReorderPoint,
  lockSuggestionsAt,
  type UnderReorderRow,
} from './suggestions.repository.js';

/**
 * Suggested orders (issue 16): for each product under its reorder point at the location, the units
 * that bring it to its target level, reorder point + the forecast demand over its supplier's lead
 * time, less what is on hand, still to come on sent orders, and on drafts. Grouped by supplier: an
 * active supplier's group can become a draft order in one call.
 */
export async function suggestOrders(
  scope: TenantScope,
  locationId: string,
  now: Date,
): Promise<TSuggestions> {
  const location = await requireLocation(scope, locationId);
  const rows = await findItemsUnderReorderPoint(scope, location.id);
  const ordered = await openOrderQuantities(scope, location.id);
  const demand = await demandOverLeadTimes(scope, location.id, rows, now);

  const groups = new Map<string, TSuggestionGroup>();
  for (const row of rows) {
    const line = suggestedLine(row, ordered.get(row.productId), demand.get(row.productId) ?? null);
    if (!line) continue;
    const key = row.supplierId ?? '';
    const group = groups.get(key) ?? newGroup(row);
    group.lines.push(line);
    group.totalCost = fromCents(toCents(costOf(group.totalCost)) + toCents(costOf(line.lineCost)));
    groups.set(key, group);
  }
  // Orderable groups first (by supplier name, as read), then discontinued suppliers and no supplier.
  const sorted = [...groups.values()].sort((a, b) => Number(b.canOrder) - Number(a.canOrder));
  return { locationId: location.id, locationName: location.name, groups: sorted };
}

/** GET /api/purchase-orders/suggestions. */
export async function getSuggestions(
  deps: PurchasingDeps,
  principal: Principal,
  locationId: string,
): Promise<TSuggestions> {
  return inTenant(deps.db, principal, (scope) => suggestOrders(scope, locationId, deps.clock.now()));
}

/**
 * POST /api/purchase-orders/suggestions/drafts: the suggestions of the moment become draft orders,
 * one per supplier (split past the most lines an order has), through the create route's own
 * function, in one transaction. A named supplier with nothing to order answers 409.
 */
export async function draftSuggestedOrders(
  deps: PurchasingDeps,
  principal: Principal,
  input: TDraftsFromSuggestionsRequest,
  claim: IdempotencyClaim | null,
): Promise<TDraftsFromSuggestions> {
  const answer = await inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const now = deps.clock.now();
      const today = dateInTimeZone(now, await timeZoneOfBusiness(scope));
      // Two people turning the same suggestions into drafts at once would each read no drafts and
      // order the same units twice: the second waits here and then reads the first one's drafts.
      await lockSuggestionsAt(scope, input.locationId);
      const suggestions = await suggestOrders(scope, input.locationId, now);
      const orderable = suggestions.groups.filter((group) => group.canOrder);
      const wanted = input.supplierIds?.map((id) => id.toLowerCase());
      const chosen = wanted
        ? orderable.filter((group) => wanted.includes(group.supplierId ?? ''))
        : orderable;
      const missing = wanted?.find((id) => !chosen.some((group) => group.supplierId === id));
      if (missing)
        throw new AppError(
          'CONFLICT',
          'Nothing is suggested to order from this supplier at this location now.',
          {
            field: 'supplierIds',
            supplierId: missing,
          },
        );
      if (chosen.length === 0)
        throw new AppError(
          'CONFLICT',
          'Nothing to order: no product with an active supplier is under its reorder point here.',
          { field: 'locationId' },
        );
      const orders: TPurchaseOrder[] = [];
      for (const group of chosen) {
        for (let start = 0; start < group.lines.length; start += MAX_PURCHASE_ORDER_LINES) {
          const lines = group.lines.slice(start, start + MAX_PURCHASE_ORDER_LINES);
          orders.push(
            await createDraftOrder(
              scope,
              { userId: principal.userId },
              {
                supplierId: group.supplierId ?? '',
                locationId: suggestions.locationId,
                lines: lines.map((line) => ({
                  productId: line.productId,
                  quantity: line.suggestedQuantity,
                  unitCost: costOf(line.unitCost),
                })),
                // The supplier's lead time says when it should come; the note is the supplier's to read.
                expectedAt: addDays(today, group.leadTimeDays),
                note: null,
              },
              now,
            ),
          );
        }
      }
      return { statusCode: 201, body: { orders } };
    }),
  );
  return answer.body;
}

/** The forecast units over each product's supplier's lead time: one read of the history for all. */
async function demandOverLeadTimes(
  scope: TenantScope,
  locationId: string,
  rows: readonly UnderReorderRow[],
  now: Date,
): Promise<Map<string, number>> {
  const products = rows.map((row) => ({ productId: row.productId, sku: row.sku, days: leadTimeOf(row) }));
  return forecastUnitDemand(scope, { locationId, products, now });
}

function leadTimeOf(row: Pick<UnderReorderRow, 'leadTimeDays'>): number {
  return row.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS;
}

function suggestedLine(
  row: UnderReorderRow,
  ordered: { open: number; drafted: number } | undefined,
  forecastDemand: number | null,
): TSuggestedLine | null {
  const onOrder = ordered?.open ?? 0;
  const drafted = ordered?.drafted ?? 0;
  // An item holds at most MAX_STOCK_QUANTITY units: a 365-day lead time over a huge history would
  // otherwise suggest lines no order may hold (and past PostgreSQL's integer) and no receipt can stock.
  const targetLevel = Math.min(row.reorderPoint + (forecastDemand ?? 0), MAX_STOCK_QUANTITY);
  const suggestedQuantity = targetLevel - row.quantity - onOrder - drafted;
  if (suggestedQuantity <= 0) return null;
  const unitCost = row.unitCost ?? '0.00';
  return {
    productId: row.productId,
    sku: row.sku,
    productName: row.productName,
    quantity: row.quantity,
    reorderPoint: row.reorderPoint,
    onOrder,
    drafted,
    forecastDemand,
    targetLevel,
    suggestedQuantity,
    unitCost,
    lineCost: fromCents(toCents(unitCost) * BigInt(suggestedQuantity)),
  };
}

function newGroup(row: UnderReorderRow): TSuggestionGroup {
  return {
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    leadTimeDays: leadTimeOf(row),
    isLeadTimeAssumed: row.leadTimeDays === null,
    canOrder: row.supplierId !== null && row.isSupplierActive,
    lines: [],
    totalCost: '0.00',
  };
}
