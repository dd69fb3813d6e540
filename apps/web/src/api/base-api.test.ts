import { describe, expect, it } from 'vitest';
import { createAppStore } from '../app/store';
import { SESSION_KEYS, writeStoredSession } from '../session/session-storage';
import { jsonResponse, makeSession, makeToken, makeUser, signedOut } from '../test/fixtures';
import { mockFetch } from '../test/render';
import { baseApi } from './base-api';
import { DEFAULT_ERROR_MESSAGE, type ApiError } from './api-error';

const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({
      query: () => '/api/probe',
      extraOptions: { fallbackMessage: 'Failed to probe!' },
    }),
    probeWithoutFallback: build.query<unknown, void>({ query: () => '/api/probe-plain' }),
    publicProbe: build.mutation<unknown, { value: string }>({
      query: (body) => ({ url: '/api/public', method: 'POST', body }),
      extraOptions: { skipAuth: true, fallbackMessage: 'Public failed!' },
    }),
    textProbe: build.mutation<string, void>({
      query: () => ({ url: '/api/text', method: 'POST' }),
      extraOptions: { skipAuth: true },
    }),
  }),
});

function signedInStore() {
  const session = makeSession();
  writeStoredSession({
    token: session.token ?? '',
    expiresAt: session.expiresAt ?? 0,
    user: session.user!,
    businessId: session.businessId,
  });
  return { store: createAppStore({ session }), session };
}

async function runProbe(store = signedInStore().store) {
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(undefined, { forceRefetch: true }));
  return { store, error: result.error as ApiError | undefined, data: result.data };
}

describe('sessionBaseQuery', () => {
  describe('bearer token', () => {
    it('sends the session token as a bearer token', async () => {
      const { requests } = mockFetch(() => jsonResponse(200, { ok: true }));
      const { store, session } = signedInStore();
      const { data } = await runProbe(store);
      expect(data).toEqual({ ok: true });
      expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${session.token}`);
      expect(requests[0]?.url).toBe(`${window.location.origin}/api/probe`);
    });

    it('sends no token on calls marked skipAuth', async () => {
      const { requests } = mockFetch(() => jsonResponse(200, { ok: true }));
      const { store } = signedInStore();
      await store.dispatch(probeApi.endpoints.publicProbe.initiate({ value: 'x' }));
      expect(requests[0]?.headers.get('Authorization')).toBeNull();
      expect(await requests[0]?.json()).toEqual({ value: 'x' });
    });

    it('reads a text/plain answer as text', async () => {
      mockFetch(
        () => new Response('Account validated', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      );
      const store = createAppStore({ session: signedOut() });
      const result = await store.dispatch(probeApi.endpoints.textProbe.initiate());
      expect(result.data).toBe('Account validated');
    });
  });

  describe('error mapping', () => {
    it('prefers the server message', async () => {
      mockFetch(() =>
        jsonResponse(409, { code: 'CONFLICT', message: 'This e-mail is taken.', error: 'Conflict' }),
      );
      const { error } = await runProbe();
      expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'This e-mail is taken.' });
    });

    it('falls back to the error field when there is no message', async () => {
      mockFetch(() => jsonResponse(500, { error: 'Internal Server Error' }));
      const { error } = await runProbe();
      expect(error?.message).toBe('Internal Server Error');
    });

    it('falls back to the call’s text when the body has neither', async () => {
      mockFetch(() => new Response('', { status: 502 }));
      const { error } = await runProbe();
      expect(error?.message).toBe('Failed to probe!');
    });

    it('uses the generic text when the call names no fallback', async () => {
      mockFetch(() => jsonResponse(500, {}));
      const { store } = signedInStore();
      const result = await store.dispatch(probeApi.endpoints.probeWithoutFallback.initiate());
      expect((result.error as ApiError).message).toBe(DEFAULT_ERROR_MESSAGE);
    });

    it('says the server cannot be reached when the network fails', async () => {
      mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      const { error } = await runProbe();
      expect(error).toMatchObject({
        status: 'FETCH_ERROR',
        message: 'Cannot reach the server. Check your connection and try again.',
      });
    });

    it('keeps the field errors of a validation error', async () => {
      mockFetch(() =>
        jsonResponse(400, {
          code: 'VALIDATION_ERROR',
          message: 'Check the highlighted fields.',
          details: { fieldErrors: { password: ['This password is too common.'], ignored: [1] } },
        }),
      );
      const { error } = await runProbe();
      expect(error?.fieldErrors).toEqual({ password: ['This password is too common.'] });
    });
  });

  describe('401', () => {
    it('ends the session when a bearer call is refused', async () => {
      mockFetch(() => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in again.' }));
      const { store } = signedInStore();
      await runProbe(store);
      expect(store.getState().session.token).toBeNull();
      expect(store.getState().session.user).toBeNull();
      expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    });

    it('renews the session with the refresh cookie once and sends the call again', async () => {
      const renewed = makeToken({ exp: Math.floor(Date.now() / 1000) + 7200 });
      const { requests } = mockFetch((request) => {
        if (request.url.endsWith('/api/auth/refresh')) {
          return jsonResponse(200, { token: renewed, expiresIn: 3600, user: makeUser() });
        }
        return request.headers.get('Authorization') === `Bearer ${renewed}`
          ? jsonResponse(200, { ok: true })
          : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Your session has ended.' });
      });
      const { store } = signedInStore();
      const { data, error } = await runProbe(store);
      expect(error).toBeUndefined();
      expect(data).toEqual({ ok: true });
      expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
        '/api/probe',
        '/api/auth/refresh',
        '/api/probe',
      ]);
      expect(requests[1]?.method).toBe('POST');
      expect(requests[1]?.credentials).toBe('same-origin');
      expect(store.getState().session.token).toBe(renewed);
      expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBe(renewed);
    });

    it('ends the session with "Your session has ended" when the refresh cookie no longer holds', async () => {
      mockFetch(() =>
        jsonResponse(401, {
          code: 'UNAUTHENTICATED',
          message: 'Your session has ended. Please sign in again.',
        }),
      );
      const { store } = signedInStore();
      await runProbe(store);
      expect(store.getState().session.token).toBeNull();
      expect(store.getState().session.message).toBe('Your session has ended. Please sign in again.');
    });

    it('keeps the session when a call without a token is refused (bad credentials)', async () => {
      mockFetch(() =>
        jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong e-mail or password.' }),
      );
      const { store } = signedInStore();
      const result = await store.dispatch(probeApi.endpoints.publicProbe.initiate({ value: 'x' }));
      expect((result as { error: ApiError }).error.message).toBe('Wrong e-mail or password.');
      expect(store.getState().session.token).not.toBeNull();
    });
  });

  describe('plan violation', () => {
    it('opens the upgrade dialog on a 403 with X-Plan-Violation: 1', async () => {
      mockFetch(() =>
        jsonResponse(
          403,
          { code: 'FORBIDDEN', message: 'Your plan allows 1 store.' },
          { 'X-Plan-Violation': '1' },
        ),
      );
      const { store, error } = await runProbe();
      expect(store.getState().ui).toEqual({
        upgradeModalOpen: true,
        planBlockMessage: 'Your plan allows 1 store.',
      });
      expect(error?.message).toBe('Your plan allows 1 store.');
    });

    it('opens the upgrade dialog on a 403 with code PLAN_VIOLATION', async () => {
      mockFetch(() =>
        jsonResponse(403, { code: 'PLAN_VIOLATION', message: 'Loyalty needs the Basic plan.' }),
      );
      const { store } = await runProbe();
      expect(store.getState().ui.planBlockMessage).toBe('Loyalty needs the Basic plan.');
    });

    it('uses the default text when the server gives none', async () => {
      mockFetch(() => jsonResponse(403, { code: 'PLAN_VIOLATION' }, { 'X-Plan-Violation': '1' }));
      const { store } = await runProbe();
      expect(store.getState().ui).toEqual({
        upgradeModalOpen: true,
        planBlockMessage: 'This action requires a higher subscription plan.',
      });
    });

    it('applies to calls without a token too', async () => {
      mockFetch(() => jsonResponse(403, { code: 'PLAN_VIOLATION', message: 'Upgrade.' }));
      const store = createAppStore({ session: signedOut() });
      await store.dispatch(probeApi.endpoints.publicProbe.initiate({ value: 'x' }));
      expect(store.getState().ui.upgradeModalOpen).toBe(true);
    });

    it('leaves other 403 answers alone', async () => {
      mockFetch(() => jsonResponse(403, { code: 'FORBIDDEN', message: 'Not your role.' }));
      const { store, error } = await runProbe();
      expect(store.getState().ui.upgradeModalOpen).toBe(false);
      expect(error?.message).toBe('Not your role.');
    });
  });
});
