import {
  boolean,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.table.js';

export const warehouses = pgTable(
  'warehouses',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    managerName: text('manager_name'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('warehouses_location_key').on(t.businessId, t.locationId),
    foreignKey({
      name: 'warehouses_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);
