import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';

/** Global table; rows seeded by a migration from the plan table of DESIGN section 6. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  priceMonthly: numeric('price_monthly', { precision: 14, scale: 2 }).notNull(),
  maxStores: integer('max_stores'),
  maxWarehouses: integer('max_warehouses'),
  maxProducts: integer('max_products'),
  maxStaffUsers: integer('max_staff_users'),
  features: text('features').array().notNull(),
});
