import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createAccessTokens } from '../../src/platform/auth/access-token.js';
import { loadConfig } from '../../src/platform/config.js';
import { connectDatabase, type Database } from '../../src/platform/db/database.js';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import { createJobQueue } from '../../src/platform/jobs/job-queue.js';

/** The session check of a signed-in request when the database cannot be reached. */
let app: FastifyInstance;
let database: Database;
let dataDir: string;
const SECRET = 'session-check-secret-session-check-secret-0123';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'backoffice-session-check-'));
  const port = await freePort();
  const nowhere = `postgres://app_request:nothing@127.0.0.1:${port}/nowhere`;
  database = connectDatabase(nowhere, { max: 1 });
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' });
  // The queue is never started: nothing here may reach the database.
  const jobs = createJobQueue({ url: nowhere, log: { warn: () => undefined, error: () => undefined } });
  app = await buildApp({ config, db: database.db, ownerDb: database.db, jobs, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the session check with the database down', () => {
  it('answers 503 with a plain message and none of the driver details', async () => {
    const { token } = await createAccessTokens(SECRET).sign({
      userId: '11111111-1111-4111-8111-111111111111',
      businessId: null,
      roles: ['ROLE_BUSINESS_OWNER'],
      version: 0,
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/11111111-1111-4111-8111-111111111111',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a moment.',
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|app_request/);
  });
});
