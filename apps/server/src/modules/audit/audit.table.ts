import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tenant table: the key starts with business_id (DESIGN section 4). */
export const auditLogs = pgTable(
  'audit_logs',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id'),
    eventType: text('event_type').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('audit_logs_business_user_idx').on(t.businessId, t.userId, t.createdAt),
    index('audit_logs_business_event_idx').on(t.businessId, t.eventType, t.createdAt),
    /** The all-users view: newest first over the whole business. */
    index('audit_logs_business_created_idx').on(t.businessId, t.createdAt),
  ],
);
