/**
 * The catalogue benchmark of the catalogue issue: a million products over 20 locations of one
 * business (plus 10 other businesses), then, at 50 connections, the product search and a
 * location's product list at page 0 and page 2,000 against the same SQL through bare `pg`.
 *
 * Targets (reported, not asserted): p99 < 25 ms for each call; page 2,000 no slower than 1.5x
 * page 0 (p99); each call >= 0.7 of its bare reference (req/s, median of the rounds); the
 * generation of the rows under 2 minutes.
 */
import path from 'node:path';
import { API } from '@app/contracts';
import { requestRoleUrl, json, ownerWithBusiness, type FullStack } from '../http/full-stack.js';
import { measureLoad, writeLoadTable, type LoadResult, type LoadSettings } from '../http/load.js';
import { startBareServer, type Cleanup } from '../http/processes.js';
import { generateCatalogue, type CatalogueShape } from './generate.js';

export const P99_TARGET_MS = 25;
export const DEEP_PAGE_TARGET = 1.5;
export const BARE_RATIO_TARGET = 0.7;
export const GENERATION_TARGET_SECONDS = 120;
export const DEEP_PAGE = 2000;
export const PAGE_SIZE = 20;
/** Three letters that start about one name in forty ("Fresh ..."), and a few SKUs. */
export const SEARCH_QUERY = 'fre';

export type CatalogueReport = {
  shape: CatalogueShape;
  generation: { products: number; seconds: number; target: number; pass: boolean };
  settings: LoadSettings;
  results: LoadResult[];
  checks: Array<{ name: string; value: number; target: string; pass: boolean; rounds: number[] }>;
  notes: string[];
};

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function runCatalogueBenchmark(options: {
  repoRoot: string;
  stack: FullStack;
  dataDir: string;
  shape: CatalogueShape;
  settings: LoadSettings;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<CatalogueReport> {
  const { repoRoot, stack, dataDir, shape, settings, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir, {
    email: `catalogue-bench-${Date.now()}@example.com`,
    businessName: 'Benchmark Foods',
  });
  log(
    `generating ${shape.locations} x ${shape.productsPerLocation} products (+${shape.otherBusinesses} other businesses) ...`,
  );
  const generated = await generateCatalogue(stack.databaseUrl, owner.businessId, shape, log);
  log(`generated ${generated.products} products in ${generated.seconds.toFixed(1)} s`);

  const { url: bareUrl, process: bare } = await startBareServer({
    name: 'bare catalogue pg',
    script: path.join(repoRoot, 'bench/catalogue/catalogue-pg-server.ts'),
    repoRoot,
    env: {
      DATABASE_REQUEST_URL: await requestRoleUrl(stack, dataDir),
      BUSINESS_ID: owner.businessId,
      USER_ID: owner.userId,
    },
    cleanup,
  });

  // The middle location: its neighbours' rows sit beside it in every index.
  const locationId = generated.locationIds[Math.floor(generated.locationIds.length / 2)] ?? '';
  const deepPage = Math.min(DEEP_PAGE, Math.floor((shape.productsPerLocation * 0.95) / PAGE_SIZE) - 1);
  const headers = {
    authorization: `Bearer ${owner.token}`,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br, zstd',
  };
  const full = {
    list0: `${stack.baseUrl}${API.products.byLocation.replace(':locationId', locationId)}?page=0&size=${PAGE_SIZE}`,
    listDeep: `${stack.baseUrl}${API.products.byLocation.replace(':locationId', locationId)}?page=${deepPage}&size=${PAGE_SIZE}`,
    search: `${stack.baseUrl}${API.products.search.replace(':locationId', locationId)}?query=${SEARCH_QUERY}&page=0&size=${PAGE_SIZE}`,
  };
  const reference = {
    list0: `${bareUrl}/list/${locationId}?page=0&size=${PAGE_SIZE}`,
    listDeep: `${bareUrl}/list/${locationId}?page=${deepPage}&size=${PAGE_SIZE}`,
    search: `${bareUrl}/search/${locationId}?query=${SEARCH_QUERY}&page=0&size=${PAGE_SIZE}`,
  };
  // Both sides must answer the same rows before anything is timed.
  for (const key of ['list0', 'listDeep', 'search'] as const) {
    const [a, b] = await Promise.all([
      fetch(full[key], { headers }).then(json),
      fetch(reference[key]).then(json),
    ]);
    const ids = (page: unknown) =>
      (page as { content: Array<{ id: string }> }).content.map((row) => row.id).join();
    if (ids(a) !== ids(b))
      throw new Error(`${key}: the full stack and the bare reference answered different rows`);
    if ((a as { content: unknown[] }).content.length !== PAGE_SIZE)
      throw new Error(`${key}: expected ${PAGE_SIZE} rows`);
  }

  const report: CatalogueReport = {
    shape,
    generation: {
      products: generated.products,
      seconds: generated.seconds,
      target: GENERATION_TARGET_SECONDS,
      pass: generated.seconds < GENERATION_TARGET_SECONDS,
    },
    settings,
    results: [],
    checks: [],
    notes: [],
  };
  const rounds: Record<string, LoadResult[]> = {};
  const names = {
    list0: `products of a location, page 0 (size ${PAGE_SIZE})`,
    listDeep: `products of a location, page ${deepPage}`,
    search: `product search "${SEARCH_QUERY}" (prefix of SKU or name)`,
  };
  for (let round = 1; round <= settings.rounds; round++) {
    log(`catalogue round ${round} of ${settings.rounds}`);
    for (const key of ['list0', 'listDeep', 'search'] as const) {
      for (const [side, url, sideHeaders] of [
        ['full stack', full[key], headers],
        ['bare pg, same SQL', reference[key], undefined],
      ] as const) {
        const name = `${side}  ${names[key]}`;
        log(`measuring ${name} ...`);
        const result = await measureLoad(
          { name, url, ...(sideHeaders ? { headers: sideHeaders } : {}) },
          settings,
        );
        report.results.push(result);
        (rounds[`${side}:${key}`] ??= []).push(result);
      }
    }
  }
  await bare.stop();

  const p99 = (key: string) => (rounds[key] ?? []).map((r) => r.latencyP99Ms);
  const rps = (key: string) => (rounds[key] ?? []).map((r) => r.requestsPerSecond);
  for (const key of ['list0', 'listDeep', 'search'] as const) {
    const values = p99(`full stack:${key}`);
    report.checks.push({
      name: `p99 ${names[key]}`,
      value: median(values),
      target: `< ${P99_TARGET_MS} ms`,
      pass: median(values) < P99_TARGET_MS,
      rounds: values,
    });
  }
  const deepRatio = p99('full stack:listDeep').map(
    (value, i) => value / (p99('full stack:list0')[i] ?? value),
  );
  report.checks.push({
    name: `p99 page ${deepPage} / page 0`,
    value: median(deepRatio),
    target: `<= ${DEEP_PAGE_TARGET}`,
    pass: median(deepRatio) <= DEEP_PAGE_TARGET,
    rounds: deepRatio,
  });
  for (const key of ['list0', 'listDeep', 'search'] as const) {
    const ratio = rps(`full stack:${key}`).map(
      (value, i) => value / (rps(`bare pg, same SQL:${key}`)[i] ?? value),
    );
    report.checks.push({
      name: `req/s full / bare, ${names[key]}`,
      value: median(ratio),
      target: `>= ${BARE_RATIO_TARGET}`,
      pass: median(ratio) >= BARE_RATIO_TARGET,
      rounds: ratio,
    });
  }
  for (const result of report.results) {
    if (result.non2xx > 0 || result.errors > 0)
      report.notes.push(`${result.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
  return report;
}

export function printCatalogueReport(report: CatalogueReport, write: (line: string) => void): void {
  const { shape, generation, settings } = report;
  write('');
  write(
    `Catalogue: ${generation.products.toLocaleString('en')} products in ${shape.locations} locations of one business, ` +
      `+${shape.otherBusinesses} other businesses; generated in ${generation.seconds.toFixed(1)} s ` +
      `(target < ${generation.target} s: ${generation.pass ? 'PASS' : 'BELOW'})`,
  );
  write(
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s, ${settings.rounds} rounds`,
  );
  writeLoadTable(write, report.results, 72);
  write('');
  for (const check of report.checks) {
    write(
      `${check.name.padEnd(60)} ${check.value.toFixed(2).padStart(7)}  target ${check.target}: ${check.pass ? 'PASS' : 'BELOW'}  (rounds: ${check.rounds.map((v) => v.toFixed(2)).join(' ')})`,
    );
  }
  for (const note of report.notes) write(`note: ${note}`);
}
