import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';
import { withDatabase } from '../global-setup.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

let dataDir: string;
let databaseUrl: string;
let admin: pg.Client;
let dbName: string;
const children: ChildProcess[] = [];
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-outbox-crash-'));
  // The server runs on this file's own database (cloned from the migrated template), so that a
  // kill -9 takes down the server process only and the test can look into the queue.
  dbName = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  admin = new pg.Client({ connectionString: inject('dbAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('dbTemplate')}`);
  databaseUrl = withDatabase(inject('dbAdminUrl'), dbName);
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const close of closers.reverse()) await close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Starts src/main.ts as a real process: the real workers, polling as in production. */
async function startServer(
  smtpUrl: string,
): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
  const port = await freePort();
  const { SMTP_URL: _smtp, APP_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      // The run's request role: a server that set it up itself would give the shared role a
      // password of its own (derived from its JWT_SECRET) under the other test files' feet.
      DATABASE_APP_URL: withDatabase(inject('dbRequestUrl'), dbName),
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NO_COLOR: '1',
      JWT_SECRET: 'crash-secret-crash-secret-crash-secret-0123',
      // Expiry in seconds, not minutes: the job the killed process held is retried quickly.
      JOB_TIMING: 'fast',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    const status = await new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', () => resolve(0));
    });
    if (status === 200) return { child, port, stderr: () => stderr };
    await sleep(100);
  }
}

function post(port: number, url: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: url, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** An "SMTP server" that accepts connections and never says a word: the send hangs. */
async function startHangingSmtp(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

async function startSmtp(): Promise<{ port: number; received: Array<{ to: string[]; messageId: string }> }> {
  const received: Array<{ to: string[]; messageId: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.server.address() as AddressInfo).port, received };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('mail outbox across a crash', () => {
  it(
    'sends, after a restart, the mail a killed (kill -9) process had queued and taken',
    { timeout: 90_000 },
    async () => {
      const hanging = await startHangingSmtp();
      const first = await startServer(`smtp://127.0.0.1:${hanging.port}`);
      const email = uniqueEmail('crash');
      expect(
        await post(first.port, '/api/auth/register', {
          fullName: 'Casey Crash',
          email,
          password: GOOD_PASSWORD,
        }),
      ).toBe(201);

      // The worker has taken the job and is in the middle of the send: kill it there.
      await until('the first send attempt', () => (hanging.connections() > 0 ? true : undefined));
      first.child.kill('SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      const { rows: before } = await sql(
        `select state, data->>'key' as key from pgboss.job where name = 'mail' and data->>'to' = $1`,
        [email],
      );
      expect(before).toHaveLength(1);
      const { state, key } = before[0] as { state: string; key: string };
      // Taken and never finished: only its expiry can hand it to another process.
      expect(state).toBe('active');
      expect((await sql('select count(*)::int as n from mail_deliveries')).rows[0]).toEqual({ n: 0 });

      const smtp = await startSmtp();
      const second = await startServer(`smtp://127.0.0.1:${smtp.port}`);
      await until('the mail after the restart', () =>
        smtp.received.some((m) => m.to.includes(email)) ? true : undefined,
      );
      // Give a duplicate the time to show up, if there were one: the queue polls every 0.5 s.
      await sleep(1500);

      const copies = smtp.received.filter((m) => m.to.includes(email));
      expect(copies).toHaveLength(1);
      expect(copies[0]?.messageId).toBe(`<${key}@localhost>`);
      expect((await sql('select key from mail_deliveries')).rows).toEqual([{ key }]);

      // A graceful stop of the second process: it exits cleanly with the queue's pool closed.
      second.child.kill('SIGTERM');
      const code = await new Promise((resolve) => second.child.once('exit', resolve));
      expect(code).toBe(0);
      expect(second.stderr()).toBe('');
    },
  );
});
