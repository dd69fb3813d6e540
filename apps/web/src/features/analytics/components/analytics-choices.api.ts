import { API, type TAnalyticsChoices } from '@app/contracts';
import { baseApi } from '../../../api/base-api';

export const ANALYTICS_STORES_ERROR = 'Failed to fetch stores';

export type AnalyticsStore = { id: string; name: string; locationId: string };
export type AnalyticsCategory = TAnalyticsChoices['categories'][number];

/**
 * The stores and categories of the analytics screens' pickers, from the analytics API itself
 * (`/choices`): the analytics roles read no catalogue. A discontinued store keeps its history, so
 * it is offered too, named as such. A rename elsewhere (Store, Category tags) reads them again.
 */
export const analyticsChoicesApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Store', 'Category'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getAnalyticsChoices: build.query<TAnalyticsChoices, void>({
        query: () => API.salesAnalytics.choices,
        extraOptions: { service: 'sales', fallbackMessage: ANALYTICS_STORES_ERROR },
        providesTags: ['Store', { type: 'Category', id: 'LIST' }],
      }),
    }),
  });

const { useGetAnalyticsChoicesQuery } = analyticsChoicesApi;

/** The stores to pick from, open ones first. */
export function useListAnalyticsStoresQuery(_arg?: undefined, options?: { skip?: boolean }) {
  const query = useGetAnalyticsChoicesQuery(undefined, options);
  const data: AnalyticsStore[] | undefined = query.data?.stores.map((store) => ({
    id: store.id,
    name: store.active ? store.name : `${store.name} (discontinued)`,
    locationId: store.locationId,
  }));
  return { ...query, data };
}

/** The categories at the stores' locations, by name, each with its location's name. */
export function useListAnalyticsCategoriesQuery(options?: { skip?: boolean }) {
  const query = useGetAnalyticsChoicesQuery(undefined, options);
  return { ...query, data: query.data?.categories };
}
