import type { Role } from '@app/contracts';

/** Who is calling, from the verified access token. One object per request. */
export type Principal = {
  userId: string;
  /** The tenant, from the verified token only; null for an owner before business setup. */
  businessId: string | null;
  roles: Role[];
  /** The token version the token was issued with; the database's must still equal it. */
  tokenVersion: number;
  /** The token's id (`jti`): logout ends this token by it. */
  tokenId: string;
  /** When the token expires; a logout keeps its id on the denylist until then. */
  expiresAt: Date;
};
