import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/database.js';
import type { AccessTokens } from '../../platform/auth/access-token.js';
import type { BlobStorage } from '../../platform/blobs/blob-storage.js';
import type { Clock } from '../../platform/clock.js';
import type { TenantScope } from '../../platform/db/tenancy.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { MailOutbox } from '../../platform/mail/mail-outbox.js';

/** What the access services need from the platform; built once in app.ts. */
export type AccessDeps = {
  db: Db;
  jobs: JobQueue;
  /** Queues a mail in the transaction that decides it. */
  mail: MailOutbox;
  tokens: AccessTokens;
  blobs: BlobStorage;
  appUrl: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /**
   * Cancels the subscription of a business being deleted, in the deleting transaction. The
   * subscriptions module provides it (app.ts): it imports access's services, so access cannot
   * import it back without a cycle.
   */
  cancelSubscriptionOfDeletedBusiness: (scope: TenantScope) => Promise<void>;
};
