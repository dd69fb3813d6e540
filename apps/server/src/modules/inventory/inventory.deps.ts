import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the inventory and movement routes need from the platform; built once in app.ts. */
export type InventoryDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** Weeks of the movement summary and the 24 hours of an idempotency key read it. */
  clock: Clock;
};
