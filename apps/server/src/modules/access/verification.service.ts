import { API } from '@app/contracts';
import type { TLinkStatusRequest, TMessageResponse } from '@app/contracts';
import { inGlobal } from '../../platform/db/tenancy.js';
import type { AccessDeps } from './access.deps.js';
import { verifyEmailMail } from './access.mails.js';
import { linkRequestQueue, queueLinkRequest, sendRequestedLink, type LinkRequest } from './link-requests.js';
import { hashLinkToken } from './one-time-links.js';
import { findOneTimeTokenUser, findUsableOneTimeToken } from './one-time-tokens.repository.js';
import { findUserById } from './users.repository.js';

/** True whichever address was typed: an unknown, a verified and an unverified one alike. */
export const VERIFICATION_RESEND_REQUESTED =
  'If this address has an account that still needs verifying, we have sent it a new link. It works for 24 hours.';

/** Requests for a new verification link: looked up and mailed by a job (link-requests.ts). */
export const VERIFICATION_RESEND_QUEUE = linkRequestQueue('verification-resend');

/** Always answers the same, as the reset request does (queueLinkRequest). */
export async function requestVerificationLink(deps: AccessDeps, email: string): Promise<TMessageResponse> {
  await queueLinkRequest(deps, VERIFICATION_RESEND_QUEUE, email);
  return { message: VERIFICATION_RESEND_REQUESTED };
}

/**
 * The job of one request: an account that signed up and never verified gets a new link.
 * Verified accounts and invited staff (no password yet: their way in is the invitation) get
 * nothing.
 */
export async function sendVerificationLink(deps: AccessDeps, request: LinkRequest): Promise<void> {
  await sendRequestedLink(deps, request, 'VERIFY_EMAIL', {
    isFor: (user) => !user.emailVerifiedAt && user.passwordHash !== null,
    mail: (user, token) =>
      verifyEmailMail(user.email, user.fullName, `${deps.appUrl}${API.auth.verifyEmail}?token=${token}`),
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
