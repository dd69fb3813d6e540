import type { AnalyticsInterval, TAnalyticsProductTrendQuery, TTrendRow } from '@app/contracts';
import { rangeParams, type DayRange } from '../analytics-range';
import { NO_DATA } from './sales-filter';

export type ProductCodeKind = 'sku' | 'barcode';

export type ProductTrendRequest = {
  range: DayRange;
  storeId: string;
  kind: ProductCodeKind;
  code: string;
  interval: AnalyticsInterval;
};

/** The query of `/product-trend`: the product by SKU or by barcode, as chosen. */
export function toProductTrendQuery(request: ProductTrendRequest): TAnalyticsProductTrendQuery {
  return {
    ...rangeParams(request.range),
    storeId: request.storeId,
    interval: request.interval,
    [request.kind]: request.code.trim(),
  };
}

/** 001 section 4: an empty product trend becomes one row, period 'No Data' and totalSales 0. */
export function withNoDataTrend(rows: readonly TTrendRow[] | undefined): TTrendRow[] {
  return rows && rows.length > 0
    ? [...rows]
    : [{ period: NO_DATA, totalSales: '0.00', cost: '0.00', margin: '0.00', marginPercent: null }];
}

export const isNoDataTrend = (rows: readonly TTrendRow[]): boolean =>
  rows.length === 1 && rows[0]?.period === NO_DATA;
