import {
  API,
  type PurchaseOrderStatus,
  type TDraftsFromSuggestions,
  type TDraftsFromSuggestionsRequest,
  type TInventoryItem,
  type TPage,
  type TPurchaseOrder,
  type TPurchaseOrderPage,
  type TPurchaseOrderRequest,
  type TReceivePurchaseOrderRequest,
  type TSentPurchaseOrder,
  type TSuggestions,
  type TSupplierPage,
} from '@app/contracts';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { baseApi, sessionBaseQuery } from '../../api/base-api';
import { fillPath, readBody } from '../../api/request-details';
import { fileNameFrom, saveBlob } from '../../lib/save-file';
import { PURCHASING_ERRORS } from './messages';

export type OrderListArgs = {
  page: number;
  size: number;
  status?: PurchaseOrderStatus;
  supplierId?: string;
  locationId?: string;
};

/** A stock-changing call and the Idempotency-Key of the user action it belongs to (DESIGN 13). */
type Keyed<T> = T & { idempotencyKey: string };

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const ORDER_LIST = { type: 'PurchaseOrder', id: 'LIST' } as const;
/** Suggestions count what is on order and drafted: every order change moves them. */
const SUGGESTIONS = { type: 'PurchaseOrder', id: 'SUGGESTIONS' } as const;
const orderTag = (id: string) => ({ type: 'PurchaseOrder' as const, id });

const inventory = { service: 'inventory' } as const;

function withoutBlanks<T extends Record<string, unknown>>(args: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== ''));
}

/** The PDF of an order, saved under the server's file name; the Blob never enters the store. */
async function downloadDocument(api: BaseQueryApi, args: FetchArgs, fallbackFile: string) {
  const result = await sessionBaseQuery(
    { ...args, responseHandler: (response) => (response.ok ? response.blob() : readBody(response)) },
    api,
    { ...inventory, fallbackMessage: PURCHASING_ERRORS.document },
  );
  if (result.error) return { error: result.error };
  const fileName = fileNameFrom(result.meta?.response?.headers.get('Content-Disposition'), fallbackFile);
  saveBlob(result.data as Blob, fileName);
  return { data: { fileName } };
}

export const purchasingApi = baseApi.enhanceEndpoints({ addTagTypes: ['PurchaseOrder'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, one page at a time, filtered on the server. */
    listPurchaseOrders: build.query<TPurchaseOrderPage, OrderListArgs>({
      query: (args) => ({ url: API.purchaseOrders.root, params: withoutBlanks(args) }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.list },
      providesTags: (result) => [ORDER_LIST, ...(result?.content ?? []).map((order) => orderTag(order.id))],
    }),
    getPurchaseOrder: build.query<TPurchaseOrder, string>({
      query: (id) => fillPath(API.purchaseOrders.byId, { id }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.get },
      providesTags: (_result, _error, id) => [orderTag(id)],
    }),
    createPurchaseOrder: build.mutation<TPurchaseOrder, Keyed<{ body: TPurchaseOrderRequest }>>({
      query: ({ body, idempotencyKey }) => ({
        url: API.purchaseOrders.root,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.create },
      invalidatesTags: (_result, error) => (error ? [] : [ORDER_LIST, SUGGESTIONS]),
    }),
    updatePurchaseOrder: build.mutation<TPurchaseOrder, { id: string; body: TPurchaseOrderRequest }>({
      query: ({ id, body }) => ({ url: fillPath(API.purchaseOrders.byId, { id }), method: 'PUT', body }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.update },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [ORDER_LIST, SUGGESTIONS, orderTag(id)]),
    }),
    /** DRAFT -> SENT; `mailedTo` says whether the supplier got it by e-mail. */
    sendPurchaseOrder: build.mutation<TSentPurchaseOrder, string>({
      query: (id) => ({ url: fillPath(API.purchaseOrders.send, { id }), method: 'POST' }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.send },
      invalidatesTags: (_result, error, id) => (error ? [] : [ORDER_LIST, SUGGESTIONS, orderTag(id)]),
    }),
    /** A delivery: usable units enter stock, so the stock lists are read again. */
    receivePurchaseOrder: build.mutation<
      TPurchaseOrder,
      Keyed<{ id: string; body: TReceivePurchaseOrderRequest }>
    >({
      query: ({ id, body, idempotencyKey }) => ({
        url: fillPath(API.purchaseOrders.receive, { id }),
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.receive },
      invalidatesTags: (_result, error, { id }) =>
        error
          ? []
          : [
              ORDER_LIST,
              SUGGESTIONS,
              orderTag(id),
              { type: 'Inventory', id: 'LIST' },
              { type: 'Product', id: 'LIST' },
            ],
    }),
    closePurchaseOrder: build.mutation<TPurchaseOrder, string>({
      query: (id) => ({ url: fillPath(API.purchaseOrders.close, { id }), method: 'POST' }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.close },
      invalidatesTags: (_result, error, id) => (error ? [] : [ORDER_LIST, SUGGESTIONS, orderTag(id)]),
    }),
    cancelPurchaseOrder: build.mutation<TPurchaseOrder, string>({
      query: (id) => ({ url: fillPath(API.purchaseOrders.cancel, { id }), method: 'POST' }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.cancel },
      invalidatesTags: (_result, error, id) => (error ? [] : [ORDER_LIST, SUGGESTIONS, orderTag(id)]),
    }),
    /** The order as the supplier's PDF, fetched with the bearer token and saved as a file. */
    downloadPurchaseOrderDocument: build.mutation<{ fileName: string }, { id: string; orderNumber: string }>({
      queryFn: ({ id, orderNumber }, api) =>
        downloadDocument(api, { url: fillPath(API.purchaseOrders.document, { id }) }, `${orderNumber}.pdf`),
    }),
    getSuggestedOrders: build.query<TSuggestions, string>({
      query: (locationId) => ({ url: API.purchaseOrders.suggestions, params: { locationId } }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.suggestions },
      providesTags: [SUGGESTIONS],
    }),
    draftSuggestedOrders: build.mutation<
      TDraftsFromSuggestions,
      Keyed<{ body: TDraftsFromSuggestionsRequest }>
    >({
      query: ({ body, idempotencyKey }) => ({
        url: API.purchaseOrders.draftsFromSuggestions,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.drafts },
      invalidatesTags: (_result, error) => (error ? [] : [ORDER_LIST, SUGGESTIONS]),
    }),
    /** Active stock records of the order's location whose SKU or name starts with the query. */
    searchOrderProducts: build.query<TPage<TInventoryItem>, { query: string; locationId: string }>({
      query: ({ query, locationId }) => ({
        url: API.inventory.productsSearch,
        params: { query: query.trim(), locationId, page: 0, size: 10 },
      }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.products },
      providesTags: [{ type: 'Inventory', id: 'LIST' }],
    }),
    /**
     * One product's stock record at the order's location: what a loaded draft's line has on
     * hand (a picked line brings it from the search). 404 when the product has no record there.
     */
    getOrderProductStock: build.query<TInventoryItem, { productId: string; locationId: string }>({
      query: ({ productId, locationId }) => fillPath(API.inventory.byProduct, { id: productId, locationId }),
      extraOptions: { ...inventory, fallbackMessage: PURCHASING_ERRORS.stock },
      providesTags: [{ type: 'Inventory', id: 'LIST' }],
    }),
    /** Suppliers for the order's picker and the list's filter (named apart from the suppliers feature's list). */
    listOrderSuppliers: build.query<TSupplierPage, { search?: string; active: 'true' | 'all' }>({
      query: ({ search, active }) => ({
        url: API.suppliers.root,
        params: withoutBlanks({ search: search?.trim(), active, page: 0, size: 100 }),
      }),
      extraOptions: { fallbackMessage: PURCHASING_ERRORS.suppliers },
      providesTags: ['Supplier'],
    }),
  }),
});

export const {
  useListPurchaseOrdersQuery,
  useGetPurchaseOrderQuery,
  useCreatePurchaseOrderMutation,
  useUpdatePurchaseOrderMutation,
  useSendPurchaseOrderMutation,
  useReceivePurchaseOrderMutation,
  useClosePurchaseOrderMutation,
  useCancelPurchaseOrderMutation,
  useDownloadPurchaseOrderDocumentMutation,
  useGetSuggestedOrdersQuery,
  useDraftSuggestedOrdersMutation,
  useSearchOrderProductsQuery,
  useGetOrderProductStockQuery,
  useListOrderSuppliersQuery,
} = purchasingApi;
