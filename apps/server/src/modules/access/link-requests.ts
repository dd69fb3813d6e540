import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { inGlobal } from '../../platform/db/tenancy.js';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';
import type { OutgoingMail } from '../../platform/mail/mailer.js';
import type { AccessDeps } from './access.deps.js';
import { isOverLinkMailLimit, issueLinkToken } from './one-time-links.js';
import { existsOneTimeToken, revokeOneTimeTokens } from './one-time-tokens.repository.js';
import type { OneTimeTokenPurpose } from './users.table.js';
import { findUserByLogin, type UserRow } from './users.repository.js';

/** A request for an e-mailed link as queued: the address as typed, and the id its link gets. */
export type LinkRequest = { email: string; requestId: string };

/** The queue of one kind of link request (reset, new verification link). */
export function linkRequestQueue(name: string): QueueDefinition<LinkRequest> {
  return {
    name,
    schema: z.object({ email: z.string(), requestId: z.uuid() }),
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 60,
  };
}

/**
 * Queues the request and nothing else. Every address takes the same path, one job written and
 * no lookup, so neither the answer nor its timing tells whether the address has an account; and
 * the job is committed before the answer, so a process that stops right after it loses nothing.
 */
export async function queueLinkRequest(
  deps: AccessDeps,
  queue: QueueDefinition<LinkRequest>,
  email: string,
): Promise<void> {
  await inGlobal(deps.db, (tx) => deps.jobs.enqueue(tx, queue, { email, requestId: randomUUID() }));
}

/**
 * The job of one request: for the account with exactly this address, when `isFor` accepts it, a
 * new link (older unused ones of the purpose stop working) and its mail, in one transaction. The
 * link's id is the request's, so a retried run that committed does nothing: one link, one mail.
 * At most one mail a minute and five an hour per address and purpose.
 */
export async function sendRequestedLink(
  deps: AccessDeps,
  request: LinkRequest,
  purpose: OneTimeTokenPurpose,
  link: { isFor: (user: UserRow) => boolean; mail: (user: UserRow, token: string) => OutgoingMail },
): Promise<void> {
  await inGlobal(deps.db, async (tx) => {
    // The lookup comes first: the link-token policy shows only the tokens of a visible user.
    const user = await findUserByLogin(tx, request.email);
    if (!user || user.email.toLowerCase() !== request.email.toLowerCase() || !link.isFor(user)) return;
    if (await existsOneTimeToken(tx, request.requestId)) return;
    if (await isOverLinkMailLimit(tx, user.id, purpose, deps.clock.now())) {
      deps.log.info({ purpose }, 'link mail not sent: too many for this address');
      return;
    }
    await revokeOneTimeTokens(tx, user.id, purpose);
    const token = await issueLinkToken(tx, user.id, purpose, request.requestId);
    await deps.mail.queue(tx, link.mail(user, token));
  });
}
