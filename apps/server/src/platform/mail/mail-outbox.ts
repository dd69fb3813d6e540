import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Tx } from '../db/tenancy.js';
import type { JobQueue, QueueDefinition } from '../jobs/job-queue.js';
import { sendOncePerKey } from './mail-deliveries.repository.js';
import type { Mailer, OutgoingMail, QueuedMail } from './mailer.js';

const ZQueuedMail = z.object({
  key: z.uuid(),
  queuedAt: z.iso.datetime(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.base64() }))
    .optional(),
});

/**
 * Outgoing mail. Retries with exponential backoff from 5 s: about 5 s, 10 s, 20 s ... doubling
 * with jitter, ten retries spread over one and a half to three hours, which rides out an SMTP
 * server's restart or a short outage; a verification link stays valid for 24 hours. An attempt
 * is given 120 s (the SMTP timeouts of mailer.ts end it well before), after which maintenance
 * hands the job to a retry: that is how a mail taken by a process that was killed goes out.
 */
export const MAIL_QUEUE: QueueDefinition<QueuedMail> = {
  name: 'mail',
  schema: ZQueuedMail,
  retryLimit: 10,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

export type MailOutbox = {
  /**
   * Queues the whole rendered message in the caller's transaction: it goes out only if that
   * transaction commits, and then even if this process dies before sending it.
   */
  queue: (tx: Tx, mail: OutgoingMail) => Promise<void>;
};

export function createMailOutbox(jobs: JobQueue): MailOutbox {
  return {
    queue: async (tx, mail) => {
      const queued: QueuedMail = { ...mail, key: randomUUID(), queuedAt: new Date().toISOString() };
      await jobs.enqueue(tx, MAIL_QUEUE, queued);
    },
  };
}

/** Sends one queued mail, at most once per key however often the job runs. */
export async function deliverMail(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger },
  mail: QueuedMail,
): Promise<void> {
  const outcome = await sendOncePerKey(deps.db, mail.key, () => deps.mailer.send(mail));
  if (outcome === 'already-sent') {
    deps.log.info({ key: mail.key }, 'mail already sent; the repeated job does nothing');
  }
}

/** The worker of the mail queue; the mailer is closed once the workers have stopped. */
export function registerMailWorker(jobs: JobQueue, deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger }) {
  jobs.register(MAIL_QUEUE, (mail) => deliverMail(deps, mail));
  jobs.onStop(() => deps.mailer.close());
}
