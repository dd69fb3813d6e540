import { z } from 'zod';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';

/** Finds due subscriptions of every business and queues one renewal job each (DESIGN 14). */
export const RENEWAL_SWEEP_QUEUE: QueueDefinition<Record<string, never>> = {
  name: 'subscription-renewal-sweep',
  schema: z.object({}).strict(),
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: false,
  expireInSeconds: 120,
};

export type RenewalJob = { businessId: string; subscriptionId: string };

/** Renews or expires one subscription; idempotent (it re-reads the row under its lock). */
export const RENEWAL_QUEUE: QueueDefinition<RenewalJob> = {
  name: 'subscription-renewal',
  schema: z.object({ businessId: z.uuid(), subscriptionId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

export type ProviderCancelJob = { provider: 'sandbox' | 'stripe'; providerRef: string };

/** Cancels a deleted business's subscription at its provider, with retries. */
export const PROVIDER_CANCEL_QUEUE: QueueDefinition<ProviderCancelJob> = {
  name: 'subscription-provider-cancel',
  schema: z.object({ provider: z.enum(['sandbox', 'stripe']), providerRef: z.string().min(1) }),
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};
