import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/job-queue.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness, uniqueEmail } from '../factories/accounts.js';

/**
 * Two apps on one database, as two server processes behind a balancer are: the rate limits and
 * the sign-in lockout one of them counts hold on the other.
 */
let t: TestApp;
let other: FastifyInstance;
let otherJobs: JobQueue;
beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT: '3' });
  // The second process's own queue, never started: its workers are not what this file tests.
  otherJobs = createJobQueue({ url: t.databaseUrl, log: { warn: () => undefined, error: () => undefined } });
  other = await buildApp({
    config: t.config,
    db: t.database.db,
    ownerDb: t.owner.db,
    jobs: otherJobs,
    logger: false,
  });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const resetRequest = (app: FastifyInstance, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/reset-password/request',
    remoteAddress,
    payload: { email: uniqueEmail('shared') },
  });

describe('limits shared by every process on the database', () => {
  it('refuses a client on one process once it used its allowance on another', async () => {
    const client = '198.51.100.20';
    for (const app of [t.app, other, t.app])
      expect((await resetRequest(app, client)).statusCode).not.toBe(429);
    const fourth = await resetRequest(other, client);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another client, and another route of the same client, count apart.
    expect((await resetRequest(other, '198.51.100.21')).statusCode).not.toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: client,
      payload: { email: uniqueEmail('shared'), password: 'wrong-password-123' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('counts concurrent requests one after the other: exactly the allowance passes', async () => {
    const client = '198.51.100.30';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resetRequest(i % 2 === 0 ? t.app : other, client)),
    );
    expect(answers.filter((res) => res.statusCode !== 429)).toHaveLength(3);
  });

  it('opens a new window once the last one is over', async () => {
    const hit = async () =>
      (await t.sql(`select current_hits, ttl_ms from app_rate_limit_hit('test|window', 200)`)).rows[0] as {
        current_hits: number;
        ttl_ms: number;
      };
    expect(await hit()).toMatchObject({ current_hits: 1 });
    const second = await hit();
    expect(second.current_hits).toBe(2);
    expect(second.ttl_ms).toBeGreaterThan(0);
    expect(second.ttl_ms).toBeLessThanOrEqual(200);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await hit()).toMatchObject({ current_hits: 1 });
  });

  it('keeps the table closed to the request role: the function is its only way in', async () => {
    const { rows } = await t.sql(
      `select has_table_privilege('app_tenant', 'rate_limit_windows', 'select, insert, update, delete') as direct,
              has_function_privilege('app_tenant', 'app_rate_limit_hit(text, integer)', 'execute') as through`,
    );
    expect(rows[0]).toEqual({ direct: false, through: true });
  });

  it('holds an account locked through one process on the other', async () => {
    const owner = await ownerWithBusiness(t, 'Locked Shop');
    // Ten failures from ten addresses (the rate limit counts per address; the lockout per account).
    for (let i = 0; i < 10; i += 1) {
      const res = await (i % 2 === 0 ? t.app : other).inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: `203.0.113.${i + 1}`,
        payload: { email: owner.email, password: 'wrong-password-123' },
      });
      expect(res.statusCode).toBe(401);
    }
    for (const app of [t.app, other]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.99',
        payload: { email: owner.email, password: owner.password },
      });
      // The account's lock, not the address's limit: the right password is refused on both.
      expect(res.statusCode).toBe(429);
      expect(res.json<{ message: string }>().message).toMatch(/failed sign-ins for this account/);
    }
  });
});
