import { randomUUID } from 'node:crypto';
import { API } from '@app/contracts';
import type {
  TLoginRequest,
  TLoginResponse,
  TMessageResponse,
  TRegisterRequest,
  TRegisterResponse,
} from '@app/contracts';
import { z } from 'zod';
import { inGlobal } from '../../platform/db/tenancy.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import { AppError, fieldError } from '../../platform/http/app-error.js';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';
import type { AccessDeps } from './access.deps.js';
import { resetPasswordMail, verifyEmailMail } from './access.mails.js';
import { hashLinkToken, issueLinkToken } from './one-time-links.js';
import {
  consumeOneTimeToken,
  existsOneTimeToken,
  revokeOneTimeTokens,
} from './one-time-tokens.repository.js';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from './passwords.js';
import { toSessionUser } from './user-mapper.js';
import {
  existsUserWithEmail,
  existsUserWithUsername,
  findUserByLogin,
  insertUser,
  markEmailVerified,
  setPassword,
} from './users.repository.js';

const EMAIL_TAKEN = 'An account with this e-mail address already exists.';
const BAD_CREDENTIALS = 'The e-mail address or password is not correct.';
const RESET_REQUESTED =
  'If an account exists for this address, we have sent it a link to reset the password.';

export function assertPasswordNotCommon(password: string, field: string): void {
  if (isCommonPassword(password)) throw fieldError(field, COMMON_PASSWORD_MESSAGE);
}

export async function register(deps: AccessDeps, input: TRegisterRequest): Promise<TRegisterResponse> {
  assertPasswordNotCommon(input.password, 'password');
  // Hashing takes ~20 ms of CPU: do it before taking a database connection.
  const passwordHash = await hashPassword(input.password);
  try {
    return await inGlobal(deps.db, async (tx) => {
      if (await existsUserWithEmail(tx, input.email)) throw conflict('email', EMAIL_TAKEN);
      if (input.username && (await existsUserWithUsername(tx, input.username))) {
        throw conflict('username', 'This username is taken. Choose another one.');
      }
      const user = await insertUser(tx, {
        id: randomUUID(),
        email: input.email,
        fullName: input.fullName,
        username: input.username ?? null,
        phoneNumber: input.phoneNumber ?? null,
        passwordHash,
        roles: ['ROLE_BUSINESS_OWNER'],
      });
      const token = await issueLinkToken(tx, user.id, 'VERIFY_EMAIL');
      // Queued in this transaction: the account and its link exist together or not at all, and
      // the mail then goes out (with retries) even if this process stops right after answering.
      await deps.mail.queue(
        tx,
        verifyEmailMail(user.email, user.fullName, `${deps.appUrl}${API.auth.verifyEmail}?token=${token}`),
      );
      return {
        userId: user.id,
        email: user.email,
        message: 'Registration successful. Check your e-mail for the link to verify your address.',
      };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('email', EMAIL_TAKEN);
    throw error;
  }
}

export async function verifyEmail(deps: AccessDeps, token: string): Promise<TMessageResponse> {
  return inGlobal(deps.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, hashLinkToken(token), 'VERIFY_EMAIL');
    if (!userId) {
      throw new AppError(
        'INVALID_TOKEN',
        'This verification link is not valid: it was already used or it has expired. Sign in to get a new one.',
      );
    }
    await markEmailVerified(tx, userId);
    return { message: 'Your e-mail address is verified. You can sign in now.' };
  });
}

export async function login(deps: AccessDeps, input: TLoginRequest): Promise<TLoginResponse> {
  const user = await inGlobal(deps.db, (tx) => findUserByLogin(tx, input.email));
  // Unknown account and wrong password answer alike and take about the same time.
  const isValid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  if (!user || !isValid) throw new AppError('INVALID_CREDENTIALS', BAD_CREDENTIALS);
  if (!user.emailVerifiedAt) {
    throw new AppError(
      'EMAIL_NOT_VERIFIED',
      'Please verify your e-mail address first: open the link we sent you.',
    );
  }
  if (user.disabledAt) {
    throw new AppError(
      'ACCOUNT_DISABLED',
      'This account has been disabled. Please contact your administrator.',
    );
  }
  const { token, expiresIn } = await deps.tokens.sign({
    userId: user.id,
    businessId: user.businessId,
    roles: toSessionUser(user).roles,
    version: user.tokenVersion,
  });
  return { token, expiresIn, user: toSessionUser(user) };
}

/** A password-reset request as queued: the address as typed, and the id its link will get. */
export const PASSWORD_RESET_QUEUE: QueueDefinition<{ email: string; requestId: string }> = {
  name: 'password-reset',
  schema: z.object({ email: z.string(), requestId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 60,
};

/**
 * Always answers the same. Every address takes the same path, one job written and no lookup,
 * so neither the answer nor its timing tells whether the address has an account; and the job is
 * committed before the answer, so a process that stops right after answering loses nothing. The
 * lookup, the link and the mail happen in the job (sendResetLink).
 */
export async function requestPasswordReset(deps: AccessDeps, email: string): Promise<TMessageResponse> {
  await inGlobal(deps.db, (tx) =>
    deps.jobs.enqueue(tx, PASSWORD_RESET_QUEUE, { email, requestId: randomUUID() }),
  );
  return { message: RESET_REQUESTED };
}

/**
 * The job of one reset request: for an account with this address, a new link (older unused ones
 * stop working) and its mail, in one transaction. The link's id is the request's, so a retry of a
 * run that committed (its completion was lost) finds it and does nothing: one link, one mail.
 */
export async function sendResetLink(
  deps: AccessDeps,
  request: { email: string; requestId: string },
): Promise<void> {
  await inGlobal(deps.db, async (tx) => {
    if (await existsOneTimeToken(tx, request.requestId)) return;
    const user = await findUserByLogin(tx, request.email);
    if (!user || user.email.toLowerCase() !== request.email.toLowerCase()) return;
    await revokeOneTimeTokens(tx, user.id, 'RESET_PASSWORD');
    const token = await issueLinkToken(tx, user.id, 'RESET_PASSWORD', request.requestId);
    await deps.mail.queue(
      tx,
      resetPasswordMail(
        user.email,
        user.fullName,
        `${deps.appUrl}${API.auth.resetPasswordConfirm}?token=${token}`,
      ),
    );
  });
}

export async function confirmPasswordReset(
  deps: AccessDeps,
  token: string,
  newPassword: string,
): Promise<TMessageResponse> {
  assertPasswordNotCommon(newPassword, 'newPassword');
  const passwordHash = await hashPassword(newPassword);
  return inGlobal(deps.db, async (tx) => {
    const userId = await consumeOneTimeToken(tx, hashLinkToken(token), 'RESET_PASSWORD');
    if (!userId) {
      throw new AppError(
        'INVALID_TOKEN',
        'This reset link is not valid: it was already used or it has expired. Ask for a new one.',
      );
    }
    // setPassword bumps the token version: every session issued before ends now.
    await setPassword(tx, userId, passwordHash);
    await markEmailVerified(tx, userId);
    return { message: 'Your password has been changed. You can sign in with the new one.' };
  });
}

function conflict(field: string, message: string): AppError {
  return new AppError('CONFLICT', message, { fieldErrors: { [field]: [message] } });
}
