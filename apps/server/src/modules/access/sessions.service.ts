import { randomBytes, randomUUID } from 'node:crypto';
import type { TLoginResponse } from '@app/contracts';
import { inGlobal } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import { hashLinkToken } from './one-time-links.js';
import {
  insertRefreshToken,
  lockRefreshTokenByHash,
  markRefreshTokenUsed,
  revokeRefreshFamily,
} from './refresh-tokens.repository.js';
import { toSessionUser } from './user-mapper.js';
import { findUserById, type UserRow } from './users.repository.js';

/** A family ends after 8 hours without a renewal... */
export const SESSION_IDLE_MS = 8 * 3600_000;
/** ...and 7 days after the sign-in that began it, however active (DESIGN section 5). */
export const SESSION_MAX_MS = 7 * 24 * 3600_000;
/**
 * Two tabs of one browser may renew with the same cookie at the same moment: the second, within
 * this window, gets an access token without a new refresh token (the first answer set the
 * cookie). A token used again later is a stolen copy: its whole family ends.
 */
const RENEWAL_RACE_MS = 30_000;

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** What a sign-in or a renewal answers: the body, and the refresh token for the cookie. */
export type SessionGrant = {
  body: TLoginResponse;
  /** null: keep the cookie the browser has (a renewal that lost the race to another tab). */
  refreshToken: string | null;
  /** Seconds the cookie should live: the idle limit, or what is left of the 7 days. */
  refreshMaxAge: number;
};

/** Begins a family for a user whose password was just checked. */
export async function startSession(deps: AccessDeps, user: UserRow): Promise<SessionGrant> {
  const now = deps.clock.now();
  const refreshToken = newRefreshToken();
  await inGlobal(deps.db, (tx) =>
    insertRefreshToken(tx, {
      id: randomUUID(),
      familyId: randomUUID(),
      userId: user.id,
      tokenHash: hashLinkToken(refreshToken),
      tokenVersion: user.tokenVersion,
      familyStartedAt: now,
      issuedAt: now,
    }),
  );
  return { body: await accessFor(deps, user), refreshToken, refreshMaxAge: SESSION_IDLE_MS / 1000 };
}

/**
 * Exchanges a refresh token for a new access token and the family's next refresh token. The
 * token is locked for the transaction, so two renewals with it run one after the other.
 */
export async function renewSession(deps: AccessDeps, refreshToken: string): Promise<SessionGrant> {
  const now = deps.clock.now();
  const outcome = await inGlobal(deps.db, async (tx) => {
    const row = await lockRefreshTokenByHash(tx, hashLinkToken(refreshToken));
    if (!row || row.revokedAt) return { isEnded: true as const };
    if (row.usedAt) {
      if (now.getTime() - row.usedAt.getTime() > RENEWAL_RACE_MS) {
        // Committed before the refusal: whoever holds any token of this family is out.
        await revokeRefreshFamily(tx, row.familyId, now);
        return { isEnded: true as const };
      }
    }
    const isIdle = now.getTime() - row.issuedAt.getTime() > SESSION_IDLE_MS;
    const isTooOld = now.getTime() - row.familyStartedAt.getTime() > SESSION_MAX_MS;
    const user = await findUserById(tx, row.userId);
    const mayGoOn =
      user && !user.disabledAt && user.emailVerifiedAt && user.tokenVersion === row.tokenVersion;
    if (isIdle || isTooOld || !mayGoOn) {
      await revokeRefreshFamily(tx, row.familyId, now);
      return { isEnded: true as const };
    }
    if (row.usedAt)
      return { isEnded: false as const, user, next: null, familyStartedAt: row.familyStartedAt };
    await markRefreshTokenUsed(tx, row.id, now);
    const next = newRefreshToken();
    await insertRefreshToken(tx, {
      id: randomUUID(),
      familyId: row.familyId,
      userId: row.userId,
      tokenHash: hashLinkToken(next),
      tokenVersion: row.tokenVersion,
      familyStartedAt: row.familyStartedAt,
      issuedAt: now,
    });
    return { isEnded: false as const, user, next, familyStartedAt: row.familyStartedAt };
  });
  if (outcome.isEnded) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  const left = outcome.familyStartedAt.getTime() + SESSION_MAX_MS - now.getTime();
  return {
    body: await accessFor(deps, outcome.user),
    refreshToken: outcome.next,
    refreshMaxAge: Math.min(SESSION_IDLE_MS, left) / 1000,
  };
}

/** Logout: the family of this refresh token ends (every tab of the browser signs out). */
export async function endSession(deps: AccessDeps, refreshToken: string): Promise<void> {
  const now = deps.clock.now();
  await inGlobal(deps.db, async (tx) => {
    const row = await lockRefreshTokenByHash(tx, hashLinkToken(refreshToken));
    if (row) await revokeRefreshFamily(tx, row.familyId, now);
  });
}

async function accessFor(deps: AccessDeps, user: UserRow): Promise<TLoginResponse> {
  const { token, expiresIn } = await deps.tokens.sign({
    userId: user.id,
    businessId: user.businessId,
    roles: toSessionUser(user).roles,
    version: user.tokenVersion,
  });
  return { token, expiresIn, user: toSessionUser(user) };
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}
