import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.table.js';

/** Unique name per location, whatever the case: an expression index in the migration's SQL. */
export const categories = pgTable(
  'categories',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'categories_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);
