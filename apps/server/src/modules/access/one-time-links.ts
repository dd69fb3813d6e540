import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../../platform/db/tenancy.js';
import { insertOneTimeToken } from './one-time-tokens.repository.js';
import type { OneTimeTokenPurpose } from './users.table.js';

export const LINK_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 3600_000,
  RESET_PASSWORD: 3600_000,
  VALIDATE_ACCOUNT: 72 * 3600_000,
};

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a single-use token and returns it; only its hash is stored. `id` names the row when the
 * caller must find it again (a retried job checks whether it already issued its link).
 */
export async function issueLinkToken(
  tx: Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  id: string = randomUUID(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertOneTimeToken(tx, {
    id,
    userId,
    purpose,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}
