import { API, type TAddress, type TBusiness, type TUser } from '@app/contracts';
import { baseApi } from '../../api/base-api';

export const BUSINESS_ERROR_MESSAGE = 'An error occurred';

export const businessSetupApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user with the address on file. */
    getSetupUser: build.query<TUser, string>({
      query: (userId) => API.users.byId.replace(':id', encodeURIComponent(userId)),
      extraOptions: { fallbackMessage: BUSINESS_ERROR_MESSAGE },
      providesTags: (_result, _error, userId) => [{ type: 'User', id: userId }],
    }),
    /** Multipart: a JSON part `business` and an optional `logo` file. */
    createBusiness: build.mutation<TBusiness, FormData>({
      query: (body) => ({ url: API.businesses.create, method: 'POST', body }),
      extraOptions: { fallbackMessage: BUSINESS_ERROR_MESSAGE },
      invalidatesTags: ['Business', 'User'],
    }),
  }),
});

export const { useGetSetupUserQuery, useCreateBusinessMutation } = businessSetupApi;

export function hasAddressOnFile(address: TAddress | null | undefined): boolean {
  if (!address) return false;
  return Object.values(address).some((value) => typeof value === 'string' && value.trim() !== '');
}
