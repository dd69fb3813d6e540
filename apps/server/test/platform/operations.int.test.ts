import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { ownerWithBusiness } from '../factories/accounts.js';

const TOKEN = 'metrics-token-metrics-token-metrics-token';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

/** One sample's value from the Prometheus text, by its name and exact labels. */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /api/ready', () => {
  it('answers ready when the database, the migrations and the queue answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
    });
  });

  it('answers 503 naming a migration that is missing, and says nothing of the database’s internals', async () => {
    const last = await t.sql(
      'select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const row = last.rows[0] as { id: number; created_at: string };
    await t.sql('update drizzle.__drizzle_migrations set created_at = 0 where id = $1', [row.id]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'unavailable',
        checks: { database: 'ok', migrations: '1 of this release not applied', queue: 'ok' },
      });
    } finally {
      await t.sql('update drizzle.__drizzle_migrations set created_at = $2 where id = $1', [
        row.id,
        row.created_at,
      ]);
    }
  });
});

describe('GET /api/metrics', () => {
  it('counts requests by route pattern and status, with their latency, the pools and the queues', async () => {
    const owner = await ownerWithBusiness(t, 'Metered Shop');
    for (let i = 0; i < 3; i += 1)
      await t.app.inject({
        method: 'GET',
        url: `/api/businesses/${owner.businessId}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // The pattern, never the id: one series for every business.
    expect(sample(text, 'http_requests_total', 'method="GET",route="/api/businesses/:id",status="200"')).toBe(
      3,
    );
    expect(text).not.toContain(owner.businessId);
    expect(sample(text, 'http_requests_total', 'method="GET",route="unmatched",status="404"')).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/businesses/:id",status="200"',
      ),
    ).toBe(3);
    expect(sample(text, 'db_pool_connections', 'pool="request",state="total"')).toBeGreaterThan(0);
    expect(sample(text, 'db_pool_connections', 'pool="request",state="waiting"')).toBe(0);
    // Every registered queue has its depth (the sign-up's mails were sent: none waits).
    expect(text).toMatch(/^job_queue_depth\{queue="[\w-]+"\} 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('refuses a request that came through a proxy or from elsewhere, unless it bears the token', async () => {
    const refused = [
      { remoteAddress: '203.0.113.7', headers: {} },
      // A reverse proxy on the same host connects from loopback, and says whom it forwards.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
      { remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TOKEN}x` } },
      { remoteAddress: '203.0.113.7', headers: { authorization: 'Bearer ' } },
      // With a token configured, a wrong bearer is refused even from loopback.
      { remoteAddress: '127.0.0.1', headers: { authorization: 'Bearer guess' } },
    ];
    for (const { remoteAddress, headers } of refused) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('http_requests_total');
    }
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '198.51.100.1' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('http_requests_total');
  });

  it('counts a failed job attempt by its queue', async () => {
    const owner = await ownerWithBusiness(t, 'Unmailed Shop');
    const failuresOf = async () => {
      const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      return text.split('\n').filter((line) => line.startsWith('job_attempt_failures_total{'));
    };
    expect(await failuresOf()).toEqual([]);
    // The file mailer cannot write where its folder should be: the mail job's attempt fails.
    const mailDir = path.join(t.config.dataDir, 'mail');
    await rm(mailDir, { recursive: true, force: true });
    await writeFile(mailDir, 'not a folder');
    try {
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/request',
        payload: { email: owner.email },
      });
      expect(reset.statusCode, reset.body).toBeLessThan(300);
      await t.jobs.drain();
      const failures = await failuresOf();
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/^job_attempt_failures_total\{queue="[\w-]+"\} [1-9]\d*$/);
    } finally {
      await rm(mailDir, { force: true });
    }
  });
});
