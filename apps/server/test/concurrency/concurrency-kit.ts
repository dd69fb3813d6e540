import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Principal } from '../../src/platform/auth/principal.js';
import type { Db } from '../../src/platform/db/database.js';
import { inTenant } from '../../src/platform/db/tenancy.js';
import { openItems } from '../../src/modules/inventory/stock/stock.service.js';
import type { TestApp } from '../build-app.js';

/**
 * Shared by the concurrency tests: a principal for calling the stock function directly, opening
 * stock through it (so every opening quantity has its ledger row), the whole-schema ledger check,
 * and a sampler that proves transactions really waited on each other's row locks.
 */

/** The principal a route would hand to inTenant for this owner. */
export function principalOf(owner: { userId: string; businessId: string }): Principal {
  return {
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

/** Creates items with their opening quantity through the stock function; answers their ids. */
export async function openStock(
  db: Db,
  principal: Principal,
  items: ReadonlyArray<{ locationId: string; productId: string; quantity: number }>,
): Promise<string[]> {
  const withIds = items.map((item) => ({
    ...item,
    inventoryId: randomUUID(),
    reorderPoint: null,
    reason: 'COUNT' as const,
  }));
  await inTenant(db, principal, (scope) => openItems(scope, { userId: principal.userId }, withIds));
  return withIds.map((item) => item.inventoryId);
}

/**
 * Items of any business whose quantity differs from the sum of their ledger: one SQL over the
 * whole schema, as the owner (row-level security does not hide any business from it).
 */
export async function ledgerMismatches(
  t: TestApp,
): Promise<Array<{ inventoryId: string; quantity: number; ledger: number }>> {
  const { rows } = await t.sql(`
    select i.id as "inventoryId", i.quantity, coalesce(l.total, 0)::int as ledger
    from inventory_items i
    left join (
      select business_id, inventory_id, sum(delta) as total from stock_ledger group by business_id, inventory_id
    ) l on l.business_id = i.business_id and l.inventory_id = i.id
    where i.quantity <> coalesce(l.total, 0)`);
  return rows as Array<{ inventoryId: string; quantity: number; ledger: number }>;
}

/**
 * Polls pg_stat_activity of this test's database every few milliseconds and keeps the highest
 * number of sessions seen waiting on a lock at once: above 1 means the row lock, not the timing
 * of the callers, decided who got the stock.
 */
export async function startLockWaitSampler(t: TestApp): Promise<{ stop: () => Promise<number> }> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  let most = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ waiting: number }>(
        `select count(*)::int as waiting from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`,
      );
      most = Math.max(most, rows[0]?.waiting ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      return most;
    },
  };
}

/** Outcomes counted by status and error code: `{ '200': 100, '409 INSUFFICIENT_STOCK': 100 }`. */
export function tally(outcomes: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}
