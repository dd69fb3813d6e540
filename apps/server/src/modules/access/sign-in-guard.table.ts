import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Global: failed sign-ins per account, for the lockout (10 in 15 minutes lock the account for 15
 * minutes whatever the client address). The key is the user id when the login names an
 * account, else the lower-cased login, so unknown and known accounts lock alike. An attempt is
 * written here before its password is checked and removed when it succeeds, so a burst of
 * parallel guesses gets no more than 10 checks (migration 0006).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').notNull().defaultRandom(),
    accountKey: text('account_key').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.accountKey, t.failedAt)],
);

/** Global: an account locked until `lockedUntil`; `notifiedAt` keeps the owner's mail to one. */
export const accountLocks = pgTable('account_locks', {
  accountKey: text('account_key').primaryKey(),
  userId: uuid('user_id'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  failures: integer('failures').notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

/**
 * Global: access tokens ended by logout before their expiry, by token id (`jti`). The session
 * check refuses them; rows past `expiresAt` are useless and are swept.
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: uuid('jti').primaryKey(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);
