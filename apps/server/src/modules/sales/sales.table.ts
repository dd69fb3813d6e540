import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
 * A checkout at a store (DESIGN 9), or the refund of some of a sale's lines (`kind` REFUND,
 * `refund_of` the sale, negative quantities and amounts). Written once by `POST /api/sales` or
 * the refund, never changed afterwards except `sale_lines.refunded_quantity`. `day` is the date
 * of `sold_at` in the business's time zone: the key of the daily rollups. Ids are time-ordered
 * (UUID v7), so the primary key grows at its right edge. No foreign keys: the history outlives a
 * deleted product or store.
 */
export const sales = pgTable(
  'sales',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull().default('SALE'),
    refundOf: uuid('refund_of'),
    storeId: uuid('store_id').notNull(),
    locationId: uuid('location_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    customerRef: text('customer_ref'),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    discountTotal: numeric('discount_total', { precision: 14, scale: 2 }).notNull(),
    /** Taken off by a loyalty reward; a refund carries its share, negative. */
    loyaltyDiscount: numeric('loyalty_discount', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    units: integer('units').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('sales_sold_at_idx').on(t.businessId, t.soldAt.desc(), t.id.desc()),
    index('sales_store_sold_at_idx').on(t.businessId, t.storeId, t.soldAt.desc(), t.id.desc()),
    index('sales_refund_of_idx')
      .on(t.businessId, t.refundOf)
      .where(sql`${t.refundOf} is not null`),
    check('sales_kind_known', sql`${t.kind} in ('SALE', 'REFUND')`),
    check('sales_refund_has_sale', sql`(${t.kind} = 'REFUND') = (${t.refundOf} is not null)`),
    check('sales_payment_method_known', sql`${t.paymentMethod} in ('CASH', 'CARD', 'OTHER')`),
  ],
);

/**
 * The lines of a sale or refund, with what the product was when sold (name, SKU, barcode,
 * category, price and discount): a later edit of the product does not change history. `store_id`,
 * `sold_at` and `day` are the sale's, copied so the analytics read partial days from this table
 * alone. `refunded_quantity` counts the units of a SALE line given back so far.
 */
export const saleLines = pgTable(
  'sale_lines',
  {
    businessId: uuid('business_id').notNull(),
    saleId: uuid('sale_id').notNull(),
    lineNo: integer('line_no').notNull(),
    storeId: uuid('store_id').notNull(),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    productName: text('product_name').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    categoryId: uuid('category_id'),
    quantity: integer('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull(),
    lineTotal: numeric('line_total', { precision: 14, scale: 2 }).notNull(),
    /**
     * Cost of one unit when sold (issue 16): the item's moving average at the store, else the
     * product's cost price; null when neither was known. A refund line carries its sale line's.
     */
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.saleId, t.lineNo] }),
    index('sale_lines_sold_at_idx').on(t.businessId, t.soldAt),
    index('sale_lines_store_sold_at_idx').on(t.businessId, t.storeId, t.soldAt),
    check('sale_lines_quantity_not_zero', sql`${t.quantity} <> 0`),
    check(
      'sale_lines_refunded_within',
      sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= greatest(${t.quantity}, 0)`,
    ),
  ],
);

/**
 * Daily rollup per store and product (DESIGN 9), kept up to date in the sale's own transaction:
 * units and money net of refunds, on the day (business time zone) of the sale or refund. The
 * analytics read whole days here and only partial days from `sale_lines`.
 */
export const salesDailyProducts = pgTable(
  'sales_daily_products',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    barcode: text('barcode'),
    categoryId: uuid('category_id'),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    /** Cost of the units (quantity x unit cost, rounded per line); 0 for lines of unknown cost. */
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.day, t.productId] }),
    index('sales_daily_products_day_idx').on(t.businessId, t.day),
  ],
);

/**
 * Monthly rollup per SKU across the business's stores, kept in the sale's own transaction with the
 * daily ones: a year of business-wide product rankings reads twelve rows per SKU here instead of a
 * row per store, product and day (20 stores selling 20,000 SKUs leave ~13,700 daily rows a day).
 * `month` is the first day of the month; the name and barcode are those of the SKU's latest sale
 * in the month (`last_day`; the latest recorded sale of that day), so a range names each SKU
 * as its last sale in the range did.
 */
export const salesMonthlySkus = pgTable(
  'sales_monthly_skus',
  {
    businessId: uuid('business_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    barcode: text('barcode'),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    // A month of every store: 10,000 times the room of a store's day, which overflows first (409).
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
    cost: numeric('cost', { precision: 20, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.sku] })],
);

/** Daily rollup per store: money, sales (refunds not counted as transactions) and units. */
export const salesDailyStores = pgTable(
  'sales_daily_stores',
  {
    businessId: uuid('business_id').notNull(),
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: numeric('total', { precision: 16, scale: 2 }).notNull(),
    transactions: integer('transactions').notNull(),
    cost: numeric('cost', { precision: 16, scale: 2 }).notNull().default('0'),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.storeId, t.day] }),
    index('sales_daily_stores_day_idx').on(t.businessId, t.day),
  ],
);
