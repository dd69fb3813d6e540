import type {
  AnalyticsInterval,
  Feature,
  TLocalDateTime,
  TAnalyticsChoices,
  TCategoryMarginRow,
  TSalesGroupRow,
  TSalesRow,
  TSalesTotals,
  TStoreSalesRow,
  TTrendRow,
  TWeekSalesTotals,
  ZAnalyticsProductTrendQuery,
  ZMarginByCategoryRequest,
  ZSalesFilterRequest,
} from '@app/contracts';
import type { z } from 'zod';
import type { Principal } from '../../../platform/auth/guard.js';
import type { RunReads } from '../../../platform/db/read-replica.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { planOfBusiness, timeZoneOfBusiness } from '../../access/businesses.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import { findProductsForSale, type ProductCode } from '../../product/products/products.service.js';
import { requireStore } from '../../product/stores/stores.service.js';
import type { SalesDeps } from '../sales.deps.js';
import type { AnalyticsCache } from './analytics-cache.js';
import { marginOf, withMargin } from './analytics-margin.js';
import {
  onAxis,
  PERIOD_SQL,
  periodsBetween,
  weeksAt,
  wholeDays,
  windowOf,
  type DayWindow,
} from './analytics-range.js';
import {
  findAnalyticsChoices,
  rankProducts,
  rankStores,
  sumByPeriod,
  sumFiltered,
  sumMarginsByCategory,
  sumTotals,
  sumWeeks,
  type CategoryMarginRow,
  type GroupRow,
  type LabelTable,
  type ProductRanking,
  type SalesFilter,
} from './sales-analytics.repository.js';

/**
 * The Sales analytics (001 section 7): every call checks the plan's analytics tier (a refusal is
 * the plan violation that opens "Feature Locked"), then the store when it names one (another
 * business's store is 404; a discontinued one keeps its history), then reads one statement of the
 * repository over the range in the business's time zone.
 */

/**
 * The sales module's platform, the answers this process keeps (analytics-cache.ts), and where the
 * reads run: the read replica while it is fresh, else the primary (platform/db/read-replica.ts).
 * Every analytics call only reads, so a few seconds' lag is what it may show.
 */
export type AnalyticsDeps = SalesDeps & { cache: AnalyticsCache; reads: RunReads };

type Range = { start: TLocalDateTime; end: TLocalDateTime };
type StoreQuery = { storeId?: string };
export type RankingKind = Pick<ProductRanking, 'measure' | 'direction'>;

type StoreOfQuery = { id: string; locationId: string };

/** The tier's gate and the stores named, then the work with the range read in the business's zone. */
async function readAnalytics<T>(
  deps: AnalyticsDeps,
  principal: Principal,
  feature: Feature,
  storeIds: readonly string[],
  work: (scope: TenantScope, timeZone: string, stores: StoreOfQuery[]) => Promise<T>,
): Promise<T> {
  // Read-only from the gate to the answer (a replica's transactions cannot write).
  return deps.reads((db) =>
    inTenant(db, principal, async (scope) => {
      assertFeature(await planOfBusiness(scope, { lock: false }), feature);
      const stores: StoreOfQuery[] = [];
      for (const id of storeIds) stores.push(await requireStore(scope, id));
      return work(scope, await timeZoneOfBusiness(scope), stores);
    }),
  );
}

const storesOf = (query: StoreQuery) => (query.storeId === undefined ? [] : [query.storeId]);

/** `/top*`, `/least*` and `/filter`: the business's products by SKU, or one store's by product. */
export async function rankSalesByProduct(
  deps: AnalyticsDeps,
  principal: Principal,
  query: Range & StoreQuery & { limit: number },
  kind: RankingKind,
): Promise<TSalesRow[]> {
  return readAnalytics(
    deps,
    principal,
    'ANALYTICS_BASIC',
    storesOf(query),
    async (scope, timeZone, [store]) => {
      const window = windowOf(query.start, query.end, timeZone);
      const ranking = { ...kind, storeId: store?.id, limit: query.limit };
      const rows = await deps.cache.read(scope, { call: 'rank', window, ranking }, window, () =>
        rankProducts(scope, window, ranking),
      );
      return rows.map((row) => withMargin(row, row.totalPrice));
    },
  );
}

/** `/trends*`: money per period over a continuous axis (periods without sales are "0.00"). */
export async function trendOfSales(
  deps: AnalyticsDeps,
  principal: Principal,
  query: Range & StoreQuery & { interval: AnalyticsInterval },
): Promise<TTrendRow[]> {
  return readAnalytics(
    deps,
    principal,
    'ANALYTICS_BASIC',
    storesOf(query),
    async (scope, timeZone, [store]) => {
      const window = windowOf(query.start, query.end, timeZone);
      const options = { storeId: store?.id, ...PERIOD_SQL[query.interval] };
      const sums = await deps.cache.read(scope, { call: 'trend', window, options }, window, () =>
        sumByPeriod(scope, window, options),
      );
      return onAxis(axisOf(window, query.interval), sums);
    },
  );
}

const axisOf = (window: DayWindow, interval: AnalyticsInterval) =>
  periodsBetween(window.firstDay, window.lastDay, interval);

/**
 * `/product-trend` (ANALYTICS_ADVANCED): one product of a store, named by id, SKU (any case) or
 * barcode at the store's location; several names must name the same product. A product that sold
 * nothing in the range (or is unknown) answers an empty list: the web shows its "No Data" row.
 */
export async function trendOfProduct(
  deps: AnalyticsDeps,
  principal: Principal,
  query: z.output<typeof ZAnalyticsProductTrendQuery>,
): Promise<TTrendRow[]> {
  return readAnalytics(
    deps,
    principal,
    'ANALYTICS_ADVANCED',
    [query.storeId],
    async (scope, timeZone, [store]) => {
      if (!store) throw new Error('a store was named');
      const productIds = await productsNamed(scope, store.locationId, query);
      if (productIds.length === 0) return [];
      const window = windowOf(query.start, query.end, timeZone);
      const options = { storeId: store.id, productIds, ...PERIOD_SQL[query.interval] };
      const sums = await deps.cache.read(scope, { call: 'product-trend', window, options }, window, () =>
        sumByPeriod(scope, window, options),
      );
      return sums.length === 0 ? [] : onAxis(axisOf(window, query.interval), sums);
    },
  );
}

/** The ids of the products at a location that every given name names. */
async function productsNamed(
  scope: TenantScope,
  locationId: string,
  names: { productId?: string; sku?: string; barcode?: string },
): Promise<string[]> {
  const codes: ProductCode[] = [];
  if (names.sku !== undefined) codes.push({ sku: names.sku });
  if (names.barcode !== undefined) codes.push({ barcode: names.barcode });
  let ids = names.productId === undefined ? undefined : [names.productId.toLowerCase()];
  if (codes.length === 0) return ids ?? [];
  for (const matches of await findProductsForSale(scope, locationId, codes)) {
    const found = matches.map((product) => product.id);
    ids = ids === undefined ? found : ids.filter((id) => found.includes(id));
  }
  return ids ?? [];
}

/** `/total*`: money, sales, units and the average basket over the range. */
export async function totalsOfSales(
  deps: AnalyticsDeps,
  principal: Principal,
  query: Range & StoreQuery,
): Promise<TSalesTotals> {
  return readAnalytics(
    deps,
    principal,
    'ANALYTICS_BASIC',
    storesOf(query),
    async (scope, timeZone, [store]) => {
      const window = windowOf(query.start, query.end, timeZone);
      const totals = await deps.cache.read(
        scope,
        { call: 'totals', window, storeId: store?.id },
        window,
        () => sumTotals(scope, window, store?.id),
      );
      return withMargin(totals, totals.totalSales);
    },
  );
}

/**
 * `/total/week*`: this week so far and the whole previous week, weeks from Monday 00:00 in the
 * business's zone at the app's clock. This week is read as its whole days: nothing is sold after
 * now but the few minutes of clock skew a till may have.
 */
export async function weekTotalsOfSales(
  deps: AnalyticsDeps,
  principal: Principal,
  query: StoreQuery,
): Promise<TWeekSalesTotals> {
  return readAnalytics(
    deps,
    principal,
    'ANALYTICS_BASIC',
    storesOf(query),
    async (scope, timeZone, [store]) => {
      const weeks = weeksAt(deps.clock.now(), timeZone);
      const { thisWeek, lastWeek } = await sumWeeks(scope, weeks, store?.id);
      return {
        weekStart: weeks.thisWeek,
        thisWeek: withMargin(thisWeek, thisWeek.totalSales),
        lastWeek: withMargin(lastWeek, lastWeek.totalSales),
      };
    },
  );
}

/** `/stores/top`: stores by money taken over the range. */
export async function rankStoresBySales(
  deps: AnalyticsDeps,
  principal: Principal,
  query: Range & { limit: number },
): Promise<TStoreSalesRow[]> {
  return readAnalytics(deps, principal, 'ANALYTICS_BASIC', [], async (scope, timeZone) => {
    const window = windowOf(query.start, query.end, timeZone);
    const rows = await deps.cache.read(
      scope,
      { call: 'stores', window, limit: query.limit },
      window,
      () => rankStores(scope, window, query.limit),
      'stores',
    );
    return rows.map((row) => withMargin(row, row.totalSales));
  });
}

/** `/stores/top-weekly`: stores by money taken this week so far. */
export async function rankStoresThisWeek(
  deps: AnalyticsDeps,
  principal: Principal,
  query: { limit: number },
): Promise<TStoreSalesRow[]> {
  return readAnalytics(deps, principal, 'ANALYTICS_BASIC', [], async (scope, timeZone) => {
    const weeks = weeksAt(deps.clock.now(), timeZone);
    const rows = await rankStores(scope, wholeDays(weeks.thisWeek, weeks.nextWeek), query.limit);
    return rows.map((row) => withMargin(row, row.totalSales));
  });
}

/**
 * `POST /filter-advanced` (ANALYTICS_ADVANCED) and `POST /super-filter` (ANALYTICS_SUPREME): the
 * same filter, grouped; each named store must be the business's (404).
 */
export async function filterSales(
  deps: AnalyticsDeps,
  principal: Principal,
  body: z.output<typeof ZSalesFilterRequest>,
  feature: 'ANALYTICS_ADVANCED' | 'ANALYTICS_SUPREME',
): Promise<TSalesGroupRow[]> {
  const named = [...new Set(body.storeIds?.map((id) => id.toLowerCase()))];
  return readAnalytics(deps, principal, feature, named, async (scope, timeZone, stores) => {
    const window = windowOf(body.start, body.end, timeZone);
    const filter = {
      storeIds: body.storeIds ? stores.map((store) => store.id) : undefined,
      categoryIds: body.categoryIds,
      productIds: body.productIds,
      skusLower: body.skus?.map((sku) => sku.toLowerCase()),
      minTotal: body.minTotal,
      maxTotal: body.maxTotal,
      groupBy: body.groupBy,
      limit: body.limit,
    };
    const rows = await deps.cache.read(
      scope,
      { call: 'filter', window, filter },
      window,
      () => sumFiltered(scope, window, filter),
      LABELS[filter.groupBy],
    );
    return rows.map(toGroupRow);
  });
}

/** Groupings labelled with live names: their answers are kept as long as those names stay. */
const LABELS: Record<SalesFilter['groupBy'], LabelTable | undefined> = {
  product: undefined,
  day: undefined,
  weekday: undefined,
  category: 'categories',
  store: 'stores',
};

function toGroupRow(row: GroupRow): TSalesGroupRow {
  const { key, label, quantity, totalPrice } = row;
  return {
    key,
    label,
    quantity,
    totalPrice,
    ...marginOf(totalPrice, row.cost),
    ...(row.transactions === null ? {} : { transactions: row.transactions }),
    ...(row.sku === null ? {} : { productName: row.productName ?? '', sku: row.sku, barcode: row.barcode }),
  };
}

/**
 * `POST /margin-by-category` (ANALYTICS_ADVANCED, as the filter that groups by category): per
 * category, the money taken, what the sale lines recorded it cost, the margin, and the units sold
 * without a known cost. Kept by the cache under its own question, labelled with live category names.
 */
export async function marginsByCategory(
  deps: AnalyticsDeps,
  principal: Principal,
  body: z.output<typeof ZMarginByCategoryRequest>,
): Promise<TCategoryMarginRow[]> {
  const named = [...new Set(body.storeIds?.map((id) => id.toLowerCase()))];
  return readAnalytics(deps, principal, 'ANALYTICS_ADVANCED', named, async (scope, timeZone, stores) => {
    const window = windowOf(body.start, body.end, timeZone);
    const filter = {
      storeIds: body.storeIds ? stores.map((store) => store.id) : undefined,
      categoryIds: body.categoryIds,
      productIds: body.productIds,
      skusLower: body.skus?.map((sku) => sku.toLowerCase()),
      minTotal: body.minTotal,
      maxTotal: body.maxTotal,
      limit: body.limit,
    };
    const rows = await deps.cache.read(
      scope,
      { call: 'margin-by-category', window, filter },
      window,
      () => sumMarginsByCategory(scope, window, filter),
      'categories',
    );
    return rows.map(toCategoryMarginRow);
  });
}

function toCategoryMarginRow(row: CategoryMarginRow): TCategoryMarginRow {
  return {
    key: row.key,
    label: row.label,
    quantity: row.quantity,
    totalPrice: row.totalPrice,
    ...marginOf(row.totalPrice, row.cost),
    unitsWithoutCost: row.uncostedUnits,
  };
}

/** `/choices`: the stores and categories the pickers offer, for the roles that read analytics. */
export async function analyticsChoices(
  deps: AnalyticsDeps,
  principal: Principal,
): Promise<TAnalyticsChoices> {
  return readAnalytics(deps, principal, 'ANALYTICS_BASIC', [], async (scope) => findAnalyticsChoices(scope));
}
