import { API, type TBusiness, type TDeleteBusinessRequest } from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { BUSINESS_ERROR } from './messages';

const businessPath = (path: string, businessId: string) =>
  path.replace(':id', encodeURIComponent(businessId));
/** The tag the shell's business query provides too: its name, logo and closed banner follow. */
const businessTag = (businessId: string) => [{ type: 'Business' as const, id: businessId }];

export const businessProfileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusinessProfile: build.query<TBusiness, string>({
      query: (businessId) => businessPath(API.businesses.byId, businessId),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      providesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    /** Multipart: part `business` (the changed fields as JSON) and an optional part `logo`. */
    updateBusinessProfile: build.mutation<TBusiness, { businessId: string; body: FormData }>({
      query: ({ businessId, body }) => ({
        url: businessPath(API.businesses.byId, businessId),
        method: 'PUT',
        body,
      }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, { businessId }) => businessTag(businessId),
    }),
    closeBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: businessPath(API.businesses.close, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    activateBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: businessPath(API.businesses.activate, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => businessTag(businessId),
    }),
    /** The owner types the business name; the session ends afterwards, so nothing is refetched. */
    deleteBusiness: build.mutation<void, { businessId: string; body: TDeleteBusinessRequest }>({
      query: ({ businessId, body }) => ({
        url: businessPath(API.businesses.byId, businessId),
        method: 'DELETE',
        body,
      }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR },
    }),
  }),
});

export const {
  useGetBusinessProfileQuery,
  useUpdateBusinessProfileMutation,
  useCloseBusinessMutation,
  useActivateBusinessMutation,
  useDeleteBusinessMutation,
} = businessProfileApi;
