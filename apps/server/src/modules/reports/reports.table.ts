import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The reports of a business (issue 14): each answer to a question, each predefined report and each
 * forecast, kept whole (`body`: summary, tables, charts, follow-up questions) so that an export or
 * a shared link reads exactly what was shown, without running the queries again on changed data.
 */
export const reports = pgTable(
  'reports',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    question: text('question').notNull(),
    /** `{summary, tables, charts, followUps}` as the API answers them. */
    body: jsonb('body').notNull(),
    provider: text('provider').notNull(),
    model: text('model'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('reports_creator_idx').on(t.businessId, t.createdBy, t.createdAt.desc(), t.id.desc()),
    check('reports_kind_known', sql`${t.kind} in ('BASIC', 'ADVANCED', 'SUPREME', 'FORECAST')`),
    check('reports_provider_known', sql`${t.provider} in ('built-in', 'language-model')`),
  ],
);
