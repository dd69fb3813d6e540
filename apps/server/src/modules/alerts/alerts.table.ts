import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Alerts of a business (issue 13): broadcasts written by staff, and alerts the product raises
 * (`kind` SYSTEM, with `dedupe_key`: one open alert per condition until it is resolved). An alert
 * reaches the roles it names (all when null), of the whole business or of one store's location.
 */
export const alerts = pgTable(
  'alerts',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    severity: text('severity').notNull(),
    scope: text('scope').notNull(),
    storeId: uuid('store_id'),
    roles: text('roles').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** What a system alert is about (INVENTORY_ITEM, MOVEMENT, SUBSCRIPTION) and its id. */
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    /**
     * The location a system alert concerns: staff working at another location do not receive it;
     * staff of no location (owner, business-wide roles) do.
     */
    locationId: uuid('location_id'),
    dedupeKey: text('dedupe_key'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the e-mails of a CRITICAL alert were queued (the mail job runs once per alert). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('alerts_created_idx').on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index('alerts_store_idx').on(t.businessId, t.storeId, t.createdAt.desc()),
    check('alerts_kind_known', sql`${t.kind} in ('BROADCAST', 'SYSTEM')`),
    check(
      'alerts_subject_known',
      sql`(${t.subjectType} is null) = (${t.subjectId} is null)
        and (${t.subjectType} is null or ${t.subjectType} in ('INVENTORY_ITEM', 'MOVEMENT', 'SUBSCRIPTION'))`,
    ),
    check('alerts_severity_known', sql`${t.severity} in ('INFO', 'WARNING', 'CRITICAL')`),
    check(
      'alerts_scope_store',
      sql`(${t.scope} = 'STORE') = (${t.storeId} is not null) and ${t.scope} in ('BUSINESS', 'STORE')`,
    ),
  ],
);

/** Who read which alert, and when. */
export const alertReads = pgTable(
  'alert_reads',
  {
    businessId: uuid('business_id').notNull(),
    alertId: uuid('alert_id').notNull(),
    userId: uuid('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.alertId, t.userId] }),
    foreignKey({
      name: 'alert_reads_alert_fk',
      columns: [t.businessId, t.alertId],
      foreignColumns: [alerts.businessId, alerts.id],
    }).onDelete('cascade'),
  ],
);
