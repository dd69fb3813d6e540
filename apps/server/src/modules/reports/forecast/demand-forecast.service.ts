import type { TenantScope } from '../../../platform/db/tenancy.js';
import { dateInTimeZone } from '../../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { addDays } from '../analyst/time-phrases.js';
import { readDailyUnits } from '../tools/stock-queries.repository.js';
import { demandOf, filled, fromFirstSale } from './daily-series.js';
import { hasStoreAt, readDailyUnitsBySku } from './demand-history.repository.js';
import { HISTORY_DAYS } from './forecast-tool.js';
import { forecastDaily } from './forecasting.js';

/**
 * Forecast units sold over each product's own horizon for products of one location, by the same
 * models and history (the last 26 weeks, from each product's first sale) as the report's forecast: what
 * suggested orders add to a reorder point for a supplier's lead time. A location with a store
 * forecasts its own sales; a warehouse (no store) forecasts what every store sells of the SKU, the
 * demand it feeds. A product without a sale in that history has no forecast and is absent.
 */
export async function forecastUnitDemand(
  scope: TenantScope,
  input: {
    locationId: string;
    /** Each product with its own horizon (its supplier's lead time), read in one pass. */
    products: ReadonlyArray<{ productId: string; sku: string; days: number }>;
    now: Date;
  },
): Promise<Map<string, number>> {
  const demand = new Map<string, number>();
  if (input.products.length === 0) return demand;
  const today = dateInTimeZone(input.now, await timeZoneOfBusiness(scope));
  const history = { from: addDays(today, -HISTORY_DAYS), to: addDays(today, -1) };
  const byProduct = new Map<string, Map<string, number>>();
  const add = (productId: string, day: string, units: number) => {
    const days = byProduct.get(productId) ?? new Map<string, number>();
    days.set(day, demandOf(units));
    byProduct.set(productId, days);
  };
  if (await hasStoreAt(scope, input.locationId)) {
    const rows = await readDailyUnits(
      scope,
      input.products.map(({ productId }) => ({ productId, locationId: input.locationId })),
      history,
    );
    for (const row of rows) add(row.productId, row.day, Number(row.units));
  } else {
    const productOf = new Map(input.products.map((product) => [product.sku, product.productId]));
    const rows = await readDailyUnitsBySku(scope, [...productOf.keys()], history);
    for (const row of rows) {
      const productId = productOf.get(row.sku);
      if (productId) add(productId, row.day, Number(row.units));
    }
  }
  const horizonOf = new Map(input.products.map((product) => [product.productId, product.days]));
  for (const [productId, days] of byProduct) {
    const horizon = horizonOf.get(productId);
    if (horizon === undefined) continue;
    const forecast = forecastDaily(fromFirstSale(filled(history.from, history.to, days)), horizon);
    const units = forecast.points.reduce((sum, point) => sum + point.value, 0);
    // A sum of daily forecasts carries float dust (30.000000000000004 is 30 units).
    demand.set(productId, Math.round(Math.round(units * 1e6) / 1e6));
  }
  return demand;
}
