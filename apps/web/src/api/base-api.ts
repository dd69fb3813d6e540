import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { DEFAULT_PLAN_VIOLATION_MESSAGE, PLAN_VIOLATION_HEADER } from '@app/contracts';
import { renewOrEndSession } from '../session/session-renewal';
import { selectToken, type SessionRootState } from '../session/session.slice';
import { planViolationReceived } from '../ui/ui.slice';
import { toApiError, type ApiError } from './api-error';
import { resolveServiceUrl, type Service } from './service-urls';

/** Per-endpoint options: the fallback text of 000/001 section 8, calls without a bearer token. */
export type ApiExtraOptions = {
  fallbackMessage?: string;
  /** Login, register, reset, account validation and plan listing carry no token (DESIGN 3). */
  skipAuth?: boolean;
  service?: Service;
};

function readExtraOptions(extraOptions: unknown): ApiExtraOptions {
  return typeof extraOptions === 'object' && extraOptions !== null ? extraOptions : {};
}

function readToken(getState: () => unknown, extraOptions: unknown): string | null {
  if (readExtraOptions(extraOptions).skipAuth) return null;
  return selectToken(getState() as SessionRootState);
}

const rawBaseQuery = fetchBaseQuery({
  // JSON when the server says JSON, text otherwise (account validation answers text/plain).
  responseHandler: 'content-type',
  prepareHeaders: (headers, { getState, extraOptions }) => {
    const token = readToken(getState, extraOptions);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

function isPlanViolation(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
  code: string | null,
): boolean {
  if (error.status !== 403) return false;
  return meta?.response?.headers.get(PLAN_VIOLATION_HEADER) === '1' || code === 'PLAN_VIOLATION';
}

/**
 * The one base query: adds the bearer token from the session, maps every error to an ApiError,
 * opens the upgrade dialog on any plan violation and ends the session on a 401 of a bearer call.
 */
export const sessionBaseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  ApiExtraOptions,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const options = readExtraOptions(extraOptions);
  const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  request.url = resolveServiceUrl(request.url, options.service);
  const sentToken = readToken(api.getState, options) !== null;

  let result = await rawBaseQuery(request, api, options);
  if (result.error?.status === 401 && sentToken) {
    // The access token lapsed or was refused: renew it with the refresh cookie once and send the
    // call again; a session that cannot be renewed ends (the guard then shows /login).
    const dispatch = api.dispatch as ThunkDispatch<SessionRootState, unknown, UnknownAction>;
    if (await dispatch(renewOrEndSession())) result = await rawBaseQuery(request, api, options);
  }
  if (!result.error) {
    return result.meta ? { data: result.data, meta: result.meta } : { data: result.data };
  }

  const error = toApiError(result.error, options.fallbackMessage);
  if (isPlanViolation(result.error, result.meta, error.code)) {
    api.dispatch(planViolationReceived(toApiError(result.error, DEFAULT_PLAN_VIOLATION_MESSAGE).message));
  }
  return result.meta ? { error, meta: result.meta } : { error };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: sessionBaseQuery,
  tagTypes: [
    'User',
    'Business',
    'Subscription',
    'Location',
    'Store',
    'Warehouse',
    'Product',
    'Category',
    'Supplier',
    'Container',
    'AuditLog',
    'Loyalty',
    'Alert',
    // Provided by the inventory and movement features; named here because the live alerts
    // (app/shell) and the home cards refresh them too.
    'Inventory',
    'StockMovement',
  ],
  endpoints: () => ({}),
});
