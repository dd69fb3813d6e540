import { createMissingRoles, dropRoles, handRolesToRestorer } from './source-roles.repository.js';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { assertSafeBlobName, IMAGE_CONTAINER } from '../blobs/blob-storage.js';
import { connectDatabase } from '../db/database.js';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.js';
import { provisionRequestRole, requestRolePassword } from '../db/request-role.js';
import { PG_DUMP_MEMBER } from './backup.js';
import { openRestoreTarget } from './cluster-access.js';
import { APP_SCHEMAS } from './database-dump.repository.js';
import {
  assertEmptyDatabase,
  ensureTenantRole,
  loadAppTables,
  loadJobQueueTables,
  migrateToLevel,
  verifyRestoredTables,
} from './database-load.repository.js';
import {
  assertManifestNames,
  assertMembersMatch,
  BackupRefusal,
  MANIFEST_MEMBER,
  migrationsUpToArchive,
  parseManifest,
  type Manifest,
} from './manifest.js';
import { findPostgresTool, parseToolVersion, runPostgresTool } from './postgres-tools.js';
import { extractTar, TarFormatError } from './tar.js';

type Log = { info: (m: string) => void; warn: (m: string) => void; debug: (m: string) => void };

export type RestoreResult = { manifest: Manifest; target: string; migrationsApplied: number; ms: number };

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> } & Record<string, unknown>;

/**
 * Restores an archive into an empty place (see openRestoreTarget), then migrates it forward and
 * provisions the request role as a server start would. The archive is unpacked into a hidden
 * folder of DATA_DIR and checked whole (every member's checksum, the release's journal, the
 * client program a pg_dump archive needs) before the target is touched.
 */
export async function restoreBackup(options: {
  config: Config;
  file: string;
  log: Log;
}): Promise<RestoreResult> {
  const started = Date.now();
  const { config, log } = options;
  const file = path.resolve(options.file);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefusal(`No such archive: ${file}.`);
  await mkdir(config.dataDir, { recursive: true });
  const unpacked = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    let extracted;
    try {
      extracted = await extractTar(file, unpacked);
    } catch (error) {
      if (error instanceof TarFormatError || (error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupRefusal(`${file} is not a readable backup archive (${(error as Error).message}).`);
      throw error;
    }
    const manifestMember = extracted.find((member) => member.name === MANIFEST_MEMBER);
    if (!manifestMember)
      throw new BackupRefusal(`${file} is not a backup of this app: it has no manifest.json.`);
    const manifest = parseManifest(await readFile(manifestMember.file, 'utf8'));
    assertMembersMatch(manifest, extracted);
    assertManifestNames(manifest, APP_SCHEMAS);
    if (config.azureStorageConnectionString) assertAppContainers(manifest);
    const memberFile = (name: string) => path.join(unpacked, ...name.split('/'));

    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const atArchiveLevel = migrationsUpToArchive(manifest, journal.entries);

    let pgRestore: string | undefined;
    if (manifest.dump.format === 'pg_dump-custom') {
      const major = parseToolVersion(manifest.dump.tool)?.major ?? 0;
      const found = await findPostgresTool('pg_restore', major);
      if (!found.tool)
        throw new BackupRefusal(
          `The archive's database is in pg_dump's custom format (${manifest.dump.tool}): it needs pg_restore of PostgreSQL ${major} or later, and none was found (PG_BIN_DIR, PATH, /usr/lib/postgresql/*/bin; seen: ${found.seen.join(', ') || 'none'}).`,
        );
      pgRestore = found.tool.file;
    }

    const target = await openRestoreTarget(config, log, { hasBlobs: manifest.blobs.count > 0 });
    let isDone = false;
    let isTouched = false;
    try {
      await assertEmptyDatabase(target.url);
      isTouched = true;
      if (pgRestore) {
        await ensureTenantRole(target.url);
        // The source's roles named in policies and grants: made for the while where missing, then
        // the policies name the restoring owner (source-roles.repository.ts).
        const madeRoles = await createMissingRoles(target.url, manifest.sourceRoles);
        try {
          // --no-owner: objects belong to the restoring owner, whoever owned them at the source.
          await runPostgresTool(
            pgRestore,
            ['--no-owner', '--exit-on-error', '--single-transaction', memberFile(PG_DUMP_MEMBER)],
            target.url,
          );
          await handRolesToRestorer(target.url, manifest.sourceRoles, madeRoles);
        } catch (error) {
          await dropRoles(target.url, madeRoles).catch(() => undefined);
          throw error;
        }
        await verifyRestoredTables(target.url, manifest);
      } else {
        await migrateToLevel(target.url, MIGRATIONS_DIR, atArchiveLevel, journal);
        await loadAppTables(target.url, manifest, memberFile);
      }
      // Forward to this release, the job queue's schema with it, as a server start does.
      const owner = connectDatabase(target.url, { max: 2 });
      try {
        await runMigrations(owner.db);
      } finally {
        await owner.close();
      }
      if (!pgRestore) await loadJobQueueTables(target.url, manifest, memberFile);
      if (!(config.databaseUrl && config.databaseAppUrl))
        await provisionRequestRole(target.url, requestRolePassword(config.jwtSecret));
      await restoreBlobs(config, manifest, unpacked);
      isDone = true;
    } catch (error) {
      if (!isDone) await target.discard().catch(() => undefined);
      // A refusal found half-way (a member that is not what its manifest says) says so too.
      if (config.databaseUrl && error instanceof BackupRefusal && isTouched)
        throw new BackupRefusal(
          `${error.message} The target database may hold part of the restore: drop and create it again before you retry.`,
        );
      if (config.databaseUrl && !(error instanceof BackupRefusal))
        throw new Error(
          `${error instanceof Error ? error.message : String(error)} The target database may hold part of the restore: drop and create it again before you retry.`,
          { cause: error },
        );
      throw error;
    } finally {
      await target.close();
    }
    return {
      manifest,
      target: target.how,
      migrationsApplied: journal.entries.length - atArchiveLevel.length,
      ms: Date.now() - started,
    };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}

/**
 * The archive's blobs go where this configuration keeps them: into DATA_DIR/blobs (moved out of
 * the unpacked folder, same file system), or, with AZURE_STORAGE_CONNECTION_STRING, uploaded into
 * the containers of the same names.
 */
async function restoreBlobs(config: Config, manifest: Manifest, unpacked: string): Promise<void> {
  if (!manifest.blobs.isIncluded || manifest.blobs.count === 0) return;
  const from = path.join(unpacked, 'blobs');
  if (config.azureStorageConnectionString) {
    const { createAzureBlobStorage } = await import('../blobs/azure-blob-storage.js');
    const storage = createAzureBlobStorage(config.azureStorageConnectionString);
    const names = Object.keys(manifest.members).filter((name) => name.startsWith('blobs/'));
    for (const name of names) {
      const [container = '', ...rest] = name.slice('blobs/'.length).split('/');
      const data = await readFile(path.join(unpacked, ...name.split('/')));
      await storage.put(container, rest.join('/'), data, contentTypeOf(name));
    }
    return;
  }
  const to = path.join(config.dataDir, 'blobs');
  if (!existsSync(to)) {
    await rename(from, to);
    return;
  }
  await cp(from, to, { recursive: true, errorOnExist: true, force: false });
}

/**
 * With Azure, the blobs are uploaded into the containers their names begin with: only the app's
 * own (a tampered archive must not write into other containers of the storage account), under
 * names the storage would accept. (Into DATA_DIR/blobs, the unpacked folder already confines them.)
 */
function assertAppContainers(manifest: Manifest): void {
  for (const name of Object.keys(manifest.members)) {
    if (!name.startsWith('blobs/')) continue;
    const [container = '', ...rest] = name.slice('blobs/'.length).split('/');
    let isSafe = container === IMAGE_CONTAINER;
    try {
      assertSafeBlobName(container, rest.join('/'));
    } catch {
      isSafe = false;
    }
    if (!isSafe)
      throw new BackupRefusal(
        `The archive's blob ${JSON.stringify(name.slice(0, 120))} is not in the app's container ${IMAGE_CONTAINER}: it was altered, and nothing was restored.`,
      );
  }
}

/** The types the file storage answers by extension (blob-storage.ts), which Azure keeps per blob. */
function contentTypeOf(name: string): string {
  const types: Record<string, string> = {
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
    '.webp': 'image/webp',
    '.pdf': 'application/pdf',
  };
  return types[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}
