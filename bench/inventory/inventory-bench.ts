/**
 * The inventory benchmark of issue 9 (item 7), on the running server's database:
 *
 * a. decrements per second through the stock function (inTenant + changeStock, as a route calls
 *    it) on one hot item and spread over 10,000 items, beside the same UPDATE through bare `pg`
 *    in the same run (decrements.ts); target: the stock function >= 0.5 of bare;
 * b. the stock page of a location holding 50,000 items, GET /api/inventory/page/location/{id} at
 *    page 0 and page 2,000 (size 10), at 50 connections with autocannon, beside a bare Fastify +
 *    `pg` server sending the same SQL (inventory-pg-server.ts); targets: p99 < 25 ms, page 2,000
 *    no slower than 1.5x page 0 (p99).
 *
 * Every row is measured in interleaved rounds and reported as the median of the rounds.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { API, ZLoginResponse } from '@app/contracts';
import pg from 'pg';
import { requestRolePassword } from '../../apps/server/src/platform/db/request-role.js';
import { signUpAndLogIn, type FullStack } from '../http/full-stack.js';
import { measureLoad, type LoadResult, type LoadSettings } from '../http/load.js';
import { freePort, startProcess, waitForHttpOk, type Cleanup } from '../http/processes.js';
import {
  measureDecrements,
  openSides,
  SIDES,
  type DecrementResult,
  type DecrementSettings,
  type DecrementTarget,
} from './decrements.js';
import { generateInventory, type InventoryShape } from './generate.js';

export const DECREMENT_RATIO_TARGET = 0.5;
export const P99_TARGET_MS = 25;
export const DEEP_PAGE_TARGET = 1.5;
export const DEEP_PAGE = 2000;
export const PAGE_SIZE = 10;

export type Check = {
  name: string;
  value: number;
  target: string;
  pass: boolean | undefined;
  rounds: number[];
};

export type InventoryReport = {
  shape: InventoryShape;
  generation: { items: number; seconds: number };
  decrementSettings: DecrementSettings;
  decrements: DecrementResult[];
  /** Items of the stock function whose quantity differs from their ledger after the run. */
  ledgerMismatches: number;
  pageSettings: LoadSettings;
  page: LoadResult[];
  pageSkipped: string | null;
  checks: Check[];
  notes: string[];
};

async function json(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** An owner with a business, signed in again so the token carries it. */
async function ownerWithBusiness(stack: FullStack, dataDir: string) {
  const owner = await signUpAndLogIn(stack, dataDir, `inventory-bench-${Date.now()}@example.com`);
  const form = new FormData();
  form.append('business', JSON.stringify({ businessName: 'Benchmark Stores' }));
  const business = (await json(
    await fetch(`${stack.baseUrl}${API.businesses.create}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    }),
  )) as { id: string };
  const session = ZLoginResponse.parse(
    await json(
      await fetch(`${stack.baseUrl}${API.auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: owner.password }),
      }),
    ),
  );
  return { userId: session.user.userId, token: session.token, businessId: business.id };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function ratioCheck(
  name: string,
  numerator: number[],
  denominator: number[],
  target: number | undefined,
  comparison: '>=' | '<=',
): Check {
  const rounds = numerator.map((value, i) => value / (denominator[i] ?? value));
  const value = median(rounds);
  const pass = target === undefined ? undefined : comparison === '>=' ? value >= target : value <= target;
  return {
    name,
    value,
    target: target === undefined ? 'information' : `${comparison} ${target}`,
    pass,
    rounds,
  };
}

async function requestUrlOf(stack: FullStack, dataDir: string): Promise<string> {
  const url = new URL(stack.databaseUrl);
  url.username = 'app_request';
  url.password = requestRolePassword((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim());
  return url.toString();
}

export async function runInventoryBenchmark(options: {
  repoRoot: string;
  stack: FullStack;
  dataDir: string;
  shape: InventoryShape;
  decrementSettings: DecrementSettings;
  pageSettings: LoadSettings;
  rounds: number;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<InventoryReport> {
  const { repoRoot, stack, dataDir, shape, decrementSettings, pageSettings, rounds, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir);
  log(`generating ${shape.itemsPerLocation} items (+${shape.otherBusinesses} other businesses) ...`);
  const generated = await generateInventory(stack.databaseUrl, owner, shape, log);
  log(`generated ${generated.items} items in ${generated.seconds.toFixed(1)} s`);
  const report: InventoryReport = {
    shape,
    generation: { items: generated.items, seconds: generated.seconds },
    decrementSettings,
    decrements: [],
    ledgerMismatches: 0,
    pageSettings,
    page: [],
    pageSkipped: null,
    checks: [],
    notes: [],
  };

  // a. Decrements.
  const requestUrl = await requestUrlOf(stack, dataDir);
  const principal = {
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER' as const],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 24 * 3_600_000),
  };
  const sides = await openSides({
    ownerUrl: stack.databaseUrl,
    requestUrl,
    principal,
    callers: decrementSettings.callers,
  });
  cleanup.add('close the decrement pools', () => sides.close());
  const targets: Record<'function' | 'bare', DecrementTarget[]> = {
    function: [
      { name: 'hot', locationId: generated.hot.locationId, productIds: [generated.hot.functionProductId] },
      { name: 'spread', locationId: generated.warehouseId, productIds: generated.spread.functionProductIds },
    ],
    bare: [
      { name: 'hot', locationId: generated.hot.locationId, productIds: [generated.hot.bareProductId] },
      { name: 'spread', locationId: generated.warehouseId, productIds: generated.spread.bareProductIds },
    ],
  };
  for (let round = 1; round <= rounds; round++) {
    log(`decrements round ${round} of ${rounds}`);
    for (const index of [0, 1]) {
      for (const side of [sides.stockFunction, ...sides.bare]) {
        const target = (side === sides.stockFunction ? targets.function : targets.bare)[index];
        if (!target) continue;
        log(`measuring ${side.name}, ${target.name} ...`);
        report.decrements.push(await measureDecrements(side, target, decrementSettings));
      }
    }
  }
  await sides.close();
  report.ledgerMismatches = await countLedgerMismatches(stack.databaseUrl, owner.businessId, [
    generated.hot.functionProductId,
    ...generated.spread.functionProductIds,
  ]);
  const perSecond = (side: string, target: string) =>
    report.decrements.filter((r) => r.side === side && r.target === target).map((r) => r.perSecond);
  for (const target of ['hot', 'spread'] as const) {
    const label =
      target === 'hot' ? 'one hot item' : `spread over ${shape.spreadItems.toLocaleString('en')} items`;
    report.checks.push(
      ratioCheck(
        `decrements/s stock function / bare UPDATE, ${label}`,
        perSecond(SIDES.stockFunction, target),
        perSecond(SIDES.bare, target),
        DECREMENT_RATIO_TARGET,
        '>=',
      ),
      ratioCheck(
        `  why: bare UPDATE in a transaction (owner) / bare UPDATE, ${target}`,
        perSecond(SIDES.bareTransaction, target),
        perSecond(SIDES.bare, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: bare UPDATE as the tenant / bare UPDATE in a transaction (owner), ${target}`,
        perSecond(SIDES.bareTenant, target),
        perSecond(SIDES.bareTransaction, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: bare stock SQL (with the ledger row) / bare UPDATE as the tenant, ${target}`,
        perSecond(SIDES.bareStockSql, target),
        perSecond(SIDES.bareTenant, target),
        undefined,
        '>=',
      ),
      ratioCheck(
        `  why: stock function / bare stock SQL (its JavaScript), ${target}`,
        perSecond(SIDES.stockFunction, target),
        perSecond(SIDES.bareStockSql, target),
        undefined,
        '>=',
      ),
    );
  }
  for (const result of report.decrements) {
    if (result.errors > 0)
      report.notes.push(`${result.side}, ${result.target}: ${result.errors} calls failed`);
  }
  if (report.ledgerMismatches > 0)
    report.notes.push(`${report.ledgerMismatches} items of the stock function no longer equal their ledger`);

  // b. The stock page of the 50,000-item location.
  await measurePages({
    repoRoot,
    stack,
    requestUrl,
    owner,
    generated,
    pageSettings,
    rounds,
    cleanup,
    log,
    report,
  });
  return report;
}

async function countLedgerMismatches(
  ownerUrl: string,
  businessId: string,
  productIds: string[],
): Promise<number> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `select count(*)::int as count from inventory_items i
       left join (select inventory_id, sum(delta) as total from stock_ledger where business_id = $1 group by inventory_id) l
         on l.inventory_id = i.id
       where i.business_id = $1 and i.product_id = any($2::uuid[]) and i.quantity <> coalesce(l.total, 0)`,
      [businessId, productIds],
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

async function measurePages(options: {
  repoRoot: string;
  stack: FullStack;
  requestUrl: string;
  owner: { userId: string; token: string; businessId: string };
  generated: Awaited<ReturnType<typeof generateInventory>>;
  pageSettings: LoadSettings;
  rounds: number;
  cleanup: Cleanup;
  log: (line: string) => void;
  report: InventoryReport;
}): Promise<void> {
  const { repoRoot, stack, requestUrl, owner, generated, pageSettings, rounds, cleanup, log, report } =
    options;
  const locationId = generated.warehouseId;
  const headers = {
    authorization: `Bearer ${owner.token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const pagePath = API.inventory.pageAtLocation.replace(':locationId', locationId);
  const full = {
    first: `${stack.baseUrl}${pagePath}?page=0&size=${PAGE_SIZE}`,
    deep: `${stack.baseUrl}${pagePath}?page=${DEEP_PAGE}&size=${PAGE_SIZE}`,
  };
  const probe = await fetch(full.first, { headers });
  await probe.arrayBuffer();
  if (probe.status === 404) {
    report.pageSkipped = `${API.inventory.pageAtLocation} answered 404: the route is not there yet`;
    return;
  }

  const port = await freePort();
  const bare = startProcess(
    'bare inventory pg',
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'bench/inventory/inventory-pg-server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_REQUEST_URL: requestUrl,
        BUSINESS_ID: owner.businessId,
        USER_ID: owner.userId,
      },
    },
  );
  cleanup.add('stop bare inventory pg', () => bare.stop());
  const bareUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(`${bareUrl}/`, bare, 30_000);
  const reference = {
    first: `${bareUrl}/page/${locationId}?page=0&size=${PAGE_SIZE}`,
    deep: `${bareUrl}/page/${locationId}?page=${DEEP_PAGE}&size=${PAGE_SIZE}`,
  };
  // Both sides must answer the same rows before anything is timed.
  for (const key of ['first', 'deep'] as const) {
    const [a, b] = await Promise.all([
      fetch(full[key], { headers }).then(json),
      fetch(reference[key]).then(json),
    ]);
    const ids = (page: unknown) =>
      (page as { content: Array<{ id: string }> }).content.map((row) => row.id).join();
    if (ids(a) !== ids(b))
      report.notes.push(`${key}: the full stack and the bare reference answered different rows`);
    if ((a as { content: unknown[] }).content.length !== PAGE_SIZE)
      report.notes.push(`${key}: the full stack answered fewer than ${PAGE_SIZE} rows`);
  }
  const names = { first: `stock page 0 (size ${PAGE_SIZE})`, deep: `stock page ${DEEP_PAGE}` };
  const byRow: Record<string, LoadResult[]> = {};
  for (let round = 1; round <= rounds; round++) {
    log(`inventory page round ${round} of ${rounds}`);
    for (const key of ['first', 'deep'] as const) {
      for (const [side, url, sideHeaders] of [
        ['full stack', full[key], headers],
        ['bare pg, same SQL', reference[key], undefined],
      ] as const) {
        const name = `${side}  ${names[key]}`;
        log(`measuring ${name} ...`);
        const result = await measureLoad(
          { name, url, ...(sideHeaders ? { headers: sideHeaders } : {}) },
          { ...pageSettings, rounds: 1 },
        );
        report.page.push(result);
        (byRow[`${side}:${key}`] ??= []).push(result);
      }
    }
  }
  await bare.stop();
  const p99 = (key: string) => (byRow[key] ?? []).map((r) => r.latencyP99Ms);
  const rps = (key: string) => (byRow[key] ?? []).map((r) => r.requestsPerSecond);
  for (const side of ['full stack', 'bare pg, same SQL'] as const) {
    for (const key of ['first', 'deep'] as const) {
      const values = p99(`${side}:${key}`);
      report.checks.push({
        name: `p99 ${side}, ${names[key]} (ms)`,
        value: median(values),
        target: side === 'full stack' ? `< ${P99_TARGET_MS}` : 'information',
        pass: side === 'full stack' ? median(values) < P99_TARGET_MS : undefined,
        rounds: values,
      });
    }
    report.checks.push(
      ratioCheck(
        `p99 ${side}, page ${DEEP_PAGE} / page 0`,
        p99(`${side}:deep`),
        p99(`${side}:first`),
        side === 'full stack' ? DEEP_PAGE_TARGET : undefined,
        '<=',
      ),
    );
  }
  for (const key of ['first', 'deep'] as const)
    report.checks.push(
      ratioCheck(
        `req/s full / bare, ${names[key]}`,
        rps(`full stack:${key}`),
        rps(`bare pg, same SQL:${key}`),
        undefined,
        '>=',
      ),
    );
  for (const result of report.page) {
    if (result.non2xx > 0 || result.errors > 0)
      report.notes.push(`${result.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
}

export function printInventoryReport(report: InventoryReport, write: (line: string) => void): void {
  const { shape, generation, decrementSettings: d, pageSettings: p } = report;
  write('');
  write(
    `Inventory: ${generation.items.toLocaleString('en')} items (a location of ${shape.itemsPerLocation.toLocaleString('en')}, ` +
      `+${shape.otherBusinesses} other businesses of 10,000), generated with their ledger in ${generation.seconds.toFixed(1)} s`,
  );
  write(
    `Decrements: ${d.callers} concurrent callers, ${d.warmupSeconds} s warm-up + ${d.durationSeconds} s per row and round`,
  );
  const header = `${'side (median of the rounds)'.padEnd(64)} ${'target'.padEnd(7)} ${'ops/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`;
  write(header);
  write('-'.repeat(header.length));
  const keys = [...new Set(report.decrements.map((r) => `${r.side}|${r.target}`))];
  for (const key of keys) {
    const rows = report.decrements.filter((r) => `${r.side}|${r.target}` === key);
    const pick = (f: (r: DecrementResult) => number) => median(rows.map(f));
    const [side = '', target = ''] = key.split('|');
    write(
      `${side.padEnd(64)} ${target.padEnd(7)} ${pick((r) => r.perSecond)
        .toFixed(0)
        .padStart(8)} ${pick((r) => r.latencyP50Ms)
        .toFixed(2)
        .padStart(8)} ${pick((r) => r.latencyP99Ms)
        .toFixed(2)
        .padStart(8)} ${String(rows.reduce((sum, r) => sum + r.errors, 0)).padStart(7)}`,
    );
  }
  write(
    `stock function items whose quantity differs from their ledger after the run: ${report.ledgerMismatches}`,
  );
  write('');
  if (report.pageSkipped) {
    write(`Stock page: skipped (${report.pageSkipped})`);
  } else {
    write(
      `Stock page: ${p.connections} connections, ${p.warmupSeconds} s warm-up + ${p.durationSeconds} s per row and round`,
    );
    const pageHeader = `${'call (median of the rounds)'.padEnd(64)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'avg ms'.padStart(8)}`;
    write(pageHeader);
    write('-'.repeat(pageHeader.length));
    for (const name of [...new Set(report.page.map((r) => r.name))]) {
      const rows = report.page.filter((r) => r.name === name);
      const pick = (f: (r: LoadResult) => number) => median(rows.map(f));
      write(
        `${name.padEnd(64)} ${pick((r) => r.requestsPerSecond)
          .toFixed(0)
          .padStart(8)} ${pick((r) => r.latencyP99Ms)
          .toFixed(1)
          .padStart(8)} ${pick((r) => r.latencyAverageMs)
          .toFixed(2)
          .padStart(8)}`,
      );
    }
  }
  write('');
  for (const check of report.checks) {
    const verdict = check.pass === undefined ? '' : check.pass ? ': PASS' : ': BELOW';
    write(
      `${check.name.padEnd(78)} ${check.value.toFixed(2).padStart(7)}  ${check.target}${verdict}  (rounds: ${check.rounds.map((v) => v.toFixed(2)).join(' ')})`,
    );
  }
  for (const note of report.notes) write(`note: ${note}`);
}
