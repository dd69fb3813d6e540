import type { TenantScope } from '../../../platform/db/tenancy.js';
import { dateInTimeZone } from '../../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../../access/businesses.service.js';
import { addDays, daysBetween } from '../analyst/time-phrases.js';
import { demandOf, fromFirstSale } from './daily-series.js';
import {
  hasStoreAt,
  readDailyUnitArrays,
  readDailyUnitArraysBySku,
  type DailyUnitArrays,
} from './demand-history.repository.js';
import { HISTORY_DAYS } from './forecast-tool.js';
import { forecastDailyMany } from './forecasting.js';

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
  const length = daysBetween(history);
  const isStore = await hasStoreAt(scope, input.locationId);
  const rows = isStore
    ? await readDailyUnitArrays(
        scope,
        input.locationId,
        input.products.map((product) => product.productId),
        history,
      )
    : await readDailyUnitArraysBySku(
        scope,
        input.products.map((product) => product.sku),
        history,
      );
  // A warehouse reads by SKU: each SKU's row is the demand of the products that carry it.
  const productsOf = new Map<string, string[]>();
  for (const product of input.products) {
    const key = isStore ? product.productId : product.sku;
    productsOf.set(key, [...(productsOf.get(key) ?? []), product.productId]);
  }
  const horizonOf = new Map(input.products.map((product) => [product.productId, product.days]));
  const requests: Array<{ productId: string; history: number[]; horizon: number }> = [];
  for (const row of rows) {
    const series = seriesOf(row, length);
    for (const productId of productsOf.get(row.key) ?? []) {
      const horizon = horizonOf.get(productId);
      if (horizon !== undefined) requests.push({ productId, history: series, horizon });
    }
  }
  // Every product's models are fitted in one batch: the same forecasts as one by one, in less time.
  const forecasts = forecastDailyMany(requests);
  requests.forEach((request, i) => {
    const units = forecasts[i]!.points.reduce((sum, point) => sum + point.value, 0);
    // A sum of daily forecasts carries float dust (30.000000000000004 is 30 units).
    demand.set(request.productId, Math.round(Math.round(units * 1e6) / 1e6));
  });
  return demand;
}

/**
 * The daily series a forecast fits, from a product's rows: the days' units added up over the
 * stores (as the rollups' sum per day), a day's net below zero counted as no demand, and the
 * history from the first day with sales (daily-series.ts).
 */
function seriesOf(row: DailyUnitArrays, length: number): number[] {
  const net = new Array<number>(length).fill(0);
  row.days.forEach((day, i) => {
    net[day] = net[day]! + row.units[i]!;
  });
  return fromFirstSale(net.map(demandOf));
}
