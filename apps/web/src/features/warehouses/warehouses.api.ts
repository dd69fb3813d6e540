import { API, type TLocation, type TWarehouse, type TWarehouseRequest } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { WAREHOUSE_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** A warehouse takes a location; the locations' `usedBy` and the free list change with it. */
const CHANGED = ['Warehouse', 'Location'] as const;

export const warehousesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Active warehouses, or with the discontinued ones too (`?active=all`). */
    listWarehouses: build.query<TWarehouse[], { isDiscontinuedIncluded: boolean }>({
      query: ({ isDiscontinuedIncluded }) =>
        isDiscontinuedIncluded ? `${API.warehouses.root}?active=all` : API.warehouses.root,
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.list },
      providesTags: ['Warehouse'],
    }),
    /** Active locations no store or warehouse uses yet; 204 is an empty list (001 section 5). */
    listWarehouseLocationChoices: build.query<TLocation[], void>({
      query: () => API.locations.unreferenced,
      transformResponse: (response: TLocation[] | '' | null) => (Array.isArray(response) ? response : []),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.locations },
      providesTags: ['Location'],
    }),
    createWarehouse: build.mutation<TWarehouse, TWarehouseRequest>({
      query: (body) => ({ url: API.warehouses.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.create },
      invalidatesTags: [...CHANGED],
    }),
    updateWarehouse: build.mutation<TWarehouse, { id: string; body: TWarehouseRequest }>({
      query: ({ id, body }) => ({ url: byId(API.warehouses.byId, id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.update },
      invalidatesTags: [...CHANGED],
    }),
    deleteWarehouse: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.warehouses.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.delete },
      invalidatesTags: [...CHANGED],
    }),
    discontinueWarehouse: build.mutation<TWarehouse, string>({
      query: (id) => ({ url: byId(API.warehouses.discontinue, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.discontinue },
      invalidatesTags: ['Warehouse'],
    }),
    reactivateWarehouse: build.mutation<TWarehouse, string>({
      query: (id) => ({ url: byId(API.warehouses.reactivate, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: WAREHOUSE_ERRORS.reactivate },
      invalidatesTags: ['Warehouse'],
    }),
  }),
});

export const {
  useListWarehousesQuery,
  useListWarehouseLocationChoicesQuery,
  useCreateWarehouseMutation,
  useUpdateWarehouseMutation,
  useDeleteWarehouseMutation,
  useDiscontinueWarehouseMutation,
  useReactivateWarehouseMutation,
} = warehousesApi;
