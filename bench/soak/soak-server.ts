import path from 'node:path';
import { API } from '@app/contracts';
import {
  startProcess,
  stopOrphanedPostgres,
  waitForHttpOk,
  type Cleanup,
  type ManagedProcess,
} from '../http/processes.js';

/**
 * The first start with DEMO=1 seeds Demo Market before the server listens: about 25 s on an idle
 * 2-core machine, more when the cores are shared. The bench's startFullStack allows 60 s.
 */
const START_TIMEOUT_MS = 300_000;

/**
 * Starts the real server (compiled, or from its sources when the build failed) on a fresh
 * DATA_DIR with its embedded PostgreSQL and DEMO=1, on 127.0.0.1 only. The clean-up stops it
 * (SIGTERM: it stops its cluster) and, if it had to be killed, the cluster by its pid file.
 */
export async function startDemoServer(options: {
  repoRoot: string;
  dataDir: string;
  port: number;
  mode: 'dist' | 'source';
  cleanup: Cleanup;
}): Promise<{ baseUrl: string; process: ManagedProcess }> {
  const { repoRoot, dataDir, port, mode, cleanup } = options;
  const script =
    mode === 'dist'
      ? [path.join(repoRoot, 'apps/server/dist/main.js')]
      : ['--import', 'tsx', '--conditions=source', path.join(repoRoot, 'apps/server/src/main.ts')];
  const server = startProcess('soak server', process.execPath, script, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      // The soak signs in once an hour; the limit guards the sign-in of people, not this.
      AUTH_RATE_LIMIT: '100000',
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  cleanup.add('stop the soak server', async () => {
    await server.stop(30_000);
    await stopOrphanedPostgres(path.join(dataDir, 'pg', 'cluster'));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${baseUrl}${API.health}`, server, START_TIMEOUT_MS);
  return { baseUrl, process: server };
}
