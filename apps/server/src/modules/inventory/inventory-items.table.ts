import {
  bigint,
  boolean,
  check,
  foreignKey,
  integer,
  numeric,
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
 *
 * `list_position` is the item's place in its location's stock table, in the order the items were
 * added: handed out from `inventory_positions` when the item is created (stock.repository.ts
 * insertItems) and never reused; a deleted item leaves its position in `inventory_position_gaps`.
 * A page of the table is found by position (stock-page.repository.ts), so page N costs what page 0
 * costs. Retired items are found through a partial index (in the migration's SQL).
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
    /**
     * Moving average cost of one unit here (issue 16): set by each receipt that carries a cost
     * (purchases, transfers in), in the stock function's own UPDATE; null until the first one,
     * when readers fall back to the product's cost price. Four decimals, so repeated averaging
     * does not drift by cents.
     */
    averageUnitCost: numeric('average_unit_cost', { precision: 16, scale: 4 }),
    active: boolean('active').notNull().default(true),
    listPosition: bigint('list_position', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('inventory_items_location_product_key').on(t.businessId, t.locationId, t.productId),
    uniqueIndex('inventory_items_position_key').on(t.businessId, t.locationId, t.listPosition),
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
