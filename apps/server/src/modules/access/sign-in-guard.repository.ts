import type { Tx } from '../../platform/db/tenancy.js';

/**
 * The per-account lockout and the logout denylist. app_tenant has no privilege on their tables;
 * these SECURITY DEFINER functions of migration 0004 are its only way in.
 */

export type LockoutPolicy = { maxFailures: number; windowMinutes: number; lockMinutes: number };

export async function accountLockedUntil(tx: Tx, accountKey: string, now: Date): Promise<Date | null> {
  const { rows } = await tx.$client.query<{ until: Date | null }>(
    'select app_account_locked_until($1, $2) as until',
    [accountKey, now],
  );
  return rows[0]?.until ?? null;
}

/** Records a failed sign-in; answers the end of the lock when this failure locked the account. */
export async function recordLoginFailure(
  tx: Tx,
  accountKey: string,
  userId: string | null,
  now: Date,
  policy: LockoutPolicy,
): Promise<Date | null> {
  const { rows } = await tx.$client.query<{ until: Date | null }>(
    `select app_record_login_failure($1, $2, $3, $4, make_interval(mins => $5), make_interval(mins => $6)) as until`,
    [accountKey, userId, now, policy.maxFailures, policy.windowMinutes, policy.lockMinutes],
  );
  return rows[0]?.until ?? null;
}

export async function clearLoginFailures(tx: Tx, accountKey: string, liftLock: boolean): Promise<void> {
  await tx.$client.query('select app_clear_login_failures($1, $2)', [accountKey, liftLock]);
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
