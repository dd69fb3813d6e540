import { randomUUID } from 'node:crypto';
import { API } from '@app/contracts';
import type { TLinkStatusRequest, TMessageResponse } from '@app/contracts';
import { z } from 'zod';
import { inGlobal } from '../../platform/db/tenancy.js';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';
import type { AccessDeps } from './access.deps.js';
import { verifyEmailMail } from './access.mails.js';
import { hashLinkToken, isOverLinkMailLimit, issueLinkToken } from './one-time-links.js';
import {
  existsOneTimeToken,
  findOneTimeTokenUser,
  findUsableOneTimeToken,
  revokeOneTimeTokens,
} from './one-time-tokens.repository.js';
import { findUserById, findUserByLogin } from './users.repository.js';

/** True whichever address was typed: an unknown, a verified and an unverified one alike. */
export const VERIFICATION_RESEND_REQUESTED =
  'If this address has an account that still needs verifying, we have sent it a new link. It works for 24 hours.';

/** A request for a new verification link as queued: the address as typed, and its link's id. */
export const VERIFICATION_RESEND_QUEUE: QueueDefinition<{ email: string; requestId: string }> = {
  name: 'verification-resend',
  schema: z.object({ email: z.string(), requestId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 60,
};

/**
 * Always answers the same, as the reset request does: one job written for every address and no
 * lookup, so neither the answer nor its timing tells whether the address has an account or is
 * verified. The job (sendVerificationLink) decides and mails.
 */
export async function requestVerificationLink(deps: AccessDeps, email: string): Promise<TMessageResponse> {
  await inGlobal(deps.db, (tx) =>
    deps.jobs.enqueue(tx, VERIFICATION_RESEND_QUEUE, { email, requestId: randomUUID() }),
  );
  return { message: VERIFICATION_RESEND_REQUESTED };
}

/**
 * The job of one request: an account with this address that signed up and never verified gets a
 * new link (older unused ones stop working) and its mail, in one transaction. Verified accounts
 * and invited staff (no password yet: their way in is the invitation) get nothing. The link's id
 * is the request's, so a retried run that committed does nothing. At most one mail a minute and
 * five an hour per address.
 */
export async function sendVerificationLink(
  deps: AccessDeps,
  request: { email: string; requestId: string },
): Promise<void> {
  await inGlobal(deps.db, async (tx) => {
    // The lookup comes first: the link-token policy shows only the tokens of a visible user.
    const user = await findUserByLogin(tx, request.email);
    if (!user || user.email.toLowerCase() !== request.email.toLowerCase()) return;
    if (user.emailVerifiedAt || !user.passwordHash) return;
    if (await existsOneTimeToken(tx, request.requestId)) return;
    if (await isOverLinkMailLimit(tx, user.id, 'VERIFY_EMAIL', deps.clock.now())) {
      deps.log.info('verification mail not sent: too many for this address');
      return;
    }
    await revokeOneTimeTokens(tx, user.id, 'VERIFY_EMAIL');
    const token = await issueLinkToken(tx, user.id, 'VERIFY_EMAIL', request.requestId);
    await deps.mail.queue(
      tx,
      verifyEmailMail(user.email, user.fullName, `${deps.appUrl}${API.auth.verifyEmail}?token=${token}`),
    );
  });
}

/**
 * After a verification link failed: whether its account is verified anyway. Mail scanners open
 * links before their reader does, so the person's own click often finds the link used; then
 * signing in is the next step, not a new link. An unknown token answers false.
 */
export async function isLinkOfVerifiedAccount(deps: AccessDeps, token: string): Promise<boolean> {
  return inGlobal(deps.db, async (tx) => {
    const userId = await findOneTimeTokenUser(tx, hashLinkToken(token), 'VERIFY_EMAIL');
    if (!userId) return false;
    const user = await findUserById(tx, userId);
    return Boolean(user?.emailVerifiedAt);
  });
}

/**
 * Whether a reset or invitation link can still be used, so its page can say so before anyone
 * types a password. Read-only; tells nothing about the account.
 */
export async function checkLinkStatus(
  deps: AccessDeps,
  request: TLinkStatusRequest,
): Promise<{ isUsable: boolean }> {
  const tokenHash = hashLinkToken(request.token);
  const isUsable = await inGlobal(deps.db, (tx) => findUsableOneTimeToken(tx, tokenHash, request.purpose));
  return { isUsable };
}
