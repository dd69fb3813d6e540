import type { TenantScope } from '../../../platform/db/tenancy.js';
import { dateInTimeZone } from '../../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { addDays } from '../analyst/time-phrases.js';
import { readDailyUnits } from '../tools/stock-queries.repository.js';
import { demandOf, filled, fromFirstSale } from './daily-series.js';
import { HISTORY_DAYS } from './forecast-tool.js';
import { forecastDaily } from './forecasting.js';

/**
 * Forecast units sold over the next `days` days for products of one location, by the same models
 * and history (the last 26 weeks at the location's stores, from each product's first sale) as the
 * report's forecast: what suggested orders add to a reorder point for a supplier's lead time.
 * A product without a sale in that history has no forecast and is absent from the answer.
 */
export async function forecastUnitDemand(
  scope: TenantScope,
  input: { locationId: string; productIds: readonly string[]; days: number; now: Date },
): Promise<Map<string, number>> {
  const demand = new Map<string, number>();
  if (input.productIds.length === 0) return demand;
  const today = dateInTimeZone(input.now, await timeZoneOfBusiness(scope));
  const history = { from: addDays(today, -HISTORY_DAYS), to: addDays(today, -1) };
  const rows = await readDailyUnits(
    scope,
    input.productIds.map((productId) => ({ productId, locationId: input.locationId })),
    history,
  );
  const byProduct = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const days = byProduct.get(row.productId) ?? new Map<string, number>();
    days.set(row.day, demandOf(Number(row.units)));
    byProduct.set(row.productId, days);
  }
  for (const [productId, days] of byProduct) {
    const forecast = forecastDaily(fromFirstSale(filled(history.from, history.to, days)), input.days);
    const units = forecast.points.reduce((sum, point) => sum + point.value, 0);
    // A sum of daily forecasts carries float dust (30.000000000000004 is 30 units).
    demand.set(productId, Math.round(Math.round(units * 1e6) / 1e6));
  }
  return demand;
}
