import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

type Server = {
  child: ChildProcess;
  port: number;
  /** Every stdout line so far, parsed where it is JSON (pino). */
  log: () => Array<Record<string, unknown>>;
  stderr: () => string;
  exited: Promise<number | null>;
};

let dataDir: string;
const servers: Server[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-lifecycle-'));
  // mkdtemp makes the folder 0700; run as root, postgres runs as `postgres` and must pass through it.
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, sleep(30_000)]);
    }
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** Starts src/main.ts as a real process with the embedded PostgreSQL in DATA_DIR/pg. */
async function startServer(): Promise<Server> {
  const port = await freePort();
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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server: Server = {
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
  servers.push(server);
  return server;
}

/** Resolves once the server answers its health check; the server listens only once migrated. */
async function waitUntilHealthy(server: Server): Promise<{ status: number; body: unknown }> {
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

async function waitForLog(
  server: Server,
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

function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
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

function collect(
  res: http.IncomingMessage,
  resolve: (value: { status: number; body: unknown }) => void,
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

const registeredEmail = uniqueEmail('lifecycle');

describe('server process', () => {
  describe('start', () => {
    it(
      'initialises the embedded database, migrates and answers the health check',
      { timeout: 90_000 },
      async () => {
        const server = await startServer();
        const health = await waitUntilHealthy(server);
        expect(health.body).toEqual({ status: 'ok' });
        expect(existsSync(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'))).toBe(true);
        expect(server.log().some((line) => line.msg === 'database migrated')).toBe(true);
        // main.ts run directly, without DEV_MAILBOX (which `npm start` adds): no mailbox.
        const ready = await waitForLog(server, (line) => String(line.msg).startsWith('ready: open'));
        expect(ready.msg).toBe(`ready: open http://localhost:${server.port}`);

        const registered = await request(server.port, 'POST', '/api/auth/register', {
          fullName: 'Lena Lifecycle',
          email: registeredEmail,
          password: GOOD_PASSWORD,
        });
        expect(registered.status).toBe(201);
      },
    );
  });

  describe('SIGTERM', () => {
    it(
      'lets an in-flight request finish, exits with 0 and stops the database cleanly',
      { timeout: 90_000 },
      async () => {
        const server = servers[0];
        if (!server) throw new Error('the start test did not run');

        // A request whose body is still on its way is in flight: routed, not yet answered.
        const body = JSON.stringify({ email: 'nobody@shop.test', password: 'not-the-password-1' });
        const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: server.port,
              method: 'POST',
              path: '/api/auth/login',
              headers: {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                'x-request-id': 'in-flight-1',
              },
            },
            (res) => collect(res, resolve, reject),
          );
          req.on('error', reject);
          req.write(body.slice(0, 10));
          void waitForLog(
            server,
            (line) => line.reqId === 'in-flight-1' && line.msg === 'incoming request',
          ).then(async () => {
            server.child.kill('SIGTERM');
            await waitForLog(server, (line) => line.msg === 'SIGTERM received, shutting down');
            req.end(body.slice(10));
          }, reject);
        });

        const res = await answer;
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
        expect(await server.exited).toBe(0);
        const messages = server.log().map((line) => line.msg);
        expect(messages).toContain('stopped');
        expect(messages.indexOf('SIGTERM received, shutting down')).toBeLessThan(messages.indexOf('stopped'));
        expect(server.stderr()).toBe('');
        expect(existsSync(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'))).toBe(false);
        expect(existsSync(path.join(dataDir, 'pg', 'server.owner'))).toBe(false);
      },
    );

    it('refuses new connections once stopped', async () => {
      const server = servers[0];
      if (!server) throw new Error('the start test did not run');
      await expect(request(server.port, 'GET', '/api/health')).rejects.toThrow(/ECONNREFUSED/);
    });
  });

  describe('restart', () => {
    it('starts again on the same DATA_DIR with the data of the first run', { timeout: 90_000 }, async () => {
      const server = await startServer();
      const health = await waitUntilHealthy(server);
      expect(health.body).toEqual({ status: 'ok' });
      expect(
        server.log().some((line) => String(line.msg).startsWith('initialising embedded PostgreSQL')),
      ).toBe(false);

      // The account of the first run is still there: its password is right, its address not
      // verified yet (registering again would answer 201 either way, so it cannot tell).
      const signIn = await request(server.port, 'POST', '/api/auth/login', {
        email: registeredEmail,
        password: GOOD_PASSWORD,
      });
      expect(signIn.status).toBe(403);
      expect(signIn.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'))).toBe(false);
    });
  });
});
