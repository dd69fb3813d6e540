import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Global, worker-only: the idempotency key of every mail that went out. A mail job that runs
 * again after its send succeeded (the acknowledgement was lost, the process died) finds its key
 * here and does not send twice. The request role has no privilege on it.
 */
export const mailDeliveries = pgTable('mail_deliveries', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
