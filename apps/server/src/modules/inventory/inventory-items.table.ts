import {
  boolean,
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { locations } from '../product/locations/locations.table.js';
import { products } from '../product/products/products.table.js';

/**
 * The stock of one product at its location (DESIGN 12). Quantities change only through the
 * inventory module's stock function, which also writes the ledger (the inventory issue).
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    reorderPoint: integer('reorder_point'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('inventory_items_location_product_key').on(t.businessId, t.locationId, t.productId),
    check('inventory_items_quantity_not_negative', sql`${t.quantity} >= 0`),
    foreignKey({
      name: 'inventory_items_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    foreignKey({
      name: 'inventory_items_product_fk',
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }),
  ],
);
