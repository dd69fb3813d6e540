import type { RampStep } from './find-max.js';
import type { ServerReading } from './server-metrics.js';
import { KINDS, mb, type SoakVerdicts, type Verdict, type WindowSummary } from './soak-stats.js';

/** The soak's printed lines: one per minute (or ramp step), a table per kind, the verdicts. */

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const kindHeads = KINDS.map((kind) => kind.slice(0, 6).padStart(7)).join('');

export function minuteHeader(label = 'min'): string {
  return `${label.padStart(4)} ${'reqs'.padStart(6)} ${'req/s'.padStart(6)} ${'err %'.padStart(6)} ${'409s'.padStart(5)} ${'drop'.padStart(5)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} |${kindHeads} | ${'RSS'.padStart(7)} ${'heap'.padStart(7)} ${'pool t/i/w'.padStart(10)} ${'jobs'.padStart(4)} ${'cpu %'.padStart(5)} ${'loop'.padStart(5)}`;
}

export function minuteLine(
  label: string,
  summary: WindowSummary,
  reading: ServerReading | undefined,
  serverCpuPercent?: number,
): string {
  const kinds = KINDS.map((kind) => {
    const row = summary.kinds[kind];
    return (row.requests ? ms(row.p99Ms) : '-').padStart(7);
  }).join('');
  const pool = reading?.pool ? `${reading.pool.total}/${reading.pool.idle}/${reading.pool.waiting}` : '-';
  return `${label.padStart(4)} ${String(summary.requests).padStart(6)} ${summary.achievedRate.toFixed(1).padStart(6)} ${(summary.errorRate * 100).toFixed(2).padStart(6)} ${String(summary.conflicts).padStart(5)} ${String(summary.dropped).padStart(5)} ${ms(summary.p50Ms).padStart(6)} ${ms(summary.p99Ms).padStart(6)} |${kinds} | ${mb(reading?.rssBytes).padStart(7)} ${mb(reading?.heapUsedBytes).padStart(7)} ${pool.padStart(10)} ${(reading?.queuedJobs === undefined ? '-' : String(reading.queuedJobs)).padStart(4)} ${(serverCpuPercent === undefined ? '-' : serverCpuPercent.toFixed(0)).padStart(5)} ${(reading?.eventLoopP99Ms === undefined ? '-' : ms(reading.eventLoopP99Ms)).padStart(5)}`;
}

export const MINUTE_LEGEND =
  'p50/p99 in ms of every kind but reports; the kind columns are each kind’s p99 in ms; errors: 5xx, timeouts, connection failures and 4xx other than 409; 409s: expected races (stock ran out, a transfer changed state); drop: requests not sent because every slot stayed busy; RSS, heap, the request pool (total/idle/waiting), jobs waiting, the server’s CPU (% of one core) and its event loop’s p99 delay in ms come from its /api/metrics';

/** The whole run per kind: requests, errors, p50 and p99. */
export function kindTable(summary: WindowSummary): string[] {
  const lines = [
    `${'kind'.padEnd(10)} ${'reqs'.padStart(7)} ${'errors'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  ];
  for (const kind of KINDS) {
    const row = summary.kinds[kind];
    lines.push(
      `${kind.padEnd(10)} ${String(row.requests).padStart(7)} ${String(row.errors).padStart(7)} ${ms(row.p50Ms).padStart(8)} ${ms(row.p99Ms).padStart(8)}`,
    );
  }
  lines.push(
    `${'all*'.padEnd(10)} ${String(summary.requests).padStart(7)} ${String(summary.errors).padStart(7)} ${ms(summary.p50Ms).padStart(8)} ${ms(summary.p99Ms).padStart(8)}   (* latency without reports)`,
  );
  return lines;
}

function verdictLine(name: string, verdict: Verdict, format: (value: number) => string): string {
  const mark = verdict.met === null ? 'not judged' : verdict.met ? 'met' : 'MISSED';
  const value = verdict.value === null ? '-' : format(verdict.value);
  return `${name.padEnd(14)} ${value.padStart(9)}  target ${verdict.target.padEnd(8)} ${mark.padEnd(10)} ${verdict.detail}`;
}

const signedPercent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)} %`;

export function verdictLines(verdicts: SoakVerdicts): string[] {
  return [
    verdictLine('error rate', verdicts.errorRate, (value) => `${(value * 100).toFixed(3)} %`),
    verdictLine('p99 drift', verdicts.p99Drift, signedPercent),
    verdictLine('memory growth', verdicts.memoryGrowth, signedPercent),
  ];
}

export function rampLine(step: RampStep, isSustained: boolean): string {
  return `rate ${String(step.targetRate).padStart(5)}/s: achieved ${step.achievedRate.toFixed(1).padStart(6)}/s, p99 ${ms(step.p99Ms).padStart(6)} ms, errors ${(step.errorRate * 100).toFixed(2)} % -> ${isSustained ? 'held' : 'failed'}`;
}
