import { API, type TCategory } from '@app/contracts';
import { baseApi } from '../../../api/base-api';

/** 001 section 8, Categories. */
export const CATEGORIES_MESSAGE = 'Failed to fetch categories';

/**
 * The categories the filter builder offers: those at the locations of the business's stores. Categories belong to a location (DESIGN 12) and the catalogue lists them per
 * location, so the list is gathered from each store's location; a category's name may repeat
 * across locations, which is why the builder shows the location beside it.
 */
export const filterChoicesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listFilterCategories: build.query<TCategory[], readonly string[]>({
      async queryFn(locationIds, _api, _extraOptions, baseQuery) {
        const answers = await Promise.all(
          [...new Set(locationIds)].map(async (locationId) =>
            baseQuery({ url: API.categories.byLocation.replace(':locationId', locationId) }),
          ),
        );
        const failed = answers.find((answer) => answer.error);
        if (failed?.error) return { error: failed.error };
        const categories = answers.flatMap((answer) => answer.data as TCategory[]);
        return { data: categories.sort((a, b) => a.categoryName.localeCompare(b.categoryName)) };
      },
      extraOptions: { service: 'product', fallbackMessage: CATEGORIES_MESSAGE },
      providesTags: [{ type: 'Category', id: 'LIST' }],
    }),
  }),
});

export const { useListFilterCategoriesQuery } = filterChoicesApi;
