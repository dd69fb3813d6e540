import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupResult } from '../../src/platform/backup/backup.js';
import { openSourceDatabase } from '../../src/platform/backup/cluster-access.js';
import { COPY_SETTINGS, copyTableOut } from '../../src/platform/backup/database-dump.repository.js';
import { parseManifest, type Manifest } from '../../src/platform/backup/manifest.js';
import { restoreBackup } from '../../src/platform/backup/restore.js';
import { extractTar, parseHeader, writeTar } from '../../src/platform/backup/tar.js';
import { loadConfig } from '../../src/platform/config.js';
import { freePort } from '../../src/platform/db/embedded-postgres.js';
import {
  ensurePostgresUser,
  initialiseCluster,
  startPostmaster,
  type Postmaster,
} from '../../src/platform/db/postgres-process.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { withDatabase } from '../global-setup.js';
import { ownerWithBusiness } from '../factories/accounts.js';
import { insertLocation } from '../factories/catalogue.js';
import { expectLedgerBalanced } from '../factories/inventory.js';
import { postMovement } from '../factories/movements.js';
import { PNG_1X1 } from '../factories/multipart.js';
import { postProduct } from '../factories/products.js';
import { expectRollupsBalanced, recordSale, saleSetUp } from '../factories/sales.js';
import {
  request,
  startServer,
  stopLeftoverPostgres,
  waitUntilHealthy,
  type ServerProcess,
} from '../server-process.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
const PG15_BIN = '/usr/lib/postgresql/15/bin';
const hasPg15 = existsSync(path.join(PG15_BIN, 'initdb')) && existsSync(path.join(PG15_BIN, 'pg_dump'));
const quiet = { info: () => undefined, warn: () => undefined, debug: () => undefined };

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let work: string;
let server: ServerProcess | undefined;
let pg15: Postmaster | undefined;
const restoredDirs: string[] = [];
/** The app-copy archive taken under write load; the later tests read or tamper with copies. */
let appArchive: BackupResult;

/** Runs SQL on a database as its owner, one connection per call. */
function sqlOn(url: string) {
  return async (text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };
}

/**
 * The restored database against the archive, independently of the restore's own check: each
 * table's count(*) and its content digest equal the manifest's (the source as of the snapshot),
 * every item equals its ledger, the rollups equal the sales they sum, every sale's units equal
 * its lines'; and the sales it holds are, row for row, the source's.
 */
async function expectDatabaseMatches(url: string, manifest: Manifest, sourceUrl: string): Promise<void> {
  const sql = sqlOn(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(COPY_SETTINGS);
    for (const table of manifest.tables) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from "${table.schema}"."${table.name}"`,
      );
      expect(rows[0]?.n, `${table.schema}.${table.name} rows`).toBe(table.rows);
      const content = await copyTableOut(client, table, null);
      expect(content.sha256, `${table.schema}.${table.name} content`).toBe(table.contentSha256);
    }
  } finally {
    await client.end();
  }
  const asTestApp = { sql } as unknown as TestApp;
  await expectLedgerBalanced(asTestApp);
  await expectRollupsBalanced(asTestApp);
  const { rows: unitsOff } = await sql(`
    select s.id from sales s
    where s.units <> coalesce((select sum(l.quantity) from sale_lines l where l.business_id = s.business_id and l.sale_id = s.id), 0)`);
  expect(unitsOff, 'sales whose units differ from their lines').toEqual([]);
  const rowsOf = async (u: string) =>
    new Map(
      (await sqlOn(u)('select id::text, md5(s::text) as digest from sales s')).rows.map(
        (r: { id: string; digest: string }) => [r.id, r.digest],
      ),
    );
  const [restored, source] = await Promise.all([rowsOf(url), rowsOf(sourceUrl)]);
  expect(restored.size).toBe(manifest.tables.find((x) => x.name === 'sales')?.rows);
  for (const [id, digest] of restored) expect(source.get(id), `sale ${id}`).toBe(digest);
}

async function expectBlobsEqual(fromDir: string, toDir: string, count: number): Promise<void> {
  const names = (await readdir(path.join(fromDir, 'blobs'), { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(path.join(fromDir, 'blobs'), path.join(e.parentPath, e.name)));
  expect(names.length).toBe(count);
  expect(count).toBeGreaterThan(0);
  for (const name of names)
    expect(
      (await readFile(path.join(toDir, 'blobs', name))).equals(
        await readFile(path.join(fromDir, 'blobs', name)),
      ),
    ).toBe(true);
}

/** Runs a command-line entry (src/backup-cli.ts, src/restore-cli.ts) as the operator would. */
function runCli(entry: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _db, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', entry, ...args], {
    cwd: SERVER_DIR,
    env: { ...inherited, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stderr: stderr.trim() })),
  );
}

async function newDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(work, prefix));
  restoredDirs.push(dir);
  return dir;
}

/** A copy of the archive with its manifest changed (members untouched, so their checksums hold). */
async function withManifest(archive: string, change: (m: Manifest) => void): Promise<string> {
  const dir = await mkdtemp(path.join(work, 'tamper-'));
  const members = await extractTar(archive, dir);
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = parseManifest(await readFile(manifestFile, 'utf8'));
  change(manifest);
  await writeFile(manifestFile, JSON.stringify(manifest));
  const out = path.join(work, `tampered-${randomUUID()}.tar`);
  await writeTar(
    out,
    members.map((m) => ({ name: m.name, file: m.file })),
  );
  return out;
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'backoffice-backup-test-'));
  t = await buildTestApp({}, { poolSize: 10 });
  owner = await ownerWithBusiness(t);
  const world = await saleSetUp(t, owner.businessId, {
    tea: { price: '3.50', stock: 100_000 },
    bread: { price: '2.10', stock: 100_000 },
  });
  const warehouse = await insertLocation(t, owner.businessId, { name: 'Back room' });
  const pictured = await postProduct(
    t,
    owner.token,
    { locationId: world.locationId, name: 'Pictured jam', sku: 'JAM-1', price: '4.00' },
    { data: PNG_1X1, contentType: 'image/png' },
  );
  expect(pictured.statusCode).toBe(201);

  const sell = () =>
    recordSale(t, owner.token, {
      storeId: world.storeId,
      lines: [
        { productId: world.products.tea.id, quantity: 2 },
        { productId: world.products.bread.id, quantity: 1 },
      ],
      paymentMethod: 'CASH',
    });
  const move = async () => {
    const res = await postMovement(t, owner.token, {
      items: [
        {
          sku: world.products.tea.sku,
          sourceLocationId: world.locationId,
          destinationLocationId: warehouse,
          quantity: 1,
        },
      ],
    });
    if (res.statusCode !== 201) throw new Error(`movement failed: ${res.statusCode} ${res.body}`);
  };
  for (let i = 0; i < 10; i++) await Promise.all([sell(), move()]);

  // The backup runs while four writers keep recording sales and movements through the app.
  let isBackingUp = true;
  let writtenDuring = 0;
  const writer = async (write: () => Promise<unknown>) => {
    while (isBackingUp) {
      await write();
      writtenDuring++;
    }
  };
  const writers = [writer(sell), writer(sell), writer(move), writer(move)];
  const config = loadConfig({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' });
  try {
    appArchive = await createBackup({ config, out: work, format: 'app', log: quiet });
  } finally {
    isBackingUp = false;
    await Promise.all(writers);
  }
  expect(writtenDuring, 'writes while the backup ran').toBeGreaterThan(0);
}, 60_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  for (const dir of restoredDirs) await stopLeftoverPostgres(dir);
  await pg15?.stop();
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('restores a backup taken under write load into a new data folder, equal to the snapshot, and the app starts on it', async () => {
    const { manifest } = appArchive;
    expect(manifest.dump.format).toBe('app-copy');
    expect(manifest.migrations.lastTag).not.toBeNull();
    const sales = manifest.tables.find((x) => x.name === 'sales')?.rows ?? 0;
    const { rows: now } = await t.sql('select count(*)::int as n from sales');
    expect(sales).toBeGreaterThanOrEqual(10);
    expect(now[0].n, 'sales went on after the snapshot').toBeGreaterThan(sales);

    const dataDir = await newDir('restored-');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const restored = await restoreBackup({ config, file: appArchive.file, log: quiet });
    expect(restored.target).toContain(dataDir);

    const cluster = await openSourceDatabase(config, quiet);
    try {
      await expectDatabaseMatches(cluster.url, manifest, t.databaseUrl);
    } finally {
      await cluster.close();
    }
    await expectBlobsEqual(t.config.dataDir, dataDir, manifest.blobs.count);

    server = await startServer(dataDir);
    await waitUntilHealthy(server);
    const login = await request(server.port, 'POST', '/api/auth/login', {
      email: owner.email,
      password: owner.password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toHaveProperty('token');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 60_000);

  it.skipIf(!hasPg15)(
    'takes a pg_dump custom-format backup of a PostgreSQL 15 database under writes and restores it into an empty database (skipped without /usr/lib/postgresql/15/bin)',
    async () => {
      const pg15Dir = await newDir('pg15-');
      // PostgreSQL 15's initdb changes into its data folder by name (the embedded 18 one does
      // not need to), so as root the user postgres must be able to pass through these folders.
      await chmod(work, 0o711);
      await chmod(pg15Dir, 0o711);
      const clusterDir = path.join(pg15Dir, 'cluster');
      const password = randomUUID().replaceAll('-', '');
      const cluster = {
        binaries: { postgres: path.join(PG15_BIN, 'postgres'), initdb: path.join(PG15_BIN, 'initdb') },
        dataDir: clusterDir,
        runAs: process.getuid?.() === 0 ? ensurePostgresUser() : undefined,
        log: quiet,
      };
      await initialiseCluster(cluster, 'postgres', password, ['--encoding=UTF8', '--no-sync']);
      const port = await freePort();
      pg15 = await startPostmaster(cluster, port, [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ]);
      const admin = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
      // The source belongs to a role the other clusters lack: its policies name that role.
      await sqlOn(admin)(`create role shop_owner15 login superuser password '${password}'`);
      await sqlOn(admin)('create database source15 owner shop_owner15');
      await sqlOn(admin)('create database target15');
      const sourceUrl = withDatabase(
        `postgres://shop_owner15:${password}@127.0.0.1:${port}/postgres`,
        'source15',
      );
      const targetUrl = withDatabase(admin, 'target15');

      // The source: the app-copy archive restored into an empty database through DATABASE_URL.
      const sourceDir = await newDir('source15-');
      const sourceConfig = loadConfig({ DATA_DIR: sourceDir, DATABASE_URL: sourceUrl, LOG_LEVEL: 'silent' });
      await restoreBackup({ config: sourceConfig, file: appArchive.file, log: quiet });

      let isBackingUp = true;
      const write = sqlOn(sourceUrl);
      const writer = (async () => {
        while (isBackingUp)
          // Far below the stock: no low-stock alert is raised, only rows change under the dump.
          await write(
            'update inventory_items set reorder_point = coalesce(reorder_point, 0) + 1 where quantity > 1000',
          );
      })();
      let custom: BackupResult;
      try {
        custom = await createBackup({ config: sourceConfig, out: work, format: 'custom', log: quiet });
      } finally {
        isBackingUp = false;
        await writer;
      }
      expect(custom.manifest.dump.format).toBe('pg_dump-custom');
      expect(custom.manifest.dump.tool).toMatch(/^pg_dump \(PostgreSQL\) 1[5-9]/);
      expect(custom.manifest.postgres.serverVersionNum).toBeLessThan(160000);

      const targetDir = await newDir('target15-');
      await restoreBackup({
        config: loadConfig({ DATA_DIR: targetDir, DATABASE_URL: targetUrl, LOG_LEVEL: 'silent' }),
        file: custom.file,
        log: quiet,
      });
      await expectDatabaseMatches(targetUrl, custom.manifest, sourceUrl);
      await expectBlobsEqual(sourceDir, targetDir, custom.manifest.blobs.count);
      expect(custom.manifest.sourceRoles).toContain('shop_owner15');

      // Elsewhere: a new embedded data folder (another cluster, PostgreSQL 18, owner postgres).
      // The role is made for the restore and dropped after it; its policies name the new owner.
      const elsewhere = await newDir('elsewhere15-');
      const elsewhereConfig = loadConfig({ DATA_DIR: elsewhere, LOG_LEVEL: 'silent' });
      await restoreBackup({ config: elsewhereConfig, file: custom.file, log: quiet });
      const restored = await openSourceDatabase(elsewhereConfig, quiet);
      try {
        await expectDatabaseMatches(restored.url, custom.manifest, sourceUrl);
        const { rows: named } = await sqlOn(restored.url)(
          `select p.polname from pg_policy p, unnest(p.polroles) as rid
           where rid <> 0 and pg_get_userbyid(rid) not in ('app_tenant', current_user)`,
        );
        expect(named).toEqual([]);
        const { rows: left } = await sqlOn(restored.url)(
          `select 1 from pg_roles where rolname = 'shop_owner15'`,
        );
        expect(left).toEqual([]);
      } finally {
        await restored.close();
      }
    },
    90_000,
  );

  it('refuses, with one line and exit code 1, a missing file, a file that is no archive, a damaged archive, a newer release, a non-empty target and a missing pg_restore', async () => {
    const archive = await readFile(appArchive.file);
    const damaged = Buffer.from(archive);
    // The second member (the first table) starts after the manifest's header and blocks.
    const member = 512 + Math.ceil(parseHeader(damaged.subarray(0, 512)).size / 512) * 512;
    expect(parseHeader(damaged.subarray(member, member + 512)).name).toMatch(/^database\/tables\/001-/);
    damaged[member + 512 + 7] = (damaged[member + 512 + 7] ?? 0) ^ 0xff;
    const damagedFile = path.join(work, 'damaged.tar');
    await writeFile(damagedFile, damaged);
    const newer = await withManifest(appArchive.file, (m) => {
      m.migrations.lastCreatedAt = (m.migrations.lastCreatedAt ?? 0) + 86_400_000;
      m.migrations.lastTag = '9999_from_the_future';
    });
    const needsPgRestore = await withManifest(appArchive.file, (m) => {
      m.dump = { format: 'pg_dump-custom', tool: 'pg_dump (PostgreSQL) 99.1' };
    });
    const notAnArchive = path.join(work, 'notes.tar');
    await writeFile(notAnArchive, 'these are not the files you are looking for\n'.repeat(100));
    const empty = await newDir('empty-');
    const restore = (file: string, env: Record<string, string> = {}) =>
      runCli('src/restore-cli.ts', [file], { DATA_DIR: empty, ...env });

    const [missing, unreadable, corrupt, fromNewer, occupied, noPgRestore, nothingToBackUp] =
      await Promise.all([
        restore(path.join(work, 'no-such.tar')),
        restore(notAnArchive),
        restore(damagedFile),
        restore(newer),
        restore(appArchive.file, { DATABASE_URL: t.databaseUrl }),
        restore(needsPgRestore),
        runCli('src/backup-cli.ts', [], { DATA_DIR: await newDir('nothing-') }),
      ]);
    for (const result of [missing, unreadable, corrupt, fromNewer, occupied, noPgRestore, nothingToBackUp]) {
      expect(result.code).toBe(1);
      expect(result.stderr.split('\n'), result.stderr).toHaveLength(1);
    }
    expect(missing.stderr).toMatch(/^No such archive: .*no-such\.tar\.$/);
    expect(unreadable.stderr).toMatch(
      /notes\.tar is not a readable backup archive \(a header checksum does not match\)/,
    );
    expect(corrupt.stderr).toMatch(
      /The archive is damaged: database\/tables\/001-.* does not match its checksum/,
    );
    expect(fromNewer.stderr).toMatch(/made by a newer release \(its last migration, 9999_from_the_future/);
    expect(occupied.stderr).toMatch(/already holds \d+ tables of the app: restore into an empty database/);
    expect(noPgRestore.stderr).toMatch(/needs pg_restore of PostgreSQL 99 or later, and none was found/);
    expect(nothingToBackUp.stderr).toMatch(/There is no database in .*: nothing to back up/);
    // Refused before the target was touched: no cluster was made, the source lost nothing.
    expect(existsSync(path.join(empty, 'pg'))).toBe(false);
    const { rows } = await t.sql('select count(*)::int as n from sales');
    expect(rows[0].n).toBeGreaterThan(0);
  }, 60_000);
});
