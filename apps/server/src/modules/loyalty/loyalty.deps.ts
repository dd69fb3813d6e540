import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { JobQueue } from '../../platform/jobs/job-queue.js';

/** What the loyalty routes need from the platform; built once in app.ts. */
export type LoyaltyDeps = {
  db: Db;
  /** When a programme starts and stops, and when points expire. */
  clock: Clock;
  /** The points expiry sweep and its jobs (DESIGN 14). */
  jobs: JobQueue;
  log: FastifyBaseLogger;
};
