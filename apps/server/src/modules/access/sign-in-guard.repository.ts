import type { Tx } from '../../platform/db/tenancy.js';

/**
 * The per-account lockout and the logout denylist. app_tenant has no privilege on their tables;
 * these SECURITY DEFINER functions of migration 0004 are its only way in.
 */

/**
 * Counts a sign-in attempt before its password is checked. Answers null to go ahead, or the time
 * until which the account refuses attempts (locked, or 10 under way or failed in 15 minutes).
 */
export async function beginLoginAttempt(tx: Tx, accountKey: string, now: Date): Promise<Date | null> {
  const { rows } = await tx.$client.query<{ until: Date | null }>(
    'select app_begin_login_attempt($1, $2) as until',
    [accountKey, now],
  );
  return rows[0]?.until ?? null;
}

/** Ends an attempt; answers the end of the lock when this failure locked the account. */
export async function finishLoginAttempt(
  tx: Tx,
  accountKey: string,
  outcome: { isSuccess: boolean; userId: string | null },
  now: Date,
): Promise<Date | null> {
  const { rows } = await tx.$client.query<{ until: Date | null }>(
    'select app_finish_login_attempt($1, $2, $3, $4) as until',
    [accountKey, outcome.isSuccess, outcome.userId, now],
  );
  return rows[0]?.until ?? null;
}

/** A password reset lifts the lock and forgets the failures. */
export async function liftLockout(tx: Tx, accountKey: string): Promise<void> {
  await tx.$client.query('select app_clear_login_failures($1, true)', [accountKey]);
}

/** Ends one access token until its expiry (logout). */
export async function revokeAccessToken(
  tx: Tx,
  tokenId: string,
  userId: string,
  expiresAt: Date,
): Promise<void> {
  await tx.$client.query('select app_revoke_token($1, $2, $3)', [tokenId, userId, expiresAt]);
}
