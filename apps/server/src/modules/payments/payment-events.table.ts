import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The payment provider's events (Stripe webhooks) already applied to a business, by the
 * provider's event id: a redelivered or replayed event finds its id here and changes nothing.
 * Written in the transaction that applies the event.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    businessId: uuid('business_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);
