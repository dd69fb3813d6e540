/**
 * Security review of what issue 17 added (operations), under its threat model: the server is on
 * the internet, often behind a reverse proxy on the same host; every request header is the
 * client's; a signed-in user of another business is hostile; a backup archive handed to
 * `npm run restore` may have been tampered with on its way.
 *
 * 1. /api/metrics and /api/ready: who may read them, and what they tell (no address, user, e-mail,
 *    business or raw path; route labels stay patterns, whatever paths a client sends).
 * 2. Rate limits in PostgreSQL: a client cannot choose its own address; the windows are cleaned
 *    up; the request role cannot read or reset them.
 * 3. Archives: hostile members and manifests are refused in one line, nothing is written outside
 *    the restore's folders, no SQL runs from the manifest's names, a gzip bomb is stopped.
 * 4. The read replica: reads routed to a "replica" pool (here the test database, logged in as the
 *    replica's pool logs in) show a user nothing of another business, and never run as the owner.
 * 5. The 503 mapping: a client that breaks its request off does not produce a "database down".
 *
 * Found and fixed (see the report): the ORDER BY of the restore's digest check ran the manifest's
 * text as SQL (manifest.ts assertManifestNames); a table's member could name any file of the
 * machine (same); a gzip member could unzip without bound (copy-text-limit.ts); job-queue tables of
 * the manifest were not checked against the installed ones (database-load.repository.ts); blobs
 * could be uploaded into any Azure container (restore.ts); DATABASE_REPLICA_URL's `?user=` logged
 * the reads in as whoever it named (read-replica.ts, config.ts); a proxy on this host that adds no
 * forwarding header opened the metrics to everyone (operations.ts, with TRUST_PROXY); a flood over
 * a rate limit cost a database transaction per request (rate-limit-store.ts); a member named twice
 * in an archive left an unhandled rejection (tar.ts). Defensive: an error of reading the request
 * (Fastify's 4xx) is never read as an outage (error-handler.ts; see SECURITY 5).
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createBackup, type BackupResult } from '../../src/platform/backup/backup.js';
import { BackupRefusal, parseManifest, type Manifest } from '../../src/platform/backup/manifest.js';
import { restoreBackup } from '../../src/platform/backup/restore.js';
import { extractTar, writeTar, type ExtractedMember } from '../../src/platform/backup/tar.js';
import { loadConfig } from '../../src/platform/config.js';
import { connectDatabase, type Database } from '../../src/platform/db/database.js';
import {
  replicaUrlWithCredentials,
  type ReadRouting,
  type ReadRoutingState,
} from '../../src/platform/db/read-replica.js';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/job-queue.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { PNG_1X1 } from '../factories/multipart.js';
import { postProduct } from '../factories/products.js';
import { recordSale, saleSetUp } from '../factories/sales.js';
import { withDatabase } from '../global-setup.js';

const TOKEN = 'operations-attacks-metrics-token-0123456789';
const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: TOKEN });
  owner = await ownerWithBusiness(t, 'Metered Market');
});
afterAll(async () => {
  await t?.close();
});

const metricsText = async (app: FastifyInstance = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/api/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The label values of `label` over the series of `metric`. */
function labelValues(text: string, metric: string, label: string): Set<string> {
  const values = new Set<string>();
  const pattern = new RegExp(`${label}="((?:[^"\\\\]|\\\\.)*)"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${metric}{`)) continue;
    const value = pattern.exec(line)?.[1];
    if (value !== undefined) values.add(value);
  }
  return values;
}

describe('SECURITY 1: /api/metrics and /api/ready', () => {
  it('refuses a loopback request that a proxy forwarded (X-Forwarded-For, Forwarded, X-Real-IP, Via), without TRUST_PROXY', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { via: '1.1 proxy' },
      { 'x-forwarded-proto': 'https' },
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '127.0.0.1',
        headers,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('refuses a wrong token, one of another length, an empty one, a Basic one, and the token in the query string', async () => {
    const outside = '203.0.113.7';
    const attempts: Array<{ url: string; headers?: Record<string, string> }> = [
      { url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } },
      { url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}0` } },
      { url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN.slice(0, 8)}` } },
      { url: '/api/metrics', headers: { authorization: 'Bearer ' } },
      { url: '/api/metrics', headers: { authorization: '' } },
      {
        url: '/api/metrics',
        headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      },
      { url: `/api/metrics?token=${TOKEN}` },
      { url: `/api/metrics?access_token=${TOKEN}` },
      { url: `/api/metrics?authorization=${encodeURIComponent(`Bearer ${TOKEN}`)}` },
      { url: '/api/metrics', headers: { cookie: `token=${TOKEN}` } },
      { url: '/api/metrics', headers: { 'x-metrics-token': TOKEN } },
    ];
    for (const { url, headers } of attempts) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: outside, headers });
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.body).not.toContain('http_requests_total');
    }
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: outside,
        headers: { authorization: `${scheme} ${TOKEN}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('with TRUST_PROXY set, refuses loopback without the token, forwarded or not (a proxy that adds no header looks like loopback)', async () => {
    const proxied = await buildTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '1' });
    try {
      for (const headers of [{}, { 'x-forwarded-for': '203.0.113.7' }, { 'x-forwarded-for': '127.0.0.1' }]) {
        const res = await proxied.app.inject({
          method: 'GET',
          url: '/api/metrics',
          remoteAddress: '127.0.0.1',
          headers,
        });
        expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      }
      const withToken = await proxied.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '127.0.0.1',
        headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
      });
      expect(withToken.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('tells no address, user id, e-mail, business id or raw path, in /api/metrics or /api/ready', async () => {
    const { rows } = await t.sql('select id::text from users where email = $1', [owner.email]);
    const userId = (rows[0] as { id: string }).id;
    const marker = `leak-${randomUUID()}`;
    const asOwner = bearer(owner.token);
    await t.app.inject({ method: 'GET', url: `/api/businesses/${owner.businessId}`, headers: asOwner });
    await t.app.inject({
      method: 'GET',
      url: `/api/users/${userId}?email=${encodeURIComponent(owner.email)}`,
      headers: asOwner,
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/${marker}/${encodeURIComponent(owner.email)}`,
      remoteAddress: '198.51.100.23',
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.24',
      headers: { 'x-forwarded-for': '198.51.100.25' },
      payload: { email: owner.email, password: `${marker}-wrong` },
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '198.51.100.26' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', queue: 'ok' },
    });
    const database = new URL(t.databaseUrl);
    for (const body of [await metricsText(), ready.body]) {
      for (const secret of [
        userId,
        owner.businessId,
        owner.email,
        encodeURIComponent(owner.email),
        marker,
        '198.51.100.',
        `${database.hostname}:${database.port}`,
        database.pathname.slice(1),
        'postgres://',
        'app_request',
      ])
        expect(body, secret).not.toContain(secret);
    }
  });

  it('keeps one route label for any number of unknown paths: 1,000 random 404s add no series', async () => {
    const before = labelValues(await metricsText(), 'http_requests_total', 'route');
    const methods = ['GET', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
    for (let i = 0; i < 1_000; i++) {
      const id = randomUUID();
      const url = [
        `/api/${id}`,
        `/${id}/${i}`,
        `/api/businesses/${id}/nothing/${i}`,
        `/api/products/${id}/x?q=${id}`,
        `/%2e%2e/${id}`,
      ][i % 5] as string;
      await t.app.inject({
        method: methods[i % methods.length] ?? 'GET',
        url,
        remoteAddress: '203.0.113.50',
      });
    }
    const text = await metricsText();
    const after = labelValues(text, 'http_requests_total', 'route');
    const added = [...after].filter((route) => !before.has(route));
    // At most the catch-all labels (unmatched, and the web app's fallback) are new.
    expect(added.length, added.join(', ')).toBeLessThanOrEqual(2);
    for (const route of after) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const series = text.split('\n').filter((line) => line.startsWith('http_requests_total{'));
    expect(series.length).toBeLessThan(80);
  });
});

describe('SECURITY 2: rate limits and their windows in PostgreSQL', () => {
  const LIMIT = 3;
  const login = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers,
      payload: { email: 'nobody@shop.test', password: 'not-the-password-1' },
    });

  it('without TRUST_PROXY, X-Forwarded-For, Forwarded and X-Real-IP do not give a client new allowances', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
    try {
      for (const peer of ['203.0.113.9', '127.0.0.1']) {
        const statuses: number[] = [];
        for (let i = 0; i < LIMIT + 3; i++) {
          const spoof = `192.0.2.${i + 1}`;
          const res = await login(limited.app, peer, {
            'x-forwarded-for': spoof,
            forwarded: `for=${spoof}`,
            'x-real-ip': spoof,
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(LIMIT), peer).toEqual([429, 429, 429]);
      }
    } finally {
      await limited.close();
    }
  });

  it('with TRUST_PROXY=1, only the address the proxy saw counts: a spoofed left part of the chain, or a direct client, gets nothing new', async () => {
    const proxied = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1' });
    try {
      const chained: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++)
        chained.push(
          (await login(proxied.app, '127.0.0.1', { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.7` }))
            .statusCode,
        );
      expect(chained.slice(LIMIT)).toEqual([429, 429]);
      // Another client behind the same proxy has its own window.
      expect((await login(proxied.app, '127.0.0.1', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(
        401,
      );
      // A client on the internet that reaches the server directly is not a proxy: its header is ignored.
      const direct: number[] = [];
      for (let i = 0; i < LIMIT + 2; i++)
        direct.push(
          (await login(proxied.app, '203.0.113.10', { 'x-forwarded-for': `192.0.2.${i + 1}` })).statusCode,
        );
      expect(direct.slice(LIMIT)).toEqual([429, 429]);
    } finally {
      await proxied.close();
    }
  });

  it('refuses a flood over the limit without a database round trip each (the window stops counting at max + 1)', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await login(limited.app, '203.0.113.77', {})).statusCode);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LIMIT);
      const { rows } = await limited.sql(
        `select hits from rate_limit_windows where key like '%|203.0.113.77'`,
      );
      expect(rows).toEqual([{ hits: LIMIT + 1 }]);
    } finally {
      await limited.close();
    }
  });

  it('the request role can neither read nor change the windows (only app_rate_limit_hit can)', async () => {
    await t.sql(
      `insert into rate_limit_windows (key, hits, started_at) values ('victim|10.9.8.7', 99, now())`,
    );
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      for (const asTenant of [false, true]) {
        for (const statement of [
          'select * from rate_limit_windows',
          `update rate_limit_windows set hits = 0 where key = 'victim|10.9.8.7'`,
          `delete from rate_limit_windows where key = 'victim|10.9.8.7'`,
          `insert into rate_limit_windows (key, hits, started_at) values ('x', 0, now())`,
          'truncate rate_limit_windows',
        ]) {
          await client.query('begin');
          if (asTenant) await client.query(`set local role app_tenant`);
          const error = await client.query(statement).catch((caught: unknown) => caught);
          await client.query('rollback');
          expect(error, `${asTenant ? 'app_tenant' : 'login role'}: ${statement}`).toMatchObject({
            code: '42501',
          });
        }
      }
    } finally {
      await client.end();
    }
    const { rows } = await t.sql(`select hits from rate_limit_windows where key = 'victim|10.9.8.7'`);
    expect(rows).toEqual([{ hits: 99 }]);
  });

  it('forgets windows over for an hour as requests come, so many addresses cannot grow the table without bound', async () => {
    await t.sql(
      `insert into rate_limit_windows (key, hits, started_at)
       select 'old|' || g, 1, now() - interval '2 hours' from generate_series(1, 200) g`,
    );
    await t.sql(
      `insert into rate_limit_windows (key, hits, started_at)
       select 'recent|' || g, 1, now() - interval '10 minutes' from generate_series(1, 5) g`,
    );
    const client = new pg.Client({ connectionString: t.requestUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local role app_tenant');
      // 1,500 requests of new clients; each has a 1 % chance to sweep.
      await client.query(
        `select count(*) from (select app_rate_limit_hit('many|' || g, 60000) from generate_series(1, 1500) g) x`,
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
    const { rows } = await t.sql(
      `select count(*) filter (where key like 'old|%')::int as old,
              count(*) filter (where key like 'recent|%')::int as recent
       from rate_limit_windows`,
    );
    expect(rows[0]).toEqual({ old: 0, recent: 5 });
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Archives handed to restore.

const BLOCK = 512;

/** A ustar header with any name and type (the project's writer refuses hostile names). */
function rawHeader(name: string, size: number, type = '0', linkName = ''): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100, 8, 'ascii');
  block.write('0000000\0', 108, 8, 'ascii');
  block.write('0000000\0', 116, 8, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'ascii');
  block.write('00000000000\0', 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write(linkName, 157, 100, 'utf8');
  block.write('ustar\0', 257, 6, 'ascii');
  block.write('00', 263, 2, 'ascii');
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
  return block;
}

describe('SECURITY 3: archives handed to restore', () => {
  let work: string;
  let archive: BackupResult;
  let admin: pg.Client;
  const databases: string[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'backoffice-archive-attacks-'));
    const shop = await saleSetUp(t, owner.businessId, { tea: { price: '3.50', stock: 100 } });
    const pictured = await postProduct(
      t,
      owner.token,
      { locationId: shop.locationId, name: 'Pictured jam', sku: 'JAM-ATTACK-1', price: '4.00' },
      { data: PNG_1X1, contentType: 'image/png' },
    );
    expect(pictured.statusCode, pictured.body).toBe(201);
    await recordSale(t, owner.token, {
      storeId: shop.storeId,
      lines: [{ productId: shop.products.tea.id, quantity: 1 }],
      paymentMethod: 'CASH',
    });
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.databaseUrl,
      LOG_LEVEL: 'silent',
    });
    archive = await createBackup({ config, out: work, format: 'app', log: quiet });
    expect(archive.manifest.blobs.count).toBeGreaterThan(0);
    admin = new pg.Client({ connectionString: inject('dbAdminUrl') });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    for (const name of databases) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** An empty database to restore into, with a canary sequence (non-transactional) beside the app's schemas. */
  async function emptyTarget(): Promise<{ url: string; requestUrl: string }> {
    const name = `attack_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    await admin.query(`CREATE DATABASE ${name}`);
    databases.push(name);
    const url = withDatabase(inject('dbAdminUrl'), name);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create schema canary; create sequence canary.hits');
    await client.end();
    return { url, requestUrl: withDatabase(inject('dbRequestUrl'), name) };
  }

  async function query(url: string, text: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }

  /**
   * Restores `file` into a fresh DATA_DIR and an empty database (DATABASE_APP_URL set: the shared
   * request role of the test cluster is never touched). Answers the error and where it restored.
   */
  async function restore(file: string, env: Record<string, string> = {}) {
    const dataDir = await mkdtemp(path.join(work, 'data-'));
    const target = await emptyTarget();
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: target.url,
      DATABASE_APP_URL: target.requestUrl,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      LOG_LEVEL: 'silent',
      ...env,
    });
    const error = await restoreBackup({ config, file, log: quiet }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    return { error, dataDir, target: target.url };
  }

  /** Refused in one line (as restore-cli prints a BackupRefusal), DATA_DIR left empty. */
  async function expectRefused(result: Awaited<ReturnType<typeof restore>>, message: RegExp) {
    expect(result.error).toBeInstanceOf(BackupRefusal);
    expect(result.error?.message.split('\n')).toHaveLength(1);
    expect(result.error?.message).toMatch(message);
    expect(await readdir(result.dataDir)).toEqual([]);
  }

  /** The canary sequence was never advanced: no expression from the manifest ran. */
  async function expectCanaryUntouched(url: string) {
    expect(await query(url, 'select is_called from canary.hits')).toEqual([{ is_called: false }]);
  }

  async function appTablesIn(url: string): Promise<number> {
    const rows = await query(
      url,
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle', 'pgboss')`,
    );
    return (rows[0] as { n: number }).n;
  }

  /**
   * A copy of the archive, its members unpacked and changed by `change` (the manifest as an
   * object, the members' files on disk), the manifest's checksums made right again: only the
   * check under attack can catch it. `extra` adds raw members (any name or type) at the end.
   */
  async function tampered(
    change: (manifest: Manifest, members: ExtractedMember[]) => Promise<void> | void,
    extra: Buffer[] = [],
  ): Promise<string> {
    const dir = await mkdtemp(path.join(work, 'tamper-'));
    const members = await extractTar(archive.file, dir);
    const manifestFile = path.join(dir, 'manifest.json');
    const manifest = parseManifest(await readFile(manifestFile, 'utf8'));
    await change(manifest, members);
    for (const member of members) {
      if (member.name === 'manifest.json' || !(member.name in manifest.members)) continue;
      const data = await readFile(member.file);
      manifest.members[member.name] = {
        bytes: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      };
    }
    await writeFile(manifestFile, JSON.stringify(manifest));
    const out = path.join(work, `tampered-${randomUUID()}.tar`);
    await writeTar(
      out,
      members.map((m) => ({ name: m.name, file: m.file })),
    );
    if (extra.length) {
      // Before the end marker (the last two blocks).
      const bytes = await readFile(out);
      await writeFile(
        out,
        Buffer.concat([bytes.subarray(0, bytes.length - 2 * BLOCK), ...extra, Buffer.alloc(2 * BLOCK)]),
      );
    }
    return out;
  }

  const firstAppTable = (manifest: Manifest) => {
    const table = manifest.tables.find((x) => x.schema === 'public' && x.rows > 0 && x.member);
    if (!table?.member) throw new Error('no public table with rows in the archive');
    return table as typeof table & { member: string };
  };

  it('refuses members named out of the folder (parent steps, absolute), symlinks and hard links, writing nothing outside', async () => {
    const escapeName = `escaped-${randomUUID()}.txt`;
    const payload = Buffer.from('pwned\n');
    const padded = Buffer.concat([payload, Buffer.alloc(BLOCK - payload.length)]);
    const hostile = [
      [rawHeader(`../../${escapeName}`, payload.length), padded],
      [rawHeader(`blobs/../../../${escapeName}`, payload.length), padded],
      [rawHeader(path.join(work, escapeName), payload.length), padded],
      [rawHeader('blobs/inventory/link.png', 0, '2', '/etc/passwd')],
      [rawHeader('blobs/inventory/hard.png', 0, '1', '/etc/passwd')],
    ];
    for (const parts of hostile) {
      const file = await tampered(() => undefined, parts);
      const result = await restore(file);
      await expectRefused(
        result,
        /is not a readable backup archive \((unsafe member name|unexpected member type)/,
      );
      expect(await appTablesIn(result.target)).toBe(0);
    }
    const found = (await readdir(work, { recursive: true })).filter((name) =>
      name.toString().includes(escapeName),
    );
    expect(found).toEqual([]);
    expect(existsSync(path.join(path.dirname(work), escapeName))).toBe(false);
  });

  it('refuses a member whose declared size is larger than the archive', async () => {
    const file = await tampered(() => undefined, [rawHeader('blobs/inventory/huge.png', 4 * 1024 ** 3)]);
    await expectRefused(await restore(file), /the archive is cut short/);
  });

  it('runs no SQL from the manifest: an ORDER BY that calls a function is refused before anything runs', async () => {
    const file = await tampered((manifest) => {
      const table = firstAppTable(manifest);
      // A constant term: the digest would match, and the restore would succeed, with the side effect.
      table.orderBy = [...table.orderBy, `(select nextval('canary.hits'))`];
    });
    const result = await restore(file);
    await expectRefused(result, /names the order .*nextval.* it was altered, and nothing was restored\.$/);
    await expectCanaryUntouched(result.target);
    expect(await appTablesIn(result.target)).toBe(0);
  });

  it.each([
    ['a table name carrying SQL', (m: Manifest) => void (firstAppTable(m).name = 'x"; drop table users; --')],
    [
      'a column name carrying SQL',
      (m: Manifest) => void firstAppTable(m).columns.push('id") from users; --'),
    ],
    [
      'a table of the system catalogue',
      (m: Manifest) => void m.tables.push({ ...firstAppTable(m), schema: 'pg_catalog', name: 'pg_authid' }),
    ],
    [
      'a sequence of another schema',
      (m: Manifest) =>
        void m.sequences.push({ schema: 'canary', name: 'hits', lastValue: '999', isCalled: true }),
    ],
    [
      'a member outside the archive',
      (m: Manifest) => void (firstAppTable(m).member = '../../../../../../etc/hostname'),
    ],
  ])('refuses %s before touching the target', async (_what, change) => {
    const result = await restore(await tampered(change));
    await expectRefused(result, /it was altered, and nothing was restored\.$/);
    await expectCanaryUntouched(result.target);
    expect(await appTablesIn(result.target)).toBe(0);
  });

  it('refuses tables that are not the app’s (public or the job queue’s), loading none of their rows', async () => {
    const notOurs = await restore(
      await tampered(
        (m) => void m.tables.push({ ...firstAppTable(m), name: 'not_ours', member: firstAppTable(m).member }),
      ),
    );
    expect(notOurs.error?.message.split('\n')).toHaveLength(1);
    expect(notOurs.error?.message).toMatch(/public\.not_ours is missing/);
    expect(await query(notOurs.target, 'select count(*)::int as n from sales')).toEqual([{ n: 0 }]);

    const notTheQueue = await restore(
      await tampered(
        (m) =>
          void m.tables.push({
            ...firstAppTable(m),
            schema: 'pgboss',
            name: 'not_ours',
            member: firstAppTable(m).member,
          }),
      ),
    );
    expect(notTheQueue.error).toBeInstanceOf(BackupRefusal);
    expect(notTheQueue.error?.message.split('\n')).toHaveLength(1);
    expect(notTheQueue.error?.message).toMatch(/"pgboss\.not_ours", which is not a table of the job queue/);
    await expectCanaryUntouched(notTheQueue.target);
  }, 60_000);

  it('refuses a gzip bomb in a table member (one endless row) while it unzips, loading none of it', async () => {
    const line = Buffer.alloc(65 * 1024 * 1024, 0x61);
    const bomb = gzipSync(line, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const file = await tampered(async (manifest, members) => {
      const table = firstAppTable(manifest);
      const member = members.find((m) => m.name === table.member);
      if (!member) throw new Error('member not unpacked');
      await writeFile(member.file, bomb);
    });
    const started = Date.now();
    const result = await restore(file);
    expect(result.error).toBeInstanceOf(BackupRefusal);
    expect(result.error?.message.split('\n')).toHaveLength(1);
    expect(result.error?.message).toMatch(
      /holds a row longer than 67108864 bytes: it was altered\. The target database may hold part/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await query(result.target, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
  }, 60_000);

  it('refuses more rows in a member than its manifest says', async () => {
    const file = await tampered(async (manifest, members) => {
      const table = firstAppTable(manifest);
      const member = members.find((m) => m.name === table.member);
      if (!member) throw new Error('member not unpacked');
      const rowsText = gunzipSync(await readFile(member.file));
      await writeFile(member.file, gzipSync(Buffer.concat(Array.from({ length: 1000 }, () => rowsText))));
    });
    const result = await restore(file);
    expect(result.error).toBeInstanceOf(BackupRefusal);
    expect(result.error?.message).toMatch(/holds more rows than its manifest's/);
  }, 60_000);

  it('with Azure, refuses blobs for a container that is not the app’s before uploading any', async () => {
    const file = await tampered(async (manifest, members) => {
      const blob = members.find((m) => m.name.startsWith('blobs/inventory/'));
      if (!blob) throw new Error('no blob in the archive');
      const name = 'blobs/someone-elses-container/x.png';
      const to = path.join(path.dirname(members[0]?.file ?? ''), ...name.split('/'));
      await mkdir(path.dirname(to), { recursive: true });
      await copyFile(blob.file, to);
      members.push({ name, file: to, bytes: 0, sha256: '' });
      manifest.members[name] = { bytes: 0, sha256: '' };
      manifest.blobs.count += 1;
    });
    const result = await restore(file, { AZURE_STORAGE_CONNECTION_STRING: 'UseDevelopmentStorage=true' });
    await expectRefused(
      result,
      /blob "blobs\/someone-elses-container\/x\.png" is not in the app's container inventory/,
    );
    expect(await appTablesIn(result.target)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The read replica.

describe('SECURITY 4: reads routed to the replica', () => {
  let replica: Database;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let replicaReads = 0;
  let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
  let mine: Awaited<ReturnType<typeof saleSetUp<'bread'>>>;
  let theirs: Awaited<ReturnType<typeof saleSetUp<'caviar'>>>;

  beforeAll(async () => {
    // The "replica" is the test database itself, reached as openReadRouting reaches one: its URL
    // without credentials (here with the owner's smuggled into the query) and the request pool's.
    const ownerUrl = new URL(t.databaseUrl);
    const replicaAddress = new URL(t.databaseUrl);
    replicaAddress.username = '';
    replicaAddress.password = '';
    replicaAddress.searchParams.set('user', decodeURIComponent(ownerUrl.username));
    replicaAddress.searchParams.set('password', decodeURIComponent(ownerUrl.password));
    replica = connectDatabase(replicaUrlWithCredentials(replicaAddress.toString(), t.requestUrl), { max: 3 });
    const state: ReadRoutingState = { isConfigured: true, target: 'replica', lagMs: 0, reason: null };
    const routing: ReadRouting = {
      reads: () => replica.db,
      run: async (work) => {
        replicaReads++;
        return work(replica.db);
      },
      state: () => state,
      check: async () => state,
      close: async () => undefined,
    };
    jobs = createJobQueue({
      url: t.databaseUrl,
      log: { warn: () => undefined, error: () => undefined },
      timing: 'fast',
      maxConnections: 2,
      isPolling: false,
    });
    app = await buildApp({
      config: t.config,
      db: t.database.db,
      ownerDb: t.owner.db,
      jobs,
      readRouting: routing,
      logger: false,
    });
    await app.ready();
    await jobs.start();

    victim = await ownerWithBusiness(t, 'Victim Delicatessen');
    await setPlan(t, owner.businessId, 'SUPREME');
    await setPlan(t, victim.businessId, 'SUPREME');
    mine = await saleSetUp(t, owner.businessId, { bread: { price: '2.00', stock: 100 } }, 'Replica Street');
    theirs = await saleSetUp(
      t,
      victim.businessId,
      { caviar: { price: '990.00', stock: 100 } },
      'Victim Avenue',
    );
    for (let i = 0; i < 3; i++)
      await recordSale(t, victim.token, {
        storeId: theirs.storeId,
        lines: [{ productId: theirs.products.caviar.id, quantity: 5 }],
        paymentMethod: 'CARD',
      });
    await recordSale(t, owner.token, {
      storeId: mine.storeId,
      lines: [{ productId: mine.products.bread.id, quantity: 1 }],
      paymentMethod: 'CASH',
    });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await jobs?.stop();
    await replica?.close();
  });

  it('logs the replica pool in as the request role, without BYPASSRLS, even with the owner named in its URL', async () => {
    const { rows } = await replica.pool.query<{ who: string; bypasses: boolean }>(
      `select session_user::text as who,
              (select rolsuper or rolbypassrls from pg_roles where rolname = session_user) as bypasses`,
    );
    expect(rows[0]?.who).toBe(decodeURIComponent(new URL(t.requestUrl).username));
    expect(rows[0]?.who).not.toBe(decodeURIComponent(new URL(t.databaseUrl).username));
    expect(rows[0]?.bypasses).toBe(false);
  });

  it('shows a user of one business nothing of another, through the analytics and reports served by the replica', async () => {
    const range = new URLSearchParams({ start: '01-01-2026 00:00', end: '31-12-2027 23:59' }).toString();
    const before = replicaReads;
    const asMe = bearer(owner.token);
    const totals = await app.inject({
      method: 'GET',
      url: `/api/sales-analytics/total/business?${range}`,
      headers: asMe,
    });
    expect(totals.statusCode, totals.body).toBe(200);
    const top = await app.inject({
      method: 'GET',
      url: `/api/sales-analytics/top/business?${range}`,
      headers: asMe,
    });
    expect(top.statusCode, top.body).toBe(200);
    const stores = await app.inject({
      method: 'GET',
      url: `/api/sales-analytics/stores/top?${range}`,
      headers: asMe,
    });
    expect(stores.statusCode, stores.body).toBe(200);
    expect(replicaReads, 'the reads went to the replica pool').toBeGreaterThan(before);
    for (const res of [totals, top, stores]) {
      expect(res.body).not.toMatch(/Caviar|Victim|14850\.00/);
      expect(res.body).not.toContain(theirs.storeId);
      expect(res.body).not.toContain(theirs.products.caviar.id);
    }
    // Their store by id: not found, not empty.
    const named = await app.inject({
      method: 'GET',
      url: `/api/sales-analytics/total?${range}&storeId=${theirs.storeId}`,
      headers: asMe,
    });
    expect(named.statusCode).toBe(404);
  });

  it('on the replica pool, a transaction without a business sees no sale, one with a business only its own', async () => {
    const client = await replica.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', 'app_tenant', true)`);
      expect((await client.query('select count(*)::int as n from sales')).rows).toEqual([{ n: 0 }]);
      await client.query(`select set_config('app.business_id', $1, true)`, [owner.businessId]);
      const { rows } = await client.query<{ id: string }>(
        'select distinct business_id::text as id from sales',
      );
      expect(rows).toEqual([{ id: owner.businessId }]);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 5. The 503 mapping.

describe('SECURITY 5: the 503 mapping', () => {
  /**
   * Held here: Node answers a body cut short by the client's half-close with its own 400, and drops
   * a destroyed connection without an answer or a metric, so no real client reached the 503. The
   * error handler now also refuses to read a 4xx error (Fastify's mark on errors of reading the
   * request, such as an aborted body's ECONNRESET) as an outage: error-handler-attacks.test.ts.
   */
  it('answers or counts a request whose body the client broke off as the client’s, never as a database outage (503)', async () => {
    const served = await buildTestApp({ METRICS_TOKEN: TOKEN });
    try {
      await served.app.listen({ port: 0, host: '127.0.0.1' });
      const address = served.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const partial =
        'POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 5000\r\n\r\n{"email":"someone@shop.test","password":"';
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const socket = connect(address.port, '127.0.0.1');
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
        socket.on('error', () => undefined);
        await new Promise<void>((resolve) => socket.once('connect', resolve));
        socket.write(partial);
        await sleep(30);
        // Half the clients stop sending and wait for an answer, half drop the connection.
        if (i % 2 === 0) {
          socket.end();
          await sleep(200);
          answers.push(answer);
        }
        socket.destroy();
      }
      await sleep(300);
      for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 4\d\d /);
      const text = (await served.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(text).not.toMatch(/^http_requests_total\{[^}]*status="5\d\d"[^}]*\} [1-9]/m);
    } finally {
      await served.close();
    }
  });
});
