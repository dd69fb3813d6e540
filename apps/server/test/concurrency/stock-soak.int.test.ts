import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/platform/db/database.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness } from '../factories/accounts.js';
import { insertLocation, setPlan } from '../factories/catalogue.js';
import { positionsOutOfLine } from '../factories/inventory.js';
import { insertProducts } from '../factories/products.js';
import { ledgerMismatches, openStock, principalOf } from './concurrency-kit.js';
import { createSoak, type SoakItem } from './soak-workers.js';

/**
 * Issue 9 item 6: a minute of random concurrent work over 5 locations and 50 products by 16
 * workers through the real routes (movements single and batch, validated at both ends, cancelled
 * in both states; adjustments, several at once, retried with one Idempotency-Key; counts). Then:
 * no 5xx was ever answered and PostgreSQL detected no deadlock; every item's quantity equals its
 * ledger; the units on hand plus those in transit equal the start plus the adjustments and
 * counts; each movement's ledger rows match its state; the stock tables' positions stay whole.
 *
 * STOCK_SOAK_SECONDS shortens the run for local work; CI runs the full 60 s.
 */
const SECONDS = Number(process.env.STOCK_SOAK_SECONDS ?? 60);
const WORKERS = 16;
const LOCATIONS = 5;
const PRODUCTS = 50;
/** SKUs 41..50 are stocked at the first two locations only: moving them creates the product. */
const EVERYWHERE = 40;
const OPENING = 25;

let t: TestApp;
let stockPool: Database;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let locationIds: string[];
let items: SoakItem[];
let startTotal: number;

beforeAll(async () => {
  t = await buildTestApp({}, { poolSize: 20 });
  stockPool = connectDatabase(t.requestUrl, { max: 2 });
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  locationIds = [];
  const opening: Array<{ locationId: string; productId: string; quantity: number }> = [];
  for (let index = 0; index < LOCATIONS; index++) {
    const locationId = await insertLocation(t, owner.businessId, { name: `Place ${index + 1}` });
    locationIds.push(locationId);
    const productIds = await insertProducts(
      t,
      owner.businessId,
      locationId,
      index < 2 ? PRODUCTS : EVERYWHERE,
      'SOAK',
    );
    for (const productId of productIds) opening.push({ locationId, productId, quantity: OPENING });
  }
  await openStock(stockPool.db, principalOf(owner), opening);
  const { rows } = await t.sql(
    `select i.id as "inventoryId", i.location_id as "locationId", p.sku
     from inventory_items i join products p on p.business_id = i.business_id and p.id = i.product_id
     where i.business_id = $1`,
    [owner.businessId],
  );
  items = rows as SoakItem[];
  startTotal = opening.length * OPENING;
});
afterAll(async () => {
  await stockPool.close();
  await t.close();
});

async function one<T>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await t.sql(text, values);
  return rows[0] as T;
}

/**
 * Deadlocks PostgreSQL detected in this database. A backend reports its counters when it exits:
 * the app's connections are ended first (the pool replaces them if asked again).
 */
async function deadlocksDetected(): Promise<number> {
  await t.sql(
    `select pg_terminate_backend(pid) from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and usename = 'app_request'`,
  );
  for (let i = 0; i < 100; i++) {
    const { left } = await one<{ left: number }>(
      `select count(*)::int as left from pg_stat_activity
       where datname = current_database() and usename = 'app_request'`,
    );
    if (left === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (
    await one<{ deadlocks: number }>(
      `select deadlocks::int as deadlocks from pg_stat_database where datname = current_database()`,
    )
  ).deadlocks;
}

describe('a minute of concurrent stock work', () => {
  it(
    'answers no 5xx, never deadlocks, and every number still adds up',
    async () => {
      const skus = Array.from({ length: PRODUCTS }, (_, n) => ({
        sku: `SOAK-${String(n + 1).padStart(4, '0')}`,
        locationIds: n < EVERYWHERE ? locationIds : locationIds.slice(0, 2),
      }));
      const { started } = await one<{ started: Date }>('select clock_timestamp() as started');
      const soak = createSoak({ t, token: owner.token, locationIds, skus, items });
      const record = await soak.run(WORKERS, Date.now() + SECONDS * 1000);
      const outcomes = Object.fromEntries([...record.outcomes.entries()].sort());
      console.info(`stock soak, ${SECONDS} s x ${WORKERS} workers:`, outcomes);

      expect(record.serverErrors.slice(0, 5)).toEqual([]);
      expect(record.anomalies.slice(0, 5)).toEqual([]);
      // Well-formed requests are refused only for the state the others left (409), never as bad input.
      const refusals = Object.keys(outcomes).filter((key) => !/ 2\d\d$/.test(key) && !/ 409 /.test(key));
      expect(refusals).toEqual([]);
      for (const action of [
        'create',
        'validate source',
        'validate destination',
        'cancel pending',
        'adjust',
        'count',
      ])
        expect(
          Object.keys(outcomes).some((key) => key.startsWith(`${action} 2`)),
          `${action} succeeded`,
        ).toBe(true);
      expect(await deadlocksDetected()).toBe(0);

      expect(await ledgerMismatches(t)).toEqual([]);
      // Items the destinations' validations created in parallel each took their own position.
      expect(await positionsOutOfLine(t)).toEqual([]);
      const { onHand } = await one<{ onHand: number }>(
        `select coalesce(sum(quantity), 0)::int as "onHand" from inventory_items where business_id = $1`,
        [owner.businessId],
      );
      const { inTransit } = await one<{ inTransit: number }>(
        `select coalesce(sum(quantity), 0)::int as "inTransit" from stock_movements
         where business_id = $1 and status = 'IN_TRANSIT'`,
        [owner.businessId],
      );
      const net = await one<{ adjusted: number; counted: number }>(
        `select coalesce(sum(delta) filter (where reason = 'ADJUSTMENT'), 0)::int as adjusted,
                coalesce(sum(delta) filter (where reason = 'COUNT'), 0)::int as counted
         from stock_ledger where business_id = $1 and created_at > $2`,
        [owner.businessId, started],
      );
      expect(net.adjusted).toBe(record.adjusted);
      expect(onHand + inTransit).toBe(startTotal + net.adjusted + net.counted);

      // Each movement's ledger rows match its state: out when it left, in or back when it ended.
      const { rows: wrong } = await t.sql(
        `select m.id, m.status, m.quantity, l.moved_out, l.moved_in, l.returned
         from stock_movements m
         left join (
           select reference,
             sum(delta) filter (where reason = 'MOVEMENT_OUT') as moved_out,
             sum(delta) filter (where reason = 'MOVEMENT_IN') as moved_in,
             sum(delta) filter (where reason = 'MOVEMENT_RETURN') as returned
           from stock_ledger where business_id = $1 and reason like 'MOVEMENT%' group by reference
         ) l on l.reference = m.id::text
         cross join lateral (select coalesce(l.moved_out, 0) as o, coalesce(l.moved_in, 0) as i,
                                    coalesce(l.returned, 0) as r, m.quantity as q) v
         where m.business_id = $1 and not case m.status
           when 'PENDING' then (v.o, v.i, v.r) = (0, 0, 0)
           when 'IN_TRANSIT' then (v.o, v.i, v.r) = (-v.q, 0, 0)
           when 'COMPLETED' then (v.o, v.i, v.r) = (-v.q, v.q, 0)
           else (v.o, v.i, v.r) in ((0, 0, 0), (-v.q, 0, v.q))
         end
         limit 5`,
        [owner.businessId],
      );
      expect(wrong).toEqual([]);
    },
    SECONDS * 1000 + 120_000,
  );
});
