import type { AnalyticsInterval } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { addDays } from '../../../platform/zoned-time.js';
import { onAxis, PERIOD_SQL, periodsBetween, wholeDays } from './analytics-range.js';
import {
  findAnalyticsChoices,
  rankProducts,
  rankStores,
  sumByPeriod,
  sumCategoryMargins,
  sumFiltered,
  sumTotals,
  type CategoryMarginRow,
  type GroupRow,
  type ProductSumRow,
  type StoreSumRow,
  type TotalsRow,
} from './sales-analytics.repository.js';

/**
 * The sales reads of the reports (issue 14), in the caller's tenant transaction: the report routes
 * check their own plan feature and the stores they name. A report reads whole days of the
 * business's calendar, `from` to `to` inclusive (`yyyy-MM-dd`), all from the daily rollups (today's
 * rollup rows are written by each sale's own transaction, so today counts up to now).
 */

export type DayRange = { from: string; to: string };

export type { CategoryMarginRow, GroupRow, ProductSumRow, StoreSumRow, TotalsRow };

const windowOfDays = (range: DayRange) => wholeDays(range.from, addDays(range.to, 1));

export type ReportRanking = {
  storeId?: string;
  categoryIds?: readonly string[];
  isoWeekdays?: readonly number[];
  measure: 'total' | 'quantity';
  direction: 'desc' | 'asc';
  limit: number;
};

/** Products ranked by money or units: by SKU across stores, or one store's products. */
export async function readProductRanking(
  scope: TenantScope,
  range: DayRange,
  ranking: ReportRanking,
): Promise<ProductSumRow[]> {
  const { storeId, categoryIds, isoWeekdays, ...kind } = ranking;
  return rankProducts(scope, windowOfDays(range), {
    ...kind,
    storeId,
    conditions: { categoryIds, isoWeekdays },
  });
}

/** Money, sales, units and the average basket of the business or one store. */
export async function readTotals(scope: TenantScope, range: DayRange, storeId?: string): Promise<TotalsRow> {
  return sumTotals(scope, windowOfDays(range), storeId);
}

/** Money (or units) per period on a continuous axis: periods without sales are 0. */
export async function readTrend(
  scope: TenantScope,
  range: DayRange,
  options: {
    storeId?: string;
    productIds?: readonly string[];
    interval: AnalyticsInterval;
    measure?: 'total' | 'quantity';
  },
): Promise<Array<{ period: string; value: number }>> {
  const window = windowOfDays(range);
  const sums = await sumByPeriod(scope, window, { ...options, ...PERIOD_SQL[options.interval] });
  return onAxis(periodsBetween(window.firstDay, window.lastDay, options.interval), sums).map((row) => ({
    period: row.period,
    value: Number(row.totalSales),
  }));
}

/** Money, units and sales per ISO weekday (1 Monday .. 7 Sunday); weekdays without sales are left out. */
export async function readWeekdays(
  scope: TenantScope,
  range: DayRange,
  storeId?: string,
): Promise<GroupRow[]> {
  return sumFiltered(scope, windowOfDays(range), {
    storeIds: storeId ? [storeId] : undefined,
    groupBy: 'weekday',
    limit: 7,
  });
}

/** Stores by money taken. */
export async function readStoreRanking(
  scope: TenantScope,
  range: DayRange,
  limit: number,
): Promise<StoreSumRow[]> {
  return rankStores(scope, windowOfDays(range), limit);
}

/** Money, units and cost per category (the costs the sale lines recorded when sold). */
export async function readCategoryMargins(
  scope: TenantScope,
  range: DayRange,
  storeId?: string,
): Promise<CategoryMarginRow[]> {
  return sumCategoryMargins(scope, windowOfDays(range), storeId ? { storeIds: [storeId] } : {});
}

/** The stores (discontinued ones too) and the active categories at the stores' locations. */
export async function readChoices(scope: TenantScope): ReturnType<typeof findAnalyticsChoices> {
  return findAnalyticsChoices(scope);
}
