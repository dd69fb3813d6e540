import {
  API,
  type TCategory,
  type TCreateCycleCountRequest,
  type TCycleCount,
  type TCycleCountListQuery,
  type TCycleCountSummary,
  type TEnterCountsRequest,
  type TInventoryItem,
  type TPage,
  type TReviewCycleCountRequest,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { fillPath } from '../../api/request-details';
import { CYCLE_COUNT_ERRORS } from './messages';

/** The header of DESIGN 13: a retry with the same key and body counts nothing twice. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const inventory = { service: 'inventory' } as const;
const LIST = { type: 'CycleCount' as const, id: 'LIST' };

type Keyed<Body> = { id: string; body: Body; idempotencyKey: string };

export const cycleCountsApi = baseApi
  // Accepting a variance changes the stock, so the stock lists refresh after a review.
  .enhanceEndpoints({ addTagTypes: ['CycleCount', 'Inventory'] })
  .injectEndpoints({
    endpoints: (build) => {
      /**
       * A change of one sheet: the server answers the whole sheet, which replaces the cached one
       * (a sheet can hold 5,000 lines, so it is not read again), and the list refreshes.
       */
      const sheetChange = <Args extends { id: string }>(
        fallbackMessage: string,
        request: (args: Args) => { url: string; body: unknown; headers?: Record<string, string> },
        invalidatesStock = false,
      ) =>
        build.mutation<TCycleCount, Args>({
          query: (args) => ({ method: 'POST', ...request(args) }),
          extraOptions: { ...inventory, fallbackMessage },
          async onQueryStarted(args, { dispatch, queryFulfilled }) {
            try {
              const { data } = await queryFulfilled;
              void dispatch(cycleCountsApi.util.upsertQueryData('getCycleCount', args.id, data));
            } catch {
              // The page shows the refusal; the cached sheet stays as it was.
            }
          },
          invalidatesTags: (result) =>
            result ? [LIST, ...(invalidatesStock ? [{ type: 'Inventory' as const, id: 'LIST' }] : [])] : [],
        });

      return {
        /** A page of count sheets, newest first, of one location and one status when asked. */
        listCycleCounts: build.query<TPage<TCycleCountSummary>, TCycleCountListQuery>({
          query: (params) => ({ url: API.cycleCounts.root, params }),
          extraOptions: { ...inventory, fallbackMessage: CYCLE_COUNT_ERRORS.list },
          providesTags: [LIST],
        }),
        getCycleCount: build.query<TCycleCount, string>({
          query: (id) => fillPath(API.cycleCounts.byId, { id }),
          extraOptions: { ...inventory, fallbackMessage: CYCLE_COUNT_ERRORS.read },
          providesTags: (_result, _error, id) => [{ type: 'CycleCount', id }],
        }),
        createCycleCount: build.mutation<TCycleCount, TCreateCycleCountRequest>({
          query: (body) => ({ url: API.cycleCounts.root, method: 'POST', body }),
          extraOptions: { ...inventory, fallbackMessage: CYCLE_COUNT_ERRORS.create },
          invalidatesTags: (result) => (result ? [LIST] : []),
        }),
        enterCycleCounts: sheetChange<Keyed<TEnterCountsRequest>>(
          CYCLE_COUNT_ERRORS.counts,
          ({ id, body, idempotencyKey }) => ({
            url: fillPath(API.cycleCounts.counts, { id }),
            body,
            headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          }),
        ),
        reviewCycleCount: sheetChange<Keyed<TReviewCycleCountRequest>>(
          CYCLE_COUNT_ERRORS.review,
          ({ id, body, idempotencyKey }) => ({
            url: fillPath(API.cycleCounts.review, { id }),
            body,
            headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          }),
          true,
        ),
        completeCycleCount: sheetChange<{ id: string }>(CYCLE_COUNT_ERRORS.complete, ({ id }) => ({
          url: fillPath(API.cycleCounts.complete, { id }),
          body: {},
        })),
        cancelCycleCount: sheetChange<{ id: string }>(CYCLE_COUNT_ERRORS.cancel, ({ id }) => ({
          url: fillPath(API.cycleCounts.cancel, { id }),
          body: {},
        })),
        /** The location's active categories, for a count of some categories. */
        listCountCategories: build.query<TCategory[], string>({
          query: (locationId) => fillPath(API.categories.byLocation, { locationId }),
          extraOptions: { service: 'product', fallbackMessage: CYCLE_COUNT_ERRORS.categories },
          providesTags: [{ type: 'CycleCount', id: 'CATEGORIES' }],
        }),
        /** Active stock records of the location whose SKU or name starts with the query. */
        searchCountItems: build.query<TPage<TInventoryItem>, { locationId: string; query: string }>({
          query: ({ locationId, query }) => ({
            url: API.inventory.productsSearch,
            params: { locationId, query: query.trim(), page: 0, size: 20 },
          }),
          extraOptions: { ...inventory, fallbackMessage: CYCLE_COUNT_ERRORS.products },
        }),
        /** The stock record of a scanned barcode at the sheet's location (lines carry no barcode). */
        findCountItemByBarcode: build.query<TInventoryItem, { locationId: string; barcode: string }>({
          query: ({ locationId, barcode }) => fillPath(API.inventory.byBarcode, { barcode, locationId }),
          extraOptions: { ...inventory, fallbackMessage: CYCLE_COUNT_ERRORS.barcode },
        }),
      };
    },
  });

export const {
  useListCycleCountsQuery,
  useGetCycleCountQuery,
  useCreateCycleCountMutation,
  useEnterCycleCountsMutation,
  useReviewCycleCountMutation,
  useCompleteCycleCountMutation,
  useCancelCycleCountMutation,
  useListCountCategoriesQuery,
  useSearchCountItemsQuery,
  useLazyFindCountItemByBarcodeQuery,
} = cycleCountsApi;
