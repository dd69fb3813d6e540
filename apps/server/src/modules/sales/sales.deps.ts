import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';

/** What the sales routes need from the platform; built once in app.ts. */
export type SalesDeps = {
  db: Db;
  /** "Now": a sale's default instant, the window soldAt must fall in, a refund's instant. */
  clock: Clock;
};
