import {
  API,
  type TActiveFilter,
  type TAdjustInventoryRequest,
  type TInventoryItem,
  type TLedgerEntry,
  type TPage,
  type TSetCountRequest,
  type TSkuSuggestion,
  type TStockRow,
  type TStockValue,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { IDEMPOTENCY_HEADER } from './idempotency-key';
import { INVENTORY_MESSAGES } from './messages';
import { fillPath } from '../../api/request-details';

export type StockListArgs = {
  locationId: string;
  page: number;
  size: number;
  active: TActiveFilter;
  /** Part of the SKU or name; blank lists everything. */
  search: string;
  isLowStock: boolean;
};

export type ItemAtLocation = { id: string; locationId: string };

/** A stock-changing call carries the key of its user action (DESIGN 13). */
type Keyed<T> = T & { idempotencyKey: string };

export type CreateStockArgs = Keyed<{
  productId: string;
  locationId: string;
  quantity: number;
  reorderPoint: number | null;
}>;

export type TemplateFormat = 'excel' | 'csv';

export const TEMPLATE_FILES: Record<TemplateFormat, string> = {
  excel: 'inventory_template.xlsx',
  csv: 'inventory_template.csv',
};

const STOCK_LIST = { type: 'Inventory', id: 'LIST' } as const;
/** The catalogue's product list shows each product's stock: it is read again after a change. */
const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;

const inventory = { service: 'inventory' } as const;

function keyed(idempotencyKey: string) {
  return { [IDEMPOTENCY_HEADER]: idempotencyKey };
}

/** Saves a downloaded file under its name, through a short-lived link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function stockChanged(id: string) {
  return [
    STOCK_LIST,
    { type: 'Inventory' as const, id },
    { type: 'InventoryLedger' as const, id },
    PRODUCT_LIST,
  ];
}

export const inventoryApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Inventory', 'InventoryLedger'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** One page of the location's stock with what is in transit and the low-stock flag. */
      listStock: build.query<TPage<TStockRow>, StockListArgs>({
        query: ({ locationId, page, size, active, search, isLowStock }) => ({
          url: fillPath(API.inventory.pageAtLocation, { locationId }),
          params: {
            page,
            size,
            active,
            ...(search.trim() !== '' && { search: search.trim() }),
            ...(isLowStock && { isLowStock: 'true' }),
          },
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.fetch },
        providesTags: (result) => [
          STOCK_LIST,
          ...(result?.content ?? []).map((row) => ({ type: 'Inventory' as const, id: row.id })),
        ],
      }),
      /** What the location's stock is worth (issue 16); refreshed with the stock list. */
      getStockValue: build.query<TStockValue, string>({
        query: (locationId) => ({ url: API.stockValue, params: { locationId } }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.stockValue },
        providesTags: [STOCK_LIST],
      }),
      /** SKU suggestions of 001 section 9: page 0, size 10, the query trimmed (section 5). */
      suggestSkus: build.query<TPage<TSkuSuggestion>, { locationId: string; query: string }>({
        query: ({ locationId, query }) => ({
          url: API.inventory.skuSuggestions,
          params: { query: query.trim(), locationId, page: 0, size: 10 },
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.suggestions },
        providesTags: [STOCK_LIST],
      }),
      createStock: build.mutation<TInventoryItem, CreateStockArgs>({
        query: ({ idempotencyKey, ...body }) => ({
          url: API.inventory.root,
          method: 'POST',
          body,
          headers: keyed(idempotencyKey),
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.create },
        invalidatesTags: [STOCK_LIST, PRODUCT_LIST],
      }),
      adjustStock: build.mutation<TInventoryItem, Keyed<TAdjustInventoryRequest & { id: string }>>({
        query: ({ id, idempotencyKey, ...body }) => ({
          url: fillPath(API.inventory.adjust, { id }),
          method: 'PUT',
          body,
          headers: keyed(idempotencyKey),
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.adjust },
        // A refusal (not enough stock) means the row is stale: read it again either way.
        invalidatesTags: (_result, _error, { id }) => stockChanged(id),
      }),
      setCount: build.mutation<TInventoryItem, Keyed<TSetCountRequest & ItemAtLocation>>({
        query: ({ id, locationId, idempotencyKey, ...body }) => ({
          url: fillPath(API.inventory.atLocation, { id, locationId }),
          method: 'PUT',
          body,
          headers: keyed(idempotencyKey),
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.count },
        invalidatesTags: (_result, _error, { id }) => stockChanged(id),
      }),
      retireStock: build.mutation<TInventoryItem, ItemAtLocation>({
        query: (target) => ({ url: fillPath(API.inventory.retire, target), method: 'PATCH' }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.retire },
        invalidatesTags: (_result, _error, { id }) => [STOCK_LIST, { type: 'Inventory', id }],
      }),
      reactivateStock: build.mutation<TInventoryItem, ItemAtLocation>({
        query: (target) => ({ url: fillPath(API.inventory.reactivate, target), method: 'PATCH' }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.reactivate },
        invalidatesTags: (_result, _error, { id }) => [STOCK_LIST, { type: 'Inventory', id }],
      }),
      deleteStock: build.mutation<void, ItemAtLocation>({
        query: (target) => ({ url: fillPath(API.inventory.atLocation, target), method: 'DELETE' }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.delete },
        invalidatesTags: [STOCK_LIST, PRODUCT_LIST],
      }),
      deleteZeroQuantity: build.mutation<{ deleted: number }, string>({
        query: (locationId) => ({
          url: fillPath(API.inventory.zeroQuantity, { locationId }),
          method: 'DELETE',
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.deleteZero },
        invalidatesTags: [STOCK_LIST, PRODUCT_LIST],
      }),
      /** The item's ledger, newest first: what explains its quantity. */
      listLedger: build.query<TPage<TLedgerEntry>, { id: string; page: number; size: number }>({
        query: ({ id, page, size }) => ({
          url: fillPath(API.inventory.ledger, { id }),
          params: { page, size },
        }),
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.ledger },
        providesTags: (_result, _error, { id }) => [{ type: 'InventoryLedger', id }],
      }),
      /**
       * A template saved as inventory_template.xlsx / .csv (001 section 9). The file goes straight
       * to the browser's downloads; nothing of it enters the store.
       */
      downloadTemplate: build.mutation<null, TemplateFormat>({
        async queryFn(format, _api, extraOptions, baseQuery) {
          const result = await baseQuery({
            url: format === 'excel' ? API.inventory.templateExcel : API.inventory.templateCsv,
            // A refusal is JSON ({code, message}); anything else unreadable falls back to the text.
            responseHandler: async (response) => (response.ok ? response.blob() : readJson(response)),
          });
          if (result.error) return { error: result.error };
          saveFile(result.data as Blob, TEMPLATE_FILES[format]);
          return { data: null };
        },
        extraOptions: { ...inventory, fallbackMessage: INVENTORY_MESSAGES.template },
      }),
    }),
  });

/** After a spreadsheet upload: every list and history may have changed. */
export const stockUploaded = () =>
  inventoryApi.util.invalidateTags([STOCK_LIST, 'InventoryLedger', PRODUCT_LIST]);

export const {
  useListStockQuery,
  useGetStockValueQuery,
  useSuggestSkusQuery,
  useCreateStockMutation,
  useAdjustStockMutation,
  useSetCountMutation,
  useRetireStockMutation,
  useReactivateStockMutation,
  useDeleteStockMutation,
  useDeleteZeroQuantityMutation,
  useListLedgerQuery,
  useDownloadTemplateMutation,
} = inventoryApi;
