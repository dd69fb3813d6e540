import {
  API,
  type TAnalyticsLimitQuery,
  type TAnalyticsProductTrendQuery,
  type TAnalyticsRankingQuery,
  type TAnalyticsStoreRankingQuery,
  type TAnalyticsStoreTableQuery,
  type TAnalyticsStoreTotalsQuery,
  type TAnalyticsStoreTrendQuery,
  type TAnalyticsTotalsQuery,
  type TAnalyticsTrendQuery,
  type TCategoryMarginRow,
  type TMarginByCategoryRequest,
  type TSalesFilterRequest,
  type TSalesGroupRow,
  type TSalesRow,
  type TSalesTotals,
  type TStoreSalesRow,
  type TTrendRow,
  type TWeekSalesTotals,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';

/**
 * The Sales analytics calls (001 section 7) for the analytics screens and the dashboard home.
 * Every read is a query keyed by its parameters; the two filter bodies are POSTs that only read,
 * so they are queries too (cached by body). A refused tier opens the upgrade dialog in base-api.
 * Sales change the figures: `Sale` LIST (invalidated by the till) refreshes every answer here.
 */
export const ANALYTICS_MESSAGES = {
  load: 'Failed to fetch sales analytics',
} as const;

/** 001 section 8: each call's fallback names what failed ("Failed to fetch top business sales"). */
const read = (what?: string) =>
  ({
    service: 'sales',
    fallbackMessage: what ? `Failed to fetch ${what}` : ANALYTICS_MESSAGES.load,
  }) as const;
const SALES = [{ type: 'Sale' as const, id: 'LIST' }];

export const analyticsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Sale'] }).injectEndpoints({
  endpoints: (build) => ({
    topBusiness: build.query<TSalesRow[], TAnalyticsRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.topBusiness, params }),
      extraOptions: read('top business sales'),
      providesTags: SALES,
    }),
    leastBusiness: build.query<TSalesRow[], TAnalyticsRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.leastBusiness, params }),
      extraOptions: read('least business sales'),
      providesTags: SALES,
    }),
    topQuantityBusiness: build.query<TSalesRow[], TAnalyticsRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.topQuantityBusiness, params }),
      extraOptions: read('top business sales'),
      providesTags: SALES,
    }),
    leastQuantityBusiness: build.query<TSalesRow[], TAnalyticsRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.leastQuantityBusiness, params }),
      extraOptions: read('least business sales'),
      providesTags: SALES,
    }),
    topStore: build.query<TSalesRow[], TAnalyticsStoreRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.top, params }),
      extraOptions: read('top store sales'),
      providesTags: SALES,
    }),
    leastStore: build.query<TSalesRow[], TAnalyticsStoreRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.least, params }),
      extraOptions: read('least store sales'),
      providesTags: SALES,
    }),
    topQuantityStore: build.query<TSalesRow[], TAnalyticsStoreRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.topQuantity, params }),
      extraOptions: read('top store sales'),
      providesTags: SALES,
    }),
    leastQuantityStore: build.query<TSalesRow[], TAnalyticsStoreRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.leastQuantity, params }),
      extraOptions: read('least store sales'),
      providesTags: SALES,
    }),
    /** The store's table of products sold, best first. */
    storeTable: build.query<TSalesRow[], TAnalyticsStoreTableQuery>({
      query: (params) => ({ url: API.salesAnalytics.filter, params }),
      extraOptions: read(),
      providesTags: SALES,
    }),
    trendsBusiness: build.query<TTrendRow[], TAnalyticsTrendQuery>({
      query: (params) => ({ url: API.salesAnalytics.trendsBusiness, params }),
      extraOptions: read('business sales trends'),
      providesTags: SALES,
    }),
    trendsStore: build.query<TTrendRow[], TAnalyticsStoreTrendQuery>({
      query: (params) => ({ url: API.salesAnalytics.trends, params }),
      extraOptions: read('store sales trends'),
      providesTags: SALES,
    }),
    /** ANALYTICS_ADVANCED. */
    productTrend: build.query<TTrendRow[], TAnalyticsProductTrendQuery>({
      query: (params) => ({ url: API.salesAnalytics.productTrend, params }),
      extraOptions: read('product sales trend'),
      providesTags: SALES,
    }),
    totalBusiness: build.query<TSalesTotals, TAnalyticsTotalsQuery>({
      query: (params) => ({ url: API.salesAnalytics.totalBusiness, params }),
      extraOptions: read('total business sales'),
      providesTags: SALES,
    }),
    totalStore: build.query<TSalesTotals, TAnalyticsStoreTotalsQuery>({
      query: (params) => ({ url: API.salesAnalytics.total, params }),
      extraOptions: read('total store sales'),
      providesTags: SALES,
    }),
    totalWeekBusiness: build.query<TWeekSalesTotals, void>({
      query: () => API.salesAnalytics.totalWeekBusiness,
      extraOptions: read('weekly business sales'),
      providesTags: SALES,
    }),
    totalWeekStore: build.query<TWeekSalesTotals, { storeId: string }>({
      query: (params) => ({ url: API.salesAnalytics.totalWeek, params }),
      extraOptions: read('weekly store sales'),
      providesTags: SALES,
    }),
    storesTop: build.query<TStoreSalesRow[], TAnalyticsRankingQuery>({
      query: (params) => ({ url: API.salesAnalytics.storesTop, params }),
      extraOptions: read('top stores in range'),
      providesTags: SALES,
    }),
    storesTopWeekly: build.query<TStoreSalesRow[], TAnalyticsLimitQuery>({
      query: (params) => ({ url: API.salesAnalytics.storesTopWeekly, params }),
      extraOptions: read('top stores weekly'),
      providesTags: SALES,
    }),
    /** ANALYTICS_ADVANCED: a read sent as POST (the filter is a body). */
    filterAdvanced: build.query<TSalesGroupRow[], TSalesFilterRequest>({
      query: (body) => ({ url: API.salesAnalytics.filterAdvanced, method: 'POST', body }),
      extraOptions: read('advanced filter sales'),
      providesTags: SALES,
    }),
    /** ANALYTICS_ADVANCED: money taken, cost and margin per category, most money first; a read sent as POST. */
    marginByCategory: build.query<TCategoryMarginRow[], TMarginByCategoryRequest>({
      query: (body) => ({ url: API.salesAnalytics.marginByCategory, method: 'POST', body }),
      extraOptions: read('margin by category'),
      providesTags: SALES,
    }),
    /** ANALYTICS_SUPREME. */
    superFilter: build.query<TSalesGroupRow[], TSalesFilterRequest>({
      query: (body) => ({ url: API.salesAnalytics.superFilter, method: 'POST', body }),
      extraOptions: read('super filter sales'),
      providesTags: SALES,
    }),
  }),
});

export const {
  useTopBusinessQuery,
  useLeastBusinessQuery,
  useTopQuantityBusinessQuery,
  useLeastQuantityBusinessQuery,
  useTopStoreQuery,
  useLeastStoreQuery,
  useTopQuantityStoreQuery,
  useLeastQuantityStoreQuery,
  useStoreTableQuery,
  useTrendsBusinessQuery,
  useTrendsStoreQuery,
  useProductTrendQuery,
  useTotalBusinessQuery,
  useTotalStoreQuery,
  useTotalWeekBusinessQuery,
  useTotalWeekStoreQuery,
  useStoresTopQuery,
  useStoresTopWeeklyQuery,
  useFilterAdvancedQuery,
  useSuperFilterQuery,
  useMarginByCategoryQuery,
} = analyticsApi;
