import { API, type TContainer, type TContainerRequest, type TStore } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { CONTAINER_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));
const atStore = (path: string, id: string, storeId: string) =>
  byId(path, id).replace(':storeId', encodeURIComponent(storeId));

/** A store's details count its active containers. */
const CHANGED = ['Container', 'Store'] as const;

export const carryingContainersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The active stores, for the store picker. */
    listContainerStores: build.query<TStore[], void>({
      query: () => API.stores.business,
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.stores },
      providesTags: ['Store'],
    }),
    /** A store's containers: active ones, or all with the unfiltered call (001 section 5). */
    listContainers: build.query<TContainer[], { storeId: string; isActiveOnly: boolean }>({
      query: ({ storeId, isActiveOnly }) =>
        (isActiveOnly ? API.containers.byStore : API.containers.byStoreUnfiltered).replace(
          ':storeId',
          encodeURIComponent(storeId),
        ),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.list },
      providesTags: ['Container'],
    }),
    createContainer: build.mutation<TContainer, TContainerRequest>({
      query: (body) => ({ url: API.containers.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.create },
      invalidatesTags: [...CHANGED],
    }),
    updateContainer: build.mutation<TContainer, { id: string; body: TContainerRequest }>({
      query: ({ id, body }) => ({ url: byId(API.containers.byId, id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.update },
      invalidatesTags: [...CHANGED],
    }),
    deleteContainer: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.containers.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.delete },
      invalidatesTags: [...CHANGED],
    }),
    discontinueContainer: build.mutation<TContainer, { id: string; storeId: string }>({
      query: ({ id, storeId }) => ({
        url: atStore(API.containers.discontinue, id, storeId),
        method: 'PATCH',
      }),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.discontinue },
      invalidatesTags: [...CHANGED],
    }),
    reactivateContainer: build.mutation<TContainer, { id: string; storeId: string }>({
      query: ({ id, storeId }) => ({ url: atStore(API.containers.reactivate, id, storeId), method: 'PATCH' }),
      extraOptions: { fallbackMessage: CONTAINER_ERRORS.reactivate },
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useListContainerStoresQuery,
  useListContainersQuery,
  useCreateContainerMutation,
  useUpdateContainerMutation,
  useDeleteContainerMutation,
  useDiscontinueContainerMutation,
  useReactivateContainerMutation,
} = carryingContainersApi;
