/**
 * Load with autocannon that also keeps every response time, for the percentiles autocannon does
 * not report (p95): a warm-up (discarded), then the measured run at `connections`.
 */
import autocannon from 'autocannon';

export type LatencyResult = {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  /** The first request alone (the probe): a question nothing has answered yet. */
  probeMs: number;
  /** Why nothing was measured (the probe failed or took longer than PROBE_TIMEOUT_MS). */
  problem?: string;
};

export const PROBE_TIMEOUT_MS = 60_000;

export type LatencyTarget = {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** New headers for each request (an Idempotency-Key). */
  perRequestHeaders?: () => Record<string, string>;
  /** The n-th request's own URL or body (a question no cache has seen). */
  vary?: (n: number) => { url?: string; body?: string };
};

export type LatencySettings = {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /**
   * A probe slower than this is the result: loading the server with such requests would leave the
   * database busy with abandoned work well into the next measurement.
   */
  loadOnlyBelowMs?: number;
};

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function run(
  target: LatencyTarget,
  connections: number,
  seconds: number,
): Promise<{ times: number[]; result: autocannon.Result }> {
  const times: number[] = [];
  const headers = target.headers ?? {};
  let sent = 0;
  const instance = autocannon(
    {
      url: target.url,
      connections,
      duration: seconds,
      requests: [
        {
          method: target.method ?? 'GET',
          headers,
          ...(target.body !== undefined ? { body: target.body } : {}),
          ...(target.perRequestHeaders || target.vary
            ? {
                setupRequest: (request: autocannon.Request) => {
                  const varied = target.vary?.(sent++);
                  const url = varied?.url ? new URL(varied.url) : undefined;
                  return {
                    ...request,
                    headers: { ...headers, ...target.perRequestHeaders?.() },
                    ...(url ? { path: `${url.pathname}${url.search}` } : {}),
                    ...(varied?.body !== undefined ? { body: varied.body } : {}),
                  };
                },
              }
            : {}),
        },
      ],
    },
    () => undefined,
  );
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.on('done', resolve);
    instance.on('error', reject);
  });
  return { times, result };
}

/**
 * Checks one request answers 2xx (timed alone: the probe), warms up, measures. A probe that fails or
 * takes longer than PROBE_TIMEOUT_MS is reported as the result, with nothing measured under load.
 */
export async function measureLatency(
  target: LatencyTarget,
  settings: LatencySettings,
): Promise<LatencyResult> {
  const nothing = {
    name: target.name,
    requests: 0,
    requestsPerSecond: 0,
    p50Ms: 0,
    p95Ms: 0,
    p99Ms: 0,
    non2xx: 0,
    errors: 0,
  };
  const probeStarted = performance.now();
  let probe: Response;
  let text: string;
  try {
    probe = await fetch(target.url, {
      method: target.method ?? 'GET',
      headers: { ...target.headers, ...target.perRequestHeaders?.() },
      ...(target.body !== undefined ? { body: target.body } : {}),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    text = await probe.text();
  } catch (error) {
    const probeMs = performance.now() - probeStarted;
    return {
      ...nothing,
      probeMs,
      problem: `no answer within ${PROBE_TIMEOUT_MS / 1000} s (${error instanceof Error ? error.name : 'error'})`,
    };
  }
  const probeMs = performance.now() - probeStarted;
  if (probe.status < 200 || probe.status > 299)
    throw new Error(
      `${target.name}: ${target.url} answered ${probe.status} before the run: ${text.slice(0, 300)}`,
    );
  if (settings.loadOnlyBelowMs !== undefined && probeMs > settings.loadOnlyBelowMs)
    return {
      ...nothing,
      probeMs,
      problem: `the first answer took ${(probeMs / 1000).toFixed(1)} s; not loaded`,
    };
  if (settings.warmupSeconds > 0) await run(target, settings.connections, settings.warmupSeconds);
  const { times, result } = await run(target, settings.connections, settings.durationSeconds);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name: target.name,
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / Math.max(result.duration, 0.001),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    probeMs,
  };
}
