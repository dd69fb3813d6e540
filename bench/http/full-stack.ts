import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API, ZLoginResponse } from '@app/contracts';
import { requestRolePassword } from '../../apps/server/src/platform/db/request-role.js';
import {
  startProcess,
  stopOrphanedPostgres,
  waitForHttpOk,
  type Cleanup,
  type ManagedProcess,
} from './processes.js';

export type FullStack = {
  baseUrl: string;
  process: ManagedProcess;
  /** How the server ran: compiled (dist) or from the TypeScript sources through tsx. */
  mode: 'dist' | 'source';
  /** postgres:// URL of the embedded cluster the server started (loopback only). */
  databaseUrl: string;
};

export type SignedInUser = { userId: string; token: string; email: string; password: string };

const PASSWORD = 'plum-Orchard-47-lantern';
const START_TIMEOUT_MS = 60_000;
const BUILD_TIMEOUT_MS = 90_000;

/**
 * Builds packages/contracts and apps/server, so that the compiled code is measured. A failed
 * build is not fatal: the server then runs from its sources (tsx), and the report says so.
 */
export function buildServer(repoRoot: string, log: (line: string) => void): 'dist' | 'source' {
  for (const workspace of ['packages/contracts', 'apps/server']) {
    const result = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: BUILD_TIMEOUT_MS,
    });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
      log(
        `build of ${workspace} failed (${result.error?.message ?? `exit ${String(result.status)}`}); running the server from source.\n${output}`,
      );
      return 'source';
    }
  }
  return existsSync(path.join(repoRoot, 'apps/server/dist/main.js')) ? 'dist' : 'source';
}

/** Starts the full server with a fresh DATA_DIR (its own embedded PostgreSQL) on `port`. */
export async function startFullStack(options: {
  repoRoot: string;
  dataDir: string;
  port: number;
  mode: 'dist' | 'source';
  cleanup: Cleanup;
  /** Extra Node.js flags for the server, e.g. --cpu-prof. */
  nodeArgs?: readonly string[];
  /** Environment on top of the defaults, e.g. another server's DATABASE_URL and JWT_SECRET. */
  env?: Readonly<Record<string, string>>;
  /** Names the server in logs and clean-up. */
  name?: string;
}): Promise<FullStack> {
  const { repoRoot, dataDir, port, mode, cleanup, nodeArgs = [], name = 'full server' } = options;
  const scriptArgs =
    mode === 'dist'
      ? [path.join(repoRoot, 'apps/server/dist/main.js')]
      : ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts')];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: '',
    SMTP_URL: '',
    ...options.env,
  };
  const server = startProcess(name, process.execPath, [...nodeArgs, ...scriptArgs], {
    cwd: repoRoot,
    env,
  });
  cleanup.add(`stop the ${name}`, async () => {
    // The server stops its embedded PostgreSQL on SIGTERM; if it had to be killed, stop that too.
    await server.stop(30_000);
    await stopOrphanedPostgres(path.join(dataDir, 'pg', 'cluster'));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${baseUrl}${API.health}`, server, START_TIMEOUT_MS);
  const databaseUrl = options.env?.DATABASE_URL || (await embeddedDatabaseUrl(dataDir));
  return { baseUrl, process: server, mode, databaseUrl };
}

/** The embedded cluster's URL: password beside it, port on line 4 of its postmaster.pid. */
async function embeddedDatabaseUrl(dataDir: string): Promise<string> {
  const password = (await readFile(path.join(dataDir, 'pg', 'password'), 'utf8')).trim();
  const pidLines = (await readFile(path.join(dataDir, 'pg', 'cluster', 'postmaster.pid'), 'utf8')).split(
    '\n',
  );
  const port = Number(pidLines[3]);
  if (!password || !Number.isInteger(port) || port <= 0) {
    throw new Error(`Could not read the embedded PostgreSQL's password or port under ${dataDir}/pg.`);
  }
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** Registers an owner, follows the e-mailed verification link, signs in. */
export async function signUpAndLogIn(
  stack: FullStack,
  dataDir: string,
  email = `bench-${Date.now()}@example.com`,
): Promise<SignedInUser> {
  const registered = await postJson(`${stack.baseUrl}${API.auth.register}`, {
    fullName: 'Bench Mark',
    email,
    password: PASSWORD,
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.text}`);

  const link = await waitForVerificationLink(path.join(dataDir, 'mail'), email);
  const verifyUrl = new URL(link);
  const verified = await fetch(`${stack.baseUrl}${verifyUrl.pathname}${verifyUrl.search}`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(10_000),
  });
  if (verified.status !== 200)
    throw new Error(`verify-email answered ${verified.status}: ${await verified.text()}`);

  const loggedIn = await postJson(`${stack.baseUrl}${API.auth.login}`, { email, password: PASSWORD });
  if (loggedIn.status !== 200) throw new Error(`login answered ${loggedIn.status}: ${loggedIn.text}`);
  const session = ZLoginResponse.parse(JSON.parse(loggedIn.text));
  return { userId: session.user.userId, token: session.token, email, password: PASSWORD };
}

async function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, text: await response.text() };
}

/** The verification link of the mail to `email` (several owners may sign up on one server). */
async function waitForVerificationLink(mailDir: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = existsSync(mailDir) ? (await readdir(mailDir)).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const eml = await readFile(path.join(mailDir, file), 'utf8');
      const link = eml.includes(email) ? extractVerificationLink(eml) : undefined;
      if (link) return link;
    }
    await sleep(100);
  }
  throw new Error(`No verification e-mail with a link appeared in ${mailDir}.`);
}

/** Decodes quoted-printable (soft breaks, =XX) and finds the verify-email link. */
export function extractVerificationLink(eml: string): string | undefined {
  const decoded = decodeQuotedPrintable(eml.replace(/\r\n/g, '\n'));
  const match = /https?:\/\/[^\s"'<>]*\/api\/auth\/verify-email\?token=[^\s"'<>&]+/.exec(decoded);
  return match?.[0];
}

export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match: string, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The body of a 2xx answer, parsed; any other answer is an error naming the URL and status. */
export async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

export type BenchOwner = {
  userId: string;
  token: string;
  businessId: string;
  email: string;
  password: string;
};

/** An owner with a business of `businessName`, signed in again so the token carries it. */
export async function ownerWithBusiness(
  stack: FullStack,
  dataDir: string,
  names: { email: string; businessName: string },
): Promise<BenchOwner> {
  const owner = await signUpAndLogIn(stack, dataDir, names.email);
  const form = new FormData();
  form.append('business', JSON.stringify({ businessName: names.businessName }));
  const business = (await json(
    await fetch(`${stack.baseUrl}${API.businesses.create}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    }),
  )) as { id: string };
  const session = ZLoginResponse.parse(
    await json(
      await fetch(`${stack.baseUrl}${API.auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      }),
    ),
  );
  return {
    userId: session.user.userId,
    token: session.token,
    businessId: business.id,
    email: owner.email,
    password: owner.password,
  };
}

/** The token secret of the server's data folder (other servers on its database need it too). */
export async function jwtSecretOf(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim();
}

/**
 * The server's database as its request role, for the bare references: they log in as the full
 * stack's requests do, so the same row-level security applies to both sides. The password is
 * derived from the token secret, as the server derives it.
 */
export async function requestRoleUrl(stack: FullStack, dataDir: string): Promise<string> {
  const url = new URL(stack.databaseUrl);
  url.username = 'app_request';
  url.password = requestRolePassword(await jwtSecretOf(dataDir));
  return url.toString();
}
