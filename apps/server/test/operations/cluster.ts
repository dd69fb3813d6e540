import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort, LOOPBACK_SERVER_OPTIONS } from '../../src/platform/db/embedded-postgres.js';
import { findPostgresBinaries } from '../../src/platform/db/postgres-binaries.js';
import {
  ensurePostgresUser,
  initialiseCluster,
  startPostmaster,
  type Cluster,
  type Postmaster,
} from '../../src/platform/db/postgres-process.js';

/**
 * A PostgreSQL cluster of the test's own (the embedded binaries, started as the app starts them),
 * so that the test may start several servers on it, provision roles in it, and kill it with
 * SIGKILL without touching the run's shared cluster. It keeps its port across restarts: servers
 * pointed at it reconnect to the same URL.
 */
export type OwnCluster = {
  url: (database?: string) => string;
  /** kill -9 of the postmaster; resolves once it and every backend it had are gone. */
  kill: () => Promise<{ backends: number }>;
  /** Starts it again on the same port (crash recovery runs when it was killed). */
  restart: () => Promise<void>;
  /** Stops it (fast shutdown) and removes its folder; safe to call more than once. */
  remove: () => Promise<void>;
};

const USER = 'postgres';
const quiet = () => undefined;

export async function startOwnCluster(prefix: string): Promise<OwnCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const isRoot = process.getuid?.() === 0;
  const cluster: Cluster = {
    binaries: await findPostgresBinaries(isRoot),
    dataDir: path.join(dir, 'cluster'),
    runAs: isRoot ? ensurePostgresUser() : undefined,
    log: { warn: quiet, debug: quiet },
  };
  const password = randomUUID().replaceAll('-', '');
  await initialiseCluster(cluster, USER, password, ['--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  // fsync stays on (the default): what a crash test proves must hold on a real disk's terms.
  const start = () => startPostmaster(cluster, port, LOOPBACK_SERVER_OPTIONS);
  let postmaster: Postmaster | undefined = await start();
  return {
    url: (database = 'postgres') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    kill: async () => {
      const pid = Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const backends = childrenOf(pid);
      process.kill(pid, 'SIGKILL');
      // Resolves once this process has reaped it: until then its pid answers as alive, and the
      // next postmaster would take the lock file for another one's.
      await postmaster?.stop();
      postmaster = undefined;
      // Backends notice their postmaster's death and exit by themselves; a new postmaster refuses
      // to start while one of them still holds the old shared memory.
      const deadline = Date.now() + 15_000;
      while ([pid, ...backends].some(isAlive)) {
        if (Date.now() > deadline)
          for (const child of backends.filter(isAlive)) process.kill(child, 'SIGKILL');
        await sleep(50);
      }
      return { backends: backends.length };
    },
    restart: async () => {
      postmaster = await start();
    },
    remove: async () => {
      await postmaster?.stop();
      postmaster = undefined;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs SQL as the cluster's superuser on one database (row-level security does not hide rows). */
export function sqlOn(url: string): {
  sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  close: () => Promise<void>;
} {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  // Its connections die with a killed cluster; the pool opens new ones.
  pool.on('error', () => undefined);
  return { sql: (text, values = []) => pool.query(text, values), close: () => pool.end() };
}

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 is the parent pid; the command name (field 2) is in parentheses and may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie answers signal 0 too: it is dead once its state says so.
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}
