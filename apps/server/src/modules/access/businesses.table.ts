import type { Currency } from '@app/contracts';
import { boolean, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The tenant itself. Its `id` is the business id every tenant table carries; its row-level
 * security policy compares `id` with `app.business_id`.
 */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey(),
  ownerUserId: uuid('owner_user_id').notNull(),
  businessName: text('business_name').notNull(),
  registrationNumber: text('registration_number'),
  businessEmail: text('business_email'),
  businessPhoneNumber: text('business_phone_number'),
  websiteUrl: text('website_url'),
  industryType: text('industry_type', {
    enum: ['technology', 'retail', 'restaurant', 'services'],
  }),
  description: text('description'),
  dateEstablished: date('date_established').notNull().defaultNow(),
  logoUrl: text('logo_url'),
  active: boolean('active').notNull().default(true),
  stripeAccountId: text('stripe_account_id'),
  stripeOnboardingComplete: boolean('stripe_onboarding_complete').notNull().default(false),
  street: text('street'),
  city: text('city'),
  state: text('state'),
  postalCode: text('postal_code'),
  country: text('country'),
  planId: text('plan_id').notNull().default('FREE'),
  /** IANA name (DESIGN 13): days, weeks and analytics dates are read in it. */
  timeZone: text('time_zone').notNull().default('UTC'),
  // A type import only: drizzle-kit loads this file without the contracts' build.
  currency: text('currency').$type<Currency>().notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
