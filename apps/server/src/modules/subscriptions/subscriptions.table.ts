import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A business's subscription to a plan (DESIGN 6). At most one is not EXPIRED per business: the
 * one whose plan the business is on. `businesses.plan_id` is the plan gate's copy of it, changed
 * in the same transaction as the subscription (no subscription, or an EXPIRED one: FREE).
 * `provider` is the billing provider that charges it (`sandbox` or `stripe`) and `provider_ref`
 * its id there. A failed renewal charge is retried: `failed_charges` counts them and
 * `next_charge_at` says when the next try is due.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull(),
    planId: text('plan_id').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    provider: text('provider').notNull().default('sandbox'),
    providerRef: text('provider_ref'),
    failedCharges: integer('failed_charges').notNull().default(0),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    uniqueIndex('subscriptions_one_open_key')
      .on(t.businessId)
      .where(sql`${t.status} <> 'EXPIRED'`),
    /** The renewal sweep: open subscriptions by the end of their period. */
    index('subscriptions_due_idx')
      .on(t.endDate)
      .where(sql`${t.status} <> 'EXPIRED'`),
    check('subscriptions_status_known', sql`${t.status} in ('ACTIVE', 'CANCELED', 'EXPIRED')`),
    check('subscriptions_provider_known', sql`${t.provider} in ('sandbox', 'stripe')`),
    check('subscriptions_period', sql`${t.endDate} > ${t.startDate}`),
  ],
);

/**
 * A payment page opened at the provider for a first subscription (Stripe Checkout). The
 * subscription starts when the provider confirms the payment (its webhook, once); `status` goes
 * from `open` to `complete`, or `expired` when another plan was chosen or the page timed out.
 * A second POST while a page for the same plan is open answers that page again.
 */
export const subscriptionCheckouts = pgTable(
  'subscription_checkouts',
  {
    businessId: uuid('business_id').notNull(),
    id: text('id').notNull(),
    planId: text('plan_id').notNull(),
    url: text('url').notNull(),
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.id] }),
    index('subscription_checkouts_open_idx')
      .on(t.businessId)
      .where(sql`${t.status} = 'open'`),
    check('subscription_checkouts_status_known', sql`${t.status} in ('open', 'complete', 'expired')`),
  ],
);
