import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collect,
  isAlive,
  postmasterPid,
  startServer,
  stopLeftoverPostgres,
  waitForLog,
  waitUntilHealthy,
  type Answer,
  type ServerProcess,
} from '../server-process.js';

const IN_FLIGHT = 20;

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-ctrl-c-'));
});
afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null)
    server.child.kill('SIGKILL');
  if (dataDir) {
    await stopLeftoverPostgres(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  }
}, 60_000);

/** The process group of `pid` (field 5 of /proc/<pid>/stat, after the command in parentheses). */
function processGroupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
}

/** Every process working in `folder`: postgres and each of its backends work in their data folder. */
function processesIn(folder: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readlinkSync(`/proc/${pid}/cwd`) === folder;
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

/**
 * A sign-in whose body is still on its way: routed (logged), not yet answered. Its database
 * lookup and password hashing happen only once finish() sends the rest.
 */
function heldLogin(port: number, id: string): { answer: Promise<Answer>; finish: () => void } {
  const body = JSON.stringify({ email: `nobody-${id}@shop.test`, password: 'not-the-password-1' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-request-id': id,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => collect(res, resolve, reject));
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { answer, finish: () => req.end(body.slice(10)) };
}

// A terminal sends Ctrl+C's SIGINT to its whole foreground process group. Requests the server
// has begun must all be answered normally; only connections opened after the close began are
// turned away (refused, as server-lifecycle.int.test.ts shows), so none is part of this batch.
describe.skipIf(process.platform !== 'linux')('Ctrl+C: SIGINT to the server process group', () => {
  it(
    'answers every request in flight, then stops the database and exits with 0',
    { timeout: 60_000 },
    async () => {
      server = await startServer(dataDir, {
        isGroupLeader: true,
        env: { AUTH_RATE_LIMIT: String(IN_FLIGHT * 10) },
      });
      await waitUntilHealthy(server);
      const serverPid = server.child.pid ?? 0;
      const postgresPid = postmasterPid(dataDir) ?? 0;
      expect(processGroupOf(serverPid)).toBe(serverPid);
      // postgres leads a group of its own, out of reach of the terminal's signal.
      expect(processGroupOf(postgresPid)).toBe(postgresPid);

      const port = server.port;
      const ids = Array.from({ length: IN_FLIGHT }, (_, i) => `ctrl-c-${i}`);
      const held = ids.map((id) => heldLogin(port, id));
      const running = server;
      await Promise.all(
        ids.map((id) => waitForLog(running, (line) => line.reqId === id && line.msg === 'incoming request')),
      );

      process.kill(-serverPid, 'SIGINT');
      await waitForLog(server, (line) => line.msg === 'SIGINT received, shutting down');
      // Were postgres in the server's group, this is time enough for its fast shutdown (it
      // takes tens of milliseconds), and every request below would then fail on its query.
      await sleep(300);
      for (const request of held) request.finish();

      const outcomes = await Promise.all(
        held.map((request) =>
          request.answer.then(
            (res) => res.status,
            (error: Error) => error.message,
          ),
        ),
      );
      expect(outcomes).toEqual(ids.map(() => 401));
      expect(await server.exited).toBe(0);
      expect(server.stderr()).toBe('');
      const messages = server.log().map((line) => line.msg);
      expect(messages.indexOf('SIGINT received, shutting down')).toBeLessThan(messages.indexOf('stopped'));
      expect(isAlive(postgresPid)).toBe(false);
      expect(postmasterPid(dataDir)).toBeUndefined();
      expect(processesIn(path.join(dataDir, 'pg', 'cluster'))).toEqual([]);
    },
  );
});
