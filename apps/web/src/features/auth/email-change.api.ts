import { API, type TConfirmEmailRequest, type TMessageResponse } from '@app/contracts';
import { baseApi } from '../../api/base-api';

/** Fallback text when the server gives none (the specification names no message for this call). */
export const CONFIRM_EMAIL_FALLBACK = 'An error occurred';

// Its own module, not auth.api.ts: /login's first load would otherwise carry every API path.
export const emailChangeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    confirmEmailChange: build.mutation<TMessageResponse, TConfirmEmailRequest>({
      query: (body) => ({ url: API.users.confirmEmail, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: CONFIRM_EMAIL_FALLBACK },
    }),
  }),
});

export const { useConfirmEmailChangeMutation } = emailChangeApi;
