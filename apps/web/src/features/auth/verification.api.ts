import {
  AUTH_PATHS,
  type TLinkStatusRequest,
  type TLinkStatusResponse,
  type TMessageResponse,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';
import { AUTH_MESSAGES } from './auth.api';

/**
 * The calls of link recovery: a new verification link, and whether a reset or invitation link
 * still works. Kept out of auth.api.ts so that the first load of /login does not carry them.
 */
export const verificationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resendVerification: build.mutation<TMessageResponse, { email: string }>({
      query: (body) => ({ url: AUTH_PATHS.verifyEmailResend, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.generic },
    }),
    /** POST so that the token stays out of URLs and logs; read-only on the server. */
    getLinkStatus: build.query<TLinkStatusResponse, TLinkStatusRequest>({
      query: (body) => ({ url: AUTH_PATHS.linkStatus, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.generic },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useResendVerificationMutation, useGetLinkStatusQuery } = verificationApi;
