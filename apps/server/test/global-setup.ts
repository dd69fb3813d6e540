import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/platform/db/database.js';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../src/platform/db/embedded-postgres.js';
import { runMigrations } from '../src/platform/db/migrate.js';
import { provisionRequestRole } from '../src/platform/db/request-role.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a database to run CREATE DATABASE from. */
    dbAdminUrl: string;
    /** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE). */
    dbTemplate: string;
    /** The admin URL with the request role's credentials: the app's pool logs in with these. */
    dbRequestUrl: string;
  }
}

/**
 * One PostgreSQL per run: the embedded one, or the server of DATABASE_URL (CI runs the suite
 * again against PostgreSQL 15 that way). One migrated template; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let cluster: EmbeddedCluster | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'backoffice-test-pg-'));
    const quiet = () => undefined;
    cluster = await startEmbeddedPostgres(dir, { info: quiet, warn: quiet, debug: quiet });
    adminUrl = cluster.url('postgres');
  }
  const template = `test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateDb = connectDatabase(withDatabase(adminUrl, template), { max: 1 });
  await runMigrations(templateDb.db);
  await templateDb.close();
  // As in production, the app's requests log in as the request role, never as the owner.
  const requestUrl = await provisionRequestRole(adminUrl, 'test-request-role-password');

  project.provide('dbAdminUrl', adminUrl);
  project.provide('dbTemplate', template);
  project.provide('dbRequestUrl', requestUrl);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
