import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import type { TestApp } from '../build-app.js';
import { ledgerMismatches } from '../concurrency/concurrency-kit.js';
import { insertLocation } from '../factories/catalogue.js';
import { insertProductAt, positionsOutOfLine } from '../factories/inventory.js';
import { insertInventoryItem } from '../factories/products.js';
import { saleSetUp } from '../factories/sales.js';
import { startServer, type ServerProcess } from '../server-process.js';
import { sqlOn, startOwnCluster, type OwnCluster } from './cluster.js';
import { call, ownerOverHttp, sqlOnlyTestApp, type Reply } from './http-shop.js';

/**
 * Issue 17, item 5: crash safety under load. 20 clients sell, adjust stock, move stock from a
 * depot to the store (created, validated at both ends) and raise CRITICAL alerts without pause against one real server process on a PostgreSQL cluster of this file's
 * own. The server is killed with kill -9 and started again on the same port; later the postmaster
 * is killed with kill -9 and started again while the server keeps running. Clients that get no
 * answer (a reset connection, a 5xx, a timeout) send the same request with the same
 * Idempotency-Key until they get one. Afterwards every acknowledged sale is there exactly once,
 * every quantity is what the acknowledged work made it and equals its ledger, and every
 * acknowledged CRITICAL alert's mail job ran (none was lost with a process).
 */

const JWT_SECRET = 'crash-safety-secret-crash-safety-secret-0123';
const SALE_CLIENTS = 12;
const ADJUST_CLIENTS = 3;
const MOVE_CLIENTS = 3;
const ALERT_CLIENTS = 2;
/** Pause of an alert client between two alerts: a trickle, next to the sales. */
const ALERT_PAUSE_MS = 400;
const LOAD_PHASE_MS = 4_000;
const START_STOCK = 1_000_000;

let cluster: OwnCluster | undefined;
let db: ReturnType<typeof sqlOn> | undefined;
let t: TestApp;
let dataDir: string | undefined;
let server: ServerProcess | undefined;
let port: number;
let databaseUrl: string;

const base = () => `http://127.0.0.1:${port}`;

/** Exits the test did not cause, each followed by a restart as a process supervisor would. */
const unexpectedExits: string[] = [];
let isSupervised = true;

async function startTheServer(): Promise<void> {
  if (!dataDir) throw new Error('no data folder');
  const started = await startServer(dataDir, {
    port,
    env: { DATABASE_URL: databaseUrl, JWT_SECRET, JOB_TIMING: 'fast', APP_URL: 'http://shop.test' },
  });
  server = started;
  void started.exited.then(async (how) => {
    if (!isSupervised || started.child.killed) return;
    // The error and the first frames that name who threw it, not the whole stack.
    const lines = started.stderr().split('\n');
    const error = lines.find((line) => /^\w*error/i.test(line.trim())) ?? lines[0];
    const where = lines.filter((line) => /^\s+at /.test(line) && !line.includes('node:internal')).slice(0, 3);
    unexpectedExits.push(`exit ${String(how)}: ${[error, ...where].map((line) => line?.trim()).join(' ')}`);
    await startTheServer();
  });
}

/** Seconds until GET /api/ready answers 200 (the database, the migrations and the queue answer). */
async function secondsUntilReady(since: number, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    try {
      if ((await call(base(), 'GET', '/api/ready', { timeoutMs: 2_000 })).status === 200)
        return (Date.now() - since) / 1000;
    } catch {
      // not listening, or not answering yet
    }
    if (Date.now() - since > timeoutMs) throw new Error('not ready in time');
    await sleep(100);
  }
}

beforeAll(async () => {
  cluster = await startOwnCluster('backoffice-crash-pg-');
  const admin = sqlOn(cluster.url());
  await admin.sql('create database shop');
  await admin.close();
  databaseUrl = cluster.url('shop');
  db = sqlOn(databaseUrl);
  t = sqlOnlyTestApp(db.sql);
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-crash-'));
  port = await freePort();
  await startTheServer();
  await secondsUntilReady(Date.now());
}, 120_000);

afterAll(async () => {
  isSupervised = false;
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, sleep(15_000).then(() => server?.child.kill('SIGKILL'))]);
  }
  await db?.close();
  await cluster?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

type Tally = {
  requests: number;
  /** Sends that got no usable answer and were repeated with the same key. */
  retries: number;
  /** 5xx answers to requests sent while the server was up and ready: none may happen. */
  errorsWhileReady: string[];
  /** Answers that are neither success nor a reason to retry (a 4xx): none may happen. */
  refusals: string[];
  /** Idempotency-Key -> the sale id its 201 answered. */
  sales: Map<string, string>;
  /** inventoryId -> units sold or adjusted by acknowledged requests. */
  change: Map<string, number>;
  alerts: string[];
  /** Validations acknowledged (source and destination each count). */
  moved: number;
};

describe('crash safety under load', () => {
  it('keeps every acknowledged sale once, every quantity equal to its ledger, and every queued job, across kill -9 of the server and of PostgreSQL', async () => {
    const owner = await ownerOverHttp(base(), t, 'Crash Shop');
    const shop = await saleSetUp(t, owner.businessId, {
      bread: { price: '2.50', stock: START_STOCK },
      milk: { price: '1.20', stock: START_STOCK },
      tea: { price: '4.00', stock: START_STOCK },
      jam: { price: '3.10', stock: START_STOCK },
    });
    const products = Object.values(shop.products);
    // A depot holding the same SKUs: transfers go from it to the store.
    const depotId = await insertLocation(t, owner.businessId, { name: 'Depot' });
    const depotItems = new Map<string, string>();
    for (const product of products) {
      const atDepot = await insertProductAt(t, owner.businessId, depotId, {
        sku: product.sku,
        name: product.name,
      });
      depotItems.set(
        product.sku,
        await insertInventoryItem(t, owner.businessId, atDepot.id, depotId, START_STOCK),
      );
    }
    const tally: Tally = {
      requests: 0,
      retries: 0,
      errorsWhileReady: [],
      refusals: [],
      sales: new Map(),
      change: new Map(),
      alerts: [],
      moved: 0,
    };
    let isReady = true;
    let isRunning = true;

    /** Sends until an answer below 500 comes; a 5xx counts against the server only while ready. */
    const untilAnswered = async (what: string, send: () => Promise<Reply>): Promise<Reply> => {
      for (;;) {
        const wasReady = isReady;
        tally.requests++;
        try {
          const res = await send();
          if (res.status < 500) return res;
          if (wasReady && isReady)
            tally.errorsWhileReady.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          // reset, refused or timed out: the same request again
        }
        tally.retries++;
        await sleep(100);
      }
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
    const add = (inventoryId: string, delta: number) =>
      tally.change.set(inventoryId, (tally.change.get(inventoryId) ?? 0) + delta);

    const sellOne = async () => {
      const product = pick(products);
      const quantity = 1 + Math.floor(Math.random() * 3);
      const key = randomUUID();
      const res = await untilAnswered('sale', () =>
        call(base(), 'POST', '/api/sales', {
          token: owner.token,
          headers: { 'idempotency-key': key },
          body: {
            storeId: shop.storeId,
            lines: [{ productId: product.id, quantity }],
            paymentMethod: 'CASH',
          },
          timeoutMs: 5_000,
        }),
      );
      if (res.status !== 201)
        return void tally.refusals.push(`sale: ${res.status} ${JSON.stringify(res.body)}`);
      tally.sales.set(key, (res.body as { id: string }).id);
      add(product.inventoryId, -quantity);
    };
    const adjustOne = async () => {
      const product = pick(products);
      const delta = pick([-3, -1, 1, 2, 5]);
      const key = randomUUID();
      const res = await untilAnswered('adjust', () =>
        call(base(), 'PUT', `/api/inventory/${product.inventoryId}/adjust`, {
          token: owner.token,
          headers: { 'idempotency-key': key },
          body: { delta, reason: delta > 0 ? 'RECEIVED' : 'DAMAGED' },
          timeoutMs: 5_000,
        }),
      );
      if (res.status !== 200)
        return void tally.refusals.push(`adjust: ${res.status} ${JSON.stringify(res.body)}`);
      add(product.inventoryId, delta);
    };
    /**
     * A transfer of 1-4 units from the depot to the store. Creating moves no stock, so a create
     * that got no answer is sent again as a new one (an extra PENDING movement changes nothing);
     * each validation moves stock and carries its Idempotency-Key through every retry.
     */
    const moveOne = async () => {
      const product = pick(products);
      const quantity = 1 + Math.floor(Math.random() * 4);
      const created = await untilAnswered('move', () =>
        call(base(), 'POST', '/api/stock-movement/create', {
          token: owner.token,
          body: {
            sku: product.sku,
            sourceLocationId: depotId,
            destinationLocationId: shop.locationId,
            quantity,
          },
          timeoutMs: 5_000,
        }),
      );
      if (created.status !== 201)
        return void tally.refusals.push(`move: ${created.status} ${JSON.stringify(created.body)}`);
      const made = created.body as {
        sourceValidationCode: string;
        destinationValidationCode: string;
        movements: Array<{ id: string }>;
      };
      const id = made.movements[0]?.id ?? '';
      for (const [end, code] of [
        ['source', made.sourceValidationCode],
        ['destination', made.destinationValidationCode],
      ] as const) {
        const key = randomUUID();
        const res = await untilAnswered(`validate ${end}`, () =>
          call(base(), 'PUT', `/api/stock-movement/validate-${end}/${id}?validationCode=${code}`, {
            token: owner.token,
            headers: { 'idempotency-key': key },
            timeoutMs: 5_000,
          }),
        );
        if (res.status !== 200)
          return void tally.refusals.push(`validate ${end}: ${res.status} ${JSON.stringify(res.body)}`);
        if (end === 'source') add(depotItems.get(product.sku) ?? '', -quantity);
        else add(product.inventoryId, quantity);
        tally.moved++;
      }
    };
    /** No Idempotency-Key on alerts: sent once; only an acknowledged one must have its job. */
    const alertOne = async () => {
      tally.requests++;
      try {
        const res = await call(base(), 'POST', '/api/alerts', {
          token: owner.token,
          body: {
            title: 'Freezer warm',
            message: 'Check the freezer.',
            severity: 'CRITICAL',
            scope: 'BUSINESS',
          },
          timeoutMs: 5_000,
        });
        if (res.status === 201) tally.alerts.push((res.body as { id: string }).id);
        else if (res.status < 500) tally.refusals.push(`alert: ${res.status} ${JSON.stringify(res.body)}`);
      } catch {
        // lost: it may or may not have been committed, and no one was told it was
      }
      await sleep(ALERT_PAUSE_MS);
    };
    const client = async (work: () => Promise<void>) => {
      while (isRunning) await work();
    };
    const clients = [
      ...Array.from({ length: SALE_CLIENTS }, () => client(sellOne)),
      ...Array.from({ length: ADJUST_CLIENTS }, () => client(adjustOne)),
      ...Array.from({ length: MOVE_CLIENTS }, () => client(moveOne)),
      ...Array.from({ length: ALERT_CLIENTS }, () => client(alertOne)),
    ];

    const loadStarted = Date.now();
    await sleep(LOAD_PHASE_MS);

    // 1. kill -9 the server; start it again on the same port, where the clients keep sending.
    isReady = false;
    const salesBeforeServerKill = tally.sales.size;
    server?.child.kill('SIGKILL');
    await server?.exited;
    const serverKilledAt = Date.now();
    await startTheServer();
    const serverReadySeconds = await secondsUntilReady(serverKilledAt);
    isReady = true;
    await sleep(LOAD_PHASE_MS);

    // 2. kill -9 the postmaster (its backends die with it), start the cluster again on the same
    // port. The server is left running and reconnects by itself (its pools open new connections);
    // should it exit instead, the supervisor above starts it again, and the exit fails the test.
    isReady = false;
    const salesBeforeDatabaseKill = tally.sales.size;
    const killed = await cluster?.kill();
    const databaseKilledAt = Date.now();
    await cluster?.restart();
    const databaseBackSeconds = (Date.now() - databaseKilledAt) / 1000;
    const serverReadyAgainSeconds = await secondsUntilReady(databaseKilledAt);
    isReady = true;
    await sleep(LOAD_PHASE_MS);

    isRunning = false;
    await Promise.all(clients);
    const loadSeconds = (Date.now() - loadStarted) / 1000;

    // The backlog left by the outages drains (each worker takes the next job at once): give it a
    // few seconds, then every acknowledged alert's job must be there or done.
    const pending = async () =>
      (
        await t.sql(
          `select count(*)::int as n from alerts where id = any($1::uuid[]) and mailed_at is null`,
          [tally.alerts],
        )
      ).rows[0]?.n as number;
    const drainDeadline = Date.now() + 5_000;
    while ((await pending()) > 0 && Date.now() < drainDeadline) await sleep(200);

    console.log(
      [
        `load ${loadSeconds.toFixed(1)} s, ${tally.requests} requests, ${tally.retries} retries`,
        `acknowledged: ${tally.sales.size} sales (${salesBeforeServerKill} before the server's kill, ${salesBeforeDatabaseKill} before the database's), ` +
          `${tally.alerts.length} critical alerts, ${tally.moved} transfer validations`,
        `server ready ${serverReadySeconds.toFixed(1)} s after its kill -9; ` +
          `database back ${databaseBackSeconds.toFixed(1)} s after its kill -9 (${killed?.backends ?? 0} backends), ` +
          `server ready again ${serverReadyAgainSeconds.toFixed(1)} s after it`,
        `server exits the test did not cause (restarted as a supervisor would): ${unexpectedExits.length ? unexpectedExits.join(' | ') : 'none'}`,
      ].join('\n'),
    );

    const { rows: jobStates } = await t.sql(
      `select name, state, count(*)::int as n from pgboss.job group by name, state order by name, state`,
    );
    console.log(`jobs by queue and state: ${JSON.stringify(jobStates)}`);

    // The server outlives the database's crash: its pools and job workers reconnect by themselves.
    expect(unexpectedExits).toEqual([]);
    expect(tally.errorsWhileReady).toEqual([]);
    expect(tally.refusals).toEqual([]);
    expect(salesBeforeServerKill).toBeGreaterThan(0);
    expect(tally.sales.size).toBeGreaterThan(salesBeforeDatabaseKill);
    expect(salesBeforeDatabaseKill).toBeGreaterThan(salesBeforeServerKill);
    expect(tally.moved).toBeGreaterThan(0);

    // Every acknowledged sale exactly once: one row per key, none of another key's, no others.
    const saleIds = [...tally.sales.values()];
    expect(new Set(saleIds).size).toBe(saleIds.length);
    const { rows: stored } = await t.sql('select id from sales where business_id = $1', [owner.businessId]);
    expect(stored.map((row) => String(row.id)).sort()).toEqual([...saleIds].sort());
    // Every quantity is the start plus what the acknowledged work changed, and equals its ledger.
    const { rows: items } = await t.sql('select id, quantity from inventory_items where business_id = $1', [
      owner.businessId,
    ]);
    for (const item of items)
      expect(item.quantity, `item ${String(item.id)}`).toBe(
        START_STOCK + (tally.change.get(String(item.id)) ?? 0),
      );
    expect(await ledgerMismatches(t)).toEqual([]);
    expect(await positionsOutOfLine(t)).toEqual([]);
    // No job lost: each acknowledged alert's mail job is in the queue (its transaction wrote it
    // with the alert), and each one done has mailed (a job done without its effect would be lost).
    expect(tally.alerts.length).toBeGreaterThan(0);
    const { rows: jobs } = await t.sql(
      `select count(distinct j.data->>'alertId')::int as queued,
              count(*) filter (where j.state = 'completed')::int as done,
              count(*) filter (where j.state = 'completed' and a.mailed_at is null)::int as done_unmailed
       from alerts a join pgboss.job j on j.name = 'alerts-critical-mail' and j.data->>'alertId' = a.id::text
       where a.id = any($1::uuid[])`,
      [tally.alerts],
    );
    console.log(`critical alert jobs: ${JSON.stringify(jobs[0])} of ${tally.alerts.length} acknowledged`);
    expect(jobs[0]).toMatchObject({ queued: tally.alerts.length, done_unmailed: 0 });
    expect(jobs[0]?.done).toBeGreaterThan(0);
  }, 120_000);
});
