/**
 * The bare references of the purchasing benchmark: the server's own statements, taken from its
 * repositories (so a ratio measures the application around them, never another query), sent
 * through a plain `pg` client as the request role in the transaction a route opens (BEGIN with the
 * role, tenant and user in one simple query, the statements, COMMIT), so the same row-level
 * security applies. The repositories read `scope.tx.$client`: a drizzle handle over the client,
 * as the server's transaction hands them, sends nothing of its own.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { TenantScope } from '../../apps/server/src/platform/db/tenancy.js';
import { dateInTimeZone } from '../../apps/server/src/platform/zoned-time.js';
import { findItemsUnderReorderPoint } from '../../apps/server/src/modules/purchasing/suggestions/suggestions.repository.js';
import { readDailyUnitArrays } from '../../apps/server/src/modules/reports/forecast/demand-history.repository.js';
import { addDays } from '../../apps/server/src/modules/reports/analyst/time-phrases.js';
import { HISTORY_DAYS } from '../../apps/server/src/modules/reports/forecast/forecast-tool.js';
import { timeOrderedUuid } from '../../apps/server/src/modules/inventory/stock/ledger-ids.js';
import { applyChange, lockItems } from '../../apps/server/src/modules/inventory/stock/stock.repository.js';

export type Tenant = { businessId: string; userId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One transaction as the tenant on a client of `pool`, as the server's inTenant opens it. */
export async function inBareTenant<T>(
  pool: pg.Pool,
  tenant: Tenant,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  // Interpolated into the settings below: only ever a UUID.
  if (!UUID.test(tenant.businessId) || !UUID.test(tenant.userId)) throw new Error('the tenant ids are UUIDs');
  const client = await pool.connect();
  try {
    await client.query(
      `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${tenant.businessId}', true), set_config('app.user_id', '${tenant.userId}', true)`,
    );
    const result = await work({ tx: drizzle({ client }), businessId: tenant.businessId });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The two reads of GET /api/purchase-orders/suggestions: the items under their reorder point, then
 * their units per day over the forecast's history, a row of arrays per product (the business's
 * zone is UTC here, as generated). Answers how many items and daily values came back.
 */
export async function readSuggestionInputs(
  scope: TenantScope,
  locationId: string,
  now: Date,
): Promise<{ items: number; dailyRows: number }> {
  const rows = await findItemsUnderReorderPoint(scope, locationId);
  const today = dateInTimeZone(now, 'UTC');
  const daily = await readDailyUnitArrays(
    scope,
    locationId,
    rows.map((row) => row.productId),
    { from: addDays(today, -HISTORY_DAYS), to: addDays(today, -1) },
  );
  return { items: rows.length, dailyRows: daily.reduce((sum, row) => sum + row.days.length, 0) };
}

/**
 * The stock side of POST /api/purchase-orders/{id}/receive: the items locked in (location,
 * product) order, then one PURCHASE change per line at the line's unit cost (the stock update,
 * average cost included, and its ledger insert in one statement), as changeStock sends them.
 */
export async function applyReceiptStock(
  scope: TenantScope,
  input: {
    userId: string;
    locationId: string;
    orderId: string;
    lines: ReadonlyArray<{ productId: string; unitCost: string; units: number }>;
  },
): Promise<number> {
  const ordered = [...input.lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  await lockItems(
    scope,
    ordered.map((line) => ({ locationId: input.locationId, productId: line.productId })),
  );
  let applied = 0;
  for (const line of ordered) {
    const row = await applyChange(scope, {
      ledgerId: timeOrderedUuid(),
      locationId: input.locationId,
      productId: line.productId,
      delta: line.units,
      reason: 'PURCHASE',
      cause: null,
      reference: input.orderId,
      note: null,
      userId: input.userId,
      unitCost: line.unitCost,
    });
    if (row) applied++;
  }
  return applied;
}
