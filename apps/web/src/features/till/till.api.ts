import {
  API,
  type TCreateSaleRequest,
  type TPage,
  type TSale,
  type TSaleSummary,
  type TStore,
  type TTillMember,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { TILL_MESSAGES } from './messages';
import type { TillProduct } from './basket';
import { lookUpProduct, type LookupArgs } from './product-lookup';
import { fillPath, sendKeepingDetails } from '../../api/request-details';
import { withKey } from './till-requests';

export type SalesListArgs = { storeId: string; page: number; size: number };
export type RecordSaleArgs = { request: TCreateSaleRequest; idempotencyKey: string };
export type RefundArgs = {
  saleId: string;
  /** Absent: every unit not refunded yet. */
  lines?: Array<{ lineNo: number; quantity: number }>;
  idempotencyKey: string;
};

const SALE_LIST = { type: 'Sale', id: 'LIST' } as const;
/** A sale or a refund moves stock (the Stock tab's and the catalogue's lists are read again) and points. */
const STOCK_CHANGED = [
  SALE_LIST,
  'TillMember',
  { type: 'Inventory', id: 'LIST' },
  { type: 'Product', id: 'LIST' },
] as const;

const sales = { service: 'sales' } as const;

export const tillApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Sale', 'Inventory', 'TillMember'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The business's active stores, by name: where a sale can be recorded. */
      listTillStores: build.query<TStore[], void>({
        query: () => API.stores.business,
        extraOptions: { service: 'product', fallbackMessage: TILL_MESSAGES.stores },
        providesTags: ['Store'],
      }),
      /** A read, sent as a mutation: every scan asks again (stock and discounts change), nothing is cached. */
      lookUpTillProduct: build.mutation<TillProduct, LookupArgs>({
        queryFn: (args, api) => lookUpProduct(args, api),
      }),
      /** The loyalty member a customer reference names: her spendable points and the rewards she can take. */
      findTillMember: build.query<TTillMember, string>({
        query: (ref) => ({ url: API.sales.loyaltyMember, params: { ref } }),
        extraOptions: { ...sales, fallbackMessage: TILL_MESSAGES.member },
        providesTags: ['TillMember'],
      }),
      recordSale: build.mutation<TSale, RecordSaleArgs>({
        async queryFn({ request, idempotencyKey }, api) {
          const result = await sendKeepingDetails(
            api,
            { url: API.sales.root, method: 'POST', headers: withKey(idempotencyKey), body: request },
            { ...sales, fallbackMessage: TILL_MESSAGES.record },
          );
          return result.error ? result : { data: result.data as TSale };
        },
        invalidatesTags: (_result, error) => (error ? [] : [...STOCK_CHANGED]),
      }),
      /** The store's sales and refunds, newest first, a page at a time. */
      listSales: build.query<TPage<TSaleSummary>, SalesListArgs>({
        query: (params) => ({ url: API.sales.root, params }),
        extraOptions: { ...sales, fallbackMessage: TILL_MESSAGES.sales },
        providesTags: (result) => [
          SALE_LIST,
          ...(result?.content ?? []).map((sale) => ({ type: 'Sale' as const, id: sale.id })),
        ],
      }),
      /** A sale with its lines, each with the units refunded so far. */
      getSale: build.query<TSale, string>({
        query: (id) => fillPath(API.sales.byId, { id }),
        extraOptions: { ...sales, fallbackMessage: TILL_MESSAGES.sale },
        providesTags: (_result, _error, id) => [{ type: 'Sale', id }],
      }),
      refundSale: build.mutation<TSale, RefundArgs>({
        async queryFn({ saleId, lines, idempotencyKey }, api) {
          const result = await sendKeepingDetails(
            api,
            {
              url: fillPath(API.sales.refund, { id: saleId }),
              method: 'POST',
              headers: withKey(idempotencyKey),
              body: lines ? { lines } : {},
            },
            { ...sales, fallbackMessage: TILL_MESSAGES.refund },
          );
          return result.error ? result : { data: result.data as TSale };
        },
        invalidatesTags: (_result, error, { saleId }) =>
          error ? [] : [...STOCK_CHANGED, { type: 'Sale', id: saleId }],
      }),
    }),
  });

export const {
  useListTillStoresQuery,
  useLookUpTillProductMutation,
  useFindTillMemberQuery,
  useRecordSaleMutation,
  useListSalesQuery,
  useGetSaleQuery,
  useRefundSaleMutation,
} = tillApi;
