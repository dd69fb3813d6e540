import { z } from 'zod';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';

/** Finds the businesses with movements waiting too long (or open movement alerts) and queues one check each. */
export const MOVEMENT_ALERTS_SWEEP_QUEUE: QueueDefinition<Record<string, never>> = {
  name: 'alerts-movement-sweep',
  schema: z.object({}).strict(),
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: false,
  expireInSeconds: 120,
};

export type BusinessJob = { businessId: string };

/** One business's movement alerts raised and resolved; idempotent (open alerts are not raised twice). */
export const MOVEMENT_ALERTS_QUEUE: QueueDefinition<BusinessJob> = {
  name: 'alerts-movement-check',
  schema: z.object({ businessId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};

export type AlertMailJob = { businessId: string; alertId: string };

/**
 * The e-mails of one CRITICAL alert to its audience, queued in the transaction that raised it.
 * Idempotent: the alert's `mailed_at`, set in the transaction that queues the mails, stops a rerun.
 */
export const ALERT_MAIL_QUEUE: QueueDefinition<AlertMailJob> = {
  name: 'alerts-critical-mail',
  schema: z.object({ businessId: z.uuid(), alertId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};
