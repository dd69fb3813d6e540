import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';
import {
  collect,
  request,
  startServer as startServerIn,
  waitForLog,
  waitUntilHealthy,
  type ServerProcess,
} from '../server-process.js';

let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-lifecycle-'));
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

async function startServer(): Promise<ServerProcess> {
  const server = await startServerIn(dataDir);
  servers.push(server);
  return server;
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

  describe('a failed start', () => {
    it(
      'stops the embedded database it started before exiting with 1 (it runs in its own group)',
      { timeout: 60_000 },
      async () => {
        // The database starts and migrates; listening fails on a port already taken.
        const taken = net.createServer();
        await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
        const address = taken.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        try {
          const server = await startServerIn(dataDir, { env: { PORT: String(port) } });
          servers.push(server);
          expect(await server.exited).toBe(1);
          expect(server.stderr()).toMatch(/The server could not start: .*EADDRINUSE/);
          expect(server.log().some((line) => line.msg === 'database migrated')).toBe(true);
        } finally {
          taken.close();
        }
        expect(existsSync(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'))).toBe(false);
        expect(existsSync(path.join(dataDir, 'pg', 'server.owner'))).toBe(false);
      },
    );
  });
});
