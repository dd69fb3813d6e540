import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, chmod, chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import type { TReport, TSalesTotals } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import { ensurePostgresUser } from '../../src/platform/db/postgres-process.js';
import { openReadRouting, type ReadRouting, type ReadTarget } from '../../src/platform/db/read-replica.js';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/job-queue.js';
import { openDatabases, type Databases } from '../../src/start-up.js';
import type { TestApp } from '../build-app.js';
import { bearer } from '../factories/accounts.js';
import { reportShopClock, seedReportShop, type ReportShop } from '../factories/reports.js';
import { recordSale } from '../factories/sales.js';

/**
 * The read replica (issue 17): a PostgreSQL 15 primary and a streaming standby made with
 * pg_basebackup on loopback, the real app built on the primary with DATABASE_REPLICA_URL naming the
 * standby and a lag of at most 2 s. What shows that a read was served by the standby: replay is
 * paused there, a sale is recorded on the primary, and the analytics answer without it. What
 * shows the fallback: the same read answers with the sale once the standby lags past 2 s, and at
 * once when the standby is stopped.
 */

const PG15_BIN = '/usr/lib/postgresql/15/bin';
const TOOLS = ['initdb', 'pg_ctl', 'postgres', 'pg_basebackup'];
const missing = TOOLS.filter((tool) => !existsSync(path.join(PG15_BIN, tool)));
const MAX_LAG_MS = 2_000;
const isRoot = process.getuid?.() === 0;
const run = promisify(execFile);

/** A PostgreSQL 15 tool, as `postgres` when we are root (postgres refuses to run as root). */
function pg15(tool: string, args: string[]) {
  const bin = path.join(PG15_BIN, tool);
  return isRoot
    ? run('runuser', ['-u', 'postgres', '--', bin, ...args], { env: { ...process.env, LC_MESSAGES: 'C' } })
    : run(bin, args, { env: { ...process.env, LC_MESSAGES: 'C' } });
}

const RANGE = { start: '01-10-2026 00:00', end: '26-11-2026 23:59' };

describe.skipIf(missing.length > 0)(
  `read replica on PostgreSQL 15${missing.length ? ` (skipped: ${missing.join(', ')} missing in ${PG15_BIN}; CI installs postgresql-15)` : ''}`,
  () => {
    let base: string;
    let primaryPort: number;
    let standbyPort: number;
    const started: string[] = [];
    let databases: Databases | undefined;
    let routing: ReadRouting | undefined;
    let jobs: JobQueue | undefined;
    let ownerPool: pg.Pool | undefined;
    let standbyAdmin: pg.Pool | undefined;
    let t: TestApp;
    let shop: ReportShop;
    const logLines: Array<{ level: 'info' | 'warn'; message: string }> = [];
    const clock = reportShopClock();

    const startCluster = async (dir: string, port: number) => {
      await pg15('pg_ctl', [
        '-D',
        dir,
        '-l',
        `${dir}.log`,
        '-w',
        '-o',
        `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=60`,
        'start',
      ]);
      if (!started.includes(dir)) started.push(dir);
    };

    beforeAll(async () => {
      const begun = Date.now();
      base = await mkdtemp(path.join(tmpdir(), 'backoffice-replica-'));
      if (isRoot) {
        const { uid, gid } = ensurePostgresUser();
        await chown(base, uid, gid);
      }
      await chmod(base, 0o700);
      [primaryPort, standbyPort] = [await freePort(), await freePort()];
      const primary = path.join(base, 'primary');
      const standby = path.join(base, 'standby');
      await pg15('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
      // Streaming replication from loopback, on top of initdb's own lines (which already allow it
      // in trust mode; stated here so the test does not rest on a default).
      await appendFile(path.join(primary, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
      await appendFile(
        path.join(primary, 'postgresql.conf'),
        'wal_level = replica\nmax_wal_senders = 4\nhot_standby = on\n',
      );
      await startCluster(primary, primaryPort);
      await pg15('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        standby,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ]);
      // On the standby only the test's superuser comes in without a password: the app must log
      // in with the request role's (replicated) password, never as the owner.
      const hba = path.join(standby, 'pg_hba.conf');
      const lines = (await readFile(hba, 'utf8')).split('\n').filter((line) => !/^\s*host\s/.test(line));
      lines.push('host all postgres 127.0.0.1/32 trust', 'host all all 127.0.0.1/32 scram-sha-256', '');
      await appendFile(hba, '', { flag: 'w' });
      await appendFile(hba, lines.join('\n'));
      await startCluster(standby, standbyPort);

      const ownerUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
      const setup = new pg.Client({ connectionString: ownerUrl });
      await setup.connect();
      await setup.query('create database shop');
      await setup.end();

      const dataDir = path.join(base, 'data');
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://postgres@127.0.0.1:${primaryPort}/shop`,
        DATABASE_REPLICA_URL: `postgres://127.0.0.1:${standbyPort}/shop`,
        DATABASE_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_MS / 1000),
        JWT_SECRET: 'replica-test-secret-replica-test-secret-0123',
        APP_URL: 'http://app.test',
        LOG_LEVEL: 'silent',
        AUTH_RATE_LIMIT: '1000',
      });
      const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };
      // As main.ts does: migrations and the request role on the primary, then the reads' routing.
      databases = await openDatabases(config, quiet);
      routing = openReadRouting(config, databases.database.db, {
        info: (message) => logLines.push({ level: 'info', message }),
        warn: (message) => logLines.push({ level: 'warn', message }),
      });
      jobs = createJobQueue({
        url: databases.ownerUrl,
        log: { warn: () => undefined, error: () => undefined },
        timing: 'fast',
        maxConnections: 2,
        isPolling: false,
      });
      const app = await buildApp({
        config,
        db: databases.database.db,
        ownerDb: databases.owner.db,
        jobs,
        readRouting: routing,
        logger: false,
        clock,
      });
      await app.ready();
      await jobs.start();
      ownerPool = new pg.Pool({ connectionString: databases.ownerUrl, max: 4 });
      ownerPool.on('error', () => undefined);
      standbyAdmin = new pg.Pool({
        connectionString: `postgres://postgres@127.0.0.1:${standbyPort}/shop`,
        max: 2,
      });
      standbyAdmin.on('error', () => undefined);
      const mailDir = path.join(dataDir, 'mail');
      const owned = ownerPool;
      const queue = jobs;
      t = {
        app,
        database: databases.database,
        owner: databases.owner,
        databaseUrl: databases.ownerUrl,
        requestUrl: databases.database.pool.options.connectionString ?? '',
        config,
        sql: (text, values = []) => owned.query(text, values),
        jobs: queue,
        mails: async () => {
          await queue.drain();
          const files = (await readdir(mailDir).catch(() => []))
            .filter((file) => file.endsWith('.eml'))
            .sort();
          return Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
        },
        close: async () => app.close(),
      };
      shop = await seedReportShop(t, clock);
      await caughtUp();
      await until(() => routing?.state().target === 'replica', 'reads on the replica');
      console.info(`replica set-up (two clusters, migrations, the shop): ${Date.now() - begun} ms`);
    }, 120_000);

    afterAll(async () => {
      await t?.app.close().catch(() => undefined);
      await jobs?.stop().catch(() => undefined);
      await routing?.close().catch(() => undefined);
      await databases?.close().catch(() => undefined);
      await ownerPool?.end().catch(() => undefined);
      await standbyAdmin?.end().catch(() => undefined);
      for (const dir of started.reverse())
        await pg15('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      if (base) await rm(base, { recursive: true, force: true });
    }, 60_000);

    async function until(
      check: () => boolean | Promise<boolean>,
      what: string,
      ms = 10_000,
    ): Promise<number> {
      const begun = Date.now();
      while (!(await check())) {
        if (Date.now() - begun > ms)
          throw new Error(`timed out waiting for ${what}: ${JSON.stringify(routing?.state())}`);
        await sleep(50);
      }
      return Date.now() - begun;
    }

    /** The standby has replayed everything the primary has written so far. */
    async function caughtUp(): Promise<void> {
      const { rows } = await ownerPool!.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const target = rows[0]!.lsn;
      await until(async () => {
        const { rows: replayed } = await standbyAdmin!.query<{ isPast: boolean }>(
          'select pg_last_wal_replay_lsn() >= $1::pg_lsn as "isPast"',
          [target],
        );
        return replayed[0]?.isPast === true;
      }, 'the standby to replay');
    }

    const totals = async (): Promise<TSalesTotals> => {
      const search = new URLSearchParams(RANGE).toString();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sales-analytics/total/business?${search}`,
        headers: bearer(shop.owner.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    const transactionsOnPrimary = async () =>
      (
        await ownerPool!.query<{ n: number }>(
          "select count(*)::int as n from sales where kind = 'SALE' and business_id = $1",
          [shop.owner.businessId],
        )
      ).rows[0]!.n;

    const sell = () =>
      recordSale(t, shop.owner.token, {
        storeId: shop.market.storeId,
        paymentMethod: 'CARD',
        lines: [{ productId: shop.products.croissant, quantity: 1 }],
      });

    const pauseReplay = () => standbyAdmin!.query('select pg_wal_replay_pause()');
    const resumeReplay = () => standbyAdmin!.query('select pg_wal_replay_resume()');

    /**
     * Replay paused, a sale on the primary (the write route works while reads use the replica),
     * and at once the analytics: served by the standby, they do not count the sale yet.
     */
    async function expectServedByReplica(): Promise<{ before: number; saleAt: number }> {
      await caughtUp();
      expect(routing!.state().target).toBe('replica');
      const before = (await totals()).transactions;
      expect(before).toBe(await transactionsOnPrimary());
      await pauseReplay();
      await sell();
      const saleAt = Date.now();
      expect(await transactionsOnPrimary()).toBe(before + 1);
      const stale = await totals();
      expect(Date.now() - saleAt, 'the stale read came within the allowed lag').toBeLessThan(MAX_LAG_MS);
      expect(stale.transactions, 'the read was served by the paused standby').toBe(before);
      expect(routing!.state().target).toBe('replica');
      return { before, saleAt };
    }

    /** A gauge of /api/metrics (served to loopback, as inject's requests come from). */
    async function metric(name: string): Promise<number | undefined> {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(200);
      const line = res.body.split('\n').find((text) => text.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.split(' ')[1]);
    }

    const targetIs = (target: ReadTarget) => () => routing!.state().target === target;

    it('serves every analytics and report read from the replica, read-only, as the request role', async () => {
      expect(routing!.state()).toMatchObject({ isConfigured: true, target: 'replica', reason: null });
      const owner = bearer(shop.owner.token);
      const range = new URLSearchParams(RANGE).toString();
      const store = `${range}&storeId=${shop.market.storeId}`;
      const gets = [
        `/top/business?${range}`,
        `/least/business?${range}`,
        `/top-quantity/business?${range}`,
        `/least-quantity/business?${range}`,
        `/top?${store}`,
        `/least?${store}`,
        `/top-quantity?${store}`,
        `/least-quantity?${store}`,
        `/filter?${store}`,
        `/trends/business?${range}&interval=weekly`,
        `/trends?${store}&interval=monthly`,
        `/product-trend?${store}&sku=OAT-1`,
        `/total/business?${range}`,
        `/total?${store}`,
        '/total/week/business',
        `/total/week?storeId=${shop.market.storeId}`,
        `/stores/top?${range}`,
        '/stores/top-weekly',
        '/choices',
      ].map((url) => `/api/sales-analytics${url}`);
      gets.push(`/api/reports/products?storeId=${shop.market.storeId}&query=oat`);
      for (const option of [
        'SALES_SUMMARY',
        'TOP_PRODUCTS',
        'SLOW_MOVERS',
        'STOCK_VALUE',
        'LOW_STOCK',
        'STORE_COMPARISON',
      ])
        gets.push(`/api/reports/basic?predefinedOption=${option}`);
      const posts: Array<[string, object]> = [
        ['/api/sales-analytics/filter-advanced', { ...RANGE, groupBy: 'category' }],
        ['/api/sales-analytics/super-filter', { ...RANGE, groupBy: 'store' }],
        ['/api/sales-analytics/margin-by-category', RANGE],
        ['/api/reports/advanced/ai', { userQuery: 'best sellers last month' }],
        ['/api/reports/advanced/ai', { userQuery: 'stock value' }],
        ['/api/reports/supreme/ai?query=forecast%20next%20month', {}],
        ['/api/reports/predict?forecastPeriod=14', {}],
      ];
      const answers = [
        ...(await Promise.all(gets.map((url) => t.app.inject({ method: 'GET', url, headers: owner })))),
        ...(await Promise.all(
          posts.map(([url, payload]) => t.app.inject({ method: 'POST', url, headers: owner, payload })),
        )),
      ];
      const calls = [...gets, ...posts.map(([url]) => url)];
      // A write in any of them would fail on the standby (25006, never retried on the primary).
      expect(
        answers.map((res, i) => `${calls[i]} ${res.statusCode} ${res.statusCode === 200 ? '' : res.body}`),
      ).toEqual(calls.map((url) => `${url} 200 `));
      expect(routing!.state().target, 'no read failed over to the primary').toBe('replica');
      expect(logLines.filter((line) => line.level === 'warn').map((line) => line.message)).toEqual([]);
      // The reports were stored on the primary (a write), and open there at once.
      const report = answers[gets.length + 3]!.json<TReport>();
      const opened = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}`, headers: owner });
      expect(opened.statusCode, opened.body).toBe(200);
      // On the standby the reads and the checks logged in as the request role, with its password.
      const { rows } = await standbyAdmin!.query<{ usename: string }>(
        "select distinct usename from pg_stat_activity where application_name like 'retail-backoffice%'",
      );
      expect(rows.map((row) => row.usename)).toEqual(['app_request']);
      expect(await metric('db_read_replica_in_use')).toBe(1);
      expect(await metric('db_read_replica_lag_seconds')).toBeLessThan(MAX_LAG_MS / 1000);
    });

    it('serves a stale answer from a paused replica within the lag, then the primary’s once it lags more', async () => {
      const { before, saleAt } = await expectServedByReplica();
      const switched = await until(targetIs('primary'), 'the reads to leave the lagging replica');
      const afterSale = Date.now() - saleAt;
      console.info(`replica paused: reads moved to the primary ${afterSale} ms after the sale`);
      expect(afterSale).toBeLessThan(MAX_LAG_MS + 2_000);
      expect(switched).toBeGreaterThan(0);
      expect((await totals()).transactions, 'fresh from the primary while replay is still paused').toBe(
        before + 1,
      );
      expect(routing!.state().reason).toMatch(/lags/);
      const warnings = logLines.filter((line) => line.level === 'warn');
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toMatch(
        /reads go to the primary: the replica lags \d+\.\d s \(at most 2\.0 s\)/,
      );

      await resumeReplay();
      const back = await until(targetIs('replica'), 'the reads to return to the replica');
      console.info(`replica resumed: reads back on it after ${back} ms`);
      expect(logLines.filter((line) => line.level === 'warn')).toHaveLength(1);
      expect(logLines.at(-1)).toMatchObject({
        level: 'info',
        message: expect.stringMatching(/go to the replica/),
      });
      // Served by the replica again, proved the same way.
      await expectServedByReplica();
      await resumeReplay();
    });

    it('answers from the primary without an error when the replica stops, and returns to it after its restart', async () => {
      await caughtUp();
      await until(targetIs('replica'), 'the reads on the replica');
      const standby = path.join(base, 'standby');
      const warningsBefore = logLines.filter((line) => line.level === 'warn').length;
      await pg15('pg_ctl', ['-D', standby, '-m', 'immediate', '-w', 'stop']);
      await sell();
      // At once, before any check: the read fails on the replica and runs again on the primary.
      const stoppedAt = Date.now();
      const fresh = await totals();
      expect(fresh.transactions).toBe(await transactionsOnPrimary());
      const report = await t.app.inject({
        method: 'GET',
        url: '/api/reports/basic?predefinedOption=SALES_SUMMARY',
        headers: bearer(shop.owner.token),
      });
      expect(report.statusCode, report.body).toBe(200);
      console.info(`replica stopped: fresh answers from the primary in ${Date.now() - stoppedAt} ms`);
      expect(routing!.state().target).toBe('primary');
      expect(routing!.state().reason).toMatch(/failed a read|does not answer/);
      expect(logLines.filter((line) => line.level === 'warn')).toHaveLength(warningsBefore + 1);
      expect(await metric('db_read_replica_in_use')).toBe(0);
      expect(await metric('db_read_replica_lag_seconds'), 'not measured while it is down').toBeNaN();

      await startCluster(standby, standbyPort);
      const back = await until(targetIs('replica'), 'the reads to return to the restarted replica', 20_000);
      console.info(`replica restarted: reads back on it after ${back} ms`);
      await expectServedByReplica();
      await resumeReplay();
    });
  },
);
