import { API, type TPage, type TProduct } from '@app/contracts';
import { baseApi, sessionBaseQuery } from '../../../api/base-api';
import { fillPath } from '../../../api/request-details';

/** 001 section 8, Products. */
export const FORECAST_PRODUCTS_MESSAGE = 'Failed to search products for analytics';
export const PRODUCT_SEARCH_SIZE = 10;

export type ForecastProductSearch = { locationId: string; query: string };

/**
 * The products a forecast can name: a product belongs to one location (DESIGN 12), so the search
 * runs at the chosen store's location, by the start of the SKU or the name (product:read).
 */
export const forecastProductsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchForecastProducts: build.query<TProduct[], ForecastProductSearch>({
      queryFn: async ({ locationId, query }, api) => {
        const result = await sessionBaseQuery(
          {
            url: fillPath(API.products.search, { locationId }),
            params: { query, page: 0, size: PRODUCT_SEARCH_SIZE, active: 'true' },
          },
          api,
          { service: 'product', fallbackMessage: FORECAST_PRODUCTS_MESSAGE },
        );
        // 'No products available in this location.' is an answer here, not a failure.
        if (result.error?.status === 404) return { data: [] };
        if (result.error) return { error: result.error };
        return { data: (result.data as TPage<TProduct>).content };
      },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchForecastProductsQuery } = forecastProductsApi;
