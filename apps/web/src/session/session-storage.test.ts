import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../app/store';
import { BUSINESS_ID, USER_ID, makeToken, makeUser } from '../test/fixtures';
import { SESSION_KEYS, createSession, readStoredSession, writeStoredSession } from './session-storage';
import { loggedIn, loggedOut } from './session.slice';
import { decodeToken, getClaimsBusinessId } from './token';

const NOW = 1_800_000_000_000;

function store(values: Partial<Record<keyof typeof SESSION_KEYS, string>>) {
  for (const [key, value] of Object.entries(values)) {
    window.sessionStorage.setItem(SESSION_KEYS[key as keyof typeof SESSION_KEYS], value);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('decodeToken', () => {
  it('reads user_id, roles, exp and the business id', () => {
    const claims = decodeToken(makeToken({ exp: 123 }));
    expect(claims).toMatchObject({
      user_id: USER_ID,
      business_id: BUSINESS_ID,
      roles: ['ROLE_BUSINESS_OWNER'],
      exp: 123,
    });
  });

  it.each([
    ['business_id', { business_id: 'b-1' }],
    ['businessId', { business_id: null, businessId: 'b-1' }],
    ['businessID', { business_id: null, businessID: 'b-1' }],
  ])('takes the business id from %s', (_name, claims) => {
    const decoded = decodeToken(makeToken(claims));
    expect(decoded && getClaimsBusinessId(decoded)).toBe('b-1');
  });

  it('logs and yields null for a token it cannot read', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(log).toHaveBeenCalled();
  });
});

describe('readStoredSession', () => {
  it('restores a stored token that has not expired', () => {
    const user = makeUser();
    const token = makeToken();
    store({
      token,
      expiry: String(NOW + 1000),
      user: JSON.stringify(user),
      businessId: BUSINESS_ID,
    });
    expect(readStoredSession(NOW)).toEqual({
      token,
      expiresAt: NOW + 1000,
      user,
      businessId: BUSINESS_ID,
    });
  });

  it('ends the session when the stored token cannot be decoded, even with a stored user (000 section 4)', () => {
    store({
      token: 'not-a-token',
      expiry: String(NOW + 1000),
      user: JSON.stringify(makeUser()),
      businessId: BUSINESS_ID,
    });
    expect(readStoredSession(NOW)).toBeNull();
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
    expect(window.sessionStorage.getItem('authUser')).toBeNull();
  });

  it('decodes the user from the token when no user is stored', () => {
    store({ token: makeToken({ roles: ['ROLE_PRODUCT_READER'] }), expiry: String(NOW + 1000) });
    const session = readStoredSession(NOW);
    expect(session?.user).toMatchObject({
      userId: USER_ID,
      id: USER_ID,
      roles: ['ROLE_PRODUCT_READER'],
      businessId: BUSINESS_ID,
    });
    expect(session?.businessId).toBe(BUSINESS_ID);
  });

  it('logs out when the token cannot be decoded', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    store({ token: 'garbage', expiry: String(NOW + 1000), businessId: BUSINESS_ID });
    expect(readStoredSession(NOW)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('clears an expired session', () => {
    store({
      token: makeToken(),
      expiry: String(NOW - 1),
      user: JSON.stringify(makeUser()),
      businessId: BUSINESS_ID,
    });
    expect(readStoredSession(NOW)).toBeNull();
    expect(Object.values(SESSION_KEYS).map((key) => window.sessionStorage.getItem(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('clears leftovers when no token is stored', () => {
    store({ user: JSON.stringify(makeUser()), businessId: BUSINESS_ID });
    expect(readStoredSession(NOW)).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('uses the token expiry when no expiry is stored', () => {
    store({ token: makeToken({ exp: NOW / 1000 - 10 }), user: JSON.stringify(makeUser()) });
    expect(readStoredSession(NOW)).toBeNull();
  });
});

describe('createSession', () => {
  it('expires after the given seconds, 3600 by default', () => {
    const user = makeUser();
    expect(createSession({ token: 't', expiresIn: 60, user }, NOW)?.expiresAt).toBe(NOW + 60_000);
    expect(createSession({ token: 't', user }, NOW)?.expiresAt).toBe(NOW + 3_600_000);
  });

  it('decodes the user from the token when none is given', () => {
    const session = createSession({ token: makeToken() }, NOW);
    expect(session?.user.userId).toBe(USER_ID);
    expect(session?.businessId).toBe(BUSINESS_ID);
  });

  it('takes the business id from the token when the user has none', () => {
    const session = createSession(
      { token: makeToken({ business_id: 'b-9' }), user: makeUser({ businessId: null }) },
      NOW,
    );
    expect(session?.businessId).toBe('b-9');
  });
});

describe('session storage through the store', () => {
  it('writes the four keys on login and clears them on logout', () => {
    const appStore = createAppStore();
    const session = createSession({ token: makeToken(), user: makeUser() });
    if (!session) throw new Error('no session');
    appStore.dispatch(loggedIn(session));
    expect(window.sessionStorage.getItem('authToken')).toBe(session.token);
    expect(Number(window.sessionStorage.getItem('authTokenExpiry'))).toBe(session.expiresAt);
    expect(JSON.parse(window.sessionStorage.getItem('authUser') ?? '{}')).toEqual(session.user);
    expect(window.sessionStorage.getItem('businessId')).toBe(BUSINESS_ID);

    appStore.dispatch(loggedOut());
    expect(window.sessionStorage.length).toBe(0);
    expect(appStore.getState().session).toMatchObject({
      token: null,
      user: null,
      error: null,
      message: null,
      loading: false,
    });
  });

  it('restores the stored session when the store is created', () => {
    const user = makeUser();
    writeStoredSession({ token: makeToken(), expiresAt: Date.now() + 60_000, user, businessId: BUSINESS_ID });
    const appStore = createAppStore();
    expect(appStore.getState().session).toMatchObject({ status: 'ready', user, businessId: BUSINESS_ID });
  });
});
