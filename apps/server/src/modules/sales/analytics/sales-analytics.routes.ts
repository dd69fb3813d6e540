import {
  ANALYTICS_DATE_FORMAT,
  ANALYTICS_TABLE_DEFAULT_LIMIT,
  API,
  ZAnalyticsChoices,
  ZAnalyticsLimitQuery,
  ZAnalyticsProductTrendQuery,
  ZAnalyticsRankingQuery,
  ZAnalyticsStoreQuery,
  ZAnalyticsStoreRankingQuery,
  ZAnalyticsStoreTableQuery,
  ZAnalyticsStoreTotalsQuery,
  ZAnalyticsStoreTrendQuery,
  ZAnalyticsTotalsQuery,
  ZAnalyticsTrendQuery,
  ZCategoryMarginRow,
  ZErrorBody,
  ZMarginByCategoryRequest,
  ZSalesFilterRequest,
  ZSalesGroupRow,
  ZSalesRow,
  ZSalesTotals,
  ZStoreSalesRow,
  ZTrendRow,
  ZWeekSalesTotals,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import {
  analyticsChoices,
  filterSales,
  marginsByCategory,
  rankSalesByProduct,
  rankStoresBySales,
  rankStoresThisWeek,
  totalsOfSales,
  trendOfProduct,
  trendOfSales,
  weekTotalsOfSales,
  type AnalyticsDeps,
  type RankingKind,
} from './sales-analytics.service.js';

const TAGS = ['sales-analytics'];
const READ = { access: { permission: 'analytics:read' } } as const;
const RANGE =
  `\`start\` and \`end\` are ${ANALYTICS_DATE_FORMAT} in the business's time zone; the range runs to the end ` +
  "of end's minute, at most 3 years. Money and units are net of refunds. Rows with money carry its cost " +
  '(as the sale lines recorded it when sold), margin and marginPercent. ';
const BASIC = 'Plan feature ANALYTICS_BASIC.';
const WEEK = "The current week: Monday 00:00 in the business's time zone up to now (the server's clock). ";

const TOP: RankingKind = { measure: 'total', direction: 'desc' };
const LEAST: RankingKind = { measure: 'total', direction: 'asc' };
const TOP_QUANTITY: RankingKind = { measure: 'quantity', direction: 'desc' };
const LEAST_QUANTITY: RankingKind = { measure: 'quantity', direction: 'asc' };

/** [path, operationId, summary, how products are ranked] */
type Ranking = [string, string, string, RankingKind];

const BUSINESS_RANKINGS: Ranking[] = [
  [API.salesAnalytics.topBusiness, 'getTopSalesOfBusiness', 'Products that took the most money', TOP],
  [API.salesAnalytics.leastBusiness, 'getLeastSalesOfBusiness', 'Products that took the least money', LEAST],
  [
    API.salesAnalytics.topQuantityBusiness,
    'getTopQuantityOfBusiness',
    'Products that sold the most units',
    TOP_QUANTITY,
  ],
  [
    API.salesAnalytics.leastQuantityBusiness,
    'getLeastQuantityOfBusiness',
    'Products that sold the fewest units',
    LEAST_QUANTITY,
  ],
];

const STORE_RANKINGS: Ranking[] = [
  [API.salesAnalytics.top, 'getTopSalesOfStore', "A store's products that took the most money", TOP],
  [API.salesAnalytics.least, 'getLeastSalesOfStore', "A store's products that took the least money", LEAST],
  [
    API.salesAnalytics.topQuantity,
    'getTopQuantityOfStore',
    "A store's products that sold the most units",
    TOP_QUANTITY,
  ],
  [
    API.salesAnalytics.leastQuantity,
    'getLeastQuantityOfStore',
    "A store's products that sold the fewest units",
    LEAST_QUANTITY,
  ],
];

const RANKED =
  'Over the products sold (or refunded) in the range; ties by SKU. Each row names the product as on its most ' +
  'recent sale in the range. ';

/** The Sales analytics API (001 section 7): rankings, trends, totals and filters of the sales. */
export const salesAnalyticsRoutes: FastifyPluginAsyncZod<{ deps: AnalyticsDeps }> = async (app, { deps }) => {
  for (const [path, operationId, summary, kind] of BUSINESS_RANKINGS) {
    app.get(
      path,
      {
        config: READ,
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description:
            `Across the stores, by SKU (the same SKU at several locations is one article). ${RANKED}${RANGE}` +
            BASIC,
          querystring: ZAnalyticsRankingQuery,
          response: { 200: z.array(ZSalesRow), 400: ZErrorBody },
        },
      },
      async (request) => rankSalesByProduct(deps, requirePrincipal(request.principal), request.query, kind),
    );
  }

  for (const [path, operationId, summary, kind] of STORE_RANKINGS) {
    app.get(
      path,
      {
        config: READ,
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description: `The store's products. ${RANKED}${RANGE}404 for a store not of the business. ${BASIC}`,
          querystring: ZAnalyticsStoreRankingQuery,
          response: { 200: z.array(ZSalesRow), 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) => rankSalesByProduct(deps, requirePrincipal(request.principal), request.query, kind),
    );
  }

  app.get(
    API.salesAnalytics.filter,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getSalesOfStoreByProduct',
        summary: "A store's products sold in a range, most money first",
        description:
          `Every product the store sold in the range, by money taken (ties by SKU); \`limit\` rows, ` +
          `${ANALYTICS_TABLE_DEFAULT_LIMIT} by default, at most 1000. ${RANGE}404 for a store not of the business. ` +
          BASIC,
        querystring: ZAnalyticsStoreTableQuery,
        response: { 200: z.array(ZSalesRow), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => rankSalesByProduct(deps, requirePrincipal(request.principal), request.query, TOP),
  );

  const TREND =
    'One row per period from the first day of the range to its last, periods without sales as "0.00" (a ' +
    'continuous axis); a partial first or last day counts only its part in the range. ';
  app.get(
    API.salesAnalytics.trendsBusiness,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getSalesTrendsOfBusiness',
        summary: 'Money taken per day, week or month across the stores',
        description: `${TREND}${RANGE}${BASIC}`,
        querystring: ZAnalyticsTrendQuery,
        response: { 200: z.array(ZTrendRow), 400: ZErrorBody },
      },
    },
    async (request) => trendOfSales(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.trends,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getSalesTrendsOfStore',
        summary: 'Money taken per day, week or month at a store',
        description: `${TREND}${RANGE}404 for a store not of the business. ${BASIC}`,
        querystring: ZAnalyticsStoreTrendQuery,
        response: { 200: z.array(ZTrendRow), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => trendOfSales(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.productTrend,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getProductSalesTrend',
        summary: 'Money one product took per period at a store',
        description:
          "The product at the store's location by `productId`, `sku` (any case) or `barcode`; names given " +
          'together must name the same product. A product that sold nothing in the range, or that the store ' +
          `does not know, answers an empty list; otherwise as the trends. ${RANGE}404 for a store not of the ` +
          'business. Plan feature ANALYTICS_ADVANCED.',
        querystring: ZAnalyticsProductTrendQuery,
        response: { 200: z.array(ZTrendRow), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => trendOfProduct(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.totalBusiness,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getTotalSalesOfBusiness',
        summary: 'Money, sales, units and average basket across the stores',
        description: `${RANGE}${BASIC}`,
        querystring: ZAnalyticsTotalsQuery,
        response: { 200: ZSalesTotals, 400: ZErrorBody },
      },
    },
    async (request) => totalsOfSales(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.total,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getTotalSalesOfStore',
        summary: 'Money, sales, units and average basket at a store',
        description: `${RANGE}404 for a store not of the business. ${BASIC}`,
        querystring: ZAnalyticsStoreTotalsQuery,
        response: { 200: ZSalesTotals, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => totalsOfSales(deps, requirePrincipal(request.principal), request.query),
  );

  const WEEK_TOTALS = `${WEEK}Also answers the whole previous week, Monday to Monday, to compare with. `;
  app.get(
    API.salesAnalytics.totalWeekBusiness,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getWeekSalesOfBusiness',
        summary: "This week's totals across the stores, with last week's",
        description: `${WEEK_TOTALS}${BASIC}`,
        response: { 200: ZWeekSalesTotals },
      },
    },
    async (request) => weekTotalsOfSales(deps, requirePrincipal(request.principal), {}),
  );

  app.get(
    API.salesAnalytics.totalWeek,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getWeekSalesOfStore',
        summary: "This week's totals at a store, with last week's",
        description: `${WEEK_TOTALS}404 for a store not of the business. ${BASIC}`,
        querystring: ZAnalyticsStoreQuery,
        response: { 200: ZWeekSalesTotals, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => weekTotalsOfSales(deps, requirePrincipal(request.principal), request.query),
  );

  const STORES = 'Stores with sales in the period, most money first (ties by name). ';
  app.get(
    API.salesAnalytics.storesTop,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getTopStores',
        summary: 'Stores that took the most money in a range',
        description: `${STORES}${RANGE}${BASIC}`,
        querystring: ZAnalyticsRankingQuery,
        response: { 200: z.array(ZStoreSalesRow), 400: ZErrorBody },
      },
    },
    async (request) => rankStoresBySales(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.storesTopWeekly,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getTopStoresThisWeek',
        summary: 'Stores that took the most money this week',
        description: `${STORES}${WEEK}${BASIC}`,
        querystring: ZAnalyticsLimitQuery,
        response: { 200: z.array(ZStoreSalesRow), 400: ZErrorBody },
      },
    },
    async (request) => rankStoresThisWeek(deps, requirePrincipal(request.principal), request.query),
  );

  app.get(
    API.salesAnalytics.choices,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getAnalyticsChoices',
        summary: "The stores and categories the analytics screens' pickers offer",
        description:
          'Every store of the business by name (discontinued ones last: their history counts) and the active ' +
          "categories at the stores' locations, each with its location's name (a category belongs to a " +
          'location, so names may repeat). For the roles that read analytics but not the catalogue; names, ' +
          'not figures, so no plan tier is asked.',
        response: { 200: ZAnalyticsChoices },
      },
    },
    async (request) => analyticsChoices(deps, requirePrincipal(request.principal)),
  );

  const FILTER =
    'Sales in the range narrowed to the stores, categories, products and SKUs named (an absent or empty list ' +
    "names all), grouped by product (by SKU across stores), category, store or day, each group's money " +
    'between minTotal and maxTotal; most money first (by day: in date order), `limit` rows (100 by default, ' +
    `at most 1000). Grouped by store or day with no category, product or SKU named, rows carry the number of ` +
    `sales. ${RANGE}404 for a store not of the business.`;
  const filters: Array<[string, string, string, 'ANALYTICS_ADVANCED' | 'ANALYTICS_SUPREME']> = [
    [
      API.salesAnalytics.filterAdvanced,
      'filterSalesAdvanced',
      'Sales filtered and grouped',
      'ANALYTICS_ADVANCED',
    ],
    [
      API.salesAnalytics.superFilter,
      'filterSalesSupreme',
      'Sales filtered and grouped (Supreme)',
      'ANALYTICS_SUPREME',
    ],
  ];
  for (const [path, operationId, summary, feature] of filters) {
    app.post(
      path,
      {
        config: READ,
        schema: {
          tags: TAGS,
          operationId,
          summary,
          description: `${FILTER} Plan feature ${feature}.`,
          body: ZSalesFilterRequest,
          response: { 200: z.array(ZSalesGroupRow), 400: ZErrorBody, 404: ZErrorBody },
        },
      },
      async (request) => filterSales(deps, requirePrincipal(request.principal), request.body, feature),
    );
  }

  app.post(
    API.salesAnalytics.marginByCategory,
    {
      config: READ,
      schema: {
        tags: TAGS,
        operationId: 'getMarginByCategory',
        summary: 'Money taken, cost and margin per category',
        description:
          'Sales in the range narrowed as the filters narrow them (stores, categories, products, SKUs; an absent ' +
          'or empty list names all), grouped by category: units, money taken, the cost the sale lines recorded ' +
          'when sold, the margin and its percent of the money, and the units sold without a known cost (their ' +
          "money counts as margin). Each category's money between minTotal and maxTotal; most money first, " +
          `\`limit\` rows (100 by default, at most 1000). ${RANGE}404 for a store not of the business. ` +
          'Plan feature ANALYTICS_ADVANCED.',
        body: ZMarginByCategoryRequest,
        response: { 200: z.array(ZCategoryMarginRow), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request) => marginsByCategory(deps, requirePrincipal(request.principal), request.body),
  );
};
