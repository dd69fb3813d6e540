import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the audit routes need from the platform; built once in app.ts. */
export type AuditDeps = {
  db: Db;
  /** The date in an export's file name. */
  clock: Clock;
};
