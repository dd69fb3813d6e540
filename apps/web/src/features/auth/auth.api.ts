import {
  AUTH_PATHS,
  type TDemoSignIn,
  type TLoginRequest,
  type TLoginResponse,
  type TMessageResponse,
  type TRegisterRequest,
  type TRegisterResponse,
  VALIDATE_ACCOUNT_PATH,
} from '@app/contracts';
import { baseApi } from '../../api/base-api';

/** Fallback texts of 000 section 8. */
export const AUTH_MESSAGES = {
  generic: 'An error occurred',
  login: 'Login failed!',
  register: 'Registration failed – please try again!',
  resetRequest: 'An error occurred during password reset request',
  resetConfirm: 'An error occurred during password reset confirmation',
  validateAccount: 'Account validation failed!',
} as const;

type TokenPasswordArgs = { token: string; newPassword: string };

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The demo's sign-in; 404 on a server without DEMO=1, which the login page shows as nothing. */
    getDemoSignIn: build.query<TDemoSignIn, void>({
      query: () => ({ url: AUTH_PATHS.demo }),
      extraOptions: { skipAuth: true },
    }),
    login: build.mutation<TLoginResponse, TLoginRequest>({
      query: (body) => ({ url: AUTH_PATHS.login, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.login },
    }),
    register: build.mutation<TRegisterResponse, TRegisterRequest>({
      query: (body) => ({ url: AUTH_PATHS.register, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.register },
    }),
    requestPasswordReset: build.mutation<TMessageResponse, { email: string }>({
      query: (body) => ({ url: AUTH_PATHS.resetPasswordRequest, method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.resetRequest },
    }),
    confirmPasswordReset: build.mutation<TMessageResponse, TokenPasswordArgs>({
      query: ({ token, newPassword }) => ({
        url: AUTH_PATHS.resetPasswordConfirm,
        method: 'POST',
        params: { token },
        body: { newPassword },
      }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.resetConfirm },
    }),
    /** Answers text/plain. */
    validateAccount: build.mutation<string, TokenPasswordArgs>({
      query: ({ token, newPassword }) => ({
        url: VALIDATE_ACCOUNT_PATH,
        method: 'POST',
        params: { token },
        body: { newPassword },
      }),
      extraOptions: { skipAuth: true, fallbackMessage: AUTH_MESSAGES.validateAccount },
    }),
  }),
});

export const {
  useGetDemoSignInQuery,
  useLoginMutation,
  useRegisterMutation,
  useRequestPasswordResetMutation,
  useConfirmPasswordResetMutation,
  useValidateAccountMutation,
} = authApi;
