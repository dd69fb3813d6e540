import { API, type TBusiness } from '@app/contracts';
import { baseApi } from '../../api/base-api';

/** 000 section 8: business actions fall back to this text. */
export const SHELL_BUSINESS_ERROR = 'An error occurred';

const byId = (path: string, businessId: string) => path.replace(':id', encodeURIComponent(businessId));

const shellBusinessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The banner's "Reactivate": staff can sign in again. */
    reactivateShellBusiness: build.mutation<TBusiness, string>({
      query: (businessId) => ({ url: byId(API.businesses.activate, businessId), method: 'PUT' }),
      extraOptions: { fallbackMessage: SHELL_BUSINESS_ERROR },
      invalidatesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
  }),
});

export const { useReactivateShellBusinessMutation } = shellBusinessApi;
