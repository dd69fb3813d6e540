import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVELOPMENT_STORAGE } from '../src/platform/blobs/azure-connection-string.js';

export type Azurite = {
  /** http://127.0.0.1:<port>/devstoreaccount1 */
  blobEndpoint: string;
  /** The emulator's well-known account at that endpoint, as AZURE_STORAGE_CONNECTION_STRING. */
  connectionString: string;
  stop: () => Promise<void>;
};

const AZURITE_BLOB = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
const START_TIMEOUT_MS = 20_000;

/**
 * Starts Azurite's blob service as a child process on a free loopback port, everything in memory
 * (at most 64 MB), telemetry off (it would otherwise call out to Application Insights), any API
 * version of the SDK accepted. Call `stop` in afterAll.
 *
 * The child exits by itself when this process dies without stopping it: it gets an IPC channel and
 * a preloaded line that exits when the channel closes, so a killed test run leaves no Azurite.
 */
export async function startAzurite(): Promise<Azurite> {
  // Azurite writes nothing with in-memory persistence, but it resolves its workspace from the
  // working directory: give it an empty one of its own.
  const workDir = await mkdtemp(path.join(tmpdir(), 'backoffice-azurite-'));
  const { AZURITE_ACCOUNTS: _accounts, AZURITE_DB: _db, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'data:text/javascript,process.on("disconnect",()=>process.exit(0))',
      AZURITE_BLOB,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      '0',
      '--inMemoryPersistence',
      '--extentMemoryLimit',
      '64',
      '--skipApiVersionCheck',
      '--loose',
      '--silent',
      '--disableTelemetry',
    ],
    { cwd: workDir, env: inherited, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(workDir, { recursive: true, force: true });
  };
  try {
    const blobEndpoint = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Azurite did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const listening = /successfully listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(`${listening[1]}/${DEVELOPMENT_STORAGE.accountName}`);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Azurite exited (${signal ?? code}) before listening:\n${output}`));
      });
    });
    return {
      blobEndpoint,
      connectionString:
        `DefaultEndpointsProtocol=http;AccountName=${DEVELOPMENT_STORAGE.accountName};` +
        `AccountKey=${DEVELOPMENT_STORAGE.accountKey};BlobEndpoint=${blobEndpoint};`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
