import { SESSION_SECONDS, type TSessionUser } from '@app/contracts';
import { decodeToken, getClaimsBusinessId, getUserFromClaims } from './token';

/** sessionStorage keys of 000 section 3. */
export const SESSION_KEYS = {
  token: 'authToken',
  expiry: 'authTokenExpiry',
  user: 'authUser',
  businessId: 'businessId',
} as const;

export type StoredSession = {
  token: string;
  /** Epoch milliseconds after which the token no longer counts. */
  expiresAt: number;
  user: TSessionUser;
  businessId: string | null;
};

export type SignInPayload = {
  token: string;
  expiresIn?: number;
  user?: TSessionUser | null;
};

function readUser(raw: string | null): TSessionUser | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'userId' in parsed && 'roles' in parsed) {
      return parsed as TSessionUser;
    }
    return null;
  } catch {
    return null;
  }
}

export function clearStoredSession(): void {
  for (const key of Object.values(SESSION_KEYS)) window.sessionStorage.removeItem(key);
}

/**
 * Restores the session at start (000 section 4): a stored token that has not expired restores it;
 * a missing stored user is decoded from the token; an undecodable token logs out; an expired or
 * absent token clears everything.
 */
export function readStoredSession(now: number = Date.now()): StoredSession | null {
  const storage = window.sessionStorage;
  const token = storage.getItem(SESSION_KEYS.token);
  if (!token) {
    clearStoredSession();
    return null;
  }
  // The token is decoded even when a user is stored: one that cannot be read ends the session
  // (000 section 4), whatever else sessionStorage holds.
  const claims = decodeToken(token);
  if (!claims) {
    clearStoredSession();
    return null;
  }
  const user = readUser(storage.getItem(SESSION_KEYS.user)) ?? getUserFromClaims(claims);
  const storedExpiry = Number(storage.getItem(SESSION_KEYS.expiry));
  const expiresAt = Number.isFinite(storedExpiry) && storedExpiry > 0 ? storedExpiry : claims.exp * 1000;
  const claimsBusinessId = getClaimsBusinessId(claims);

  if (expiresAt <= now) {
    clearStoredSession();
    return null;
  }

  const businessId = storage.getItem(SESSION_KEYS.businessId) ?? user.businessId ?? claimsBusinessId ?? null;
  return { token, expiresAt, user, businessId };
}

/**
 * Builds the session of a successful login: expiry is now plus the given seconds (default 3600),
 * the user is the given one or decoded from the token. Null when neither yields a user.
 */
export function createSession(payload: SignInPayload, now: number = Date.now()): StoredSession | null {
  const claims = payload.user?.businessId ? null : decodeToken(payload.token);
  const user = payload.user ?? (claims ? getUserFromClaims(claims) : null);
  if (!user) return null;
  return {
    token: payload.token,
    expiresAt: now + (payload.expiresIn ?? SESSION_SECONDS) * 1000,
    user,
    businessId: user.businessId ?? (claims ? getClaimsBusinessId(claims) : null),
  };
}

export function writeStoredSession(session: StoredSession): void {
  const storage = window.sessionStorage;
  storage.setItem(SESSION_KEYS.token, session.token);
  storage.setItem(SESSION_KEYS.expiry, String(session.expiresAt));
  storage.setItem(SESSION_KEYS.user, JSON.stringify(session.user));
  if (session.businessId) storage.setItem(SESSION_KEYS.businessId, session.businessId);
  else storage.removeItem(SESSION_KEYS.businessId);
}
