import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import { JOBS_SCHEMA } from '../jobs/job-queue.js';
import type { Db } from './database.js';
import { APP_ROLE } from './roles.js';

/** apps/server/migrations, found from this file whether it runs from src/ or dist/ (same depth). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');

/**
 * The drizzle migrations, then the job queue's schema: pg-boss installs it, or upgrades it from
 * an older pg-boss release, itself (under its advisory lock, so concurrent starts are safe). The
 * test template database is made here too, so every test database already has the queue.
 */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' });
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.$client.query(text, values) },
    schema: JOBS_SCHEMA,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  // start() with migrate creates or upgrades the schema; nothing else runs (no workers, no timers).
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await grantJobInsertToRequestRole(db);
}

/**
 * Mail is queued inside the transaction that decides it, and those transactions run as APP_ROLE.
 * pg-boss's send() is one statement:
 *
 *   INSERT INTO pgboss.job (id, name, data, priority, start_after, singleton_key, singleton_on,
 *     dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
 *   SELECT ... FROM (VALUES ...) j JOIN pgboss.queue q ON j.name = q.name
 *   ON CONFLICT DO NOTHING RETURNING id
 *
 * so the request role gets exactly that: USAGE on the schema, INSERT on those job columns (the
 * parent table; rows are routed to the queue's partition without a check on it), SELECT on the
 * queue columns the statement reads, and SELECT on job.id alone for RETURNING. It cannot read a
 * job's data (the rendered mails hold links, which are secrets), change or delete jobs, or fetch
 * them: workers run as the owner. GRANT is idempotent, so this runs at every start, and again
 * after a pg-boss upgrade.
 */
async function grantJobInsertToRequestRole(db: Db): Promise<void> {
  const s = JOBS_SCHEMA;
  await db.$client.query(`
    GRANT USAGE ON SCHEMA ${s} TO ${APP_ROLE};
    GRANT INSERT (id, name, data, priority, start_after, singleton_key, singleton_on, dead_letter,
      expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy) ON ${s}.job TO ${APP_ROLE};
    GRANT SELECT (id) ON ${s}.job TO ${APP_ROLE};
    GRANT SELECT (name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds,
      retention_minutes, dead_letter) ON ${s}.queue TO ${APP_ROLE};
  `);
}

/**
 * The advisory lock every server takes around its start-up writes (the migrations, pg-boss's
 * schema, the grants, the request role). drizzle's migrator takes no lock: two processes starting
 * together on a fresh database both read "nothing applied" and run the same migration, and two
 * `CREATE ROLE`, `ALTER ROLE` or `GRANT` at once fail with "tuple concurrently updated". Any fixed
 * 64-bit key does ("retail" in ASCII); pg-boss's own locks use keys hashed from its schema name.
 */
const START_UP_LOCK_KEY = 0x72657461696cn;

/**
 * Runs `work` while holding the start-up lock of this database: servers started together (several
 * processes behind a balancer, a rolling deploy) migrate and provision one after the other, and
 * the later ones find everything done. A session-level lock on one connection of `pool`, so a
 * process killed while holding it releases it with its connection.
 */
export async function withStartUpLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_UP_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

/** The `when` of each migration this release ships: read from its journal once, on first demand. */
let releaseMigrations: Promise<number[]> | undefined;

/**
 * How many migrations of this release the database lacks (0 when it is up to date): the journal's
 * entries newer than the last one drizzle recorded. A readiness check, so it reads and never writes;
 * a balancer asks often, so the journal (fixed for the release) is read from disk only once.
 */
export async function missingMigrations(db: Db): Promise<number> {
  releaseMigrations ??= readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')
    .then((text) =>
      (JSON.parse(text) as { entries: Array<{ when: number }> }).entries.map((entry) => entry.when),
    )
    .catch((error: unknown) => {
      // A failed read is tried again by the next check, not remembered.
      releaseMigrations = undefined;
      throw error;
    });
  const [shipped, result] = await Promise.all([
    releaseMigrations,
    db.$client.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    ),
  ]);
  const last = Number(result.rows[0]?.last ?? 0);
  return shipped.filter((when) => when > last).length;
}
