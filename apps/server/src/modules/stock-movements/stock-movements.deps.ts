import type { JobQueue } from '../../platform/jobs/job-queue.js';
import type { InventoryDeps } from '../inventory/inventory.module.js';

/** What the movement routes need: the inventory's deps and the key that seals codes in stored answers. */
export type MovementDeps = InventoryDeps & {
  /** A locked movement raises a CRITICAL alert, whose mails go through the queue. */
  jobs: JobQueue;
  /** AES-256 key (movement-codes.ts deriveCodeKey) for the codes inside an Idempotency-Key answer. */
  codeKey: Buffer;
};
