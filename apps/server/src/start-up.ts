import path from 'node:path';
import type { Config } from './platform/config.js';
import { connectDatabase, type Database } from './platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedCluster } from './platform/db/embedded-postgres.js';
import { runMigrations, withStartUpLock } from './platform/db/migrate.js';
import {
  assertSafeRequestRole,
  provisionRequestRole,
  requestRolePassword,
} from './platform/db/request-role.js';

type Log = { info: (m: string) => void; warn: (m: string) => void; debug: (m: string) => void };

export type Databases = {
  cluster: EmbeddedCluster | undefined;
  /** The owner's URL (migrations, maintenance, the job queue). */
  ownerUrl: string;
  owner: Database;
  /** The request role's pool. */
  database: Database;
  /** Closes the pools, then stops the embedded cluster; safe to call once anything failed. */
  close: () => Promise<void>;
};

/**
 * The database as every entry point opens it (the server, `npm run seed:demo`): the embedded
 * cluster unless DATABASE_URL, migrations as the owner, then the request role, provisioned and
 * checked. On failure whatever was opened is closed before the error is thrown on.
 */
export async function openDatabases(config: Config, log: Log): Promise<Databases> {
  let cluster: EmbeddedCluster | undefined;
  let owner: Database | undefined;
  let database: Database | undefined;
  const close = async () => {
    await database?.close().catch(() => undefined);
    await owner?.close().catch(() => undefined);
    // The embedded cluster runs in its own process group and would outlive us: stop it last.
    await cluster?.stop().catch(() => undefined);
  };
  try {
    const ownerUrl =
      config.databaseUrl ??
      (cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), log)).url();
    // The owner migrates and maintains; requests log in as a role that can only become app_tenant.
    owner = connectDatabase(ownerUrl, { max: 4 });
    const ownerDb = owner.db;
    // Several servers on one database start together: one at a time migrates and provisions the
    // role (migrate.ts says what races without the lock); the others wait, then find it done.
    const requestUrl = await withStartUpLock(owner.pool, async () => {
      await runMigrations(ownerDb);
      log.info('database migrated');
      return (
        (cluster ? undefined : config.databaseAppUrl) ??
        (await provisionRequestRole(ownerUrl, requestRolePassword(config.jwtSecret)))
      );
    });
    database = connectDatabase(requestUrl);
    await assertSafeRequestRole(database.pool);
    return { cluster, ownerUrl, owner, database, close };
  } catch (error) {
    await close();
    throw error;
  }
}
