import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/platform/db/embedded-postgres.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** Every stdout line so far, parsed where it is JSON (pino). */
  log: () => Array<Record<string, unknown>>;
  stderr: () => string;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<number | NodeJS.Signals | null>;
};

export type Answer = { status: number; body: unknown };

/**
 * Starts src/main.ts as a real process with the embedded PostgreSQL in DATA_DIR/pg, or the
 * database `env.DATABASE_URL` names (the caller's environment's DATABASE_URL is never inherited). With
 * `isGroupLeader` it leads its own process group, so a test can signal the group the way a
 * terminal does on Ctrl+C.
 */
export async function startServer(
  dataDir: string,
  options: {
    env?: Record<string, string>;
    isGroupLeader?: boolean;
    /** Listen here (a restart that clients follow at the same address); default: a free port. */
    port?: number;
  } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const {
    DATABASE_URL: _db,
    SMTP_URL: _smtp,
    JWT_SECRET: _jwt,
    APP_URL: _url,
    DEV_MAILBOX: _mailbox,
    ...inherited
  } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NO_COLOR: '1',
      // The process's life is under test here, not the web app: whether apps/web is built must
      // not matter (http.int.test.ts covers serving a built one).
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...options.env,
    },
    detached: options.isGroupLeader ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // 'exit', not 'close': an orphaned postgres may still hold pipes the server handed it.
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  return {
    child,
    port,
    log: () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return { raw: line };
          }
        }),
    stderr: () => stderr,
    exited,
  };
}

/** Resolves once the server answers its health check; the server listens only once migrated. */
export async function waitUntilHealthy(server: ServerProcess): Promise<Answer> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.stderr()}`);
    try {
      const res = await request(server.port, 'GET', '/api/health');
      if (res.status === 200) return res;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
}

export async function waitForLog(
  server: ServerProcess,
  isWanted: (line: Record<string, unknown>) => boolean,
): Promise<Record<string, unknown>> {
  for (;;) {
    const line = server.log().find(isWanted);
    if (line) return line;
    if (server.child.exitCode !== null)
      throw new Error(`the server exited before logging the line: ${server.stderr()}`);
    await sleep(20);
  }
}

export function request(port: number, method: string, url: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (res) => collect(res, resolve, reject),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function collect(
  res: http.IncomingMessage,
  resolve: (value: Answer) => void,
  reject: (error: Error) => void,
): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('error', reject);
  res.on('end', () => {
    try {
      resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
    } catch {
      resolve({ status: res.statusCode ?? 0, body: text });
    }
  });
}

/** The postmaster's pid from DATA_DIR/pg/cluster/postmaster.pid, if the file is there. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const text = readFileSync(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'), 'utf8');
    return Number(text.split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a postgres a failed test left behind, so it does not outlive the run. */
export async function stopLeftoverPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (!pid || !isAlive(pid)) return;
  process.kill(pid, 'SIGQUIT');
  for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
}
