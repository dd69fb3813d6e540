import {
  boolean,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from '../locations/locations.table.js';

export const stores = pgTable(
  'stores',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    openingHours: text('opening_hours'),
    imageUrl: text('image_url'),
    /** Global: a public page finds the store by it (scan, pay and go). */
    qrCode: text('qr_code').notNull(),
    basketWeightEnabled: boolean('basket_weight_enabled').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('stores_location_key').on(t.businessId, t.locationId),
    uniqueIndex('stores_qr_code_key').on(t.qrCode),
    foreignKey({
      name: 'stores_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);
