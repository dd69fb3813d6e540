import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A supplier of the business. Its name is unique whatever the case: the expression index
 * `suppliers_name_key` on (business_id, lower(name)) is in the migration's SQL.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    notes: text('notes'),
    /** Days from ordering to delivery, for suggested orders (issue 16); null: unknown. */
    leadTimeDays: integer('lead_time_days'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('suppliers_name_idx').on(t.businessId, t.name, t.id),
  ],
);
