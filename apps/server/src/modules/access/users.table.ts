import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Users are global (DESIGN section 4): a user signs in before any business is known. Staff carry
 * the business they belong to; an owner gets it when the business is set up.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username'),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number'),
    picture: text('picture'),
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull(),
    businessId: uuid('business_id'),
    locationId: uuid('location_id'),
    country: text('country'),
    zipCode: text('zip_code'),
    city: text('city'),
    state: text('state'),
    street: text('street'),
    description: text('description'),
    /** A new address waiting for its CHANGE_EMAIL link; `email` changes when it is opened. */
    pendingEmail: text('pending_email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Carried in every access token; bumping it (password reset, disable) ends every session. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_business_id_idx').on(t.businessId),
  ],
);

export const ONE_TIME_TOKEN_PURPOSES = [
  'VERIFY_EMAIL',
  'RESET_PASSWORD',
  'VALIDATE_ACCOUNT',
  'CHANGE_EMAIL',
] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/** E-mailed links. Only a SHA-256 of the token is stored; the token itself lives in the mail. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_token_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_id_idx').on(t.userId),
  ],
);
