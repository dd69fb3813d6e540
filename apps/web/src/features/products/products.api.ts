import {
  API,
  type TActiveFilter,
  type TCategory,
  type TCategoryRequest,
  type TDiscountQuery,
  type TPage,
  type TProduct,
  type TSupplier,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { CATEGORY_MESSAGES, DISCOUNT_MESSAGES, PRODUCT_MESSAGES, SUPPLIER_MESSAGES } from './messages';
import { fillPath } from '../../api/request-details';

export type ProductListArgs = {
  locationId: string;
  page: number;
  size: number;
  active: TActiveFilter;
};

export type ProductSearchArgs = ProductListArgs & { query: string };

export type ProductAtLocation = { id: string; locationId: string };

export type CategoryListArgs = { locationId: string; active: TActiveFilter };

const PRODUCT_LIST = { type: 'Product', id: 'LIST' } as const;
const CATEGORY_LIST = { type: 'Category', id: 'LIST' } as const;

function emptyPage<T>(args: { page: number; size: number }): TPage<T> {
  return { content: [], page: args.page, size: args.size, totalElements: 0, totalPages: 0 };
}

function providePage(result: TPage<TProduct> | undefined) {
  return [
    PRODUCT_LIST,
    ...(result?.content ?? []).map((product) => ({ type: 'Product' as const, id: product.id })),
  ];
}

const product = { service: 'product' } as const;

export const productsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * One page of the location's products. The server answers 404 "No products available in
     * this location." for a location without any (001 section 5): that is an empty list here;
     * any other 404 (the location is gone) stays an error.
     */
    listProducts: build.query<TPage<TProduct>, ProductListArgs>({
      async queryFn(args, _api, _extraOptions, baseQuery) {
        const result = await baseQuery({
          url: fillPath(API.products.byLocation, { locationId: args.locationId }),
          params: { page: args.page, size: args.size, active: args.active },
        });
        if (result.error?.status === 404 && result.error.message === PRODUCT_MESSAGES.noProducts) {
          return { data: emptyPage<TProduct>(args) };
        }
        if (result.error) return { error: result.error };
        return { data: result.data as TPage<TProduct> };
      },
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.fetchByLocation },
      providesTags: providePage,
    }),
    /** The location's products whose SKU or name starts with the (trimmed) query. */
    searchProducts: build.query<TPage<TProduct>, ProductSearchArgs>({
      query: (args) => ({
        url: fillPath(API.products.search, { locationId: args.locationId }),
        params: { query: args.query.trim(), page: args.page, size: args.size, active: args.active },
      }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.fetchByLocation },
      providesTags: providePage,
    }),
    /** Multipart: the fields of ZProductRequest, `locationIds` repeated, an optional `image`. */
    createProduct: build.mutation<TProduct, FormData>({
      query: (body) => ({ url: API.products.root, method: 'POST', body }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.add },
      invalidatesTags: [PRODUCT_LIST],
    }),
    updateProduct: build.mutation<TProduct, { id: string; body: FormData }>({
      query: ({ id, body }) => ({ url: fillPath(API.products.byId, { id }), method: 'PUT', body }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.update },
      invalidatesTags: (_result, _error, { id }) => [PRODUCT_LIST, { type: 'Product', id }],
    }),
    deleteProduct: build.mutation<TProduct, ProductAtLocation>({
      query: ({ id, locationId }) => ({
        url: fillPath(API.products.atLocation, { id, locationId }),
        method: 'DELETE',
      }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.delete },
      invalidatesTags: [PRODUCT_LIST],
    }),
    discontinueProduct: build.mutation<TProduct, ProductAtLocation>({
      query: ({ id, locationId }) => ({
        url: fillPath(API.products.discontinue, { id, locationId }),
        method: 'PATCH',
      }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.discontinue },
      invalidatesTags: (_result, _error, { id }) => [PRODUCT_LIST, { type: 'Product', id }],
    }),
    reactivateProduct: build.mutation<TProduct, ProductAtLocation>({
      query: ({ id, locationId }) => ({
        url: fillPath(API.products.reactivate, { id, locationId }),
        method: 'PATCH',
      }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.reactivate },
      invalidatesTags: (_result, _error, { id }) => [PRODUCT_LIST, { type: 'Product', id }],
    }),
    generateBarcode: build.mutation<TProduct, string>({
      query: (id) => ({ url: fillPath(API.products.generateBarcode, { id }), method: 'POST' }),
      extraOptions: { ...product, fallbackMessage: PRODUCT_MESSAGES.generateBarcode },
      invalidatesTags: (_result, _error, id) => [PRODUCT_LIST, { type: 'Product', id }],
    }),

    /** The location's categories: active ones, or with `unfiltered` the discontinued too. */
    listCategories: build.query<TCategory[], CategoryListArgs>({
      query: ({ locationId, active }) =>
        fillPath(active === 'true' ? API.categories.byLocation : API.categories.byLocationUnfiltered, {
          locationId,
        }),
      transformResponse: (categories: TCategory[], _meta, { active }) =>
        active === 'false' ? categories.filter((category) => !category.active) : categories,
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.fetch },
      providesTags: (result) => [
        CATEGORY_LIST,
        ...(result ?? []).map((category) => ({ type: 'Category' as const, id: category.id })),
      ],
    }),
    createCategory: build.mutation<TCategory, TCategoryRequest>({
      query: (body) => ({ url: API.categories.root, method: 'POST', body }),
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.add },
      invalidatesTags: [CATEGORY_LIST],
    }),
    updateCategory: build.mutation<TCategory, { categoryId: string; body: TCategoryRequest }>({
      query: ({ categoryId, body }) => ({
        url: fillPath(API.categories.atLocation, { categoryId, locationId: body.locationId }),
        method: 'PUT',
        body,
      }),
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.update },
      invalidatesTags: (_result, _error, { categoryId }) => [
        CATEGORY_LIST,
        { type: 'Category', id: categoryId },
      ],
    }),
    /** Its products lose the category (DESIGN 12), so their list is read again too. */
    deleteCategory: build.mutation<void, string>({
      query: (id) => ({ url: fillPath(API.categories.byId, { id }), method: 'DELETE' }),
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.delete },
      invalidatesTags: [CATEGORY_LIST, PRODUCT_LIST],
    }),
    discontinueCategory: build.mutation<TCategory, { categoryId: string; locationId: string }>({
      query: (params) => ({ url: fillPath(API.categories.discontinue, params), method: 'PATCH' }),
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.discontinue },
      invalidatesTags: (_result, _error, { categoryId }) => [
        CATEGORY_LIST,
        { type: 'Category', id: categoryId },
      ],
    }),
    reactivateCategory: build.mutation<TCategory, { categoryId: string; locationId: string }>({
      query: (params) => ({ url: fillPath(API.categories.reactivate, params), method: 'PATCH' }),
      extraOptions: { ...product, fallbackMessage: CATEGORY_MESSAGES.reactivate },
      invalidatesTags: (_result, _error, { categoryId }) => [
        CATEGORY_LIST,
        { type: 'Category', id: categoryId },
      ],
    }),

    /** No body: everything travels in the query, as the specification has it (001 section 7). */
    saveDiscount: build.mutation<TProduct, TDiscountQuery>({
      query: (discount) => ({
        url: API.discounts.createOrUpdate,
        method: 'POST',
        params: Object.fromEntries(
          Object.entries(discount).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }),
      extraOptions: { ...product, fallbackMessage: DISCOUNT_MESSAGES.createOrUpdate },
      invalidatesTags: [PRODUCT_LIST],
    }),
    removeDiscount: build.mutation<TProduct, { productId: string; locationId: string }>({
      query: (params) => ({ url: API.discounts.remove, method: 'DELETE', params }),
      extraOptions: { ...product, fallbackMessage: DISCOUNT_MESSAGES.remove },
      invalidatesTags: (_result, _error, { productId }) => [PRODUCT_LIST, { type: 'Product', id: productId }],
    }),

    /** The active suppliers to choose from in the product form (one page of the largest size). */
    listSupplierChoices: build.query<TPage<TSupplier>, void>({
      query: () => ({ url: API.suppliers.root, params: { size: 100 } }),
      extraOptions: { ...product, fallbackMessage: SUPPLIER_MESSAGES.fetch },
      providesTags: [{ type: 'Supplier', id: 'LIST' }],
    }),
  }),
});

export const {
  useListProductsQuery,
  useSearchProductsQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useDiscontinueProductMutation,
  useReactivateProductMutation,
  useGenerateBarcodeMutation,
  useListCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useDiscontinueCategoryMutation,
  useReactivateCategoryMutation,
  useSaveDiscountMutation,
  useRemoveDiscountMutation,
  useListSupplierChoicesQuery,
} = productsApi;
