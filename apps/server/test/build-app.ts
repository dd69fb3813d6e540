import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import type { BillingProvider } from '../src/modules/subscriptions/billing/billing-provider.js';
import type { Clock } from '../src/platform/clock.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { connectDatabase, type Database } from '../src/platform/db/database.js';
import { createJobQueue, type JobQueue } from '../src/platform/jobs/job-queue.js';
import { withDatabase } from './global-setup.js';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The owner's pool of the same database (the job queue's and mail worker's side). */
  owner: Database;
  /** The URL of this file's own database as its owner, for direct checks (RLS, ledgers). */
  databaseUrl: string;
  /** The same database as the request role the app logs in as. */
  requestUrl: string;
  config: Config;
  /** Runs SQL on this file's database as its owner: to set up or inspect what the API cannot. */
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** The app's job queue; its workers do not poll unless asked to (see buildTestApp). */
  jobs: JobQueue;
  /** Runs the queued jobs (drain), then returns the mail written by the file mailer, newest last. */
  mails: () => Promise<string[]>;
  close: () => Promise<void>;
};

/**
 * The `build(t)` helper: a fresh database cloned from the migrated template (tens of ms), a
 * temporary DATA_DIR, and the real app with the file mailer. Call `close` in afterAll.
 *
 * Jobs (mail) run when the test drains the queue (`t.mails()` does), not when a worker happens to
 * poll: tests stay deterministic and no test waits for a polling interval. `isPolling` starts
 * the background workers as the server does; timing is `fast` (immediate retries).
 * `poolSize` (default 5) is the request pool: the concurrency tests use the server's 20, so that
 * as many transactions as in production wait on the same rows at once.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: {
    clock?: Clock;
    isPolling?: boolean;
    poolSize?: number;
    billing?: BillingProvider;
    /** The app logs here (at env LOG_LEVEL) instead of not at all: tests that read log lines. */
    logStream?: NodeJS.WritableStream;
    /** How often live alert streams re-check their session (25 s by default). */
    alertStreamHeartbeatMs?: number;
  } = {},
): Promise<TestApp> {
  const name = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const adminUrl = inject('dbAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_URL: 'http://app.test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    ...env,
  });
  const databaseUrl = withDatabase(adminUrl, name);
  const requestUrl = withDatabase(inject('dbRequestUrl'), name);
  const database = connectDatabase(requestUrl, { max: options.poolSize ?? 5 });
  // The owner's side, as in production: the job queue and the mail worker's delivery record.
  const owner = connectDatabase(databaseUrl, { max: 2 });
  // t.sql's connections. A new connection per call (a new backend, its catalogue caches loaded
  // again) cost more than the query: the suite opened thousands. Each call still runs alone, in
  // autocommit, on an idle connection; calls made at once get a connection each, as before.
  const sqlPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection ended by the server (a test stopping the database's backends) is dropped.
  sqlPool.on('error', () => undefined);
  const jobs = createJobQueue({
    url: databaseUrl,
    log: { warn: () => undefined, error: () => undefined },
    timing: 'fast',
    maxConnections: 2,
    isPolling: options.isPolling ?? false,
  });
  const cleanUp = async () => {
    await jobs.stop();
    await database.close();
    await owner.close();
    await sqlPool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db: database.db,
      ownerDb: owner.db,
      jobs,
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      clock: options.clock,
      billing: options.billing,
      alertStreamHeartbeatMs: options.alertStreamHeartbeatMs,
    });
    await app.ready();
    await jobs.start();
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const mailDir = path.join(dataDir, 'mail');
  return {
    app,
    database,
    owner,
    databaseUrl,
    requestUrl,
    config,
    sql: (text, values = []) => sqlPool.query(text, values),
    jobs,
    mails: async () => {
      await jobs.drain();
      const files = (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
      return Promise.all(files.map((file) => readFile(path.join(mailDir, file), 'utf8')));
    },
    close: async () => {
      await app.close();
      await cleanUp();
    },
  };
}
