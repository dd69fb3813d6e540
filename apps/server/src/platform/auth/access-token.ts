import { randomUUID, webcrypto } from 'node:crypto';
import { SESSION_SECONDS, type Role } from '@app/contracts';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  userId: string;
  businessId: string | null;
  roles: Role[];
  /** The user's token version at sign-in; a newer one in the database ends this session. */
  version: number;
};

/** What a verified token adds to its claims: its id (logout ends it by id) and its expiry. */
export type VerifiedClaims = AccessClaims & { tokenId: string; expiresAt: Date };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<{ token: string; expiresIn: number }>;
  verify: (token: string) => Promise<VerifiedClaims | null>;
};

const CACHE_SIZE = 10_000;

/**
 * HS256 JWTs with the claims the web reads: user_id, business_id, roles, exp.
 *
 * A session sends its token with every call. A token's signature either holds or not, so a
 * verified token's claims are kept (least recently used out, at most CACHE_SIZE) and only its
 * expiry is checked again. Whether the user may still act is not cached: the request's
 * transaction checks that every time.
 */
export function createAccessTokens(secret: string): AccessTokens {
  const keyPromise = webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const verified = new Map<string, { claims: VerifiedClaims; expiresAt: number }>();

  return {
    sign: async ({ userId, businessId, roles, version }) => {
      const token = await new SignJWT({ user_id: userId, business_id: businessId, roles, ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${SESSION_SECONDS}s`)
        .sign(await keyPromise);
      return { token, expiresIn: SESSION_SECONDS };
    },
    verify: async (token) => {
      const cached = verified.get(token);
      if (cached) {
        if (cached.expiresAt <= Date.now()) {
          verified.delete(token);
          return null;
        }
        verified.delete(token);
        verified.set(token, cached);
        return cached.claims;
      }
      try {
        // The allowlist refuses `none` and every other algorithm.
        const { payload } = await jwtVerify(token, await keyPromise, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat', 'jti'],
        });
        if (typeof payload.user_id !== 'string' || !Array.isArray(payload.roles)) return null;
        if (typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
        if (typeof payload.jti !== 'string' || !UUID.test(payload.jti)) return null;
        const claims: VerifiedClaims = {
          userId: payload.user_id,
          businessId: typeof payload.business_id === 'string' ? payload.business_id : null,
          roles: payload.roles.filter((r): r is Role => typeof r === 'string'),
          version: payload.ver,
          tokenId: payload.jti,
          expiresAt: new Date(payload.exp * 1000),
        };
        if (verified.size >= CACHE_SIZE) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
