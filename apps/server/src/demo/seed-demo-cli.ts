// `npm run seed:demo`: opens the database exactly as the server does (embedded PostgreSQL in
// DATA_DIR unless DATABASE_URL; migrations; the request role), builds the app without listening,
// and seeds Demo Market through it. A second run changes nothing and says so.
import pino from 'pino';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../platform/config.js';
import { createJobQueue } from '../platform/jobs/job-queue.js';
import { openDatabases } from '../start-up.js';
import { DEMO_BUSINESS_NAME } from './demo-account.js';
import { seedDemo } from './demo-seed.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const databases = await openDatabases(config, {
    info: () => undefined,
    warn: (m) => log.warn(m),
    debug: () => undefined,
  });
  // No workers: the seed queues its sign-up mails only to read their links, then drops them.
  const jobs = createJobQueue({ url: databases.ownerUrl, log, timing: config.jobTiming, isPolling: false });
  try {
    const app = await buildApp({
      config,
      db: databases.database.db,
      ownerDb: databases.owner.db,
      jobs,
      logger: false,
    });
    await jobs.start();
    say(`Seeding "${DEMO_BUSINESS_NAME}" (a year of sales; about half a minute)...`);
    const result = await seedDemo({
      app,
      db: databases.database.db,
      owner: databases.owner.pool,
      log: (line) => say(`  ${line.replace(/^demo: /, '')}`),
    });
    say(
      result.status === 'created'
        ? `Done in ${(result.ms / 1000).toFixed(1)} s.`
        : `"${DEMO_BUSINESS_NAME}" already exists in this database: nothing was changed.`,
    );
    say(`Sign in as ${result.email} with the password ${result.password}`);
    say('(start the server with DEMO=1 to show an "Explore the demo" button on the login page)');
    await app.close();
  } finally {
    await jobs.stop(0).catch(() => undefined);
    await databases.close();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(
    error instanceof ConfigError
      ? `${error.message}\n`
      : `The demo could not be seeded: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
