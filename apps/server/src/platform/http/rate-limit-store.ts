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
  const exceeded = new ExceededWindows();
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;

    constructor(options: object = {}) {
      this.#scope = scopeOf(options);
    }

    incr(key: string, callback: Callback, timeWindow: number, max?: number): void {
      const windowKey = `${this.#scope}|${key}`;
      // A client over its limit stays over it until its window ends, whichever process counts:
      // its further requests are refused here without a transaction. Otherwise a flood of them
      // would each take a connection of the request pool, and starve everyone else's requests.
      const known = exceeded.get(windowKey, Date.now());
      if (known) return callback(null, known);
      // As the request role (a transaction of its own): the function is its only way to the table.
      inGlobal(db, (tx) =>
        tx.$client.query<{ current_hits: number; ttl_ms: number }>(
          'select current_hits, ttl_ms from app_rate_limit_hit($1, $2)',
          [windowKey, Math.max(1, Math.min(timeWindow, 2_147_483_647))],
        ),
      )
        .then(({ rows }) => {
          const hit = { current: rows[0]?.current_hits ?? 1, ttl: rows[0]?.ttl_ms ?? timeWindow };
          if (max !== undefined && hit.current > max) exceeded.set(windowKey, hit, Date.now());
          callback(null, hit);
        })
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

/** Clients over their limit that one process remembers; more at once are forgotten (and counted). */
const MAX_EXCEEDED = 10_000;

/** The windows this process saw exceeded, until they end. */
class ExceededWindows {
  readonly #until = new Map<string, { current: number; endsAt: number }>();

  get(key: string, now: number): Hit | undefined {
    const known = this.#until.get(key);
    if (!known) return undefined;
    if (known.endsAt <= now) {
      this.#until.delete(key);
      return undefined;
    }
    known.current += 1;
    return { current: known.current, ttl: known.endsAt - now };
  }

  set(key: string, hit: Hit, now: number): void {
    if (this.#until.size >= MAX_EXCEEDED) {
      for (const [old, { endsAt }] of this.#until) if (endsAt <= now) this.#until.delete(old);
      // Still full (a flood from very many addresses): forget them all; the database still counts.
      if (this.#until.size >= MAX_EXCEEDED) this.#until.clear();
    }
    this.#until.set(key, { current: hit.current, endsAt: now + hit.ttl });
  }
}
