/**
 * The reports of issue 14 in the sales step: each call one request at a time over the step's data
 * (latency p50/p95; every answer is stored, and the insert is part of the cost), the export of a
 * stored report, and TOP_PRODUCTS and SALES_SUMMARY against the analytics calls they wrap over
 * the same whole days. Issue 14 sets no target: the figures and ratios are information; a call
 * over SLOW_MS is named.
 */
import { ratioCheck, type Check } from '../inventory/bench-checks.js';
import { json, type FullStack } from '../http/full-stack.js';
import type { GeneratedSales } from './generate.js';
import type { LatencyResult, LatencyTarget } from './latency-load.js';
import { measureOneByOne, type OneByOneSettings } from './report-load.js';
import {
  addStockForReports,
  basicReportTarget,
  exportTargets,
  lastDaysRange,
  openStampToggle,
  referencePairs,
  reportTargets,
  sameFigures,
  type ReferencePair,
} from './report-targets.js';

/** Over this (first answer or p95), a report call is named as slow: worth an EXPLAIN of its reads. */
export const SLOW_MS = 2000;

export type ReportsReport = {
  settings: OneByOneSettings;
  stock: { items: number; costed: number; seconds: number };
  calls: LatencyResult[];
  exports: Array<{ result: LatencyResult; bytes: number; contentType: string }>;
  references: Array<{
    option: ReferencePair['option'];
    report: LatencyResult;
    /** The analytics call doing its SQL each time (its cache defeated between requests). */
    reference: LatencyResult;
    /** The same call answered from the analytics cache, as a dashboard opened again. */
    cached: LatencyResult;
    /** The first difference between the report's figures and the call's; null when the same. */
    difference: string | null;
  }>;
  checks: Check[];
};

/** The message of the last error the server logged (its pino lines at level 50), for a failed row. */
function lastServerError(output: string): string | undefined {
  for (const line of output.split('\n').reverse()) {
    if (!line.includes('"level":50')) continue;
    try {
      const entry = JSON.parse(line) as { err?: { message?: string }; msg?: string };
      // A client that closed its connection at the end of an autocannon run is not the report's error.
      if (entry.err?.message === 'Premature close') continue;
      return entry.err?.message ?? entry.msg;
    } catch {
      // The kept output starts mid-line; that line is not the last error.
    }
  }
  return undefined;
}

async function fetchJson(target: LatencyTarget, headers: Record<string, string>): Promise<unknown> {
  return json(
    await fetch(target.url, {
      method: target.method ?? 'GET',
      headers: { ...headers, ...target.headers },
      ...(target.body !== undefined ? { body: target.body } : {}),
    }),
  );
}

export async function runReportBenchmark(options: {
  stack: FullStack;
  businessId: string;
  generated: GeneratedSales;
  headers: Record<string, string>;
  settings: OneByOneSettings;
  /** Waits until no statement of an earlier measurement still runs. */
  untilIdle: () => Promise<void>;
  log: (line: string) => void;
}): Promise<ReportsReport> {
  const { stack, businessId, generated, headers, settings, untilIdle, log } = options;
  const stock = await addStockForReports(stack.databaseUrl, businessId, log);
  const withHeaders = (target: LatencyTarget): LatencyTarget => ({
    ...target,
    headers: { ...headers, ...target.headers },
  });

  const calls: LatencyResult[] = [];
  for (const target of reportTargets(stack.baseUrl, generated)) {
    log(`report ${target.name} ...`);
    await untilIdle();
    const result = await measureOneByOne(withHeaders(target), settings);
    const serverError = result.non2xx > 0 ? lastServerError(stack.process.output()) : undefined;
    calls.push(
      serverError
        ? { ...result, problem: `${result.problem ?? 'failed'}; the server logged: ${serverError}` }
        : result,
    );
  }

  const references: ReportsReport['references'] = [];
  const now = new Date();
  for (const pair of referencePairs(stack.baseUrl, now)) {
    log(`report ${pair.option} against ${pair.reference.name} ...`);
    await untilIdle();
    const difference = sameFigures(
      pair.option,
      await fetchJson(pair.report, headers),
      await fetchJson(pair.reference, headers),
    );
    const toggle = await openStampToggle(stack.databaseUrl, businessId, lastDaysRange(now));
    let report: LatencyResult;
    let reference: LatencyResult;
    try {
      // The report goes through the same untimed step, so both sides run under the same conditions.
      report = await measureOneByOne(withHeaders(pair.report), settings, toggle.toggle);
      reference = await measureOneByOne(withHeaders(pair.reference), settings, toggle.toggle);
    } finally {
      await toggle.restore();
    }
    const cached = await measureOneByOne(
      withHeaders({ ...pair.reference, name: `${pair.reference.name} (cached)` }),
      settings,
    );
    references.push({ option: pair.option, report, reference, cached, difference });
  }

  // Exported last: the reports asked above may have pushed older ones out of the history (200 a user).
  await untilIdle();
  const stored = (await fetchJson(basicReportTarget(stack.baseUrl, 'TOP_PRODUCTS'), headers)) as {
    reportId: string;
  };
  const exports: ReportsReport['exports'] = [];
  for (const target of exportTargets(stack.baseUrl, stored.reportId)) {
    log(`report ${target.name} ...`);
    const file = await fetch(target.url, { headers: withHeaders(target).headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    if (!file.ok) throw new Error(`${target.name} answered ${file.status}`);
    exports.push({
      result: await measureOneByOne(withHeaders(target), settings),
      bytes,
      contentType: file.headers.get('content-type') ?? '',
    });
  }

  const checks = references.flatMap(({ option, report, reference, difference }) => [
    ratioCheck(`${option} report / analytics p50 ms`, [report.p50Ms], [reference.p50Ms], undefined, '<='),
    ratioCheck(
      `${option} report / analytics req/s`,
      [report.requestsPerSecond],
      [reference.requestsPerSecond],
      undefined,
      '>=',
    ),
    {
      name: `${option} report answers the figures of the analytics call`,
      value: difference === null ? 1 : 0,
      target: 'same figures',
      pass: difference === null,
      rounds: [],
    },
  ]);
  return { settings, stock, calls, exports, references, checks };
}

const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);

function row(result: LatencyResult, note = ''): string {
  const slow = result.p95Ms > SLOW_MS || result.probeMs > SLOW_MS ? `SLOW (> ${SLOW_MS / 1000} s)` : '';
  const notes = [
    result.problem,
    result.non2xx || result.errors ? `${result.non2xx + result.errors} failed` : '',
    slow,
    note,
  ]
    .filter(Boolean)
    .join('; ');
  return result.problem
    ? `| ${result.name} | ${ms(result.probeMs)} | - | - | - | 0 | ${notes} |`
    : `| ${result.name} | ${ms(result.probeMs)} | ${result.requestsPerSecond.toFixed(1)} | ${ms(result.p50Ms)} | ` +
        `${ms(result.p95Ms)} | ${result.requests} | ${notes} |`;
}

export function printReportSection(report: ReportsReport, write: (line: string) => void): void {
  const { settings, stock } = report;
  write('');
  write(
    `Reports (issue 14; no target: information): one request at a time, ${settings.warmupSeconds} s warm-up, ` +
      `${settings.durationSeconds} s and at least ${settings.minRequests} requests each; every answer is stored. ` +
      `Stock for the stock reports: ${stock.items.toLocaleString('en')} items, ${stock.costed.toLocaleString('en')} ` +
      `cost prices, written in ${stock.seconds.toFixed(0)} s.`,
  );
  write('| call | first answer ms | req/s | p50 ms | p95 ms | requests | note |');
  write('|---|---|---|---|---|---|---|');
  for (const result of report.calls) write(row(result));
  for (const { result, bytes, contentType } of report.exports)
    write(row(result, `${(bytes / 1024).toFixed(1)} kB ${contentType.split(';')[0] ?? ''}`));
  write('');
  write(
    'Report against the analytics call it wraps, the last 30 days as whole days: the analytics call without its ' +
      'cache (a rollup row changed between requests, untimed, on both sides) does the same SQL, so the ratio is ' +
      "the report's own cost (context reads, its tool's transaction, storing the answer).",
  );
  write(
    '| report | report p50 ms | p95 | analytics call | p50 ms | p95 | report / call p50 | req/s ratio | call cached p50 ms | same figures |',
  );
  write('|---|---|---|---|---|---|---|---|---|---|');
  for (const { option, report: mine, reference, cached, difference } of report.references) {
    const p50Ratio = report.checks.find((c) => c.name === `${option} report / analytics p50 ms`);
    const rpsRatio = report.checks.find((c) => c.name === `${option} report / analytics req/s`);
    write(
      `| ${option} | ${ms(mine.p50Ms)} | ${ms(mine.p95Ms)} | ${reference.name} | ${ms(reference.p50Ms)} | ` +
        `${ms(reference.p95Ms)} | ${p50Ratio?.value.toFixed(2)} | ${rpsRatio?.value.toFixed(2)} | ${ms(cached.p50Ms)} | ` +
        `${difference === null ? 'yes' : `NO: ${difference.slice(0, 200)}`} |`,
    );
  }
}
