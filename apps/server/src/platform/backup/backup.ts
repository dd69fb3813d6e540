import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Config } from '../config.js';
import { MIGRATIONS_DIR } from '../db/migrate.js';
import { openSourceDatabase } from './cluster-access.js';
import { copyTableOut, openSnapshot, type Snapshot } from './database-dump.repository.js';
import { sourceRoleNames } from './source-roles.repository.js';
import { assertSeesEveryRow } from './database-load.repository.js';
import {
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_KIND,
  BackupRefusal,
  MANIFEST_MEMBER,
  type Manifest,
} from './manifest.js';
import { findPostgresTool, runPostgresTool } from './postgres-tools.js';
import { writeTar } from './tar.js';

type Log = { info: (m: string) => void; warn: (m: string) => void; debug: (m: string) => void };

export type FormatChoice = 'auto' | 'app' | 'custom';

export type BackupOptions = {
  config: Config;
  /** A file to write, or an existing folder to write the default name into; default DATA_DIR/backups. */
  out?: string;
  /** auto: pg_dump's custom format when a pg_dump at least as new as the server is found, else the app's. */
  format?: FormatChoice;
  log: Log;
  now?: () => Date;
};

export type BackupResult = { file: string; bytes: number; manifest: Manifest; source: string; ms: number };

export const PG_DUMP_MEMBER = 'database/pg_dump.custom';

/** apps/server/package.json, found from this file whether it runs from src/ or dist/ (same depth). */
const PACKAGE_JSON = path.resolve(import.meta.dirname, '../../../package.json');

export function appRelease(): { name: string; version: string } {
  const { name, version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as {
    name: string;
    version: string;
  };
  return { name, version };
}

/** backup-20260521T093000Z.tar: sorts by time, no characters a file system or shell minds. */
export function defaultArchiveName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar`;
}

export function archivePath(config: Config, out: string | undefined, at: Date): string {
  if (!out) return path.join(config.dataDir, 'backups', defaultArchiveName(at));
  const resolved = path.resolve(out);
  return existsSync(resolved) && statSync(resolved).isDirectory()
    ? path.join(resolved, defaultArchiveName(at))
    : resolved;
}

/**
 * Writes one archive: the database as of one snapshot, the blobs, and the manifest that names
 * every member with its checksum. Everything is staged in a folder beside the archive and the
 * archive is written under a temporary name, then renamed: a failed or interrupted backup never
 * leaves a file that looks complete.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const started = Date.now();
  const at = (options.now ?? (() => new Date()))();
  const file = archivePath(options.config, options.out, at);
  if (existsSync(file)) throw new BackupRefusal(`${file} already exists: a backup never overwrites a file.`);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(path.dirname(file), '.backup-staging-'));
  const partial = `${file}.partial`;
  try {
    const source = await openSourceDatabase(options.config, options.log);
    let database: Awaited<ReturnType<typeof dumpDatabase>>;
    try {
      database = await dumpDatabase(source.url, staging, options.format ?? 'auto');
    } finally {
      await source.close();
    }
    // After the snapshot: a blob stored since then is an extra file no row names (harmless); only
    // one deleted in between would be missing, and blobs are deleted only with their business.
    const blobs = await stageBlobs(options.config, staging);
    const members: Manifest['members'] = {};
    for (const name of [...database.members, ...blobs.members])
      members[name] = await digestFile(path.join(staging, name));
    const manifest: Manifest = {
      kind: ARCHIVE_KIND,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      app: appRelease(),
      createdAt: at.toISOString(),
      postgres: {
        serverVersion: database.snapshot.serverVersion,
        serverVersionNum: database.snapshot.serverVersionNum,
      },
      dump: database.dump,
      migrations: {
        ...database.snapshot.migrations,
        lastTag: lastTag(database.snapshot.migrations.lastCreatedAt),
      },
      jobQueue: { schema: 'pgboss', version: database.snapshot.jobQueueVersion },
      sourceRoles: database.sourceRoles,
      tables: database.tables,
      sequences: database.snapshot.sequences,
      blobs: blobs.summary,
      members,
    };
    await writeFile(path.join(staging, MANIFEST_MEMBER), `${JSON.stringify(manifest, null, 2)}\n`);
    await writeTar(
      partial,
      [MANIFEST_MEMBER, ...database.members, ...blobs.members].map((name) => ({
        name,
        file: path.join(staging, name),
      })),
    );
    await rename(partial, file);
    const { size } = await stat(file);
    return { file, bytes: size, manifest, source: source.how, ms: Date.now() - started };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

type SnapshotFacts = Omit<Snapshot, 'client' | 'close' | 'tables'>;

async function dumpDatabase(
  url: string,
  staging: string,
  format: FormatChoice,
): Promise<{
  snapshot: SnapshotFacts;
  dump: Manifest['dump'];
  tables: Manifest['tables'];
  members: string[];
  sourceRoles: string[];
}> {
  const snapshot = await openSnapshot(url);
  try {
    await assertSeesEveryRow(snapshot.client, 'back up');
    const serverMajor = Math.floor(snapshot.serverVersionNum / 10_000);
    const pgDump = format === 'app' ? null : await findPostgresTool('pg_dump', serverMajor);
    if (format === 'custom' && !pgDump?.tool)
      throw new BackupRefusal(
        `No pg_dump of PostgreSQL ${serverMajor} or later was found (PG_BIN_DIR, PATH, /usr/lib/postgresql/*/bin; seen: ${pgDump?.seen.join(', ') || 'none'}): install one, or leave out --format=custom for the app's own dump.`,
      );
    await mkdir(path.join(staging, 'database', 'tables'), { recursive: true });
    const tables: Manifest['tables'] = [];
    const members: string[] = [];
    let dump: Manifest['dump'];
    if (pgDump?.tool) {
      // pg_dump reads the exported snapshot while this transaction, which must stay open until it
      // has, digests the same rows for the manifest.
      const dumped = runPostgresTool(
        pgDump.tool.file,
        [
          '--format=custom',
          `--snapshot=${snapshot.snapshotId}`,
          `--file=${path.join(staging, PG_DUMP_MEMBER)}`,
        ],
        url,
      );
      dumped.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
      for (const table of snapshot.tables) {
        const content = await copyTableOut(snapshot.client, table, null);
        tables.push({ ...table, rows: content.rows, contentSha256: content.sha256 });
      }
      await dumped;
      members.push(PG_DUMP_MEMBER);
      dump = { format: 'pg_dump-custom', tool: pgDump.tool.version };
    } else {
      for (const [index, table] of snapshot.tables.entries()) {
        const member = `database/tables/${String(index + 1).padStart(3, '0')}-${table.schema}.${table.name}.copy.gz`;
        const gzip = createGzip({ level: 3 });
        const written = pipeline(gzip, createWriteStream(path.join(staging, member)));
        const content = await copyTableOut(snapshot.client, table, gzip);
        await written;
        tables.push({ ...table, rows: content.rows, contentSha256: content.sha256, member });
        members.push(member);
      }
      dump = { format: 'app-copy', tool: `app-copy ${ARCHIVE_FORMAT_VERSION} (COPY text, gzip)` };
    }
    const { client: _client, close: _close, tables: _tables, ...facts } = snapshot;
    return {
      snapshot: facts,
      dump,
      tables: tables.map(({ schema, name, columns, orderBy, rows, contentSha256, member }) => ({
        schema,
        name,
        columns,
        orderBy,
        rows,
        contentSha256,
        ...(member ? { member } : {}),
      })),
      members,
      sourceRoles: await sourceRoleNames(snapshot.client),
    };
  } finally {
    await snapshot.close();
  }
}

/** The blob files (file storage), linked into the staging folder (copied across file systems). */
async function stageBlobs(
  config: Config,
  staging: string,
): Promise<{ summary: Manifest['blobs']; members: string[] }> {
  if (config.azureStorageConnectionString)
    return {
      summary: {
        storage: 'azure',
        isIncluded: false,
        count: 0,
        bytes: 0,
        note: 'The blobs live in Azure Blob Storage and were left there: back the storage account up with its own tools (soft delete, versioning, or AzCopy).',
      },
      members: [],
    };
  const root = path.join(config.dataDir, 'blobs');
  const names = existsSync(root)
    ? (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .sort()
    : [];
  let bytes = 0;
  const members: string[] = [];
  for (const name of names) {
    const from = path.join(root, ...name.split('/'));
    const member = `blobs/${name}`;
    const to = path.join(staging, ...member.split('/'));
    await mkdir(path.dirname(to), { recursive: true });
    try {
      // A link keeps the bytes even if the blob is deleted before the archive is written.
      await link(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted since it was listed
      await copyFile(from, to);
    }
    bytes += (await stat(to)).size;
    members.push(member);
  }
  return { summary: { storage: 'file', isIncluded: true, count: members.length, bytes }, members };
}

async function digestFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

function lastTag(when: number | null): string | null {
  if (when === null) return null;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number; tag: string }>;
  };
  return journal.entries.find((entry) => entry.when === when)?.tag ?? null;
}
