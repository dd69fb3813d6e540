import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../../src/platform/db/embedded-postgres.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'start-cluster-and-hang.ts');
const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let root: string;
const clusters: EmbeddedCluster[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'backoffice-embedded-pg-'));
});
afterAll(async () => {
  for (const cluster of clusters) await cluster.stop().catch(() => undefined);
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A postgres left behind by a failed test must not outlive the run.
  for (const dir of ['restart', 'crash']) {
    const pid = postmasterPid(path.join(root, dir));
    if (pid && isAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    }
  }
  await rm(root, { recursive: true, force: true });
}, 60_000);

async function start(dir: string): Promise<EmbeddedCluster> {
  const cluster = await startEmbeddedPostgres(dir, quiet);
  clusters.push(cluster);
  return cluster;
}

async function stop(cluster: EmbeddedCluster): Promise<void> {
  await cluster.stop();
  clusters.splice(clusters.indexOf(cluster), 1);
}

async function query<T extends pg.QueryResultRow>(
  cluster: EmbeddedCluster,
  text: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

function postmasterPid(dir: string): number | undefined {
  const file = path.join(dir, 'cluster', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]) || undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts the fixture in a child process and resolves with the postmaster pid it prints. */
function startCrashingChild(dir: string): Promise<{ child: ChildProcess; postmasterPid: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', FIXTURE, dir], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /^ready (\d+)$/m.exec(stdout);
      if (match) resolve({ child, postmasterPid: Number(match[1]) });
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      reject(new Error(`the child exited (${code}) before it was ready: ${stderr}`)),
    );
  });
}

function exitOf(child: ChildProcess): Promise<NodeJS.Signals | number | null> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve(child.signalCode ?? child.exitCode);
  // 'exit', not 'close': the orphaned postgres still holds the child's stdio pipes open.
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
}

describe('startEmbeddedPostgres', () => {
  describe('restart', () => {
    it('keeps the data across a stop and a start', { timeout: 60_000 }, async () => {
      const dir = path.join(root, 'restart');
      const first = await start(dir);
      await query(first, 'create table notes (id int primary key, note text not null)');
      await query(first, "insert into notes values (1, 'kept across restarts')");
      await stop(first);
      expect(existsSync(path.join(dir, 'cluster', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(dir, 'server.owner'))).toBe(false);

      const second = await start(dir);
      expect(await query(second, 'select id, note from notes')).toEqual([
        { id: 1, note: 'kept across restarts' },
      ]);
      await stop(second);
    });

    it(
      'keeps the password of the data directory, so old URLs still authenticate',
      { timeout: 60_000 },
      async () => {
        const dir = path.join(root, 'restart');
        const cluster = await start(dir);
        const password = new URL(cluster.url()).password;
        expect(password).toBe(readFileSync(path.join(dir, 'password'), 'utf8').trim());
        expect(cluster.url('shop')).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/shop$/);
        const wrong = new URL(cluster.url());
        wrong.password = 'wrong-password';
        const client = new pg.Client({ connectionString: wrong.toString() });
        await expect(client.connect()).rejects.toThrow(/password authentication failed/);
        await client.end().catch(() => undefined);
        await stop(cluster);
      },
    );
  });

  describe('crash', () => {
    it(
      'stops the orphan of a process killed with -9 and starts with its data',
      { timeout: 90_000 },
      async () => {
        const dir = path.join(root, 'crash');
        const { child, postmasterPid: orphanPid } = await startCrashingChild(dir);
        child.kill('SIGKILL');
        expect(await exitOf(child)).toBe('SIGKILL');
        // The crash leaves postgres running, holding the data directory.
        expect(isAlive(orphanPid)).toBe(true);
        expect(postmasterPid(dir)).toBe(orphanPid);

        const cluster = await start(dir);
        expect(isAlive(orphanPid)).toBe(false);
        expect(postmasterPid(dir)).not.toBe(orphanPid);
        expect(await query(cluster, 'select note from crash_notes')).toEqual([
          { note: 'written before the crash' },
        ]);
        expect(readFileSync(path.join(dir, 'server.owner'), 'utf8')).toBe(String(process.pid));
        await stop(cluster);
      },
    );

    it('refuses a data directory whose owning server is still alive', { timeout: 90_000 }, async () => {
      const dir = path.join(root, 'crash');
      const { child, postmasterPid: pid } = await startCrashingChild(dir);
      try {
        await expect(startEmbeddedPostgres(dir, quiet)).rejects.toThrow(
          /Another server \(pid \d+\) is using the database/,
        );
        expect(isAlive(pid)).toBe(true);
      } finally {
        child.kill('SIGKILL');
        await exitOf(child);
      }
      // Clean up through the normal path: the next start stops the orphan.
      const cluster = await start(dir);
      expect(await query(cluster, 'select count(*)::int as n from crash_notes')).toEqual([{ n: 2 }]);
      await stop(cluster);
    });
  });
});
