import { index, integer, pgTable, text, timestamp, uuid, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Global: the rotating refresh tokens of all-day sessions (DESIGN section 5). A family is one
 * sign-in; each renewal replaces its token with a new one of the same family. Only a SHA-256 of
 * the token is stored; the token itself lives in an httpOnly cookie scoped to /api/auth.
 * A family ends after 8 hours without a renewal or 7 days after the sign-in, by logout, and when
 * the user's token version moves on (password reset, disabling, role change).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The user's token version at sign-in: a newer one in users ends the family. */
    tokenVersion: integer('token_version').notNull(),
    /** When the family began (the sign-in): it lasts 7 days at most from here. */
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for the next one; a second use is a stolen copy. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);
