import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTrackerServer } from './support/trackers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built server listens, e.g. http://127.0.0.1:40123. */
    baseURL: string;
    /** The server's DATA_DIR: mail in mail/, uploads in blobs/. */
    dataDir: string;
    /** Where the configured analytics script and marketing pixel are served (trackers.ts). */
    trackerOrigin: string;
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = path.join(ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 40_000;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} while starting:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet: the embedded database is still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // SIGTERM lets the server stop its embedded PostgreSQL cleanly; SIGKILL only if it hangs.
    const force = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

/** Starts the built server once for all browser tests, with its own data folder. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const file of [SERVER_MAIN, WEB_INDEX]) {
    if (!existsSync(file)) {
      throw new Error(
        `${path.relative(ROOT, file)} is missing: run \`npm run build\` at the repository root.`,
      );
    }
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  // As root the embedded PostgreSQL runs as user postgres, which must be able to enter the folder.
  chmodSync(dataDir, 0o755);
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // The operator's analytics script and marketing pixel (issue 15): pages load them only after
  // the matching consent, which public-site.spec.ts watches.
  const trackers = await startTrackerServer();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: baseURL,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
    // The onboarding journey follows the link from /dev/mailbox, as `npm start` allows.
    DEV_MAILBOX: '1',
    // No demo business: the journeys start from an empty database, as a new customer does.
    DEMO: '0',
    ANALYTICS_SCRIPT_URL: `${trackers.origin}/analytics.js`,
    MARKETING_PIXEL_URL: `${trackers.origin}/pixel.js`,
  };
  // The embedded database and the file mailer, never a developer's own.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  let output = '';
  const server = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });

  let isStopping = false;
  server.once('exit', (code, signal) => {
    // Every later test fails with ECONNREFUSED: say why once, here.
    if (!isStopping) {
      process.stderr.write(
        `\n[e2e] The server exited during the run (code ${code}, signal ${signal}). Its last output:\n${output}\n`,
      );
    }
  });

  try {
    await waitForHealth(baseURL, server, () => output);
  } catch (error) {
    isStopping = true;
    await stopServer(server);
    await trackers.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('trackerOrigin', trackers.origin);

  return async () => {
    isStopping = true;
    await stopServer(server);
    await trackers.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
