import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs src/main.ts to its end with `env` on top of a clean environment. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { DATABASE_URL: _db, SMTP_URL: _smtp, JWT_SECRET: _jwt, PORT: _port, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...inherited, DATA_DIR: dataDir, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('main', () => {
  describe('a bad configuration', () => {
    it.each([
      ['PORT', 'abc'],
      ['LOG_LEVEL', 'loud'],
      ['DATABASE_URL', 'mysql://x'],
      ['TRUST_PROXY', 'true'],
    ])(
      'exits with code 1 and names %s=%s on stderr, without a stack trace',
      { timeout: 60_000 },
      async (name, value) => {
        const { code, stdout, stderr } = await runMain({ [name]: value });
        expect(code).toBe(1);
        expect(stderr).toContain(name);
        expect(stderr).toContain(JSON.stringify(value));
        expect(stderr).not.toMatch(/^\s+at /m);
        expect(stderr).not.toContain('ConfigError');
        expect(stdout).toBe('');
      },
    );

    it('starts nothing: no database and no secret in DATA_DIR', { timeout: 60_000 }, async () => {
      const { code } = await runMain({ PORT: 'abc' });
      expect(code).toBe(1);
      expect(await readdir(dataDir)).toEqual([]);
    });
  });
});
