import { SESSION_SECONDS, type Role } from '@app/contracts';
import { jwtVerify, SignJWT } from 'jose';

export type AccessClaims = {
  userId: string;
  businessId: string | null;
  roles: Role[];
  /** The user's token version at sign-in; a newer one in the database ends this session. */
  version: number;
};

export type AccessTokens = {
  sign: (claims: AccessClaims) => Promise<{ token: string; expiresIn: number }>;
  verify: (token: string) => Promise<AccessClaims | null>;
};

/** HS256 JWTs with the claims the web reads: user_id, business_id, roles, exp. */
export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: async ({ userId, businessId, roles, version }) => {
      const token = await new SignJWT({ user_id: userId, business_id: businessId, roles, ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${SESSION_SECONDS}s`)
        .sign(key);
      return { token, expiresIn: SESSION_SECONDS };
    },
    verify: async (token) => {
      try {
        // The allowlist refuses `none` and every other algorithm.
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
        });
        if (typeof payload.user_id !== 'string' || !Array.isArray(payload.roles)) return null;
        if (typeof payload.ver !== 'number') return null;
        const businessId = typeof payload.business_id === 'string' ? payload.business_id : null;
        return {
          userId: payload.user_id,
          businessId,
          roles: payload.roles.filter((r): r is Role => typeof r === 'string'),
          version: payload.ver,
        };
      } catch {
        return null;
      }
    },
  };
}
