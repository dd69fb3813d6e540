import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** The drizzle handle over the pool; transactions go through platform/db/tenancy. */
export type Db = NodePgDatabase & { $client: pg.Pool };

export type Database = {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
};

// numeric and bigint come back as strings by default; counts are small enough for numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectDatabase(url: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 30_000,
    application_name: 'retail-backoffice',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may one out of the pool between two statements (a transaction while its JavaScript runs):
  // pg-pool leaves it without a listener then, and PostgreSQL's "terminating connection" (a
  // crash or restart of the database, a failover, pg_terminate_backend) would end the process
  // (crash-safety.int.test.ts saw it). With this listener its next statement fails instead: the
  // request answers 5xx, the rollback fails and tenancy.ts releases the client as broken.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool });
  return { db, pool, close: () => pool.end() };
}
