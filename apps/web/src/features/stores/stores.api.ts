import {
  API,
  type TLocation,
  type TLocationRequest,
  type TNearbyStore,
  type TPosReader,
  type TPosReaderRegistration,
  type TStore,
  type TStoreDetails,
  type TStoreRequest,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { LOCATION_ERRORS, STORE_ERRORS } from './messages';

const byId = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** Stores and warehouses carry their location: a changed location changes them too. */
const LOCATION_CHANGED = ['Location', 'Store', 'Warehouse'] as const;
/** A store takes or frees a location (`usedBy`, the free list). */
const STORE_CHANGED = ['Store', 'Location'] as const;

/** The update call (JSON) with the store's fields as they are and the new `active`. */
function setActive(store: TStore, isActive: boolean) {
  const body: TStoreRequest = {
    name: store.name,
    locationId: store.locationId,
    phone: store.phone,
    email: store.email,
    openingHours: store.openingHours,
    active: isActive,
  };
  return { url: byId(API.stores.byId, store.id), method: 'PUT', body };
}

export type NearbyQuery = { latitude: number; longitude: number; radiusKm: number };

export const storesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Active locations, or all of them with the unfiltered call. */
    listLocations: build.query<TLocation[], { isDiscontinuedIncluded: boolean }>({
      query: ({ isDiscontinuedIncluded }) =>
        isDiscontinuedIncluded ? API.locations.businessUnfiltered : API.locations.business,
      extraOptions: { fallbackMessage: LOCATION_ERRORS.list },
      providesTags: ['Location'],
    }),
    /** Active locations no store or warehouse uses yet; 204 is an empty list (001 section 5). */
    listStoreLocationChoices: build.query<TLocation[], void>({
      query: () => API.locations.unreferenced,
      transformResponse: (response: TLocation[] | '' | null) => (Array.isArray(response) ? response : []),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.list },
      providesTags: ['Location'],
    }),
    createLocation: build.mutation<TLocation, TLocationRequest>({
      query: (body) => ({ url: API.locations.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.create },
      invalidatesTags: ['Location'],
    }),
    updateLocation: build.mutation<TLocation, { id: string; body: TLocationRequest }>({
      query: ({ id, body }) => ({ url: byId(API.locations.byId, id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.update },
      invalidatesTags: [...LOCATION_CHANGED],
    }),
    deleteLocation: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.locations.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.delete },
      invalidatesTags: ['Location'],
    }),
    discontinueLocation: build.mutation<TLocation, string>({
      query: (id) => ({ url: byId(API.locations.discontinue, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.discontinue },
      invalidatesTags: [...LOCATION_CHANGED],
    }),
    reactivateLocation: build.mutation<TLocation, string>({
      query: (id) => ({ url: byId(API.locations.reactivate, id), method: 'PATCH' }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.reactivate },
      invalidatesTags: [...LOCATION_CHANGED],
    }),
    /** Active stores, or all of them with the unfiltered call. */
    listStores: build.query<TStore[], { isDiscontinuedIncluded: boolean }>({
      query: ({ isDiscontinuedIncluded }) =>
        isDiscontinuedIncluded ? API.stores.businessUnfiltered : API.stores.business,
      extraOptions: { fallbackMessage: STORE_ERRORS.list },
      providesTags: ['Store'],
    }),
    getStoreDetails: build.query<TStoreDetails, string>({
      query: (id) => byId(API.stores.details, id),
      extraOptions: { fallbackMessage: STORE_ERRORS.details },
      // Its counts follow products, stock and containers changed on other screens.
      providesTags: ['Store', 'Container', 'Product'],
      keepUnusedDataFor: 0,
    }),
    /** Multipart: part `store` (JSON) and an optional file `image`. */
    createStore: build.mutation<TStore, FormData>({
      query: (body) => ({ url: API.stores.root, method: 'POST', body }),
      extraOptions: { fallbackMessage: STORE_ERRORS.create },
      invalidatesTags: [...STORE_CHANGED],
    }),
    updateStore: build.mutation<TStore, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: byId(API.stores.byId, id), method: 'PUT', body }),
      extraOptions: { fallbackMessage: STORE_ERRORS.update },
      invalidatesTags: [...STORE_CHANGED],
    }),
    /** The specification has no store discontinue call: the update call sets `active`. */
    discontinueStore: build.mutation<TStore, TStore>({
      query: (store) => setActive(store, false),
      extraOptions: { fallbackMessage: STORE_ERRORS.discontinue },
      invalidatesTags: [...STORE_CHANGED],
    }),
    reactivateStore: build.mutation<TStore, TStore>({
      query: (store) => setActive(store, true),
      extraOptions: { fallbackMessage: STORE_ERRORS.reactivate },
      invalidatesTags: [...STORE_CHANGED],
    }),
    deleteStore: build.mutation<void, string>({
      query: (id) => ({ url: byId(API.stores.byId, id), method: 'DELETE' }),
      extraOptions: { fallbackMessage: STORE_ERRORS.delete },
      invalidatesTags: [...STORE_CHANGED, 'Container'],
    }),
    toggleStoreBasketWeight: build.mutation<TStore, string>({
      query: (id) => ({ url: byId(API.stores.toggleBasketWeight, id), method: 'PUT' }),
      extraOptions: { fallbackMessage: STORE_ERRORS.toggleBasketWeight },
      invalidatesTags: ['Store'],
    }),
    listNearbyStores: build.query<TNearbyStore[], NearbyQuery>({
      query: ({ latitude, longitude, radiusKm }) => ({
        url: API.stores.nearby,
        params: { latitude, longitude, radiusKm },
      }),
      extraOptions: { fallbackMessage: STORE_ERRORS.nearby },
      providesTags: ['Store'],
    }),
    registerPosReader: build.mutation<TPosReader, TPosReaderRegistration>({
      query: (body) => ({ url: API.locations.registerReader, method: 'POST', body }),
      extraOptions: { fallbackMessage: LOCATION_ERRORS.registerReader },
      invalidatesTags: ['Store'],
    }),
  }),
});

export const {
  useListLocationsQuery,
  useListStoreLocationChoicesQuery,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useDeleteLocationMutation,
  useDiscontinueLocationMutation,
  useReactivateLocationMutation,
  useListStoresQuery,
  useGetStoreDetailsQuery,
  useCreateStoreMutation,
  useUpdateStoreMutation,
  useDiscontinueStoreMutation,
  useReactivateStoreMutation,
  useDeleteStoreMutation,
  useToggleStoreBasketWeightMutation,
  useLazyListNearbyStoresQuery,
  useRegisterPosReaderMutation,
} = storesApi;
