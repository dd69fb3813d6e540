/**
 * The purchasing benchmark of issue 16, on the running server's database (generate.ts):
 *
 * 1. suggested orders, GET /api/purchase-orders/suggestions at a store with `suggestionProducts`
 *    (2,000) products under their reorder point, each with 180 days of sales, their supplier's lead
 *    time 7 days, then 365: one request at a time, p50 and p95, beside the route's two reads (the
 *    items under their reorder point, the units per day) through bare `pg`, so the ratio is what
 *    the forecast and the rest of the route cost;
 * 2. receiving, POST /api/purchase-orders/{id}/receive of a whole 200-line order (10 units a line),
 *    one order at a time, beside the same stock updates and ledger inserts through bare `pg` in one
 *    transaction;
 * 3. the stock value, GET /api/inventory/value over 50,000 items at 5 locations, with autocannon
 *    beside a bare Fastify + `pg` server sending the route's statement (value-pg-server.ts).
 *
 * Rows of 1 and 2 alternate full and bare request by request; 3 runs in interleaved rounds.
 */
import path from 'node:path';
import { API } from '@app/contracts';
import pg from 'pg';
import { json, ownerWithBusiness, requestRoleUrl, type FullStack } from '../http/full-stack.js';
import { measureLoad, writeLoadTable, type LoadResult, type LoadSettings } from '../http/load.js';
import { startBareServer, type Cleanup } from '../http/processes.js';
import { ratioCheck, type Check } from '../inventory/bench-checks.js';
import { applyReceiptStock, inBareTenant, readSuggestionInputs, type Tenant } from './bare-sql.js';
import {
  generatePurchasing,
  RECEIVED_UNITS,
  type GeneratedPurchasing,
  type PurchasingShape,
} from './generate.js';

/** Proposed targets (issue 16 sets none): a person waits for these screens. */
export const TARGETS = { suggestionsP95Ms: 2000, receiptMs: 1000 } as const;

export type PurchasingSettings = {
  /** Requests measured per suggestion row, after the first (timed alone). */
  suggestionCalls: number;
  /** Orders received per side, after one of warm-up. */
  receipts: number;
  value: LoadSettings;
};

export type TimedRow = { name: string; samplesMs: number[]; p50Ms: number; p95Ms: number };

export type SuggestionRow = {
  leadTimeDays: number;
  firstMs: number;
  full: TimedRow;
  bare: TimedRow;
  /** Lines suggested by the route, and rows the bare reads answered. */
  lines: number;
  bareItems: number;
  bareDailyRows: number;
};

export type PurchasingReport = {
  shape: PurchasingShape;
  settings: PurchasingSettings;
  generation: { items: number; salesRows: number; seconds: number };
  suggestions: SuggestionRow[];
  receipts: { lines: number; full: TimedRow; bare: TimedRow } | null;
  value: LoadResult[];
  checks: Check[];
  notes: string[];
};

/** Nearest rank: the p95 of ten samples is the largest but none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

function timedRow(name: string, samplesMs: number[]): TimedRow {
  return { name, samplesMs, p50Ms: percentile(samplesMs, 50), p95Ms: percentile(samplesMs, 95) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

type Suggestions = { groups: Array<{ lines: unknown[] }> };

export async function runPurchasingBenchmark(options: {
  repoRoot: string;
  stack: FullStack;
  dataDir: string;
  shape: PurchasingShape;
  settings: PurchasingSettings;
  cleanup: Cleanup;
  log: (line: string) => void;
}): Promise<PurchasingReport> {
  const { repoRoot, stack, dataDir, shape, settings, cleanup, log } = options;
  const owner = await ownerWithBusiness(stack, dataDir, {
    email: `purchasing-bench-${Date.now()}@example.com`,
    businessName: 'Benchmark Purchasing',
  });
  log(
    `generating ${shape.locations} x ${shape.itemsPerLocation} items, ${shape.historyDays} days of sales, ${shape.receiptOrders} orders ...`,
  );
  const generated = await generatePurchasing(stack.databaseUrl, owner, shape, log);
  log(
    `generated ${generated.items} items, ${generated.salesRows} daily rows in ${generated.seconds.toFixed(1)} s`,
  );
  const report: PurchasingReport = {
    shape,
    settings,
    generation: { items: generated.items, salesRows: generated.salesRows, seconds: generated.seconds },
    suggestions: [],
    receipts: null,
    value: [],
    checks: [],
    notes: [],
  };
  const headers = { authorization: `Bearer ${owner.token}`, accept: 'application/json' };
  const tenant: Tenant = { businessId: owner.businessId, userId: owner.userId };
  const requestUrl = await requestRoleUrl(stack, dataDir);
  const barePool = new pg.Pool({ connectionString: requestUrl, max: 1 });
  barePool.on('error', () => undefined);
  const ownerPool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
  try {
    for (const leadTimeDays of [7, 365]) {
      await ownerPool.query('update suppliers set lead_time_days = $3 where business_id = $1 and id = $2', [
        owner.businessId,
        generated.supplierId,
        leadTimeDays,
      ]);
      log(`measuring suggestions, lead time ${leadTimeDays} days ...`);
      report.suggestions.push(
        await measureSuggestions(stack, headers, barePool, tenant, generated, leadTimeDays, settings),
      );
    }
    log(`measuring ${settings.receipts} receipts of ${shape.receiptLines} lines per side ...`);
    report.receipts = await measureReceipts(stack, headers, barePool, tenant, generated, settings);
  } finally {
    await Promise.all([barePool.end(), ownerPool.end()]).catch(() => undefined);
  }

  const { url: bareUrl, process: bare } = await startBareServer({
    name: 'bare stock value pg',
    script: path.join(repoRoot, 'bench/purchasing/value-pg-server.ts'),
    repoRoot,
    env: { DATABASE_REQUEST_URL: requestUrl, BUSINESS_ID: owner.businessId, USER_ID: owner.userId },
    cleanup,
  });
  await checkSameValue(`${stack.baseUrl}${API.stockValue}`, headers, `${bareUrl}/value`);
  const valueName = (side: string) =>
    `${side}  GET /api/inventory/value (${generated.items.toLocaleString('en')} items)`;
  for (let round = 1; round <= settings.value.rounds; round++) {
    log(`stock value round ${round} of ${settings.value.rounds}`);
    for (const side of ['full stack', 'bare pg, same SQL'] as const) {
      const name = valueName(side);
      log(`measuring ${name} ...`);
      report.value.push(
        await measureLoad(
          side === 'full stack'
            ? { name, url: `${stack.baseUrl}${API.stockValue}`, headers }
            : { name, url: `${bareUrl}/value` },
          { ...settings.value, rounds: 1 },
        ),
      );
    }
  }
  await bare.stop();

  addChecks(report, valueName);
  return report;
}

async function measureSuggestions(
  stack: FullStack,
  headers: Record<string, string>,
  barePool: pg.Pool,
  tenant: Tenant,
  generated: GeneratedPurchasing,
  leadTimeDays: number,
  settings: PurchasingSettings,
): Promise<SuggestionRow> {
  const url = `${stack.baseUrl}${API.purchaseOrders.suggestions}?locationId=${generated.storeLocationId}`;
  const ask = () =>
    timed(
      async () =>
        (await json(await fetch(url, { headers, signal: AbortSignal.timeout(120_000) }))) as Suggestions,
    );
  const askBare = () =>
    timed(() =>
      inBareTenant(barePool, tenant, (scope) =>
        readSuggestionInputs(scope, generated.storeLocationId, new Date()),
      ),
    );
  const first = await ask();
  await askBare();
  const full: number[] = [];
  const bare: number[] = [];
  let bareAnswer = { items: 0, dailyRows: 0 };
  for (let call = 0; call < settings.suggestionCalls; call++) {
    full.push((await ask()).ms);
    const reference = await askBare();
    bare.push(reference.ms);
    bareAnswer = reference.value;
  }
  return {
    leadTimeDays,
    firstMs: first.ms,
    full: timedRow(`full stack  GET suggestions, lead time ${leadTimeDays} d`, full),
    bare: timedRow(`bare pg, its two reads, lead time ${leadTimeDays} d`, bare),
    lines: first.value.groups.reduce((sum, group) => sum + group.lines.length, 0),
    bareItems: bareAnswer.items,
    bareDailyRows: bareAnswer.dailyRows,
  };
}

async function measureReceipts(
  stack: FullStack,
  headers: Record<string, string>,
  barePool: pg.Pool,
  tenant: Tenant,
  generated: GeneratedPurchasing,
  settings: PurchasingSettings,
): Promise<{ lines: number; full: TimedRow; bare: TimedRow }> {
  const receive = async (order: GeneratedPurchasing['orders'][number]) => {
    const answer = await timed(async () => {
      const response = await fetch(
        `${stack.baseUrl}${API.purchaseOrders.receive.replace(':id', order.orderId)}`,
        {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            lines: order.lines.map((line) => ({ lineId: line.lineId, quantity: RECEIVED_UNITS })),
          }),
          signal: AbortSignal.timeout(60_000),
        },
      );
      return (await json(response)) as { status: string };
    });
    if (answer.value.status !== 'RECEIVED')
      throw new Error(`order ${order.orderId} answered status ${answer.value.status} after its receipt`);
    return answer.ms;
  };
  const receiveBare = async (order: GeneratedPurchasing['orders'][number]) => {
    const answer = await timed(() =>
      inBareTenant(barePool, tenant, (scope) =>
        applyReceiptStock(scope, {
          userId: tenant.userId,
          locationId: generated.receivingLocationId,
          orderId: order.orderId,
          lines: order.lines.map((line) => ({ ...line, units: RECEIVED_UNITS })),
        }),
      ),
    );
    if (answer.value !== order.lines.length)
      throw new Error(`the bare receipt changed ${answer.value} of ${order.lines.length} items`);
    return answer.ms;
  };
  const [warmup, ...orders] = generated.orders;
  if (!warmup) throw new Error('no order was generated');
  await receive(warmup);
  await receiveBare(warmup);
  const full: number[] = [];
  const bare: number[] = [];
  // The bare side changes the same items as the order just received: the same rows, as warm.
  for (const order of orders.slice(0, settings.receipts)) {
    full.push(await receive(order));
    bare.push(await receiveBare(order));
  }
  return {
    lines: warmup.lines.length,
    full: timedRow(`full stack  POST receive (${warmup.lines.length} lines)`, full),
    bare: timedRow(`bare pg, lock + ${warmup.lines.length} stock changes in one transaction`, bare),
  };
}

/** Both sides must answer the same value per location before anything is timed. */
async function checkSameValue(
  fullUrl: string,
  headers: Record<string, string>,
  bareUrl: string,
): Promise<void> {
  type Value = { locations: Array<{ locationId: string; value: string; units: number; items: number }> };
  const [full, bare] = (await Promise.all([
    fetch(fullUrl, { headers }).then(json),
    fetch(bareUrl).then(json),
  ])) as [Value, Value];
  const key = (answer: Value) =>
    answer.locations.map((row) => `${row.locationId}:${row.items}:${row.units}:${row.value}`).join();
  if (key(full) !== key(bare)) throw new Error('stock value: the full stack and the bare reference differ');
  if (full.locations.length === 0) throw new Error('stock value: no location answered');
}

function addChecks(report: PurchasingReport, valueName: (side: string) => string): void {
  for (const row of report.suggestions) {
    report.checks.push({
      name: `suggestions p95 ms, ${row.leadTimeDays}-day lead time (proposed target)`,
      value: row.full.p95Ms,
      target: `< ${TARGETS.suggestionsP95Ms}`,
      pass: row.full.p95Ms < TARGETS.suggestionsP95Ms,
      rounds: row.full.samplesMs,
    });
    report.checks.push(
      ratioCheck(
        `suggestions p50 full / its two reads, ${row.leadTimeDays} d`,
        [row.full.p50Ms],
        [row.bare.p50Ms],
        undefined,
        '<=',
      ),
    );
    if (row.lines !== report.shape.suggestionProducts)
      report.notes.push(
        `lead time ${row.leadTimeDays} d: ${row.lines} lines suggested, ${report.shape.suggestionProducts} expected`,
      );
  }
  const receipts = report.receipts;
  if (receipts) {
    report.checks.push({
      name: `receipt ms (${receipts.lines} lines, median; proposed target)`,
      value: receipts.full.p50Ms,
      target: `< ${TARGETS.receiptMs}`,
      pass: receipts.full.p50Ms < TARGETS.receiptMs,
      rounds: receipts.full.samplesMs,
    });
    report.checks.push(
      ratioCheck(
        'receipt ms full / bare stock SQL (median)',
        [receipts.full.p50Ms],
        [receipts.bare.p50Ms],
        undefined,
        '<=',
      ),
    );
  }
  const byName = (name: string) => report.value.filter((result) => result.name === name);
  const full = byName(valueName('full stack'));
  const bare = byName(valueName('bare pg, same SQL'));
  report.checks.push(
    ratioCheck(
      'stock value req/s full / bare',
      full.map((r) => r.requestsPerSecond),
      bare.map((r) => r.requestsPerSecond),
      undefined,
      '>=',
    ),
    ratioCheck(
      'stock value p99 full / bare',
      full.map((r) => r.latencyP99Ms),
      bare.map((r) => r.latencyP99Ms),
      undefined,
      '<=',
    ),
  );
  for (const result of report.value) {
    if (result.non2xx > 0 || result.errors > 0)
      report.notes.push(`${result.name}: ${result.non2xx} non-2xx and ${result.errors} errors`);
  }
}

export function printPurchasingReport(report: PurchasingReport, write: (line: string) => void): void {
  const { shape, generation, settings } = report;
  write('');
  write(
    `Purchasing: ${generation.items.toLocaleString('en')} items at ${shape.locations} locations, ` +
      `${shape.suggestionProducts.toLocaleString('en')} under their reorder point at the store with ` +
      `${generation.salesRows.toLocaleString('en')} daily sales rows (${shape.historyDays} days); generated in ${generation.seconds.toFixed(1)} s`,
  );
  const header = `${'one request at a time'.padEnd(64)} ${'first ms'.padStart(9)} ${'p50 ms'.padStart(9)} ${'p95 ms'.padStart(9)} ${'n'.padStart(4)}`;
  write(header);
  write('-'.repeat(header.length));
  const line = (row: TimedRow, first?: number) =>
    write(
      `${row.name.padEnd(64)} ${(first === undefined ? '' : first.toFixed(0)).padStart(9)} ${row.p50Ms
        .toFixed(1)
        .padStart(9)} ${row.p95Ms.toFixed(1).padStart(9)} ${String(row.samplesMs.length).padStart(4)}`,
    );
  for (const row of report.suggestions) {
    line(row.full, row.firstMs);
    line(row.bare);
    write(
      `  ${row.lines} lines suggested; the reads: ${row.bareItems} items, ${row.bareDailyRows} daily rows`,
    );
  }
  if (report.receipts) {
    line(report.receipts.full);
    line(report.receipts.bare);
  }
  write('');
  write(
    `stock value: ${settings.value.connections} connections, ${settings.value.warmupSeconds} s warm-up + ${settings.value.durationSeconds} s, ${settings.value.rounds} rounds`,
  );
  writeLoadTable(write, report.value, 64);
  write('');
  for (const check of report.checks) {
    const mark = check.pass === undefined ? ' ' : check.pass ? '✓' : '✗';
    write(
      `${mark} ${check.name.padEnd(60)} ${check.value.toFixed(2).padStart(9)}  (${check.target}; ${check.rounds
        .map((v) => v.toFixed(check.value > 10 ? 0 : 2))
        .join(' ')})`,
    );
  }
  for (const note of report.notes) write(`note: ${note}`);
}
