import { z } from 'zod';
import type { QueueDefinition } from '../../platform/jobs/job-queue.js';

/** Finds the businesses with points past their expiry and queues one expiry job each (DESIGN 14). */
export const POINTS_EXPIRY_SWEEP_QUEUE: QueueDefinition<Record<string, never>> = {
  name: 'loyalty-points-expiry-sweep',
  schema: z.object({}).strict(),
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: false,
  expireInSeconds: 120,
};

export type PointsExpiryJob = { businessId: string };

/** Writes off one business's expired points; idempotent (emptied lots are not found again). */
export const POINTS_EXPIRY_QUEUE: QueueDefinition<PointsExpiryJob> = {
  name: 'loyalty-points-expiry',
  schema: z.object({ businessId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 300,
};
