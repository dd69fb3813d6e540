import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from '../app.js';
import type { Config } from '../platform/config.js';
import { createJobQueue } from '../platform/jobs/job-queue.js';
import type { Databases } from '../start-up.js';
import { DEMO_OWNER } from './demo-account.js';
import { demoOwnerExists, hasAnyAccount } from './demo-reads.repository.js';
import { seedDemo, type DemoSeedResult } from './demo-seed.js';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Seeds through an app of its own, built like the server's but silent and with a job queue that
 * runs nothing: its several hundred requests stay out of the log, and the sign-up mails it queues
 * (to read their links) are dropped before any worker could deliver them.
 */
export async function seedWithOwnApp(
  config: Config,
  databases: Databases,
  log: Log,
  report: (line: string) => void,
): Promise<DemoSeedResult> {
  const jobs = createJobQueue({ url: databases.ownerUrl, log, timing: config.jobTiming, isPolling: false });
  try {
    const app = await buildApp({
      config,
      db: databases.database.db,
      ownerDb: databases.owner.db,
      jobs,
      logger: false,
    });
    try {
      await jobs.start();
      return await seedDemo({ app, db: databases.database.db, owner: databases.owner.pool, log: report });
    } finally {
      await app.close();
    }
  } finally {
    await jobs.stop(0).catch(() => undefined);
  }
}

/**
 * DEMO=1 at start: a database nobody has signed up to yet gets Demo Market before the server
 * listens (the first `npm start` of a fresh clone); later starts only repeat the sign-in. A seed
 * that fails is logged and the server starts anyway: the product works without its demo.
 * Answers the text the "ready" line ends with.
 */
export async function seedDemoOnFirstStart(config: Config, databases: Databases, log: Log): Promise<string> {
  const credentials = `Explore the demo: sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`;
  if (await demoOwnerExists(databases.database.db, DEMO_OWNER.email)) return credentials;
  if (await hasAnyAccount(databases.owner.pool)) {
    log.info('DEMO=1, but this database already has accounts: no demo business is added');
    return '';
  }
  log.info('first start: preparing the demo business "Demo Market" (a year of sales, about 30 s)');
  try {
    const result = await seedWithOwnApp(config, databases, log, (line) => log.info(line));
    if (result.status === 'created') log.info(`demo ready in ${(result.ms / 1000).toFixed(1)} s`);
    return credentials;
  } catch (error) {
    log.error({ err: error }, 'the demo business could not be prepared; the server starts without it');
    return '';
  }
}
