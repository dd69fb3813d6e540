import type { TStockValue } from '@app/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { fromCents, toCents } from '../../../platform/money.js';
import { requireLocation } from '../../product/locations/locations.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { sumStockValueByLocation, type StockValueRow } from './stock-value.repository.js';

/**
 * What the stock is worth per location and for the business (issue 16). A location named but not
 * the business's answers 404; its sums are exact (SQL numeric), the total adds the locations' cents.
 */
export async function getStockValue(
  deps: Pick<InventoryDeps, 'db'>,
  principal: Principal,
  locationId: string | undefined,
): Promise<TStockValue> {
  return inTenant(deps.db, principal, async (scope) => {
    if (locationId) await requireLocation(scope, locationId);
    const rows = await sumStockValueByLocation(scope, locationId ?? null);
    return { locations: rows, total: totalOf(rows) };
  });
}

export type { StockValueRow } from './stock-value.repository.js';

/**
 * The locations' values in the caller's transaction (the reports' stock-value tool): every active
 * location, or the one named, by value at cost, highest first.
 */
export async function stockValueByLocation(
  scope: TenantScope,
  locationId: string | null,
): Promise<StockValueRow[]> {
  return sumStockValueByLocation(scope, locationId);
}

function totalOf(rows: readonly StockValueRow[]): TStockValue['total'] {
  let value = 0n;
  let retail = 0n;
  for (const row of rows) {
    value += toCents(row.value);
    retail += toCents(row.retailValue);
  }
  return {
    items: rows.reduce((sum, row) => sum + row.items, 0),
    units: rows.reduce((sum, row) => sum + row.units, 0),
    value: fromCents(value),
    retailValue: fromCents(retail),
    uncostedItems: rows.reduce((sum, row) => sum + row.uncostedItems, 0),
  };
}
