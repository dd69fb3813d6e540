/**
 * The report calls measured one request at a time (one connection): a report is a person's
 * question, heavier than an analytics read, and the reference without the analytics cache needs
 * a step between requests (`beforeEach`, not timed) that autocannon cannot take.
 */
import type { LatencyResult, LatencyTarget } from './latency-load.js';
import { PROBE_TIMEOUT_MS } from './latency-load.js';

export type OneByOneSettings = {
  warmupSeconds: number;
  durationSeconds: number;
  /** Requests measured at least, past the duration if need be: a p95 of two samples says nothing. */
  minRequests: number;
  /** A first answer slower than this is the result, nothing loaded (as the analytics' probe). */
  loadOnlyBelowMs: number;
};

type Answer = { status: number; ms: number; text: string };

async function ask(target: LatencyTarget, n: number): Promise<Answer> {
  const varied = target.vary?.(n);
  const started = performance.now();
  const response = await fetch(varied?.url ?? target.url, {
    method: target.method ?? 'GET',
    headers: { ...target.headers, ...target.perRequestHeaders?.() },
    ...((varied?.body ?? target.body) !== undefined ? { body: varied?.body ?? target.body } : {}),
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  // The whole answer is read before the clock stops, as autocannon times a response.
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text };
}

/** The `code` of an error answer (`{"code":"INTERNAL_ERROR",...}`), or its first characters. */
function errorCodeOf(text: string): string {
  try {
    const { code } = JSON.parse(text) as { code?: unknown };
    if (typeof code === 'string') return code;
  } catch {
    // Not JSON: the text itself says more.
  }
  return text.slice(0, 80);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * The first request alone (the probe; a non-2xx answer is the result), a warm-up, then
 * requests one after another for `durationSeconds` and at least `minRequests`. `beforeEach` runs
 * before every request after the probe, outside its time.
 */
export async function measureOneByOne(
  target: LatencyTarget,
  settings: OneByOneSettings,
  beforeEach?: () => Promise<void>,
): Promise<LatencyResult> {
  const nothing = { name: target.name, requests: 0, requestsPerSecond: 0, p50Ms: 0, p95Ms: 0, p99Ms: 0 };
  let probe: Answer;
  const probeStarted = performance.now();
  try {
    probe = await ask(target, 0);
  } catch (error) {
    return {
      ...nothing,
      non2xx: 0,
      errors: 1,
      probeMs: performance.now() - probeStarted,
      problem: `no answer within ${PROBE_TIMEOUT_MS / 1000} s (${error instanceof Error ? error.name : 'error'})`,
    };
  }
  // A report that fails is a finding of the run, not a crash of it: the row says so.
  if (probe.status < 200 || probe.status > 299)
    return {
      ...nothing,
      non2xx: 1,
      errors: 0,
      probeMs: probe.ms,
      problem: `the first request answered ${probe.status} ${errorCodeOf(probe.text)}`.trim(),
    };
  if (probe.ms > settings.loadOnlyBelowMs)
    return {
      ...nothing,
      non2xx: 0,
      errors: 0,
      probeMs: probe.ms,
      problem: `the first answer took ${(probe.ms / 1000).toFixed(1)} s; not loaded`,
    };

  let n = 1;
  const warmupEnd = performance.now() + settings.warmupSeconds * 1000;
  while (performance.now() < warmupEnd) {
    await beforeEach?.();
    await ask(target, n++);
  }
  const times: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let busyMs = 0;
  const end = performance.now() + settings.durationSeconds * 1000;
  while (performance.now() < end || times.length + errors < settings.minRequests) {
    await beforeEach?.();
    try {
      const answer = await ask(target, n++);
      times.push(answer.ms);
      busyMs += answer.ms;
      if (answer.status < 200 || answer.status > 299) non2xx++;
    } catch {
      errors++;
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name: target.name,
    requests: times.length,
    // Over the requests' own time: the untimed step between them is not the server's.
    requestsPerSecond: times.length / Math.max(busyMs / 1000, 0.001),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    non2xx,
    errors,
    probeMs: probe.ms,
  };
}
