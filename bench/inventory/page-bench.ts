/**
 * The HTTP rows of the inventory benchmark: the stock page of the 50,000-item location at page 0
 * and page 2,000 against a bare Fastify + pg server sending the route's own statement
 * (inventory-pg-server.ts).
 */
import path from 'node:path';
import { API } from '@app/contracts';
import { json, type FullStack } from '../http/full-stack.js';
import { measureLoad, type LoadResult, type LoadSettings } from '../http/load.js';
import { startBareServer, type Cleanup } from '../http/processes.js';
import { median, ratioCheck } from './bench-checks.js';
import type { GeneratedInventory } from './generate.js';
import type { InventoryReport } from './inventory-bench.js';

export const P99_TARGET_MS = 25;
export const DEEP_PAGE_TARGET = 1.5;
export const DEEP_PAGE = 2000;
export const PAGE_SIZE = 10;

export async function measurePages(options: {
  repoRoot: string;
  stack: FullStack;
  requestUrl: string;
  owner: { userId: string; token: string; businessId: string };
  generated: GeneratedInventory;
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

  const { url: bareUrl, process: bare } = await startBareServer({
    name: 'bare inventory pg',
    script: path.join(repoRoot, 'bench/inventory/inventory-pg-server.ts'),
    repoRoot,
    env: { DATABASE_REQUEST_URL: requestUrl, BUSINESS_ID: owner.businessId, USER_ID: owner.userId },
    cleanup,
  });
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
