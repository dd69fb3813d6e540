import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The rate limits' windows, shared by every server process on the database: a client's requests
 * to a route in the current window. Only app_rate_limit_hit (SECURITY DEFINER) reads and writes
 * them; the request role has no privilege on the table.
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});
