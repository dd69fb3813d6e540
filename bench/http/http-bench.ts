import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API } from '@app/contracts';
import {
  jwtSecretOf,
  requestRoleUrl,
  buildServer,
  signUpAndLogIn,
  startFullStack,
  type FullStack,
} from './full-stack.js';
import { measureLoad, type LoadResult, type LoadSettings } from './load.js';
import { startBareServer, freePort, type Cleanup } from './processes.js';

export const HEALTH_RATIO_TARGET = 0.8;
export const USER_READ_RATIO_TARGET = 0.6;
export const COMPRESSION_RATIO_TARGET = 0.9;
/** What Chromium sends: the server negotiates on every request, as it would for a browser. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export type Ratio = {
  name: string;
  /** The ratio of each round; `value` is their median. */
  rounds: number[];
  value: number;
  /** Undefined for an informational ratio without a target. */
  target: number | undefined;
  pass: boolean | undefined;
};

export type HttpReport = {
  startedAt: string;
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  settings: LoadSettings;
  serverMode: 'dist' | 'source';
  results: LoadResult[];
  ratios: Ratio[];
  notes: string[];
};

const NAMES = {
  hello: 'bare fastify hello-world  GET /',
  health: 'full stack  GET /api/health',
  barePg: 'bare fastify+pg  GET /users/:id (1 select)',
  barePgSame: 'bare fastify+pg  GET /users-same/:id (same SQL)',
  userRead: 'full stack  GET /api/users/:id (auth)',
  userReadOff: 'full stack COMPRESSION=off  GET /api/users/:id (auth)',
} as const;

/** The real server, built and started once: the web step uses it before the HTTP rows. */
export type BenchServer = { stack: FullStack; dataDir: string; mode: 'dist' | 'source' };

/** Builds packages/contracts and apps/server and starts the server on a fresh embedded PostgreSQL. */
export async function startBenchServer(options: {
  repoRoot: string;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<BenchServer> {
  const { repoRoot, cleanup, log } = options;
  log('building packages/contracts and apps/server ...');
  const mode = buildServer(repoRoot, log);
  const dataDir = await makeDataDir('bench-http-', cleanup);
  log(`starting the full server (${mode}) with a fresh embedded PostgreSQL in ${dataDir} ...`);
  const stack = await startFullStack({ repoRoot, dataDir, port: await freePort(), mode, cleanup });
  return { stack, dataDir, mode };
}

export async function makeDataDir(prefix: string, cleanup: Cleanup): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanup.add(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
  // mkdtemp makes the folder 0700; run as root, PostgreSQL runs as `postgres` and must pass through it.
  await chmod(dataDir, 0o755);
  return dataDir;
}

/**
 * Runs the HTTP benchmarks one after another (only one server under load at a time), each
 * server in its own child process and autocannon in this one.
 */
export async function runHttpBenchmarks(options: {
  repoRoot: string;
  settings: LoadSettings;
  cleanup: Cleanup;
  log: (line: string) => void;
  server: BenchServer;
}): Promise<HttpReport> {
  const { repoRoot, settings, cleanup, log, server } = options;
  const { stack, dataDir } = server;
  const cpus = os.cpus();
  const report: HttpReport = {
    startedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${process.platform} ${os.release()}`,
    },
    settings,
    serverMode: server.mode,
    results: [],
    ratios: [],
    notes: [],
  };

  const user = await signUpAndLogIn(stack, dataDir);
  log(`signed up and signed in user ${user.userId}`);

  // The same server with COMPRESSION=off, on the same database and secret: the same user and
  // token read the same row, so the pair differs only in compression.
  log('starting the full server with COMPRESSION=off on the same database ...');
  const stackOff = await startFullStack({
    repoRoot,
    dataDir: await makeDataDir('bench-http-off-', cleanup),
    port: await freePort(),
    mode: server.mode,
    cleanup,
    name: 'full server (COMPRESSION=off)',
    env: {
      COMPRESSION: 'off',
      DATABASE_URL: stack.databaseUrl,
      JWT_SECRET: await jwtSecretOf(dataDir),
    },
  });

  const measure = async (name: string, url: string, headers?: Record<string, string>) => {
    log(`measuring ${name} (${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s) ...`);
    const result = await measureLoad({ name, url, ...(headers ? { headers } : {}) }, settings);
    report.results.push(result);
    return result;
  };

  // All servers stay up; only one is under load at a time. The rows are measured in rounds,
  // interleaved, and each ratio is the median of its per-round ratios: load from anything else on
  // this machine then hits both sides of a ratio alike.
  const hello = await startBareServer({
    name: 'bare hello-world',
    script: path.join(repoRoot, 'bench/http/hello-server.ts'),
    repoRoot,
    env: {},
    cleanup,
  });
  const bare = await startBareServer({
    name: 'bare fastify+pg',
    script: path.join(repoRoot, 'bench/http/pg-server.ts'),
    repoRoot,
    env: { DATABASE_URL: stack.databaseUrl, DATABASE_REQUEST_URL: await requestRoleUrl(stack, dataDir) },
    cleanup,
  });
  const auth = {
    authorization: `Bearer ${user.token}`,
    accept: 'application/json',
    'accept-encoding': BROWSER_ACCEPT_ENCODING,
  };
  const userPath = API.users.byId.replace(':id', user.userId);
  const perRound: Record<'health' | 'userRead' | 'userReadOneSelect' | 'compression', number[]> = {
    health: [],
    userRead: [],
    userReadOneSelect: [],
    compression: [],
  };
  for (let round = 1; round <= settings.rounds; round++) {
    log(`round ${round} of ${settings.rounds}`);
    const helloResult = await measure(NAMES.hello, `${hello.url}/`);
    const healthResult = await measure(NAMES.health, `${stack.baseUrl}${API.health}`);
    const barePgSameResult = await measure(NAMES.barePgSame, `${bare.url}/users-same/${user.userId}`);
    const userReadResult = await measure(NAMES.userRead, `${stack.baseUrl}${userPath}`, auth);
    const userReadOffResult = await measure(NAMES.userReadOff, `${stackOff.baseUrl}${userPath}`, auth);
    const barePgResult = await measure(NAMES.barePg, `${bare.url}/users/${user.userId}`);
    perRound.health.push(healthResult.requestsPerSecond / helloResult.requestsPerSecond);
    perRound.userRead.push(userReadResult.requestsPerSecond / barePgSameResult.requestsPerSecond);
    perRound.userReadOneSelect.push(userReadResult.requestsPerSecond / barePgResult.requestsPerSecond);
    perRound.compression.push(userReadResult.requestsPerSecond / userReadOffResult.requestsPerSecond);
  }
  await hello.process.stop();
  await bare.process.stop();
  await stackOff.process.stop();

  report.ratios.push(
    medianRatio('health / bare hello-world', perRound.health, HEALTH_RATIO_TARGET),
    medianRatio('user read / bare fastify+pg, same SQL', perRound.userRead, USER_READ_RATIO_TARGET),
    medianRatio('user read / bare fastify+pg, its one select alone', perRound.userReadOneSelect, undefined),
    medianRatio(
      'user read, compression on / COMPRESSION=off',
      perRound.compression,
      COMPRESSION_RATIO_TARGET,
    ),
  );
  for (const result of report.results) {
    if (result.non2xx > 0 || result.errors > 0) {
      report.notes.push(
        `${result.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors: its numbers are not comparable`,
      );
    }
  }
  if (report.machine.cpus <= 2) {
    report.notes.push(
      `${report.machine.cpus} CPU cores: autocannon, the server under test and PostgreSQL share them, so absolute numbers are low; compare the ratios`,
    );
  }
  if (report.serverMode === 'source')
    report.notes.push('the full server ran from its TypeScript sources (build failed)');
  return report;
}

function medianRatio(name: string, values: number[], target: number | undefined): Ratio {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length === 0
      ? 0
      : sorted.length % 2
        ? (sorted[middle] ?? 0)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return {
    name,
    rounds: values,
    value,
    target,
    pass: target === undefined ? undefined : value >= target,
  };
}

export function printHttpReport(report: HttpReport, write: (line: string) => void): void {
  const { machine, settings } = report;
  write('');
  write(
    `HTTP: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s each; ` +
      `${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}; full server: ${report.serverMode}`,
  );
  write(
    `Servers under test run in their own processes; autocannon runs in the benchmark process on the same ${machine.cpus} cores.`,
  );
  const header = `${'benchmark (median of the rounds)'.padEnd(56)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(8)} ${'avg ms'.padStart(8)} ${'non-2xx'.padStart(8)}`;
  write(header);
  write('-'.repeat(header.length));
  // One line per row: the median over the rounds.
  const names = [...new Set(report.results.map((r) => r.name))];
  for (const name of names) {
    const rows = report.results.filter((r) => r.name === name);
    const median = (pick: (r: LoadResult) => number) => {
      const sorted = rows.map(pick).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const failures = rows.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
    write(
      `${name.padEnd(56)} ${median((r) => r.requestsPerSecond)
        .toFixed(0)
        .padStart(9)} ` +
        `${median((r) => r.latencyP99Ms)
          .toFixed(1)
          .padStart(8)} ${median((r) => r.latencyAverageMs)
          .toFixed(2)
          .padStart(8)} ` +
        `${String(failures).padStart(8)}`,
    );
  }
  write('');
  for (const r of report.ratios) {
    const verdict =
      r.target === undefined
        ? '(information)'
        : `target >= ${r.target.toFixed(2)}: ${r.pass ? 'PASS' : 'BELOW'}`;
    const rounds = r.rounds.map((v) => v.toFixed(2)).join(' ');
    write(`${r.name.padEnd(52)} ${r.value.toFixed(2).padStart(5)}  ${verdict}  (rounds: ${rounds})`);
  }
  for (const note of report.notes) write(`note: ${note}`);
}
