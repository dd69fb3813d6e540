import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/platform/db/migrate.js';
import type { TestApp } from '../build-app.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';
import { openAlertStream } from '../factories/alert-stream.js';
import { startServer, waitUntilHealthy, type ServerProcess } from '../server-process.js';
import { startBalancer, type Balancer } from './balancer.js';
import { sqlOn, startOwnCluster, type OwnCluster } from './cluster.js';
import { call, ownerOverHttp, sqlOnlyTestApp } from './http-shop.js';

/**
 * Issue 17, item 1: three server processes on one database behind a round-robin balancer on
 * loopback. They start at the same moment on an empty database (migrations and the request role
 * race unless start-up takes its lock), then: a lockout earned through one holds on the others
 * and the sign-in rate limit counts across them; a job is run by one process; each periodic
 * sweep slot gets one job; an alert raised on one reaches a stream held by another.
 *
 * The cluster is this file's own: the servers provision the request role (a cluster-wide role)
 * with their own password, which must not change under the run's other files.
 */

const AUTH_RATE_LIMIT = 12;
const JWT_SECRET = 'several-processes-secret-several-processes-0123';
/** With JOB_TIMING=fast every periodic sweep is queued every 2 s (main.ts): one job per 2 s slot. */
const SWEEP_SECONDS = 2;
const SWEEPS = ['subscription-renewal-sweep', 'loyalty-points-expiry-sweep', 'alerts-movement-sweep'];

let cluster: OwnCluster | undefined;
let db: ReturnType<typeof sqlOn> | undefined;
let t: TestApp;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
let balancer: Balancer | undefined;
let base: string;
let owner: Awaited<ReturnType<typeof ownerOverHttp>>;
let readyAt = 0;
const startSeconds: number[] = [];

const direct = (server: ServerProcess) => `http://127.0.0.1:${server.port}`;

beforeAll(async () => {
  cluster = await startOwnCluster('backoffice-procs-pg-');
  const admin = sqlOn(cluster.url());
  await admin.sql('create database shop');
  await admin.close();
  const databaseUrl = cluster.url('shop');
  db = sqlOn(databaseUrl);
  t = sqlOnlyTestApp(db.sql);

  for (let i = 0; i < 3; i++) dataDirs.push(await mkdtemp(path.join(tmpdir(), `backoffice-procs-${i}-`)));
  const started = Date.now();
  // All three at once, on a database nothing has migrated yet.
  for (const dataDir of dataDirs)
    servers.push(
      await startServer(dataDir, {
        env: {
          DATABASE_URL: databaseUrl,
          JWT_SECRET,
          JOB_TIMING: 'fast',
          TRUST_PROXY: 'loopback',
          AUTH_RATE_LIMIT: String(AUTH_RATE_LIMIT),
          APP_URL: 'http://shop.test',
        },
      }),
    );
  await Promise.all(
    servers.map(async (server) => {
      await waitUntilHealthy(server);
      startSeconds.push((Date.now() - started) / 1000);
    }),
  );
  readyAt = Date.now();
  balancer = await startBalancer(servers.map((server) => server.port));
  base = `http://127.0.0.1:${balancer.port}`;
  owner = await ownerOverHttp(base, t, 'Corner Shop');
}, 120_000);

afterAll(async () => {
  await balancer?.close();
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all(
    servers.map((server) =>
      Promise.race([server.exited, sleep(20_000).then(() => server.child.kill('SIGKILL'))]),
    ),
  );
  await db?.close();
  await cluster?.remove();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('three server processes on one database behind a balancer', () => {
  it('start together on an empty database: one migrates, the others wait and find it done', async () => {
    console.log(`three servers healthy after ${startSeconds.map((s) => `${s.toFixed(1)} s`).join(', ')}`);
    for (const server of servers) {
      expect(server.stderr()).not.toContain('could not start');
      expect((await call(direct(server), 'GET', '/api/ready')).status).toBe(200);
    }
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    const { rows } = await t.sql(
      'select count(*)::int as applied, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations',
    );
    expect(rows[0]).toEqual({ applied: journal.entries.length, distinct_hashes: journal.entries.length });
  });

  it('holds a lockout earned through one process on every process', async () => {
    const victim = await ownerOverHttp(base, t, 'Victim Shop');
    const client = { 'x-forwarded-for': '203.0.113.10' };
    const before = balancer?.served.length ?? 0;
    for (let i = 0; i < 10; i++) {
      const res = await call(base, 'POST', '/api/auth/login', {
        body: { email: victim.email, password: 'wrong-Password-99' },
        headers: client,
      });
      expect(res.status).toBe(401);
    }
    // The ten failures were spread over the three processes.
    expect(new Set(balancer?.served.slice(before))).toEqual(new Set(servers.map((s) => s.port)));
    for (const server of servers) {
      const res = await call(direct(server), 'POST', '/api/auth/login', {
        body: { email: victim.email, password: GOOD_PASSWORD },
      });
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringContaining('Too many failed sign-ins'),
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('counts the sign-in rate limit of one client address across the processes', async () => {
    const client = { 'x-forwarded-for': '203.0.113.20' };
    const reset = (target: string, headers: Record<string, string> = client) =>
      call(target, 'POST', '/api/auth/reset-password/request', {
        body: { email: uniqueEmail('limit') },
        headers,
      });
    for (let i = 0; i < AUTH_RATE_LIMIT; i++) expect((await reset(base)).status).not.toBe(429);
    // Each process has seen a third of the allowance; the next call, on whichever, is refused.
    const refused = await reset(base);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    // The address is the forwarded one: the balancer itself (a direct call) and another client pass.
    expect((await reset(direct(servers[0] as ServerProcess), {})).status).not.toBe(429);
    expect((await reset(base, { 'x-forwarded-for': '203.0.113.21' })).status).not.toBe(429);
  });

  it('brings an alert raised on one process to streams held by the others', async () => {
    const [first, , third] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const onThird = await openAlertStream(direct(third), owner.token);
    const throughBalancer = await openAlertStream(base, owner.token);
    try {
      const raised = await call(direct(first), 'POST', '/api/alerts', {
        token: owner.token,
        body: { title: 'Till closes early', message: 'At five today.', severity: 'INFO', scope: 'BUSINESS' },
      });
      expect(raised.status).toBe(201);
      const alertId = (raised.body as { id: string }).id;
      for (const stream of [onThird, throughBalancer])
        await stream.until(() => stream.alerts().some((event) => event.alertId === alertId), 'the alert');
      expect(onThird.alerts()).toEqual([
        expect.objectContaining({ action: 'RAISED', title: 'Till closes early' }),
      ]);
    } finally {
      onThird.close();
      throughBalancer.close();
    }
  });

  it('sends each queued mail once, by one of the three polling processes', async () => {
    // Registration queues a verification mail in its transaction; all three workers poll the queue.
    const emails = Array.from({ length: 9 }, () => uniqueEmail('mailed'));
    for (const [i, email] of emails.entries()) {
      const res = await call(base, 'POST', '/api/auth/register', {
        body: { fullName: 'Mia Mailed', email, password: GOOD_PASSWORD },
        headers: { 'x-forwarded-for': `203.0.113.${40 + i}` },
      });
      expect(res.status).toBe(201);
    }
    const sentBy = async () => {
      const found = new Map<string, number[]>();
      for (const [i, dir] of dataDirs.entries()) {
        const mailDir = path.join(dir, 'mail');
        const files = (await readdir(mailDir).catch(() => [])).filter((file) => file.endsWith('.eml'));
        for (const file of files) {
          const text = await readFile(path.join(mailDir, file), 'utf8');
          const to = emails.find((email) => text.includes(`To: ${email}`));
          if (to) found.set(to, [...(found.get(to) ?? []), i]);
        }
      }
      return found;
    };
    const deadline = Date.now() + 20_000;
    while ((await sentBy()).size < emails.length && Date.now() < deadline) await sleep(200);
    // A little longer: a second sending of any of them would show now.
    await sleep(1_500);
    const found = await sentBy();
    expect([...found.keys()].sort()).toEqual([...emails].sort());
    for (const processes of found.values()) expect(processes).toHaveLength(1);
    console.log(
      `verification mails sent by process: ${[0, 1, 2].map((i) => [...found.values()].filter((p) => p[0] === i).length).join(' / ')}`,
    );
    // One job per mail, taken once: completed at its first attempt.
    const jobs = async () =>
      (
        await t.sql(
          `select e.email, j.state, j.retry_count from unnest($1::text[]) e(email)
           join pgboss.job j on j.name = 'mail' and j.data->>'to' like '%' || e.email || '%'`,
          [emails],
        )
      ).rows as Array<{ email: string; state: string; retry_count: number }>;
    const completedBy = Date.now() + 5_000;
    while ((await jobs()).some((job) => job.state !== 'completed') && Date.now() < completedBy)
      await sleep(100);
    const rows = await jobs();
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
    for (const row of rows) expect(row).toMatchObject({ state: 'completed', retry_count: 0 });
  });

  it('runs each periodic sweep once per slot though all three processes queue it', async () => {
    // Every process's timers send each sweep every 2 s from its start (main.ts, JOB_TIMING=fast);
    // pg-boss writes one job per singleton slot whichever process sends it, and one worker takes
    // each job. Five slots' worth of time: every sweep has several slots, each run once.
    const wait = readyAt + 5 * SWEEP_SECONDS * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    const sweeps = async () =>
      (
        await t.sql(
          `select name, singleton_on::text as slot, state, retry_count from pgboss.job
           where name = any($1::text[]) and singleton_on < now() - interval '2 seconds'
           order by name, singleton_on`,
          [SWEEPS],
        )
      ).rows as Array<{ name: string; slot: string; state: string; retry_count: number }>;
    const deadline = Date.now() + 10_000;
    while ((await sweeps()).some((row) => row.state !== 'completed') && Date.now() < deadline)
      await sleep(200);
    const rows = await sweeps();
    console.log(
      `sweep jobs per queue: ${SWEEPS.map((name) => `${name} ${rows.filter((row) => row.name === name).length}`).join(', ')}`,
    );
    for (const name of SWEEPS) {
      const slots = rows.filter((row) => row.name === name).map((row) => row.slot);
      // Three processes sent each slot up to three times; pg-boss kept one job per slot.
      expect(slots.length, name).toBeGreaterThanOrEqual(2);
      expect(new Set(slots).size, name).toBe(slots.length);
    }
    for (const row of rows) expect(row).toMatchObject({ state: 'completed', retry_count: 0 });
  }, 60_000);
});
