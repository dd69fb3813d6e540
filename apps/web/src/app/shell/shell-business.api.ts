import { API, type TBusiness } from '@app/contracts';
import { baseApi } from '../../api/base-api';

/** 000 section 8: business actions fall back to this text. */
export const SHELL_BUSINESS_ERROR = 'An error occurred';

const byId = (path: string, businessId: string) => path.replace(':id', encodeURIComponent(businessId));

const shellBusinessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The signed-in user's business, for its name and logo in the top bar and the closed-business
     * banner. Its tag is the one the Business Profile's changes invalidate, so both follow them.
     */
    getShellBusiness: build.query<TBusiness, string>({
      query: (businessId) => byId(API.businesses.byId, businessId),
      providesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
    /** The banner's "Reactivate": staff can sign in again. */
    reactivateShellBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: byId(API.businesses.activate, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: SHELL_BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
  }),
});

export const { useGetShellBusinessQuery, useReactivateShellBusinessMutation } = shellBusinessApi;
