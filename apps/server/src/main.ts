import pino from 'pino';
import { buildApp } from './app.js';
import { seedDemoOnFirstStart } from './demo/demo-start.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { createJobQueue } from './platform/jobs/job-queue.js';
import { withStartUpLock } from './platform/db/migrate.js';
import { openReadRouting, type ReadRouting } from './platform/db/read-replica.js';
import { openDatabases, type Databases } from './start-up.js';
import { MOVEMENT_ALERTS_SWEEP_INTERVAL_MS } from './modules/alerts/alerts.module.js';
import { POINTS_EXPIRY_SWEEP_INTERVAL_MS } from './modules/loyalty/loyalty.module.js';
import { RENEWAL_SWEEP_INTERVAL_MS } from './modules/subscriptions/subscriptions.module.js';
import { mailboxUrl, readOrCreateMailboxKey } from './platform/mail/mailbox.routes.js';

const SHUTDOWN_GRACE_MS = 10_000;
const FAST_SWEEP_INTERVAL_MS = 2_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });

  // JOB_TIMING=fast (tests of several processes): every sweep each few seconds, so a test sees
  // many of their slots in seconds instead of waiting a quarter of an hour.
  const sweepEvery = (ms: number) => (config.jobTiming === 'fast' ? FAST_SWEEP_INTERVAL_MS : ms);
  let databases: Databases | undefined;
  let jobs: ReturnType<typeof createJobQueue> | undefined;
  let readRouting: ReadRouting | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let demoLine = '';
  try {
    databases = await openDatabases(config, {
      info: (m) => log.info(m),
      warn: (m) => log.warn(m),
      debug: (m) => log.debug(m),
    });
    const { owner, database, ownerUrl } = databases;
    // Before the server's own app and workers exist: the seed has an app of its own.
    if (config.demo) demoLine = await seedDemoOnFirstStart(config, databases, log);

    // pg-boss's own small pool, as the owner: its workers read and delete jobs, which the
    // request role may not.
    jobs = createJobQueue({ url: ownerUrl, log, timing: config.jobTiming });
    // DATABASE_REPLICA_URL: analytics and report reads on the replica while it is fresh. A replica
    // down at start is no reason not to start: its reads stay on the primary until it answers.
    readRouting = openReadRouting(config, database.db, {
      info: (m) => log.info(m),
      warn: (m) => log.warn(m),
    });
    app = await buildApp({
      config,
      db: database.db,
      ownerDb: owner.db,
      jobs,
      readRouting,
      renewalSweepEveryMs: sweepEvery(RENEWAL_SWEEP_INTERVAL_MS),
      pointsExpirySweepEveryMs: sweepEvery(POINTS_EXPIRY_SWEEP_INTERVAL_MS),
      movementAlertsSweepEveryMs: sweepEvery(MOVEMENT_ALERTS_SWEEP_INTERVAL_MS),
    });
    // Before listening: the first request may queue a mail, and its queue must exist. Creating a
    // queue is DDL (its partition of pgboss.job, foreign keys to pgboss.queue): servers started
    // together on a new database deadlocked on it ("deadlock detected" at start), so one at a time.
    const queue = jobs;
    await withStartUpLock(owner.pool, () => queue.start());
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await jobs?.stop(0).catch(() => undefined);
    await readRouting?.close().catch(() => undefined);
    await databases?.close();
    throw error;
  }
  log.info(
    `ready: open ${config.appUrl}` +
      (config.devMailbox
        ? ` (e-mails: ${mailboxUrl(config.appUrl, readOrCreateMailboxKey(config.dataDir))})`
        : ''),
  );
  if (demoLine) log.info(demoLine);

  // Graceful shutdown: stop accepting, let in-flight requests finish, then stop the workers (a
  // send under way finishes; a job not taken stays queued for the next start), then close the
  // pool and stop the embedded cluster (a clean checkpoint, so the next start needs no recovery).
  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 20_000);
    force.unref();
    await app.close();
    await jobs?.stop(SHUTDOWN_GRACE_MS);
    await readRouting?.close();
    await databases?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  // A closed terminal: without a handler SIGHUP would end us at once and orphan the cluster.
  process.on('SIGHUP', () => void stop('SIGHUP'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The server could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
