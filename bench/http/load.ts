import autocannon from 'autocannon';
import { median } from '../inventory/bench-checks.js';

export type LoadSettings = {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** How many interleaved rounds of every row. */
  rounds: number;
};

export type LoadResult = {
  name: string;
  url: string;
  requestsPerSecond: number;
  latencyAverageMs: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
};

type Target = { name: string; url: string; headers?: Record<string, string> };

/** Checks one request answers 2xx first, then warms up (discarded) and measures with autocannon. */
export async function measureLoad(target: Target, settings: LoadSettings): Promise<LoadResult> {
  const probe = await fetch(target.url, { headers: target.headers, signal: AbortSignal.timeout(5_000) });
  const body = await probe.text();
  if (probe.status < 200 || probe.status > 299) {
    throw new Error(
      `${target.name}: GET ${target.url} answered ${probe.status} before the run: ${body.slice(0, 300)}`,
    );
  }
  if (settings.warmupSeconds > 0) {
    await run(target, settings.connections, settings.warmupSeconds);
  }
  const result = await run(target, settings.connections, settings.durationSeconds);
  return {
    name: target.name,
    url: target.url,
    requestsPerSecond: result.requests.average,
    latencyAverageMs: result.latency.average,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

async function run(target: Target, connections: number, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: 'GET',
    headers: target.headers ?? {},
    connections,
    duration: seconds,
  });
}

/**
 * The table of a load step: one row per call, the median of its rounds for requests a second, p99
 * and average latency. `nameWidth` fits the step's longest call name.
 */
export function writeLoadTable(
  write: (line: string) => void,
  results: readonly LoadResult[],
  nameWidth: number,
): void {
  const header = `${'call (median of the rounds)'.padEnd(nameWidth)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'avg ms'.padStart(8)}`;
  write(header);
  write('-'.repeat(header.length));
  for (const name of [...new Set(results.map((r) => r.name))]) {
    const rows = results.filter((r) => r.name === name);
    const pick = (f: (r: LoadResult) => number) => median(rows.map(f));
    write(
      `${name.padEnd(nameWidth)} ${pick((r) => r.requestsPerSecond)
        .toFixed(0)
        .padStart(8)} ${pick((r) => r.latencyP99Ms)
        .toFixed(1)
        .padStart(8)} ${pick((r) => r.latencyAverageMs)
        .toFixed(2)
        .padStart(8)}`,
    );
  }
}
