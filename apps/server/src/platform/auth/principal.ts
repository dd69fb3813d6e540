import type { Role } from '@app/contracts';

/** Who is calling, from the verified access token. One object per request. */
export type Principal = {
  userId: string;
  /** The tenant, from the verified token only; null for an owner before business setup. */
  businessId: string | null;
  roles: Role[];
  /** The token version the token was issued with; the database's must still equal it. */
  tokenVersion: number;
  /** Set once a transaction of this request has checked the user's status. */
  isVerified: boolean;
};
