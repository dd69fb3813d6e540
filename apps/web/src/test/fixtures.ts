import type { Role, TSessionUser } from '@app/contracts';
import { createSessionState, type SessionState } from '../session/session.slice';

export const USER_ID = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a0001';
export const BUSINESS_ID = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a00b1';

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token with the given claims. */
export function makeToken(claims: Record<string, unknown> = {}): string {
  const payload = {
    user_id: USER_ID,
    business_id: BUSINESS_ID,
    roles: ['ROLE_BUSINESS_OWNER'],
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${toBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${toBase64Url(JSON.stringify(payload))}.signature`;
}

export function makeUser(overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    userId: USER_ID,
    id: USER_ID,
    fullName: 'Ada Owner',
    email: 'ada@example.com',
    username: null,
    phoneNumber: null,
    picture: null,
    roles: ['ROLE_BUSINESS_OWNER'],
    businessId: BUSINESS_ID,
    ...overrides,
  };
}

/** A ready, signed-in session. */
export function makeSession(
  options: {
    roles?: Role[];
    businessId?: string | null;
    user?: Partial<TSessionUser>;
    expiresAt?: number;
  } = {},
): SessionState {
  const businessId = options.businessId === undefined ? BUSINESS_ID : options.businessId;
  const user = makeUser({ roles: options.roles ?? ['ROLE_BUSINESS_OWNER'], businessId, ...options.user });
  return {
    ...createSessionState(null),
    token: makeToken({ roles: user.roles, business_id: businessId }),
    expiresAt: options.expiresAt ?? Date.now() + 3600_000,
    user,
    businessId,
  };
}

export const signedOut = (): SessionState => createSessionState(null);

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
