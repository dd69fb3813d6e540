import { readFile } from 'node:fs/promises';
import { API } from '@app/contracts';

/** What the soak reads of the server once a minute. */
export type ServerReading = {
  rssBytes: number | undefined;
  heapUsedBytes: number | undefined;
  /** The request pool (app_request): connections open, idle, and requests waiting for one. */
  pool: { total: number; idle: number; waiting: number } | undefined;
  /** Jobs waiting over every queue. */
  queuedJobs: number | undefined;
  /** CPU seconds the server process used since it started (user + system). */
  cpuSeconds: number | undefined;
  /** p99 of the event loop's delay since the last reading, in ms (prom-client resets it per scrape). */
  eventLoopP99Ms: number | undefined;
};

/**
 * The samples of a Prometheus text exposition, keyed as written (`name` or `name{labels}`);
 * comments and lines that are not a sample are skipped.
 */
export function parsePrometheusText(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    // The value follows the last space (label values may hold spaces, inside the braces).
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?)\s+(\S+)(?:\s+\d+)?$/.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    const value = Number(match[2]);
    if (!Number.isNaN(value)) samples.set(match[1], value);
  }
  return samples;
}

/** The soak's figures out of the server's /api/metrics (prom-client's default names). */
export function readingOf(samples: ReadonlyMap<string, number>): ServerReading {
  const pool = (state: string) => samples.get(`db_pool_connections{pool="request",state="${state}"}`);
  const total = pool('total');
  const idle = pool('idle');
  const waiting = pool('waiting');
  let queuedJobs: number | undefined;
  for (const [key, value] of samples) {
    if (key.startsWith('job_queue_depth{')) queuedJobs = (queuedJobs ?? 0) + value;
  }
  return {
    rssBytes: samples.get('process_resident_memory_bytes'),
    heapUsedBytes: samples.get('nodejs_heap_size_used_bytes'),
    pool:
      total === undefined || idle === undefined || waiting === undefined
        ? undefined
        : { total, idle, waiting },
    queuedJobs,
    cpuSeconds: samples.get('process_cpu_seconds_total'),
    eventLoopP99Ms: milliseconds(samples.get('nodejs_eventloop_lag_p99_seconds')),
  };
}

const milliseconds = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

/** The server's CPU use between two readings, in % of one core; undefined without both. */
export function cpuPercent(
  before: ServerReading | undefined,
  after: ServerReading,
  seconds: number,
): number | undefined {
  if (before?.cpuSeconds === undefined || after.cpuSeconds === undefined || seconds <= 0) return undefined;
  return ((after.cpuSeconds - before.cpuSeconds) / seconds) * 100;
}

/** VmRSS of /proc/<pid>/status in bytes: the fallback when /api/metrics does not answer. */
export function rssOfProcStatus(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] ? Number(match[1]) * 1024 : undefined;
}

/**
 * Reads /api/metrics on loopback (the server serves it to loopback without a token); when that
 * fails, the RSS from /proc. Never throws: a missing reading is a gap in the table.
 */
export async function readServer(baseUrl: string, pid: number | undefined): Promise<ServerReading> {
  try {
    const response = await fetch(`${baseUrl}${API.metrics}`, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (response.ok) return readingOf(parsePrometheusText(text));
  } catch {
    // Fall through to /proc.
  }
  const status = pid === undefined ? '' : await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return {
    rssBytes: rssOfProcStatus(status),
    heapUsedBytes: undefined,
    pool: undefined,
    queuedJobs: undefined,
    cpuSeconds: undefined,
    eventLoopP99Ms: undefined,
  };
}
