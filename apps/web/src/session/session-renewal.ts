import { AUTH_PATHS, type TLoginResponse } from '@app/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { resolveServiceUrl } from '../api/service-urls';
import { createSession } from './session-storage';
import { loggedIn, loggedOut, sessionRestored, type SessionRootState } from './session.slice';

/** The server's words when a refresh cookie no longer holds (apps/server sessions.service). */
const SERVER_SESSION_ENDED = 'Your session has ended. Please sign in again.';

export type RenewalResult =
  | { kind: 'renewed'; response: TLoginResponse }
  /** The cookie's session ended (idle, too old, logout, reset, disabled). */
  | { kind: 'ended' }
  /** No session to renew (no cookie, a refusal). */
  | { kind: 'none' }
  /** The server could not be reached: nothing is known. */
  | { kind: 'unreachable' };

let inFlight: Promise<RenewalResult> | null = null;

/**
 * Exchanges the httpOnly refresh cookie for a new access token. One request at a time per page:
 * every caller waiting at once shares it (the cookie rotates; a second request with the old one
 * would count as a replay after its grace period).
 */
export function requestRenewal(): Promise<RenewalResult> {
  inFlight ??= sendRenewal().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function sendRenewal(): Promise<RenewalResult> {
  let response: Response;
  try {
    response = await fetch(resolveServiceUrl(AUTH_PATHS.refresh), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (response.ok) return { kind: 'renewed', response: (await response.json()) as TLoginResponse };
  if (response.status >= 500) return { kind: 'unreachable' };
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return body?.message === SERVER_SESSION_ENDED ? { kind: 'ended' } : { kind: 'none' };
}

type SessionThunk<T> = ThunkAction<Promise<T>, SessionRootState, unknown, UnknownAction>;

/**
 * Renews the signed-in session; when that fails, the session ends with "Your session has ended.
 * Please sign in again." (the guard then sends the person to /login). An unreachable server
 * keeps a token that is still valid. Answers whether the session goes on.
 */
export function renewOrEndSession(): SessionThunk<boolean> {
  return async (dispatch, getState) => {
    const result = await requestRenewal();
    if (result.kind === 'renewed') {
      const session = createSession(result.response);
      if (session) {
        dispatch(loggedIn(session));
        return true;
      }
    }
    const { expiresAt, token } = getState().session;
    const isStillValid = token !== null && expiresAt !== null && expiresAt > Date.now();
    if (result.kind === 'unreachable' && isStillValid) return true;
    if (token !== null) dispatch(loggedOut({ reason: 'ended' }));
    return false;
  };
}

/**
 * At start without a stored session (a new tab, a reload after the access token lapsed): the
 * refresh cookie may still hold. Quietly: a visitor without a session sees nothing of this.
 */
export function restoreFromCookie(): SessionThunk<boolean> {
  return async (dispatch, getState) => {
    const result = await requestRenewal();
    // The person may have signed in on /login while this was on its way: their session wins.
    if (getState().session.token !== null) return true;
    const session = result.kind === 'renewed' ? createSession(result.response) : null;
    if (session) {
      dispatch(loggedIn(session));
      return true;
    }
    dispatch(sessionRestored(null));
    if (result.kind === 'ended') dispatch(loggedOut({ reason: 'ended' }));
    return false;
  };
}
