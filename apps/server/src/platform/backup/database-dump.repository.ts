import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { JOBS_SCHEMA } from '../jobs/job-queue.js';

/** The app's schemas: its tables, drizzle's journal of migrations, the job queue's. */
export const APP_SCHEMAS = ['public', 'drizzle', JOBS_SCHEMA] as const;

/**
 * pg-boss's own record of its schema version: made by pg-boss when the restore installs the job
 * queue, so it is neither dumped as a table nor loaded (the manifest keeps the number).
 */
const SKIPPED_TABLES = new Set([`${JOBS_SCHEMA}.version`]);

export type DumpTable = { schema: string; name: string; columns: string[]; orderBy: string[] };

export type TableContent = { rows: number; sha256: string };

/**
 * Settings that fix how COPY writes values, so that the same rows give the same text (and
 * digest) on the source and on a restored copy, whatever the server's or the role's defaults.
 * row_security off: a role subject to row-level security gets an error instead of a dump that
 * silently lacks the rows its policies hide (pg_dump does the same).
 */
export const COPY_SETTINGS = `
  SET datestyle = 'ISO, YMD'; SET intervalstyle = 'postgres'; SET timezone = 'UTC';
  SET extra_float_digits = 3; SET bytea_output = 'hex'; SET client_encoding = 'UTF8';
  SET row_security = off; SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0;
  SET lock_timeout = '30s'`;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export const qualified = (table: { schema: string; name: string }) =>
  `${quote(table.schema)}.${quote(table.name)}`;

/** The SELECT whose COPY text is a table's content: its stored columns, in a fixed order. */
export function contentQuery(table: DumpTable): string {
  const columns = table.columns.map(quote).join(', ');
  return `SELECT ${columns} FROM ${qualified(table)} AS t ORDER BY ${table.orderBy.join(', ')}`;
}

/**
 * The app's tables as the snapshot sees them, parents before children (the load order), each with
 * its stored columns (generated columns are derived, COPY cannot write them) and its order: the
 * primary key, text columns in the "C" collation so two servers with other collation libraries
 * sort alike; without a key, the whole row as text.
 */
export async function listTables(client: pg.ClientBase): Promise<DumpTable[]> {
  const { rows } = await client.query<{
    oid: number;
    schema: string;
    name: string;
    columns: string[];
    key_columns: Array<string | null> | null;
    key_collatable: Array<boolean | null> | null;
  }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
            (select array_agg(a.attname::text order by k.ord) from pg_index i
               cross join unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as key_columns,
            (select array_agg(a.attcollation <> 0 order by k.ord) from pg_index i
               cross join unnest(i.indkey) with ordinality as k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as key_collatable
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = any($1) and c.relkind in ('r', 'p') and not c.relispartition
     order by n.nspname, c.relname`,
    [APP_SCHEMAS],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select distinct coalesce(pg_partition_root(conrelid), conrelid)::oid::int as child,
            coalesce(pg_partition_root(confrelid), confrelid)::oid::int as parent
     from pg_constraint
     where contype = 'f' and connamespace in (select oid from pg_namespace where nspname = any($1))`,
    [APP_SCHEMAS],
  );
  const tables = rows
    .filter((row) => !SKIPPED_TABLES.has(`${row.schema}.${row.name}`))
    .map((row) => ({
      oid: row.oid,
      schema: row.schema,
      name: row.name,
      columns: row.columns,
      orderBy: row.key_columns?.length
        ? row.key_columns.map(
            (column, i) => `${quote(column ?? '')}${row.key_collatable?.[i] ? ' COLLATE "C"' : ''}`,
          )
        : ['t::text COLLATE "C"'],
    }));
  return orderParentsFirst(tables, references).map(({ oid: _oid, ...table }) => table);
}

/**
 * (A partition's foreign keys count as its root table's: the job queue's keys are on its
 * partitions, and the dump reads the root.)
 *
 * Kahn's order over the foreign keys (self-references ignored: a COPY checks them at its end), by
 * name among equals so that two dumps of one schema list tables alike. A cycle, which the schema
 * has none of, would leave its tables at the end in name order.
 */
export function orderParentsFirst<T extends { oid: number; schema: string; name: string }>(
  tables: T[],
  references: Array<{ child: number; parent: number }>,
): T[] {
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const parents = new Map(tables.map((table) => [table.oid, new Set<number>()]));
  for (const { child, parent } of references)
    if (child !== parent && byOid.has(child) && byOid.has(parent)) parents.get(child)?.add(parent);
  const ordered: T[] = [];
  const placed = new Set<number>();
  const byName = (a: T, b: T) => `${a.schema}.${a.name}`.localeCompare(`${b.schema}.${b.name}`);
  while (ordered.length < tables.length) {
    const ready = tables
      .filter((t) => !placed.has(t.oid) && [...(parents.get(t.oid) ?? [])].every((p) => placed.has(p)))
      .sort(byName);
    const next = ready.length ? ready : tables.filter((t) => !placed.has(t.oid)).sort(byName);
    for (const table of next) {
      placed.add(table.oid);
      ordered.push(table);
    }
  }
  return ordered;
}

/**
 * Streams a table's content (contentQuery as COPY text) into `sink`, or nowhere, and answers its
 * row count (COPY text writes one line per row, newlines inside values escaped) and sha256.
 */
export async function copyTableOut(
  client: pg.ClientBase,
  table: DumpTable,
  sink: Writable | null,
): Promise<TableContent> {
  const hash = createHash('sha256');
  let rows = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      for (const byte of chunk) if (byte === 0x0a) rows++;
      callback(null, chunk);
    },
  });
  const drain = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  await pipeline(client.query(copyTo(`COPY (${contentQuery(table)}) TO STDOUT`)), tap, sink ?? drain);
  return { rows, sha256: hash.digest('hex') };
}

export type Snapshot = {
  client: pg.Client;
  /** The exported snapshot's id, for `pg_dump --snapshot`: the dump sees exactly these rows. */
  snapshotId: string;
  serverVersion: string;
  serverVersionNum: number;
  tables: DumpTable[];
  sequences: Array<{ schema: string; name: string; lastValue: string; isCalled: boolean }>;
  migrations: { count: number; lastCreatedAt: number | null };
  jobQueueVersion: number | null;
  /** Ends the snapshot's transaction and the connection. */
  close: () => Promise<void>;
};

/**
 * One REPEATABLE READ, READ ONLY transaction: every table is read in the same snapshot, which is
 * exported for pg_dump, so writers carry on while the backup runs and it holds what was committed
 * at one instant. The tables are locked in ACCESS SHARE mode, as pg_dump locks them: writes go on,
 * a migration's ALTER waits until the backup is done.
 */
export async function openSnapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url, application_name: 'retail-backoffice backup' });
  await client.connect();
  try {
    await client.query(COPY_SETTINGS);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: exported } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const { rows: server } = await client.query<{ version: string; num: string }>(
      `select current_setting('server_version') as version, current_setting('server_version_num') as num`,
    );
    const { rows: hasJournal } = await client.query<{ found: boolean }>(
      `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
    );
    if (!hasJournal[0]?.found)
      throw new Error('The database has no drizzle.__drizzle_migrations: it is not a database of this app.');
    const tables = await listTables(client);
    if (tables.length)
      await client.query(`LOCK TABLE ${tables.map(qualified).join(', ')} IN ACCESS SHARE MODE`);
    const { rows: migration } = await client.query<{ count: number; last: string | null }>(
      'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    const { rows: sequenceNames } = await client.query<{ schema: string; name: string }>(
      `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'S' and n.nspname = any($1) order by 1, 2`,
      [APP_SCHEMAS],
    );
    const sequences = [];
    for (const sequence of sequenceNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text as last_value, is_called from ${qualified(sequence)}`,
      );
      sequences.push({
        ...sequence,
        lastValue: rows[0]?.last_value ?? '1',
        isCalled: rows[0]?.is_called ?? false,
      });
    }
    const { rows: queueTable } = await client.query<{ found: boolean }>(
      'select to_regclass($1) is not null as found',
      [`${JOBS_SCHEMA}.version`],
    );
    const jobQueueVersion = queueTable[0]?.found
      ? ((
          await client.query<{ version: number | null }>(
            `select max(version) as version from ${JOBS_SCHEMA}.version`,
          )
        ).rows[0]?.version ?? null)
      : null;
    return {
      client,
      snapshotId: exported[0]?.id ?? '',
      serverVersion: server[0]?.version ?? '',
      serverVersionNum: Number(server[0]?.num ?? 0),
      tables,
      sequences,
      migrations: {
        count: migration[0]?.count ?? 0,
        lastCreatedAt: migration[0]?.last ? Number(migration[0].last) : null,
      },
      jobQueueVersion,
      close: async () => {
        await client.query('COMMIT').catch(() => undefined);
        await client.end();
      },
    };
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}
