import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { replicaUrlWithCredentials } from './read-replica.js';

/**
 * Attacks on the read replica's login (issue 17): the reads must log in as the request role, under
 * row-level security, never as the owner, whatever DATABASE_REPLICA_URL carries.
 */

const REQUEST = 'postgres://app_request:request-pw@primary:5432/shop';
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'backoffice-replica-attacks-'));
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** Who node-postgres logs in as with this URL (it reads `user`/`password` in the query first). */
function loginOf(url: string): { user: string | undefined; password: unknown; host: string | undefined } {
  // pg's own reading of the URL (its types leave connectionParameters out).
  const client = new pg.Client({ connectionString: url }) as unknown as {
    connectionParameters: { user?: string; password?: unknown; host?: string };
  };
  const { user, password, host } = client.connectionParameters;
  return { user, password, host };
}

describe(replicaUrlWithCredentials.name, () => {
  it('logs in as the request role even when the replica URL names another user and password in its query', () => {
    for (const query of [
      '?user=postgres&password=owner-pw',
      '?password=owner-pw&user=postgres&sslmode=require',
      '?user=postgres',
    ]) {
      const url = replicaUrlWithCredentials(`postgres://replica:5433/shop${query}`, REQUEST);
      expect(loginOf(url), query).toEqual({ user: 'app_request', password: 'request-pw', host: 'replica' });
      expect(url).not.toContain('owner-pw');
    }
  });

  it('keeps the replica’s other options', () => {
    const url = replicaUrlWithCredentials(
      'postgres://replica:5433/shop?sslmode=require&user=postgres',
      REQUEST,
    );
    expect(new URL(url).searchParams.get('sslmode')).toBe('require');
  });
});

describe('DATABASE_REPLICA_URL', () => {
  it.each(['?user=postgres', '?password=owner-pw', '?sslmode=require&user=postgres&password=owner-pw'])(
    'refuses a login in the query (%s), without repeating it',
    (query) => {
      let message = '';
      try {
        loadConfig({
          DATA_DIR: dataDir,
          JWT_SECRET: 'a-test-secret-of-more-than-32-characters',
          DATABASE_URL: 'postgres://owner:owner-pw@primary:5432/shop',
          DATABASE_REPLICA_URL: `postgres://replica:5433/shop${query}`,
        });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/DATABASE_REPLICA_URL: must name only host, port and database/);
      expect(message).not.toContain('owner-pw');
    },
  );
});
