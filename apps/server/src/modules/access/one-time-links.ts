import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../../platform/db/tenancy.js';
import { countRecentOneTimeTokens, insertOneTimeToken } from './one-time-tokens.repository.js';
import type { OneTimeTokenPurpose } from './users.table.js';

export const LINK_LIFETIME_MS: Record<OneTimeTokenPurpose, number> = {
  VERIFY_EMAIL: 24 * 3600_000,
  RESET_PASSWORD: 3600_000,
  VALIDATE_ACCOUNT: 72 * 3600_000,
  CHANGE_EMAIL: 24 * 3600_000,
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

/** Link mails per address and purpose: at most one a minute and five an hour. */
const LINK_MAILS_PER_MINUTE = 1;
const LINK_MAILS_PER_HOUR = 5;

/**
 * Whether this user got as many links of this purpose lately as an address may get: a flood of
 * requests for one address sends it a few mails, not hundreds. Counts the links issued, so the
 * link of a sign-up counts as the first verification mail.
 */
export async function isOverLinkMailLimit(
  tx: Tx,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<boolean> {
  const lastMinute = await countRecentOneTimeTokens(tx, userId, purpose, new Date(now.getTime() - 60_000));
  if (lastMinute >= LINK_MAILS_PER_MINUTE) return true;
  const lastHour = await countRecentOneTimeTokens(tx, userId, purpose, new Date(now.getTime() - 3600_000));
  return lastHour >= LINK_MAILS_PER_HOUR;
}
