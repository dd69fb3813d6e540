import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locations } from '../product/locations/locations.table.js';
import { products } from '../product/products/products.table.js';
import { suppliers } from '../product/suppliers/suppliers.table.js';

/**
 * Purchasing (issue 16): orders to a supplier for one location, received any number of times.
 * DRAFT -> SENT -> PARTIALLY_RECEIVED -> RECEIVED; CLOSED when the rest will not come; CANCELLED
 * before anything arrived. Received units enter stock through the stock function (PURCHASE) at the
 * line's unit cost, which moves the item's average cost.
 */

/** The last order number handed out per business: orders are numbered 1, 2, 3... without gaps from races. */
export const purchaseOrderCounters = pgTable('purchase_order_counters', {
  businessId: uuid('business_id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    number: integer('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    locationId: uuid('location_id').notNull(),
    status: text('status').notNull().default('DRAFT'),
    expectedAt: date('expected_at', { mode: 'string' }),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('purchase_orders_number_key').on(t.businessId, t.number),
    index('purchase_orders_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('purchase_orders_status_idx').on(t.businessId, t.status, t.createdAt.desc(), t.id.desc()),
    index('purchase_orders_supplier_idx').on(t.businessId, t.supplierId, t.createdAt.desc(), t.id.desc()),
    index('purchase_orders_location_idx').on(t.businessId, t.locationId, t.createdAt.desc(), t.id.desc()),
    check(
      'purchase_orders_status_known',
      sql`${t.status} in ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CLOSED', 'CANCELLED')`,
    ),
    foreignKey({
      name: 'purchase_orders_supplier_fk',
      columns: [t.businessId, t.supplierId],
      foreignColumns: [suppliers.businessId, suppliers.id],
    }),
    foreignKey({
      name: 'purchase_orders_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
  ],
);

/** What is ordered, and what has arrived of it so far (`received_quantity` counts damaged units too). */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 2 }).notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    damagedQuantity: integer('damaged_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('purchase_order_lines_order_key').on(t.businessId, t.orderId, t.lineNo),
    index('purchase_order_lines_product_idx').on(t.businessId, t.productId),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_cost_not_negative', sql`${t.unitCost} >= 0`),
    check(
      'purchase_order_lines_received_within',
      sql`${t.receivedQuantity} >= 0 and ${t.damagedQuantity} >= 0 and ${t.damagedQuantity} <= ${t.receivedQuantity}`,
    ),
    foreignKey({
      name: 'purchase_order_lines_order_fk',
      columns: [t.businessId, t.orderId],
      foreignColumns: [purchaseOrders.businessId, purchaseOrders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'purchase_order_lines_product_fk',
      columns: [t.businessId, t.productId],
      foreignColumns: [products.businessId, products.id],
    }),
  ],
);

/** One line of one delivery: every POST /receive writes a row per line it names (one `receipt_id`). */
export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    receiptId: uuid('receipt_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineId: uuid('line_id').notNull(),
    quantity: integer('quantity').notNull(),
    damaged: integer('damaged').notNull().default(0),
    note: text('note'),
    receivedBy: uuid('received_by'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('purchase_receipts_order_idx').on(t.businessId, t.orderId, t.receivedAt),
    check(
      'purchase_receipts_quantities',
      sql`${t.quantity} > 0 and ${t.damaged} >= 0 and ${t.damaged} <= ${t.quantity}`,
    ),
    foreignKey({
      name: 'purchase_receipts_line_fk',
      columns: [t.businessId, t.lineId],
      foreignColumns: [purchaseOrderLines.businessId, purchaseOrderLines.id],
    }).onDelete('cascade'),
  ],
);
