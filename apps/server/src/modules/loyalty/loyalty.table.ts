import { sql } from 'drizzle-orm';
import {
  boolean,
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The catalogue of programme designs every business starts from: global reference data like the
 * plans, seeded by migration 0018 and read-only for requests (DESIGN 4: users and plans, and this
 * catalogue, are global; every tenant table has business_id NOT NULL).
 */
export const loyaltyBuiltInTemplates = pgTable('loyalty_builtin_templates', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  type: text('type').notNull(),
  rules: jsonb('rules').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A business's own programme designs. The name is unique in the business whatever its case (the
 * expression index `loyalty_templates_name_key` is in the migration's SQL).
 */
export const loyaltyTemplates = pgTable(
  'loyalty_templates',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').notNull(),
    rules: jsonb('rules').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.id] })],
);

/**
 * The business's programmes: one active at a time (the partial unique index), each built from a
 * built-in template or one of the business's own (exactly one of the two ids), with overrides of
 * its rules. Deactivated programmes stay, to be reactivated with their overrides.
 */
export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    builtInTemplateId: uuid('builtin_template_id').references(() => loyaltyBuiltInTemplates.id),
    templateId: uuid('template_id'),
    overrides: jsonb('overrides').notNull().default({}),
    active: boolean('active').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'loyalty_programs_template_fk',
      columns: [t.businessId, t.templateId],
      foreignColumns: [loyaltyTemplates.businessId, loyaltyTemplates.id],
    }),
    check(
      'loyalty_programs_one_template',
      sql`(${t.builtInTemplateId} is null) <> (${t.templateId} is null)`,
    ),
    uniqueIndex('loyalty_programs_one_active')
      .on(t.businessId)
      .where(sql`${t.active}`),
  ],
);

/**
 * Shoppers of the business's programme, known by a card code and optionally an e-mail or phone
 * (each unique in the business). `points` is the balance and always equals the sum of the
 * member's entries; `lifetime_points` the sum of what was earned (tiers are reached by it, and
 * computed from the active programme's rules when read).
 */
export const loyaltyMembers = pgTable(
  'loyalty_members',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    cardCode: text('card_code').notNull(),
    points: integer('points').notNull().default(0),
    lifetimePoints: integer('lifetime_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('loyalty_members_card_key').on(t.businessId, t.cardCode),
    uniqueIndex('loyalty_members_email_key')
      .on(t.businessId, t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex('loyalty_members_phone_key')
      .on(t.businessId, t.phone)
      .where(sql`${t.phone} is not null`),
    check('loyalty_members_points_not_negative', sql`${t.points} >= 0`),
    // The members list's orders (members.repository.ts): by name, by points (the top), newest.
    index('loyalty_members_name_idx').on(t.businessId, t.name, t.cardCode),
    index('loyalty_members_points_idx').on(t.businessId, t.points.desc(), t.cardCode),
    index('loyalty_members_newest_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * The points ledger, like the stock ledger: every change of a member's balance is a row, and the
 * balance is their sum. An EARN row is a lot: `remaining` is what is left of it to spend or
 * expire (spending takes the oldest lots first), `expires_at` when what is left expires.
 */
export const loyaltyPointEntries = pgTable(
  'loyalty_point_entries',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    memberId: uuid('member_id').notNull(),
    programId: uuid('program_id'),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    saleId: uuid('sale_id'),
    note: text('note'),
    balance: integer('balance').notNull(),
    remaining: integer('remaining'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Money a redemption took off its sale, or a refund kept back for points already spent. */
    value: numeric('value', { precision: 14, scale: 2 }),
    /** On a refund: points due that were spent already, settled by keeping back their worth. */
    settled: integer('settled').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'loyalty_point_entries_member_fk',
      columns: [t.businessId, t.memberId],
      foreignColumns: [loyaltyMembers.businessId, loyaltyMembers.id],
    }).onDelete('cascade'),
    index('loyalty_point_entries_member_idx').on(t.businessId, t.memberId, t.createdAt),
    index('loyalty_point_entries_sale_idx').on(t.businessId, t.saleId),
    index('loyalty_point_entries_lots_idx')
      .on(t.businessId, t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    // The expiry sweep's: lots still holding points, across businesses, by when they expire.
    index('loyalty_point_entries_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check('loyalty_point_entries_settled', sql`${t.settled} >= 0`),
    check(
      'loyalty_point_entries_reason',
      sql`${t.reason} in ('EARN', 'REDEEM', 'EXPIRE', 'REFUND', 'ADJUST')`,
    ),
    check(
      'loyalty_point_entries_remaining',
      sql`${t.remaining} is null or (${t.remaining} >= 0 and ${t.remaining} <= ${t.delta})`,
    ),
  ],
);
