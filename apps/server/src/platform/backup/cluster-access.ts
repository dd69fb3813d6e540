import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import { isAlive, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { BackupRefusal } from './manifest.js';

type Log = { info: (m: string) => void; warn: (m: string) => void; debug: (m: string) => void };

export type OwnerConnection = {
  /** The owner's URL (the embedded cluster's superuser, or DATABASE_URL). */
  url: string;
  /** How the database was reached, for the report line. */
  how: string;
  /** Stops what this run started (an embedded cluster); nothing otherwise. */
  close: () => Promise<void>;
};

/** The lines of postmaster.pid we read: 1 the pid, 4 the port, 8 the status (PostgreSQL 10+). */
export function parsePostmasterPid(text: string): { pid: number; port: number; isReady: boolean } | null {
  const lines = text.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  return { pid, port, isReady: lines[7]?.trim() === 'ready' };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The database to back up, as the server would open it. With the embedded cluster, a running
 * server's cluster is used as it runs (its port from postmaster.pid, the superuser's password
 * kept beside it in DATA_DIR/pg/password: the same files the server reads); when none runs, the
 * cluster is started for the backup and stopped after it. While it runs for the backup, a
 * server starting on the same DATA_DIR refuses ("another server is using the database").
 */
export async function openSourceDatabase(config: Config, log: Log): Promise<OwnerConnection> {
  if (config.databaseUrl)
    return { url: config.databaseUrl, how: 'DATABASE_URL', close: async () => undefined };
  const dir = path.join(config.dataDir, 'pg');
  if (!existsSync(path.join(dir, 'cluster', 'PG_VERSION')))
    throw new BackupRefusal(`There is no database in ${dir}: nothing to back up (is DATA_DIR right?).`);
  const running = parsePostmasterPid(readText(path.join(dir, 'cluster', 'postmaster.pid')));
  if (running && isAlive(running.pid)) {
    if (!running.isReady)
      throw new BackupRefusal('The embedded PostgreSQL is starting or stopping: try again in a moment.');
    const password = readText(path.join(dir, 'password')).trim();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${running.port}/postgres`,
      how: `the running embedded PostgreSQL (port ${running.port})`,
      close: async () => undefined,
    };
  }
  const cluster = await startEmbeddedPostgres(dir, log);
  return { url: cluster.url(), how: 'the embedded PostgreSQL, started for the backup', close: cluster.stop };
}

/**
 * The place to restore into, which must be empty: with the embedded cluster, DATA_DIR/pg must
 * hold no cluster yet (a new one is initialised there, and removed again if the restore fails);
 * with DATABASE_URL the database is checked for tables later, on the connection. Either way
 * DATA_DIR/blobs must hold no file when the archive brings blobs.
 */
export async function openRestoreTarget(
  config: Config,
  log: Log,
  options: { hasBlobs: boolean },
): Promise<OwnerConnection & { discard: () => Promise<void> }> {
  const blobs = path.join(config.dataDir, 'blobs');
  if (options.hasBlobs && !config.azureStorageConnectionString && hasFiles(blobs))
    throw new BackupRefusal(`${blobs} already holds files: restore into an empty data folder.`);
  if (config.databaseUrl)
    return {
      url: config.databaseUrl,
      how: 'DATABASE_URL',
      close: async () => undefined,
      discard: async () => undefined,
    };
  const dir = path.join(config.dataDir, 'pg');
  if (existsSync(path.join(dir, 'cluster')))
    throw new BackupRefusal(`${dir} already holds a database: restore into an empty data folder.`);
  const cluster = await startEmbeddedPostgres(dir, log);
  return {
    url: cluster.url(),
    how: `a new embedded PostgreSQL in ${dir}`,
    close: cluster.stop,
    discard: async () => {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function hasFiles(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).some((entry) => entry.isFile());
}
