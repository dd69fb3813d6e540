import {
  API,
  type MovementStatus,
  type TCreatedMovements,
  type TMovementItem,
  type TPage,
  type TSkuSuggestion,
  type TStockMovement,
  type TWeeklyMovement,
  type TReceivedItem,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { MOVEMENT_MESSAGES } from './messages';
import { shortId, type MovementEnd } from './movement-format';
import { fillPath } from '../../api/request-details';
import { download, sendKeepingDetails, withKey } from './movement-requests';

export type MovementListArgs = {
  page: number;
  size: number;
  status?: MovementStatus;
  locationId?: string;
  batchId?: string;
  search?: string;
};

/** One movement, or a batch of several (one batchId and one pair of codes for all). */
export type CreateMovementsArgs = { items: TMovementItem[]; note: string | null; idempotencyKey: string };
export type ValidateArgs = {
  end: MovementEnd;
  validationCode: string;
  idempotencyKey: string;
  /** At the destination: the movements that did not arrive as sent (none: everything arrived). */
  received?: TReceivedItem[];
} & ({ id: string } | { batchId: string });
export type CancelArgs = { movementIds: string[]; idempotencyKey: string };
export type UploadArgs = { file: File; note: string | null; idempotencyKey: string };
export type DocumentArgs = { id: string; codes?: { source: string; destination: string } };

const MOVEMENT_LIST = { type: 'StockMovement', id: 'LIST' } as const;
const WEEKLY = { type: 'StockMovement', id: 'WEEKLY' } as const;
/**
 * Validations and cancels change stock, and a destination validation may create the product
 * there: the stock tab's and the products' lists are read again.
 */
const STOCK_CHANGED = [
  MOVEMENT_LIST,
  WEEKLY,
  { type: 'Inventory', id: 'LIST' },
  { type: 'Product', id: 'LIST' },
] as const;

const inventory = { service: 'inventory' } as const;

function validationCall(args: ValidateArgs): {
  url: string;
  params: Record<string, string>;
  fallback: string;
} {
  const paths = API.stockMovements;
  const isSource = args.end === 'source';
  if ('batchId' in args) {
    return {
      url: isSource ? paths.batchValidateSource : paths.batchValidateDestination,
      params: { batchId: args.batchId, validationCode: args.validationCode },
      fallback: isSource ? MOVEMENT_MESSAGES.batchValidateSource : MOVEMENT_MESSAGES.batchValidateDestination,
    };
  }
  return {
    url: fillPath(isSource ? paths.validateSource : paths.validateDestination, { id: args.id }),
    params: { validationCode: args.validationCode },
    fallback: isSource ? MOVEMENT_MESSAGES.validateSource : MOVEMENT_MESSAGES.validateDestination,
  };
}

export const stockMovementsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['StockMovement', 'Inventory'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Newest first, one page at a time, filtered on the server. */
      listMovements: build.query<TPage<TStockMovement>, MovementListArgs>({
        query: (args) => ({
          url: API.stockMovements.all,
          params: Object.fromEntries(
            Object.entries(args).filter(([, value]) => value !== undefined && value !== ''),
          ),
        }),
        extraOptions: { ...inventory, fallbackMessage: MOVEMENT_MESSAGES.fetch },
        providesTags: (result) => [
          MOVEMENT_LIST,
          ...(result?.content ?? []).map((movement) => ({ type: 'StockMovement' as const, id: movement.id })),
        ],
      }),
      /**
       * One movement, the one an alert is about. Read again with the list after a validation or a
       * cancel (they invalidate the list's tag).
       */
      getMovement: build.query<TStockMovement, string>({
        query: (id) => fillPath(API.stockMovements.byId, { id }),
        extraOptions: { ...inventory, fallbackMessage: MOVEMENT_MESSAGES.fetchOne },
        providesTags: (_result, _error, id) => [MOVEMENT_LIST, { type: 'StockMovement', id }],
      }),
      /** The products at the source whose SKU starts with the query (page 0, size 10: 001 section 9). */
      searchMovementSkus: build.query<TPage<TSkuSuggestion>, { query: string; locationId: string }>({
        query: ({ query, locationId }) => ({
          url: API.stockMovements.skuSuggestions,
          params: { query: query.trim(), locationId, page: 0, size: 10 },
        }),
        extraOptions: { ...inventory, fallbackMessage: MOVEMENT_MESSAGES.fetchSkus },
      }),
      createMovements: build.mutation<TCreatedMovements, CreateMovementsArgs>({
        async queryFn({ items, note, idempotencyKey }, api) {
          const result = await sendKeepingDetails(
            api,
            {
              url: API.stockMovements.create,
              method: 'POST',
              headers: withKey(idempotencyKey),
              // One item is the single form of the call; several are a batch.
              body: items.length === 1 ? { ...items[0], note } : { items, note },
            },
            MOVEMENT_MESSAGES.create,
          );
          return result.error ? result : { data: result.data as TCreatedMovements };
        },
        invalidatesTags: [MOVEMENT_LIST],
      }),
      /** At the source or the destination, of one movement or of a whole batch (all or none). */
      validateMovements: build.mutation<unknown, ValidateArgs>({
        queryFn(args, api) {
          const call = validationCall(args);
          return sendKeepingDetails(
            api,
            {
              url: call.url,
              method: 'PUT',
              headers: withKey(args.idempotencyKey),
              params: call.params,
              ...(args.received?.length ? { body: { items: args.received } } : {}),
            },
            call.fallback,
          );
        },
        invalidatesTags: (_result, error) => (error ? [] : [...STOCK_CHANGED]),
      }),
      /** One movement through cancel/{id}; several through batch/cancel, all or none. */
      cancelMovements: build.mutation<unknown, CancelArgs>({
        queryFn({ movementIds, idempotencyKey }, api) {
          const [only] = movementIds;
          if (movementIds.length === 1 && only) {
            return sendKeepingDetails(
              api,
              {
                url: fillPath(API.stockMovements.cancel, { id: only }),
                method: 'PUT',
                headers: withKey(idempotencyKey),
              },
              MOVEMENT_MESSAGES.cancel,
            );
          }
          // movementIds repeated once per id (001 section 7); `params` would join them with commas.
          const query = new URLSearchParams(movementIds.map((id) => ['movementIds', id]));
          return sendKeepingDetails(
            api,
            {
              url: `${API.stockMovements.batchCancel}?${query.toString()}`,
              method: 'PUT',
              headers: withKey(idempotencyKey),
            },
            MOVEMENT_MESSAGES.batchCancel,
          );
        },
        invalidatesTags: (_result, error) => (error ? [] : [...STOCK_CHANGED]),
      }),
      /** Multipart `file` and an optional `note`: one batch per sheet. */
      uploadMovements: build.mutation<TCreatedMovements, UploadArgs>({
        async queryFn({ file, note, idempotencyKey }, api) {
          const body = new FormData();
          body.append('file', file);
          if (note) body.append('note', note);
          const result = await sendKeepingDetails(
            api,
            { url: API.stockMovements.bulkUpload, method: 'POST', headers: withKey(idempotencyKey), body },
            MOVEMENT_MESSAGES.upload,
          );
          return result.error ? result : { data: result.data as TCreatedMovements };
        },
        invalidatesTags: (_result, error) => (error ? [] : [MOVEMENT_LIST]),
      }),
      /** The last 8 weeks, oldest first. */
      getWeeklyMovement: build.query<TWeeklyMovement[], void>({
        query: () => API.stockMovements.weekly,
        extraOptions: { ...inventory, fallbackMessage: MOVEMENT_MESSAGES.weekly },
        providesTags: [WEEKLY],
      }),
      /**
       * The transfer document (PDF). With the codes, the creator's first download prints them; the
       * codes travel in headers, never in the address, which access logs keep.
       */
      downloadMovementDocument: build.mutation<{ fileName: string }, DocumentArgs>({
        queryFn: ({ id, codes }, api) =>
          download(
            api,
            {
              url: fillPath(API.stockMovements.document, { id }),
              headers: codes
                ? {
                    'X-Source-Validation-Code': codes.source,
                    'X-Destination-Validation-Code': codes.destination,
                  }
                : undefined,
            },
            {
              file: `transfer-${shortId(id).toLowerCase()}.pdf`,
              fallbackMessage: MOVEMENT_MESSAGES.document,
            },
          ),
      }),
      downloadMovementTemplate: build.mutation<{ fileName: string }, 'excel' | 'csv'>({
        queryFn: (format, api) =>
          format === 'excel'
            ? download(
                api,
                { url: API.stockMovements.templateExcel },
                { file: 'stock_movement_template.xlsx', fallbackMessage: MOVEMENT_MESSAGES.templateExcel },
              )
            : download(
                api,
                { url: API.stockMovements.templateCsv },
                { file: 'stock_movement_template.csv', fallbackMessage: MOVEMENT_MESSAGES.templateCsv },
              ),
      }),
    }),
  });

export const {
  useListMovementsQuery,
  useGetMovementQuery,
  useSearchMovementSkusQuery,
  useCreateMovementsMutation,
  useValidateMovementsMutation,
  useCancelMovementsMutation,
  useUploadMovementsMutation,
  useGetWeeklyMovementQuery,
  useDownloadMovementDocumentMutation,
  useDownloadMovementTemplateMutation,
} = stockMovementsApi;
