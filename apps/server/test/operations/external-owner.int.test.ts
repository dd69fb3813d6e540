import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { REQUEST_ROLE } from '../../src/platform/db/roles.js';
import { openDatabases } from '../../src/start-up.js';
import { sqlOn, startOwnCluster, type OwnCluster } from './cluster.js';

/**
 * The README's external PostgreSQL: the DATABASE_URL user owns the database and has CREATEROLE,
 * no more (no superuser). The server migrates as that user and sets up the request role itself;
 * PostgreSQL refuses such a user any mention of SUPERUSER, REPLICATION or BYPASSRLS, even to turn
 * them off, which once stopped the start. A cluster of this file's own: roles are cluster-wide.
 */

let cluster: OwnCluster;
let admin: ReturnType<typeof sqlOn>;

beforeAll(async () => {
  cluster = await startOwnCluster('external-owner-');
  admin = sqlOn(cluster.url());
  await admin.sql(`CREATE ROLE shop_owner LOGIN CREATEROLE PASSWORD 'owner-secret'`);
  await admin.sql('CREATE DATABASE backoffice OWNER shop_owner');
}, 60_000);

afterAll(async () => {
  await admin?.close();
  await cluster?.remove();
}, 60_000);

describe('an external PostgreSQL whose owner has CREATEROLE and is no superuser', () => {
  it('migrates, sets up the request role and opens its pool', async () => {
    const url = new URL(cluster.url('backoffice'));
    url.username = 'shop_owner';
    url.password = 'owner-secret';
    const config = loadConfig({
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'external-owner-secret-external-owner-secret-01',
      DATA_DIR: '/nonexistent-not-used',
    });
    const quiet = () => undefined;
    const databases = await openDatabases(config, { info: quiet, warn: quiet, debug: quiet });
    try {
      const { rows } = await databases.database.pool.query<{ user: string }>('select current_user as user');
      expect(rows[0]?.user).toBe(REQUEST_ROLE);
    } finally {
      await databases.close();
    }
    const { rows: roles } = await admin.sql(
      `select rolsuper, rolbypassrls, rolreplication, rolcreaterole, rolinherit from pg_roles where rolname = $1`,
      [REQUEST_ROLE],
    );
    expect(roles[0]).toEqual({
      rolsuper: false,
      rolbypassrls: false,
      rolreplication: false,
      rolcreaterole: false,
      rolinherit: false,
    });
  }, 60_000);
});
