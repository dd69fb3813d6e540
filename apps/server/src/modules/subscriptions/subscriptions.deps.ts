import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { BillingProvider } from './billing/billing-provider.js';

/** What the subscriptions services need; built once in app.ts. */
export type SubscriptionsDeps = {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  /** The payment provider subscriptions are charged through: the sandbox, or Stripe. */
  billing: BillingProvider;
  /** The web app's address: the provider's payment page sends the owner back there. */
  appUrl: string;
  log: FastifyBaseLogger;
};
