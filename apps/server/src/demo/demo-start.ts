import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Db } from '../platform/db/database.js';
import { DEMO_OWNER } from './demo-account.js';
import { demoOwnerExists, hasAnyAccount } from './demo-reads.repository.js';
import { seedDemo } from './demo-seed.js';

type Log = { info: (message: string) => void; error: (object: object, message: string) => void };

/**
 * DEMO=1 at start: a database nobody has signed up to yet gets Demo Market before the server
 * listens (the first `npm start` of a fresh clone); later starts only repeat the sign-in. A seed
 * that fails is logged and the server starts anyway: the product works without its demo.
 * Answers the text the "ready" line ends with.
 */
export async function seedDemoOnFirstStart(
  deps: { app: FastifyInstance; db: Db; owner: pg.Pool },
  log: Log,
): Promise<string> {
  const credentials = `\n  Explore the demo: sign in as ${DEMO_OWNER.email} with the password ${DEMO_OWNER.password}`;
  if (await demoOwnerExists(deps.db, DEMO_OWNER.email)) return credentials;
  if (await hasAnyAccount(deps.owner)) {
    log.info('DEMO=1, but this database already has accounts: no demo business is added');
    return '';
  }
  log.info('first start: preparing the demo business "Demo Market" (a year of sales, about 30 s)');
  try {
    const result = await seedDemo({ ...deps, log: (message) => log.info(message) });
    if (result.status === 'created') log.info(`demo ready in ${(result.ms / 1000).toFixed(1)} s`);
    return credentials;
  } catch (error) {
    log.error({ err: error }, 'the demo business could not be prepared; the server starts without it');
    return '';
  }
}
