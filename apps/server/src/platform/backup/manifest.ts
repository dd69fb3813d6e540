import { z } from 'zod';
import type { ExtractedMember } from './tar.js';

/** What `manifest.json` says; the first member of every archive. */
export const MANIFEST_MEMBER = 'manifest.json';
export const ARCHIVE_KIND = 'retail-backoffice-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * The two ways the database is kept. `pg_dump-custom`: one member, `database/pg_dump.custom`, made
 * by pg_dump --format=custom from the backup's snapshot. `app-copy`: the app's own dump, one
 * gzipped COPY text member per table (`database/tables/NNN-schema.table.copy.gz`, NNN the load
 * order, which is foreign-key safe), with the sequences' values in the manifest.
 */
export const DUMP_FORMATS = ['pg_dump-custom', 'app-copy'] as const;
export type DumpFormat = (typeof DUMP_FORMATS)[number];

const ZTable = z.object({
  schema: z.string(),
  name: z.string(),
  /** The columns dumped and digested, in order (generated columns are left out: they are derived). */
  columns: z.array(z.string()),
  /** The ORDER BY of the digest (the primary key; the whole row as text without one). */
  orderBy: z.array(z.string()),
  rows: z.number().int().nonnegative(),
  /** sha256 of `COPY (SELECT columns FROM table ORDER BY orderBy) TO STDOUT` in the snapshot. */
  contentSha256: z.string(),
  /** app-copy only: the member holding the rows. */
  member: z.string().optional(),
});

const ZManifest = z.object({
  kind: z.literal(ARCHIVE_KIND),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.string(),
  postgres: z.object({ serverVersion: z.string(), serverVersionNum: z.number().int() }),
  dump: z.object({ format: z.enum(DUMP_FORMATS), tool: z.string() }),
  migrations: z.object({
    count: z.number().int().nonnegative(),
    /** drizzle's created_at of the last applied migration: the journal's `when`. */
    lastCreatedAt: z.number().int().nullable(),
    lastTag: z.string().nullable(),
  }),
  jobQueue: z.object({ schema: z.string(), version: z.number().int().nullable() }),
  /** The source cluster's roles its policies and grants name, app_tenant aside (source-roles.repository.ts). */
  sourceRoles: z.array(z.string().min(1).max(63)).default([]),
  tables: z.array(ZTable),
  sequences: z.array(
    z.object({ schema: z.string(), name: z.string(), lastValue: z.string(), isCalled: z.boolean() }),
  ),
  blobs: z.object({
    storage: z.enum(['file', 'azure']),
    /** false: the blobs were left where they live (Azure), the archive holds none. */
    isIncluded: z.boolean(),
    count: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    note: z.string().optional(),
  }),
  /** Every other member of the archive with its size and sha256. */
  members: z.record(z.string(), z.object({ bytes: z.number().int().nonnegative(), sha256: z.string() })),
});

export type Manifest = z.infer<typeof ZManifest>;
export type ManifestTable = z.infer<typeof ZTable>;

export class BackupRefusal extends Error {}

export function parseManifest(text: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupRefusal('The archive has no readable manifest.json: it is not a backup of this app.');
  }
  const parsed = ZManifest.safeParse(json);
  if (!parsed.success) {
    const kind = (json as { kind?: unknown } | null)?.kind;
    throw new BackupRefusal(
      kind === ARCHIVE_KIND
        ? `The archive's manifest is of another format (${parsed.error.issues[0]?.path.join('.') ?? '?'}); a newer release may read it.`
        : 'The archive is not a backup of this app (its manifest.json says otherwise).',
    );
  }
  return parsed.data;
}

/**
 * Every member the manifest names is there with its size and sha256, and nothing else is: a
 * flipped byte, a cut or an added file refuses the whole archive before anything is restored.
 */
export function assertMembersMatch(manifest: Manifest, extracted: ExtractedMember[]): void {
  const found = new Map(extracted.filter((m) => m.name !== MANIFEST_MEMBER).map((m) => [m.name, m]));
  const problems: string[] = [];
  for (const [name, expected] of Object.entries(manifest.members)) {
    const member = found.get(name);
    if (!member) problems.push(`${name} is missing`);
    else if (member.bytes !== expected.bytes || member.sha256 !== expected.sha256)
      problems.push(`${name} does not match its checksum`);
    found.delete(name);
  }
  for (const name of found.keys()) problems.push(`${name} is not in the manifest`);
  if (problems.length)
    throw new BackupRefusal(
      `The archive is damaged: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? ` (and ${problems.length - 3} more)` : ''}.`,
    );
}

/**
 * The archive's database must be at a migration this release ships: a later one means the backup
 * was made by a newer release, whose schema this one cannot read or migrate. Answers the journal
 * entries to apply before the data is loaded (the archive's level), the rest come after.
 */
export function migrationsUpToArchive<E extends { when: number; tag: string }>(
  manifest: Manifest,
  journal: E[],
): E[] {
  const last = manifest.migrations.lastCreatedAt;
  if (last === null)
    throw new BackupRefusal('The archive holds a database without migrations: nothing to restore.');
  const newest = journal.at(-1);
  if (!newest || last > newest.when)
    throw new BackupRefusal(
      `The archive was made by a newer release (its last migration, ${manifest.migrations.lastTag ?? last}, is not in this release): restore it with that release or a later one.`,
    );
  const index = journal.findIndex((entry) => entry.when === last);
  if (index === -1)
    throw new BackupRefusal(
      `The archive's last migration (${manifest.migrations.lastTag ?? last}) is not one this release knows: restore it with the release that made it.`,
    );
  return journal.slice(0, index + 1);
}

/** A plain SQL identifier, as every name of the app's schema is: a manifest's names carry no SQL. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;
/** An ORDER BY term as listTables writes it: a quoted key column (in "C" when collatable). */
const KEY_TERM = /^"[A-Za-z_][A-Za-z0-9_$]{0,62}"(?: COLLATE "C")?$/;
/** listTables' order of a table without a key: the whole row as text. */
const WHOLE_ROW_TERM = 't::text COLLATE "C"';
/** Where the app-copy format keeps a table's rows (backup.ts). */
const TABLE_MEMBER = /^database\/tables\/[^/]+\.copy\.gz$/;

/**
 * The manifest's names are used to build SQL (tables, columns, the digest's ORDER BY, sequences)
 * and paths (a table's member): an archive travels and may have been altered, so each name must
 * be one the backup itself could have written. Quoting alone would not do: the ORDER BY terms are
 * expressions, and an expression can call any function the restoring superuser may (lo_export
 * writes files). A table's member must be one of the archive's checked members (a name outside
 * them would be read from anywhere on this machine). Refused in one line, before anything is
 * touched.
 */
export function assertManifestNames(manifest: Manifest, schemas: readonly string[]): void {
  const refuse = (what: string, value: unknown) => {
    const shown = JSON.stringify(value) ?? String(value);
    throw new BackupRefusal(
      `The archive's manifest names ${what} ${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown} that no backup of this app writes: it was altered, and nothing was restored.`,
    );
  };
  const seen = new Set<string>();
  for (const table of manifest.tables) {
    if (!schemas.includes(table.schema)) refuse('the schema', table.schema);
    if (!IDENTIFIER.test(table.name)) refuse('the table', table.name);
    const key = `${table.schema}.${table.name}`;
    if (seen.has(key)) refuse('twice the table', key);
    seen.add(key);
    for (const column of table.columns) if (!IDENTIFIER.test(column)) refuse('the column', column);
    if (table.orderBy.length === 0) refuse('an empty order for', key);
    for (const term of table.orderBy)
      if (term !== WHOLE_ROW_TERM && !KEY_TERM.test(term)) refuse('the order', term);
    if (
      table.member !== undefined &&
      (!TABLE_MEMBER.test(table.member) || !Object.hasOwn(manifest.members, table.member))
    )
      refuse('the member', table.member);
  }
  for (const sequence of manifest.sequences) {
    if (!schemas.includes(sequence.schema)) refuse('the schema', sequence.schema);
    if (!IDENTIFIER.test(sequence.name)) refuse('the sequence', sequence.name);
  }
}
