import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { categories } from '../categories/categories.table.js';
import { locations } from '../locations/locations.table.js';
import { suppliers } from '../suppliers/suppliers.table.js';

/**
 * A product at one location (DESIGN 12); the same SKU at several locations is one article.
 * The discount lives on the row: one per product and location, replaced by a new one.
 *
 * `list_position` is the product's place in its location's list, handed out from
 * `locations.product_position_seq` and never reused. A page of the list is found by position:
 * the rows a filter hides (discontinued ones: a partial index; deleted ones:
 * `product_position_gaps`) are few, so page N costs the same as page 0. Expression indexes
 * (case-insensitive prefix search on SKU and name) are in the migration's SQL.
 */
export const products = pgTable(
  'products',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    locationId: uuid('location_id').notNull(),
    sku: text('sku').notNull(),
    barcode: text('barcode'),
    name: text('name').notNull(),
    /**
     * lower(sku) and lower(name), stored: the prefix search compares plain columns, because under
     * row-level security a condition that calls a function that is not leakproof (lower) is
     * applied after the policy, never as an index condition.
     */
    skuLower: text('sku_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(sku)`),
    nameLower: text('name_lower')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    description: text('description'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    costPrice: numeric('cost_price', { precision: 14, scale: 2 }),
    categoryId: uuid('category_id'),
    supplierId: uuid('supplier_id'),
    unit: text('unit').notNull().default('pcs'),
    reorderPoint: integer('reorder_point'),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    listPosition: bigint('list_position', { mode: 'number' }).notNull(),
    discountAmount: numeric('discount_amount', { precision: 14, scale: 2 }),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }),
    discountValidFrom: timestamp('discount_valid_from', { withTimezone: true }),
    discountValidTo: timestamp('discount_valid_to', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('products_sku_key').on(t.businessId, t.locationId, t.sku),
    uniqueIndex('products_barcode_key').on(t.businessId, t.locationId, t.barcode),
    uniqueIndex('products_position_key').on(t.businessId, t.locationId, t.listPosition),
    index('products_business_sku_idx').on(t.businessId, t.sku),
    index('products_business_barcode_idx').on(t.businessId, t.barcode),
    index('products_category_idx').on(t.businessId, t.categoryId),
    index('products_supplier_idx').on(t.businessId, t.supplierId),
    foreignKey({
      name: 'products_location_fk',
      columns: [t.businessId, t.locationId],
      foreignColumns: [locations.businessId, locations.id],
    }),
    foreignKey({
      name: 'products_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [categories.businessId, categories.id],
    }),
    foreignKey({
      name: 'products_supplier_fk',
      columns: [t.businessId, t.supplierId],
      foreignColumns: [suppliers.businessId, suppliers.id],
    }),
  ],
);

/** Positions of deleted products: holes the position paging steps over. */
export const productPositionGaps = pgTable(
  'product_position_gaps',
  {
    businessId: uuid('business_id').notNull(),
    locationId: uuid('location_id').notNull(),
    listPosition: bigint('list_position', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.locationId, t.listPosition] })],
);
