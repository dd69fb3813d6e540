import {
  API,
  type TSupplier,
  type TSupplierListQuery,
  type TSupplierPage,
  type TSupplierRequest,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { SUPPLIER_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const suppliersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** One page of the suppliers, by name; `search` matches name, contact or e-mail. */
    listSuppliers: build.query<TSupplierPage, TSupplierListQuery>({
      query: (params) => ({ url: API.suppliers.root, params }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.list },
      providesTags: ['Supplier'],
    }),
    createSupplier: build.mutation<TSupplier, TSupplierRequest>({
      query: (body) => ({ url: API.suppliers.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.create },
      invalidatesTags: ['Supplier'],
    }),
    updateSupplier: build.mutation<TSupplier, { id: string; body: TSupplierRequest }>({
      query: ({ id, body }) => ({ url: byId(API.suppliers.byId, id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.update },
      // Products show their supplier.
      invalidatesTags: ['Supplier', 'Product'],
    }),
    deleteSupplier: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.suppliers.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.delete },
      // Its products keep existing without it.
      invalidatesTags: ['Supplier', 'Product'],
    }),
    discontinueSupplier: build.mutation<TSupplier, string>({
      query: (id) => ({ url: byId(API.suppliers.discontinue, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.discontinue },
      invalidatesTags: ['Supplier'],
    }),
    reactivateSupplier: build.mutation<TSupplier, string>({
      query: (id) => ({ url: byId(API.suppliers.reactivate, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: SUPPLIER_ERRORS.reactivate },
      invalidatesTags: ['Supplier'],
    }),
  }),
});

export const {
  useListSuppliersQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useDeleteSupplierMutation,
  useDiscontinueSupplierMutation,
  useReactivateSupplierMutation,
} = suppliersApi;
