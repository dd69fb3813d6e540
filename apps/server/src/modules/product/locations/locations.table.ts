import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A place of the business (DESIGN 12): stores, warehouses, products and categories hang off it.
 * `product_position_seq` hands out each new product's place in the location's list
 * (products.list_position), so deep pages are found by position rather than by skipping rows.
 */
export const locations = pgTable(
  'locations',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    country: text('country'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    productPositionSeq: bigint('product_position_seq', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/**
 * Card readers registered with the payment provider at a location (a store's: DESIGN 12). The
 * label is unique per location whatever its case: an expression index in the migration's SQL.
 */
export const posReaders = pgTable(
  'pos_readers',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    label: text('label').notNull(),
    providerReaderId: text('provider_reader_id').notNull(),
    deviceType: text('device_type').notNull(),
    status: text('status').notNull(),
    sandbox: boolean('sandbox').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'pos_readers_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);
