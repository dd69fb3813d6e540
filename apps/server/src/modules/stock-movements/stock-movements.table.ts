import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from '../product/locations/locations.table.js';
import { products } from '../product/products/products.table.js';

/**
 * A quantity of one SKU on its way from one location to another (DESIGN 8). The codes are kept
 * as hashes only; a batch's movements share one pair. `failed_attempts` counts wrong codes and
 * `locked_at` is set by the last one allowed.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    batchId: uuid('batch_id'),
    productId: uuid('product_id').notNull(),
    sku: text('sku').notNull(),
    sourceLocationId: uuid('source_location_id').notNull(),
    destinationLocationId: uuid('destination_location_id').notNull(),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('PENDING'),
    note: text('note'),
    sourceCodeHash: text('source_code_hash').notNull(),
    destinationCodeHash: text('destination_code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** When the creator downloaded the document with the codes; later downloads leave them out. */
    codesPrintedAt: timestamp('codes_printed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sourceValidatedAt: timestamp('source_validated_at', { withTimezone: true }),
    sourceValidatedBy: uuid('source_validated_by'),
    destinationValidatedAt: timestamp('destination_validated_at', { withTimezone: true }),
    destinationValidatedBy: uuid('destination_validated_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    /** The source's average unit cost when the units left it: the destination receives at this cost. */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    /** Units the destination stated as arrived (null: all of them, the quantity sent). */
    receivedQuantity: integer('received_quantity'),
    /** Why what arrived differs from what was sent: SHORT, OVER or DAMAGED. */
    discrepancyReason: text('discrepancy_reason'),
    discrepancyNote: text('discrepancy_note'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('stock_movements_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('stock_movements_batch_idx').on(t.businessId, t.batchId),
    index('stock_movements_open_source_idx')
      .on(t.businessId, t.sourceLocationId, t.productId)
      .where(sql`${t.status} in ('PENDING', 'IN_TRANSIT')`),
    index('stock_movements_open_destination_idx')
      .on(t.businessId, t.destinationLocationId, t.sku)
      .where(sql`${t.status} = 'IN_TRANSIT'`),
    check(
      'stock_movements_status_known',
      sql`${t.status} in ('PENDING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED')`,
    ),
    check('stock_movements_quantity_positive', sql`${t.quantity} > 0`),
    check('stock_movements_received_not_negative', sql`${t.receivedQuantity} >= 0`),
    check('stock_movements_discrepancy_known', sql`${t.discrepancyReason} in ('SHORT', 'OVER', 'DAMAGED')`),
    check('stock_movements_two_places', sql`${t.sourceLocationId} <> ${t.destinationLocationId}`),
    foreignKey({
      name: 'stock_movements_source_fk',
      columns: [t.businessId, t.sourceLocationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    foreignKey({
      name: 'stock_movements_destination_fk',
      columns: [t.businessId, t.destinationLocationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    foreignKey({
      name: 'stock_movements_product_fk',
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }),
  ],
);
