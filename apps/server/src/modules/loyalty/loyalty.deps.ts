import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the loyalty routes need from the platform; built once in app.ts. */
export type LoyaltyDeps = {
  db: Db;
  /** When a programme starts and stops. */
  clock: Clock;
};
