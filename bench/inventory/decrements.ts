/**
 * Decrements of one unit per call, by `callers` concurrent callers in a closed loop, through the
 * stock function exactly as a route calls it (inTenant + changeStock, as the request role, so
 * row-level security applies) and, in the same run, through bare `pg`:
 *
 * - `bare UPDATE`: the reference of issue 9 item 7, the one statement
 *   `update inventory_items set quantity = quantity - 1 where ... and quantity >= 1`, autocommit,
 *   as the owner (no transaction around it, no row-level security, no ledger);
 * - `bare UPDATE in a transaction`: BEGIN, the UPDATE, COMMIT as the owner: what the two more
 *   round trips of a transaction cost;
 * - `bare UPDATE as the tenant`: the same UPDATE inside the transaction a route opens (BEGIN with
 *   the role and tenant in one round trip, the UPDATE, COMMIT): what the role and RLS add;
 * - `bare stock SQL`: the stock function's own statement (APPLY_CHANGE_SQL of stock.repository.ts:
 *   the UPDATE and its ledger INSERT in one statement) in that transaction: what the ledger row
 *   costs, and, against the stock function, what is left for its JavaScript.
 *
 * Each side decrements rows of its own (the bare sides share theirs), on one hot item (every
 * caller waits on the same row lock) and spread over `spreadItems` items (random pick per call).
 */
import pg from 'pg';
import { connectDatabase } from '../../apps/server/src/platform/db/database.js';
import { inTenant } from '../../apps/server/src/platform/db/tenancy.js';
import type { Principal } from '../../apps/server/src/platform/auth/principal.js';
import { changeStock } from '../../apps/server/src/modules/inventory/stock/stock.service.js';
import { timeOrderedUuid } from '../../apps/server/src/modules/inventory/stock/ledger-ids.js';
import { APPLY_CHANGE_SQL } from '../../apps/server/src/modules/inventory/stock/stock.repository.js';

export type DecrementTarget = { name: 'hot' | 'spread'; locationId: string; productIds: string[] };

export type DecrementResult = {
  side: string;
  target: 'hot' | 'spread';
  operations: number;
  errors: number;
  seconds: number;
  perSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
};

export type DecrementSettings = { callers: number; warmupSeconds: number; durationSeconds: number };

type Operation = (locationId: string, productId: string) => Promise<void>;

export type DecrementSide = { name: string; operate: Operation };

export const SIDES = {
  stockFunction: 'stock function (inTenant + changeStock)',
  bare: 'bare UPDATE (owner, autocommit)',
  bareTransaction: 'bare UPDATE in a transaction (owner, no RLS)',
  bareTenant: 'bare UPDATE as the tenant, in a transaction',
  bareStockSql: 'bare stock SQL (UPDATE + ledger INSERT) in a transaction',
} as const;

const BARE_UPDATE = `update inventory_items set quantity = quantity - 1
  where business_id = $1 and location_id = $2 and product_id = $3 and quantity >= 1`;

/** The stock function's own statement (stock.repository.ts), so the two sides send the same SQL. */
const STOCK_SQL = APPLY_CHANGE_SQL;

export async function openSides(options: {
  ownerUrl: string;
  requestUrl: string;
  principal: Principal;
  callers: number;
}): Promise<{ stockFunction: DecrementSide; bare: DecrementSide[]; close: () => Promise<void> }> {
  const { ownerUrl, requestUrl, principal, callers } = options;
  const businessId = principal.businessId ?? '';
  const database = connectDatabase(requestUrl, { max: callers });
  const stockFunction: DecrementSide = {
    name: SIDES.stockFunction,
    operate: async (locationId, productId) => {
      await inTenant(database.db, principal, (scope) =>
        changeStock(scope, { userId: principal.userId }, [
          { locationId, productId, delta: -1, reason: 'SALE', reference: 'bench' },
        ]),
      );
    },
  };

  const ownerPool = new pg.Pool({ connectionString: ownerUrl, max: callers });
  const requestPool = new pg.Pool({ connectionString: requestUrl, max: callers });
  for (const pool of [ownerPool, requestPool]) pool.on('error', () => undefined);
  const begin = `begin; select set_config('role', 'app_tenant', true), set_config('app.business_id', '${businessId}', true), set_config('app.user_id', '${principal.userId}', true)`;
  async function inTransaction(work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
    const client = await requestPool.connect();
    try {
      await client.query(begin);
      await work(client);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }
  const bare: DecrementSide[] = [
    {
      name: SIDES.bare,
      operate: async (locationId, productId) => {
        await ownerPool.query({
          name: 'bare',
          text: BARE_UPDATE,
          values: [businessId, locationId, productId],
        });
      },
    },
    {
      name: SIDES.bareTransaction,
      operate: async (locationId, productId) => {
        const client = await ownerPool.connect();
        try {
          await client.query('begin');
          await client.query({
            name: 'bare',
            text: BARE_UPDATE,
            values: [businessId, locationId, productId],
          });
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
    },
    {
      name: SIDES.bareTenant,
      operate: (locationId, productId) =>
        inTransaction((client) =>
          client.query({ name: 'bare', text: BARE_UPDATE, values: [businessId, locationId, productId] }),
        ),
    },
    {
      name: SIDES.bareStockSql,
      operate: (locationId, productId) =>
        inTransaction((client) =>
          client.query({
            name: 'stock',
            text: STOCK_SQL,
            values: [
              businessId,
              locationId,
              productId,
              -1,
              timeOrderedUuid(),
              'SALE',
              null,
              'bench',
              null,
              principal.userId,
            ],
          }),
        ),
    },
  ];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= Promise.all([database.close(), ownerPool.end(), requestPool.end()]).then(() => undefined));
  return { stockFunction, bare, close };
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** `callers` loops, each awaiting one decrement after the other, for `seconds`. */
async function closedLoop(
  operate: Operation,
  target: DecrementTarget,
  callers: number,
  seconds: number,
): Promise<{ operations: number; errors: number; seconds: number; latencies: number[] }> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const ids = target.productIds;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < deadline) {
        const productId = ids[Math.floor(Math.random() * ids.length)] ?? '';
        const before = performance.now();
        try {
          await operate(target.locationId, productId);
          latencies.push(performance.now() - before);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { operations: latencies.length, errors, seconds: (performance.now() - started) / 1000, latencies };
}

export async function measureDecrements(
  side: DecrementSide,
  target: DecrementTarget,
  settings: DecrementSettings,
): Promise<DecrementResult> {
  if (settings.warmupSeconds > 0)
    await closedLoop(side.operate, target, settings.callers, settings.warmupSeconds);
  const run = await closedLoop(side.operate, target, settings.callers, settings.durationSeconds);
  const sorted = Float64Array.from(run.latencies).sort();
  return {
    side: side.name,
    target: target.name,
    operations: run.operations,
    errors: run.errors,
    seconds: run.seconds,
    perSecond: run.operations / run.seconds,
    latencyP50Ms: percentile(sorted, 0.5),
    latencyP99Ms: percentile(sorted, 0.99),
  };
}
