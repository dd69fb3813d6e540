import { ROLES, type Role, type TSessionUser, type TTokenClaims } from '@app/contracts';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * Reads the claims of a JWT without verifying it (the server verifies). A token that cannot be
 * read is logged and yields null (000 section 4).
 */
export function decodeToken(token: string): TTokenClaims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) throw new Error('The token has no payload.');
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (!isRecord(claims) || typeof claims.user_id !== 'string') {
      throw new Error('The token payload has no user_id claim.');
    }
    return {
      user_id: claims.user_id,
      business_id: optionalString(claims.business_id),
      businessId: optionalString(claims.businessId),
      businessID: optionalString(claims.businessID),
      roles: Array.isArray(claims.roles)
        ? claims.roles.filter((role): role is string => typeof role === 'string')
        : [],
      exp: typeof claims.exp === 'number' ? claims.exp : 0,
    };
  } catch (error) {
    console.error('Failed to decode the access token', error);
    return null;
  }
}

/** The business id of the claims, under any of the names the specification lists. */
export function getClaimsBusinessId(claims: TTokenClaims): string | null {
  return claims.business_id ?? claims.businessId ?? claims.businessID ?? null;
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** A session user built from the token alone, used when no stored user exists. */
export function getUserFromClaims(claims: TTokenClaims): TSessionUser {
  return {
    userId: claims.user_id,
    id: claims.user_id,
    fullName: '',
    email: '',
    username: null,
    phoneNumber: null,
    picture: null,
    roles: claims.roles.filter(isRole),
    businessId: getClaimsBusinessId(claims),
  };
}
