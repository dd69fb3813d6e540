import { createReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { JOBS_SCHEMA } from '../jobs/job-queue.js';
import { APP_ROLE } from '../db/roles.js';
import {
  APP_SCHEMAS,
  COPY_SETTINGS,
  copyTableOut,
  listTables,
  qualified,
  type DumpTable,
} from './database-dump.repository.js';
import { limitCopyText } from './copy-text-limit.js';
import { BackupRefusal, type Manifest, type ManifestTable } from './manifest.js';

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: 'retail-backoffice restore' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Every table forces row-level security, so only a superuser or a BYPASSRLS role sees (and may
 * COPY into) every business's rows. Refused up front with the reason, rather than by PostgreSQL
 * half-way through.
 */
export async function assertSeesEveryRow(client: pg.ClientBase, what: 'back up' | 'restore'): Promise<void> {
  const { rows } = await client.query<{ name: string; rolsuper: boolean; rolbypassrls: boolean }>(
    'select rolname as name, rolsuper, rolbypassrls from pg_roles where rolname = current_user',
  );
  const role = rows[0];
  if (!role?.rolsuper && !role?.rolbypassrls)
    throw new BackupRefusal(
      `The role "${role?.name ?? '?'}" cannot ${what} every business's rows (the tables force row-level security): use a superuser, or give it BYPASSRLS.`,
    );
}

/** The target must hold none of the app's tables: a restore never overwrites. */
export async function assertEmptyDatabase(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await assertSeesEveryRow(client, 'restore');
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind in ('r', 'p')`,
      [APP_SCHEMAS],
    );
    if ((rows[0]?.count ?? 0) > 0)
      throw new BackupRefusal(
        `The target database already holds ${rows[0]?.count} tables of the app: restore into an empty database.`,
      );
  });
}

/**
 * app_tenant is global to the cluster, and a pg_dump archive grants to it and names it in its
 * policies: it must exist before pg_restore runs (migration 0001 creates it the same way).
 */
export async function ensureTenantRole(url: string): Promise<void> {
  await withClient(url, (client) =>
    client.query(`DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
    CREATE ROLE ${APP_ROLE} NOLOGIN NOBYPASSRLS NOINHERIT;
  END IF;
END
$$`),
  );
}

/**
 * Builds the schema as it was when the backup was made: this release's migrations up to the
 * archive's last one, from a copy of the journal cut there (drizzle applies a folder's journal).
 */
export async function migrateToLevel(
  url: string,
  migrationsDir: string,
  entries: Array<{ tag: string }>,
  journal: Record<string, unknown>,
): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'backoffice-restore-migrations-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries)
      await copyFile(path.join(migrationsDir, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(drizzle({ client: pool }), { migrationsFolder: folder, migrationsSchema: 'drizzle' });
    } finally {
      await pool.end();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function sameShape(found: DumpTable[], expected: ManifestTable[]): string | null {
  const byName = new Map(found.map((t) => [`${t.schema}.${t.name}`, t]));
  for (const table of expected) {
    const here = byName.get(`${table.schema}.${table.name}`);
    if (!here) return `${table.schema}.${table.name} is missing`;
    if (here.columns.join(',') !== table.columns.join(','))
      return `${table.schema}.${table.name} has other columns (${here.columns.join(', ')})`;
    byName.delete(`${table.schema}.${table.name}`);
  }
  const extra = [...byName.keys()];
  return extra.length ? `${extra.join(', ')} ${extra.length > 1 ? 'are' : 'is'} not in the archive` : null;
}

/** A table's member into `target`, no more rows (and no longer ones) than its manifest says. */
async function copyMemberIn(
  client: pg.ClientBase,
  target: string,
  table: ManifestTable,
  file: string,
): Promise<void> {
  await pipeline(
    createReadStream(file),
    createGunzip(),
    limitCopyText(`${table.schema}.${table.name}`, table.rows),
    client.query(copyFrom(`COPY ${target} (${table.columns.map(quote).join(', ')}) FROM STDIN`)),
  );
}

async function setSequences(client: pg.ClientBase, sequences: Manifest['sequences']): Promise<void> {
  for (const sequence of sequences)
    await client.query('select setval($1::regclass, $2::bigint, $3)', [
      qualified(sequence),
      sequence.lastValue,
      sequence.isCalled,
    ]);
}

/**
 * Each table's content digest in the target against the manifest's: the restore proves it holds
 * what the snapshot held, row for row. Answers the tables that differ.
 */
async function differingTables(client: pg.ClientBase, tables: ManifestTable[]): Promise<string[]> {
  const differing: string[] = [];
  for (const table of tables) {
    const content = await copyTableOut(client, table, null);
    if (content.rows !== table.rows || content.sha256 !== table.contentSha256)
      differing.push(`${table.schema}.${table.name} (${content.rows} rows, the archive ${table.rows})`);
  }
  return differing;
}

async function inTransaction(url: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(COPY_SETTINGS);
    await client.query('BEGIN');
    try {
      await work(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

function assertVerified(differing: string[]): void {
  if (differing.length)
    throw new Error(`The restored rows differ from the archive's: ${differing.slice(0, 3).join('; ')}.`);
}

/**
 * Loads the app's and drizzle's tables of an app-copy archive into the schema migrateToLevel
 * built, in one transaction, and checks them against the manifest before it commits. The seed
 * rows the migrations wrote are replaced by the archive's. User triggers are off while loading
 * (the rows come with their consequences already: a low-stock check would raise its alerts a
 * second time); foreign keys stay checked, which the load order satisfies.
 */
export async function loadAppTables(
  url: string,
  manifest: Manifest,
  memberFile: (name: string) => string,
): Promise<void> {
  const tables = manifest.tables.filter((t) => t.schema !== JOBS_SCHEMA);
  await inTransaction(url, async (client) => {
    const mismatch = sameShape(
      (await listTables(client)).filter((t) => t.schema !== JOBS_SCHEMA),
      tables,
    );
    if (mismatch)
      throw new Error(
        `The schema this release builds at the archive's migration differs from the archive's: ${mismatch}.`,
      );
    const targets = tables.map(qualified);
    for (const target of targets) await client.query(`ALTER TABLE ${target} DISABLE TRIGGER USER`);
    await client.query(`TRUNCATE ${targets.join(', ')}`);
    for (const table of tables) {
      if (!table.member) throw new Error(`The manifest names no member for ${table.schema}.${table.name}.`);
      await copyMemberIn(client, qualified(table), table, memberFile(table.member));
    }
    for (const target of targets) await client.query(`ALTER TABLE ${target} ENABLE TRIGGER USER`);
    await setSequences(
      client,
      manifest.sequences.filter((s) => s.schema !== JOBS_SCHEMA),
    );
    assertVerified(await differingTables(client, tables));
  });
}

/**
 * Loads the job queue's tables of an app-copy archive into the schema pg-boss installed. A queue
 * is a row plus its own partition of the job table, so queues are made through pg-boss's own
 * create_queue and then given the archive's values; jobs, schedules and the rest are copied.
 */
export async function loadJobQueueTables(
  url: string,
  manifest: Manifest,
  memberFile: (name: string) => string,
): Promise<void> {
  const tables = manifest.tables.filter((t) => t.schema === JOBS_SCHEMA);
  const s = quote(JOBS_SCHEMA);
  await inTransaction(url, async (client) => {
    // Only the job queue's own tables with columns they have: the manifest is the archive's word.
    const installed = new Map(
      (await listTables(client)).filter((t) => t.schema === JOBS_SCHEMA).map((t) => [t.name, t.columns]),
    );
    for (const table of tables) {
      const columns = installed.get(table.name);
      if (!columns || !table.columns.every((column) => columns.includes(column)))
        throw new BackupRefusal(
          `The archive's manifest names ${JSON.stringify(`${table.schema}.${table.name}`)}, which is not a table of the job queue (or not with these columns): it was altered.`,
        );
    }
    for (const table of tables) {
      if (!table.member) throw new Error(`The manifest names no member for ${table.schema}.${table.name}.`);
      if (table.name !== 'queue') continue;
      await client.query(`CREATE TEMP TABLE restored_queue (LIKE ${s}.queue) ON COMMIT DROP`);
      await copyMemberIn(client, 'restored_queue', table, memberFile(table.member));
      await client.query(`SELECT ${s}.create_queue(name, '{}'::json) FROM restored_queue ORDER BY name`);
      const values = table.columns.filter((c) => c !== 'name').map(quote);
      if (values.length)
        await client.query(
          `UPDATE ${s}.queue q SET (${values.join(', ')}) = (SELECT ${values.map((c) => `r.${c}`).join(', ')})
           FROM restored_queue r WHERE q.name = r.name`,
        );
    }
    for (const table of tables) {
      if (table.name === 'queue' || !table.member) continue;
      await copyMemberIn(client, qualified(table), table, memberFile(table.member));
    }
    await setSequences(
      client,
      manifest.sequences.filter((sq) => sq.schema === JOBS_SCHEMA),
    );
    assertVerified(await differingTables(client, tables));
  });
}

/** After pg_restore: the content of every table the manifest names equals the snapshot's. */
export async function verifyRestoredTables(url: string, manifest: Manifest): Promise<void> {
  await inTransaction(url, async (client) => assertVerified(await differingTables(client, manifest.tables)));
}
