import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/database.js';
import { inGlobal } from '../db/tenancy.js';

type Hit = { current: number; ttl: number };
type Callback = (error: Error | null, hit?: Hit) => void;
/**
 * What the plugin gives a store: its merged parameters, with the route in `routeInfo` (its
 * index.js); its types call that the route's options.
 */
type StoreOptions = { routeInfo?: { method?: string | string[]; url?: string }; groupId?: string };
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's store in PostgreSQL: every server process on the database counts the same
 * windows (app_rate_limit_hit, migration 0028), so a client cannot multiply its allowance by the
 * number of processes behind the balancer. Each route with its own limit counts apart, as the
 * plugin's memory store does.
 */
export function postgresRateLimitStore(db: Db) {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;

    constructor(options: object = {}) {
      this.#scope = scopeOf(options);
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      // As the request role (a transaction of its own): the function is its only way to the table.
      inGlobal(db, (tx) =>
        tx.$client.query<{ current_hits: number; ttl_ms: number }>(
          'select current_hits, ttl_ms from app_rate_limit_hit($1, $2)',
          [`${this.#scope}|${key}`, Math.max(1, Math.min(timeWindow, 2_147_483_647))],
        ),
      )
        .then(({ rows }) =>
          callback(null, { current: rows[0]?.current_hits ?? 1, ttl: rows[0]?.ttl_ms ?? timeWindow }),
        )
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(options: ChildOptions): PostgresRateLimitStore {
      return new PostgresRateLimitStore(options);
    }
  };
}

/** The route a limit belongs to (its group when it names one), so that routes count apart. */
function scopeOf(options: StoreOptions): string {
  if (options.groupId) return `group:${options.groupId}`;
  const method = [options.routeInfo?.method ?? ''].flat().join(',');
  return `${method} ${options.routeInfo?.url ?? ''}`;
}
