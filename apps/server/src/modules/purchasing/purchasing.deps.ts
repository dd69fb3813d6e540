import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock.js';
import type { Db } from '../../platform/db/database.js';
import type { MailOutbox } from '../../platform/mail/mail-outbox.js';

/** What the purchasing routes need from the platform; built once in app.ts. */
export type PurchasingDeps = {
  db: Db;
  log: FastifyBaseLogger;
  /** Order, sending, receipt and closing instants, and the 24 hours of an idempotency key. */
  clock: Clock;
  /** Sending an order to a supplier with an e-mail queues its mail, PDF attached. */
  mail: MailOutbox;
};
