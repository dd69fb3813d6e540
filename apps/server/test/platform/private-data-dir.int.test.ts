import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';
import {
  isAlive,
  postmasterPid,
  request,
  startServer,
  stopLeftoverPostgres,
  waitUntilHealthy,
  type ServerProcess,
} from '../server-process.js';

const isRoot = process.getuid?.() === 0;

let privateDir: string;
let dataDir: string;
const servers: ServerProcess[] = [];
/** Mode and owner of the private folder and of every folder above it, before the server ran. */
const before = new Map<string, string>();

function modeAndOwner(folder: string): string {
  const { mode, uid, gid } = statSync(folder);
  return `${(mode & 0o7777).toString(8)} ${uid}:${gid}`;
}

function foldersFrom(folder: string): string[] {
  const parent = path.dirname(folder);
  return parent === folder ? [folder] : [folder, ...foldersFrom(parent)];
}

beforeAll(async () => {
  // mkdtemp makes a 0700 folder owned by us: as private as /root, where a clone fails to start.
  privateDir = await mkdtemp(path.join(tmpdir(), 'backoffice-private-'));
  dataDir = path.join(privateDir, 'data');
  for (const folder of foldersFrom(privateDir)) before.set(folder, modeAndOwner(folder));
});
afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
  if (dataDir) await stopLeftoverPostgres(dataDir);
  if (privateDir) await rm(privateDir, { recursive: true, force: true });
}, 60_000);

async function start(): Promise<ServerProcess> {
  const server = await startServer(dataDir);
  servers.push(server);
  await waitUntilHealthy(server);
  return server;
}

/** Sign-in of a registered, unverified account answers 403 EMAIL_NOT_VERIFIED; an unknown one 401. */
function signIn(server: ServerProcess, email: string) {
  return request(server.port, 'POST', '/api/auth/login', { email, password: GOOD_PASSWORD });
}

function register(server: ServerProcess, email: string) {
  return request(server.port, 'POST', '/api/auth/register', {
    fullName: 'Rita Root',
    email,
    password: GOOD_PASSWORD,
  });
}

// Only root runs PostgreSQL as another user (`postgres`); as anyone else it runs as that user,
// who can enter their own folders, and nothing here differs from server-lifecycle.int.test.ts.
describe.skipIf(!isRoot)('server run by root with DATA_DIR inside a private folder (needs root)', () => {
  it(
    'starts, keeps its data in DATA_DIR across a kill -9 and a restart, and opens no folder',
    { timeout: 60_000 },
    async () => {
      const postgresUser = {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      };
      // The premise: the user postgres runs as cannot enter the folder.
      expect(spawnSync('test', ['-x', privateDir], postgresUser).status).toBe(1);

      const first = await start();
      const cluster = path.join(dataDir, 'pg', 'cluster');
      expect(first.log().some((line) => String(line.msg).endsWith(`data in ${cluster}`))).toBe(true);
      // The data stays private: only postgres may enter the cluster folder.
      const { mode, uid } = statSync(cluster);
      expect({ mode: (mode & 0o777).toString(8), uid }).toEqual({ mode: '700', uid: postgresUser.uid });
      const email = uniqueEmail('private-root');
      expect((await register(first, email)).status).toBe(201);

      // A crash leaves the detached postgres running; the next start stops it and goes on.
      const orphan = postmasterPid(dataDir);
      if (!orphan) throw new Error('no postmaster.pid while the server runs');
      first.child.kill('SIGKILL');
      expect(await first.exited).toBe('SIGKILL');
      expect(isAlive(orphan)).toBe(true);

      const second = await start();
      expect(isAlive(orphan)).toBe(false);
      expect(
        second.log().some((line) => String(line.msg).startsWith('stopping an orphaned embedded PostgreSQL')),
      ).toBe(true);
      // The account of the first run is still there.
      expect((await signIn(second, email)).status).toBe(403);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      expect(second.stderr()).toBe('');
      expect(postmasterPid(dataDir)).toBeUndefined();

      const after = new Map(foldersFrom(privateDir).map((folder) => [folder, modeAndOwner(folder)]));
      expect(after).toEqual(before);
    },
  );
});
