import { randomUUID } from 'node:crypto';
import { API, WEB_ROUTES } from '@app/contracts';
import type { TLoginRequest, TMessageResponse, TRegisterRequest, TRegisterResponse } from '@app/contracts';
import { inGlobal, lookUpAccount, type Tx } from '../../platform/db/tenancy.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { AppError, fieldError } from '../../platform/http/app-error.js';
import type { AccessDeps } from './access.deps.js';
import {
  accountLockedMail,
  existingAccountMail,
  resetPasswordMail,
  verifyEmailMail,
} from './access.mails.js';
import { assertBusinessOpenFor } from './business-lifecycle.service.js';
import { hashLinkToken, issueLinkToken } from './one-time-links.js';
import { linkRequestQueue, queueLinkRequest, sendRequestedLink, type LinkRequest } from './link-requests.js';
import {
  consumeOneTimeToken,
  findUsableOneTimeToken,
  revokeOneTimeTokens,
} from './one-time-tokens.repository.js';
import {
  beginLoginAttempt,
  finishLoginAttempt,
  liftLockout,
  revokeAccessToken,
} from './sign-in-guard.repository.js';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.js';
import { endSession, startSession, type SessionGrant } from './sessions.service.js';
import {
  existsUserWithUsername,
  findAccountByEmail,
  findUserByLogin,
  insertUser,
  markEmailVerified,
  setPassword,
  type UserRow,
} from './users.repository.js';

// True whichever mail the address gets (a verification link, or a note that it has an account).
const REGISTERED = 'Thanks. Check your e-mail to continue.';
const NOT_VERIFIED =
  'Please verify your e-mail address first: open the link we sent you. Lost it, or has it expired? Send yourself a new link.';
const BAD_CREDENTIALS = 'The e-mail address or password is not correct.';
const RESET_REQUESTED =
  'If an account exists for this address, we have sent it a link to reset the password.';
const RESET_LINK_INVALID =
  'This reset link is not valid: it was already used or it has expired. Ask for a new one.';

/** 10 failed sign-ins for one account within 15 minutes lock it for 15 minutes (any address). */
/** The same numbers as the SQL of migration 0006, which enforces them. */
export const LOCKOUT = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 } as const;

/**
 * The lockout counts per account, not per client: by user id when the login names an account,
 * else by the login itself, so unknown and known accounts lock alike and a 429 tells nothing.
 */
function accountKeyOf(user: UserRow | undefined, login: string): string {
  return user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
}

function accountLocked(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-ins for this account. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE);
}

/**
 * Self-registration of an owner. The answer is the same 201 whether or not the address already
 * has an account, so sign-up cannot tell anyone who is a customer: the owner of an existing
 * account is told by mail instead. That answer carries a fresh random userId that names no one,
 * which keeps the shape (the web client reads only email and message). Both paths hash the
 * password and send one mail inside the transaction, so they take about as long too.
 */
export async function register(deps: AccessDeps, input: TRegisterRequest): Promise<TRegisterResponse> {
  assertPasswordNotCommon(input.password, 'password');
  // Hashing takes ~20 ms of CPU: do it before taking a database connection.
  const passwordHash = await hashPassword(input.password);
  // Two sign-ups with one address or username at the same moment: the unique index refuses the
  // second insert (before its mail). Run it once more: it then sees the first one's row.
  for (let attempt = 1; ; attempt++) {
    try {
      return await inGlobal(deps.db, (tx) => registerInTransaction(deps, tx, input, passwordHash));
    } catch (error) {
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function registerInTransaction(
  deps: AccessDeps,
  tx: Tx,
  input: TRegisterRequest,
  passwordHash: string,
): Promise<TRegisterResponse> {
  const answer = (userId: string) => ({ userId, email: input.email, message: REGISTERED });
  const existing = await findAccountByEmail(tx, input.email);
  if (existing) {
    // An owner who never verified (a lost or expired link) gets a new link instead: signing up
    // again is what such a person tries. A deleted account keeps its address but can neither
    // sign in nor reset: no one to tell.
    if (!existing.deletedAt && !existing.emailVerifiedAt) {
      await revokeOneTimeTokens(tx, existing.id, 'VERIFY_EMAIL');
      const token = await issueLinkToken(tx, existing.id, 'VERIFY_EMAIL');
      await deps.mail.queue(
        tx,
        verifyEmailMail(
          existing.email,
          existing.fullName,
          `${deps.appUrl}${API.auth.verifyEmail}?token=${token}`,
        ),
      );
    } else if (!existing.deletedAt) {
      await deps.mail.queue(
        tx,
        existingAccountMail(existing.email, existing.fullName, {
          signIn: `${deps.appUrl}${WEB_ROUTES.login}`,
          resetPassword: `${deps.appUrl}${WEB_ROUTES.resetPassword}`,
        }),
      );
    }
    return answer(randomUUID());
  }
  // A taken username is not refused either: "this username is taken" would tell that an account
  // exists and hand out a name that signs in (login accepts usernames). The account is made
  // without it, and only the verification mail, which the owner of the new address reads, says
  // so; learning it that way costs a real inbox and an account per guess.
  const isUsernameTaken = input.username !== undefined && (await existsUserWithUsername(tx, input.username));
  const user = await insertUser(tx, {
    id: randomUUID(),
    email: input.email,
    fullName: input.fullName,
    username: isUsernameTaken ? null : (input.username ?? null),
    phoneNumber: input.phoneNumber ?? null,
    passwordHash,
    roles: ['ROLE_BUSINESS_OWNER'],
  });
  const token = await issueLinkToken(tx, user.id, 'VERIFY_EMAIL');
  // Queued in this transaction: the account and its link exist together or not at all, and the
  // mail then goes out (with retries) even if this process stops right after answering.
  await deps.mail.queue(
    tx,
    verifyEmailMail(
      user.email,
      user.fullName,
      `${deps.appUrl}${API.auth.verifyEmail}?token=${token}`,
      isUsernameTaken ? input.username : undefined,
    ),
  );
  return answer(user.id);
}

export async function verifyEmail(deps: AccessDeps, token: string): Promise<TMessageResponse> {
  return inGlobal(deps.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, hashLinkToken(token), 'VERIFY_EMAIL');
    if (!userId) {
      throw new AppError(
        'INVALID_TOKEN',
        'This verification link is not valid: it was already used or it has expired. If you have verified already, just sign in. Otherwise ask for a new link on the sign-in page.',
      );
    }
    await markEmailVerified(tx, userId);
    return { message: 'Your e-mail address is verified. You can sign in now.' };
  });
}

export async function login(deps: AccessDeps, input: TLoginRequest): Promise<SessionGrant> {
  const now = deps.clock.now();
  // The attempt is counted before any password is hashed: a locked account, or one with 10
  // attempts under way or failed, is refused whether or not the password is right, and a burst
  // of parallel guesses gets no more than 10 checks.
  const { user, refusedUntil } = await inGlobal(deps.db, async (tx) => {
    const found = await findUserByLogin(tx, input.email);
    return { user: found, refusedUntil: await beginLoginAttempt(tx, accountKeyOf(found, input.email), now) };
  });
  if (refusedUntil) throw accountLocked(refusedUntil, now);
  // Unknown account and wrong password answer alike and take about the same time.
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !isValid) {
    await recordFailedSignIn(deps, user, input.email, now);
    throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
  }
  await inGlobal(deps.db, (tx) =>
    finishLoginAttempt(tx, accountKeyOf(user, input.email), { isSuccess: true, userId: user.id }, now),
  );
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', NOT_VERIFIED);
  if (user.disabledAt) {
    throw new AppError(
      'ACCOUNT_DISABLED',
      'This account has been disabled. Please contact your administrator.',
    );
  }
  await assertBusinessOpenFor(deps, user);
  return startSession(deps, user);
}

/**
 * The failure is kept; the one that locks the account mails its owner, in the same transaction,
 * with a link that sets a new password at once (which also lifts the lock).
 */
async function recordFailedSignIn(
  deps: AccessDeps,
  user: UserRow | undefined,
  login: string,
  now: Date,
): Promise<void> {
  await inGlobal(deps.db, async (tx) => {
    const lockedUntil = await finishLoginAttempt(
      tx,
      accountKeyOf(user, login),
      { isSuccess: false, userId: user?.id ?? null },
      now,
    );
    if (!lockedUntil || !user) return;
    // The link goes to the account's own address: the transaction looks that account up.
    await lookUpAccount(tx, user.email);
    await revokeOneTimeTokens(tx, user.id, 'RESET_PASSWORD');
    const token = await issueLinkToken(tx, user.id, 'RESET_PASSWORD');
    await deps.mail.queue(
      tx,
      accountLockedMail(user.email, user.fullName, {
        minutes: LOCKOUT.lockMinutes,
        resumesAt: lockedUntil,
        resetLink: `${deps.appUrl}${API.auth.resetPasswordConfirm}?token=${token}`,
      }),
    );
  });
}

/**
 * Ends what the caller holds: the access token (on the denylist until it would have expired)
 * and the session of the refresh cookie. Neither needs to be valid; nothing is told either way.
 */
export async function logout(
  deps: AccessDeps,
  held: { bearer: string | undefined; refreshToken: string | undefined },
): Promise<void> {
  const claims = held.bearer ? await deps.tokens.verify(held.bearer) : null;
  if (claims) {
    await inGlobal(deps.db, (tx) => revokeAccessToken(tx, claims.tokenId, claims.userId, claims.expiresAt));
  }
  if (held.refreshToken) await endSession(deps, held.refreshToken);
}

/** Password-reset requests: looked up and mailed by a job (link-requests.ts). */
export const PASSWORD_RESET_QUEUE = linkRequestQueue('password-reset');

/** Always answers the same, whether or not the address has an account (queueLinkRequest). */
export async function requestPasswordReset(deps: AccessDeps, email: string): Promise<TMessageResponse> {
  await queueLinkRequest(deps, PASSWORD_RESET_QUEUE, email);
  return { message: RESET_REQUESTED };
}

/** The job of one reset request: any account with this address gets a reset link. */
export async function sendResetLink(deps: AccessDeps, request: LinkRequest): Promise<void> {
  await sendRequestedLink(deps, request, 'RESET_PASSWORD', {
    isFor: () => true,
    mail: (user, token) =>
      resetPasswordMail(
        user.email,
        user.fullName,
        `${deps.appUrl}${API.auth.resetPasswordConfirm}?token=${token}`,
      ),
  });
}

/**
 * The token is checked before the new password is hashed: a bogus token costs one indexed read,
 * not 20 ms of CPU. It is consumed only after hashing, in one statement, so two requests with
 * the same link cannot both succeed. A new password also lifts a lockout of the account.
 */
export async function confirmPasswordReset(
  deps: AccessDeps,
  token: string,
  newPassword: string,
): Promise<TMessageResponse> {
  assertPasswordNotCommon(newPassword, 'newPassword');
  const tokenHash = hashLinkToken(token);
  const isUsable = await inGlobal(deps.db, (tx) => findUsableOneTimeToken(tx, tokenHash, 'RESET_PASSWORD'));
  if (!isUsable) throw new AppError('INVALID_TOKEN', RESET_LINK_INVALID);
  const passwordHash = await hashPassword(newPassword);
  return inGlobal(deps.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, tokenHash, 'RESET_PASSWORD');
    if (!userId) throw new AppError('INVALID_TOKEN', RESET_LINK_INVALID);
    // setPassword bumps the token version: every session issued before ends now.
    await setPassword(tx, userId, passwordHash);
    await markEmailVerified(tx, userId);
    await liftLockout(tx, `user:${userId}`);
    return { message: 'Your password has been changed. You can sign in with the new one.' };
  });
}
