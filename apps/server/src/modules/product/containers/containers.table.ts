import {
  boolean,
  foreignKey,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from '../stores/stores.table.js';

export const carryingContainers = pgTable(
  'carrying_containers',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    storeId: uuid('store_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['BASKET', 'CART', 'BAG'] }).notNull(),
    capacityKg: numeric('capacity_kg', { precision: 8, scale: 3 }),
    tareWeightKg: numeric('tare_weight_kg', { precision: 8, scale: 3 }),
    code: text('code'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('carrying_containers_code_key').on(t.businessId, t.storeId, t.code),
    foreignKey({
      name: 'carrying_containers_store_fk',
      columns: [t.businessId, t.storeId],
      foreignColumns: [stores.businessId, stores.id],
    }),
  ],
);
