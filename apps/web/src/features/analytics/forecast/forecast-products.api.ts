import { API, type TReportProduct, type TReportProductQuery } from '@app/contracts';
import { baseApi } from '../../../api/base-api';

/** 001 section 8, Products. */
export const FORECAST_PRODUCTS_MESSAGE = 'Failed to search products for analytics';

/**
 * The products a forecast can name, from the analytics API itself (analytics:read): the analytics
 * roles read no catalogue. A product belongs to one location (DESIGN 12), so the server searches
 * the chosen store's location, active products by the start of the SKU or the name, at most
 * REPORT_PRODUCTS_LIMIT of them. An unknown store is a failure here, not an empty answer: the
 * store came from the analytics choices, so a 404 means something is wrong.
 */
export const forecastProductsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchForecastProducts: build.query<TReportProduct[], TReportProductQuery>({
      query: ({ storeId, query }) => ({ url: API.reports.products, params: { storeId, query } }),
      extraOptions: { service: 'analytics', fallbackMessage: FORECAST_PRODUCTS_MESSAGE },
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchForecastProductsQuery } = forecastProductsApi;
