import {
  API,
  type MovementStatus,
  type TAuditEntry,
  type TBusiness,
  type TLocation,
  type TPage,
  type TSaleSummary,
  type TSalesTotals,
  type TSetupProgress,
  type TStockMovement,
  type TStockValue,
  type TStockRow,
  type TTrendRow,
  type TWeekSalesTotals,
} from '@app/contracts';
import { baseApi, sessionBaseQuery } from '../../api/base-api';
import { fillPath } from '../../api/request-details';
import { HOME_MESSAGES } from './home-messages';

export const DASHBOARD_ERROR_MESSAGE = 'An error occurred';

/** The business read once by the page: its zone says what today is, its currency how money reads. */
export type BusinessQuery = { data?: TBusiness; error?: unknown; refetch: () => unknown };

/** A low-stock item with the name of its location. */
export type LowStockRow = TStockRow & { locationName: string };
export type LowStockSummary = { total: number; rows: LowStockRow[] };

/** How many rows a home card lists; its count says how many more there are. */
export const CARD_ROWS = 5;
/** Locations asked at once for their low stock, so a large business does not flood the server. */
const LOCATIONS_AT_ONCE = 6;

/** How far under its reorder point an item is, 0 (empty) to 1 (at the point). */
function fillRatio(row: TStockRow): number {
  return row.reorderPoint ? row.quantity / row.reorderPoint : 1;
}

/**
 * The overview of the dashboard home. Each card reads its own call, named apart from the
 * screens' endpoints (a feature never imports another), and is read afresh on every visit
 * (keepUnusedDataFor 0): the home sums up what other screens change.
 */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The first steps of the business, for the setup checklist. */
    getSetupProgress: build.query<TSetupProgress, string>({
      query: (businessId) => API.businesses.setupProgress.replace(':id', encodeURIComponent(businessId)),
      extraOptions: { fallbackMessage: DASHBOARD_ERROR_MESSAGE },
      keepUnusedDataFor: 0,
    }),
    /** Sales from 00:00 to 23:59 of a day (`dd-MM-yyyy`) in the business's zone. */
    homeSalesToday: build.query<TSalesTotals, string>({
      query: (day) => ({
        url: API.salesAnalytics.totalBusiness,
        params: { start: `${day} 00:00`, end: `${day} 23:59` },
      }),
      extraOptions: { service: 'sales', fallbackMessage: HOME_MESSAGES.salesFailed },
      keepUnusedDataFor: 0,
    }),
    /** Sales per day over a range of whole days (`dd-MM-yyyy`), for the card's small chart. */
    homeSalesDays: build.query<TTrendRow[], { from: string; to: string }>({
      query: ({ from, to }) => ({
        url: API.salesAnalytics.trendsBusiness,
        params: { start: `${from} 00:00`, end: `${to} 23:59`, interval: 'daily' },
      }),
      extraOptions: { service: 'sales', fallbackMessage: HOME_MESSAGES.salesFailed },
      keepUnusedDataFor: 0,
    }),
    /** What the stock is worth per location and in all, at average cost and at price. */
    homeStockValue: build.query<TStockValue, void>({
      query: () => API.stockValue,
      extraOptions: { service: 'inventory', fallbackMessage: HOME_MESSAGES.stockValueFailed },
      keepUnusedDataFor: 0,
    }),
    homeSalesWeek: build.query<TWeekSalesTotals, void>({
      query: () => API.salesAnalytics.totalWeekBusiness,
      extraOptions: { service: 'sales', fallbackMessage: HOME_MESSAGES.salesFailed },
      keepUnusedDataFor: 0,
    }),
    /**
     * The stock is listed per location: the low items of every active location, counted, and the
     * emptiest first. Each location answers its first few, which holds the emptiest overall
     * closely enough for a summary; the Stock tab has the whole list.
     */
    homeLowStock: build.query<LowStockSummary, void>({
      // Stock changes (and the live low-stock alerts) refresh it.
      providesTags: [{ type: 'Inventory', id: 'LIST' }],
      async queryFn(_arg, api) {
        const product = { service: 'product', fallbackMessage: HOME_MESSAGES.lowStockFailed } as const;
        const inventory = { service: 'inventory', fallbackMessage: HOME_MESSAGES.lowStockFailed } as const;
        const listed = await sessionBaseQuery(API.locations.business, api, product);
        if (listed.error) return { error: listed.error };
        const locations = listed.data as TLocation[];
        let total = 0;
        const rows: LowStockRow[] = [];
        for (let first = 0; first < locations.length; first += LOCATIONS_AT_ONCE) {
          const group = locations.slice(first, first + LOCATIONS_AT_ONCE);
          const pages = await Promise.all(
            group.map(async (location) =>
              sessionBaseQuery(
                {
                  url: fillPath(API.inventory.pageAtLocation, { locationId: location.id }),
                  params: { isLowStock: 'true', page: 0, size: CARD_ROWS },
                },
                api,
                inventory,
              ),
            ),
          );
          for (const [index, page] of pages.entries()) {
            if (page.error) return { error: page.error };
            const found = page.data as TPage<TStockRow>;
            total += found.totalElements;
            const locationName = group[index]?.name ?? '';
            rows.push(...found.content.map((row) => ({ ...row, locationName })));
          }
        }
        rows.sort((a, b) => fillRatio(a) - fillRatio(b));
        return { data: { total, rows: rows.slice(0, CARD_ROWS) } };
      },
      keepUnusedDataFor: 0,
    }),
    /** The newest movements in one state, with their count. */
    homeMovements: build.query<TPage<TStockMovement>, MovementStatus>({
      query: (status) => ({ url: API.stockMovements.all, params: { status, page: 0, size: 3 } }),
      providesTags: [{ type: 'StockMovement', id: 'LIST' }],
      extraOptions: { service: 'inventory', fallbackMessage: HOME_MESSAGES.movementsFailed },
      keepUnusedDataFor: 0,
    }),
    homeAuditLog: build.query<TPage<TAuditEntry>, void>({
      query: () => ({ url: API.audit.root, params: { page: 0, size: CARD_ROWS } }),
      extraOptions: { service: 'audit', fallbackMessage: HOME_MESSAGES.activityFailed },
      keepUnusedDataFor: 0,
    }),
    /** The business's newest sales and refunds, every store. */
    homeLatestSales: build.query<TPage<TSaleSummary>, void>({
      query: () => ({ url: API.sales.root, params: { page: 0, size: CARD_ROWS } }),
      extraOptions: { service: 'sales', fallbackMessage: HOME_MESSAGES.activityFailed },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useGetSetupProgressQuery,
  useHomeSalesTodayQuery,
  useHomeSalesWeekQuery,
  useHomeSalesDaysQuery,
  useHomeLowStockQuery,
  useHomeStockValueQuery,
  useHomeMovementsQuery,
  useHomeAuditLogQuery,
  useHomeLatestSalesQuery,
} = dashboardApi;
