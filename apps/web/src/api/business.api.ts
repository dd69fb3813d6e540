import { API, type TBusiness } from '@app/contracts';
import { baseApi } from './base-api';

const byId = (path: string, businessId: string) => path.replace(':id', encodeURIComponent(businessId));

/**
 * The signed-in user's business as every role may read it: the top bar's name and logo, the
 * closed-business banner, and the currency money is shown in. One endpoint, so one request and
 * one cache entry serve them all; its tag is the one the Business Profile's changes invalidate.
 */
export const businessApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBusiness: build.query<TBusiness, string>({
      query: (businessId) => byId(API.businesses.byId, businessId),
      providesTags: (_result, _error, businessId) => [{ type: 'Business', id: businessId }],
    }),
  }),
});

export const { useGetBusinessQuery } = businessApi;
