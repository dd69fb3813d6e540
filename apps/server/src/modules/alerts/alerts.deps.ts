import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the alerts routes need from the platform; built once in app.ts. */
export type AlertsDeps = {
  db: Db;
  /** When an alert is written, read, and whether it has expired. */
  clock: Clock;
};
