import { API, type TStore } from '@app/contracts';
import { baseApi } from '../../../api/base-api';

export const ANALYTICS_STORES_ERROR = 'Failed to fetch stores';

/**
 * The business's active stores, by name, for the store pickers of the analytics screens (the
 * same call the till makes; a feature does not import another, so the query is its own).
 */
export const analyticsStoresApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAnalyticsStores: build.query<TStore[], void>({
      query: () => API.stores.business,
      extraOptions: { service: 'product', fallbackMessage: ANALYTICS_STORES_ERROR },
      providesTags: ['Store'],
    }),
  }),
});

export const { useListAnalyticsStoresQuery } = analyticsStoresApi;
