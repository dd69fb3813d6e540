import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every change of an item's quantity, appended by the stock function (stock.service.ts) in the
 * transaction that changes the quantity: the quantity of every item equals the sum of its rows
 * (DESIGN 4). The request role may insert and read, never update or delete, so history cannot be
 * rewritten. No foreign keys: the history outlives a deleted item, product or location.
 *
 * `created_at` is the clock time of the insert, not of the transaction, so rows written by one
 * transaction keep their order.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    inventoryId: uuid('inventory_id').notNull(),
    locationId: uuid('location_id').notNull(),
    productId: uuid('product_id').notNull(),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    reason: text('reason').notNull(),
    cause: text('cause'),
    reference: text('reference'),
    /** Cost of one unit of this change: the receipt's cost for an inflow with one, else the item's average. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    note: text('note'),
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('stock_ledger_item_idx').on(t.businessId, t.inventoryId, t.createdAt.desc(), t.id.desc()),
    check(
      'stock_ledger_reason_known',
      sql`${t.reason} in ('SALE', 'ADJUSTMENT', 'COUNT', 'MOVEMENT_OUT', 'MOVEMENT_IN', 'MOVEMENT_RETURN', 'UPLOAD', 'PURCHASE', 'TRANSFER_LOSS')`,
    ),
    check('stock_ledger_quantity_after_not_negative', sql`${t.quantityAfter} >= 0`),
  ],
);
