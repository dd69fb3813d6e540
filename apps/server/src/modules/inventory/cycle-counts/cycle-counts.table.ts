import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from '../../product/locations/locations.table.js';

/**
 * Cycle counts (issue 16): a count sheet of one location whose expected quantities are frozen
 * when it is created. Counting does not stop the shop: a line's variance is its counted quantity
 * less (expected + what the ledger moved between the freeze and the count), and accepting writes
 * that variance as a COUNT ledger row, a change relative to the quantity then.
 * COUNTING -> COMPLETED (every line accepted or left as it was) or CANCELLED.
 */
export const cycleCounts = pgTable(
  'cycle_counts',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    /** What the sheet covers: {kind: ALL} | {kind: CATEGORIES, categoryIds} | {kind: PRODUCTS, productIds} | {kind: ABC, abcClass}. */
    scope: jsonb('scope').notNull(),
    status: text('status').notNull().default('COUNTING'),
    note: text('note'),
    frozenAt: timestamp('frozen_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('cycle_counts_frozen_idx').on(t.businessId, t.frozenAt.desc(), t.id.desc()),
    index('cycle_counts_location_idx').on(t.businessId, t.locationId, t.frozenAt.desc()),
    check('cycle_counts_status_known', sql`${t.status} in ('COUNTING', 'COMPLETED', 'CANCELLED')`),
    foreignKey({
      name: 'cycle_counts_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);

/**
 * One product of a sheet: the product's name and SKU as frozen, the expected quantity and unit
 * cost at the freeze, and the count. `moved_since_freeze` is the ledger's sum for the item between
 * the freeze and the count, recorded with the count. PENDING -> COUNTED -> ACCEPTED, or back to
 * RECOUNT (counted again, the previous count kept in `previous_counted_quantity`).
 */
export const cycleCountLines = pgTable(
  'cycle_count_lines',
  {
    businessId: uuid('business_id').notNull(),
    countId: uuid('count_id').notNull(),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    inventoryId: uuid('inventory_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    categoryId: uuid('category_id'),
    expectedQuantity: integer('expected_quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    status: text('status').notNull().default('PENDING'),
    countedQuantity: integer('counted_quantity'),
    movedSinceFreeze: integer('moved_since_freeze'),
    previousCountedQuantity: integer('previous_counted_quantity'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    countedBy: uuid('counted_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by'),
    /** The delta written to the ledger on acceptance (0 when the count confirmed the stock). */
    appliedDelta: integer('applied_delta'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.countId, t.lineNo] }),
    index('cycle_count_lines_product_idx').on(t.businessId, t.countId, t.productId),
    check(
      'cycle_count_lines_status_known',
      sql`${t.status} in ('PENDING', 'COUNTED', 'RECOUNT', 'ACCEPTED')`,
    ),
    check('cycle_count_lines_counted_not_negative', sql`${t.countedQuantity} >= 0`),
    foreignKey({
      name: 'cycle_count_lines_count_fk',
      columns: [t.businessId, t.countId],
      foreignColumns: [cycleCounts.businessId, cycleCounts.id],
    }).onDelete('cascade'),
  ],
);
