/**
 * The soak's arithmetic, kept free of HTTP so that its rules can be tested: percentiles, one
 * window of samples (a minute, a ramp step) and its summary, and the verdicts at the end.
 */

/** What the mix does, for the per-kind columns. */
export const KINDS = ['browse', 'sale', 'movement', 'adjust', 'analytics', 'alerts', 'report'] as const;
export type Kind = (typeof KINDS)[number];

/**
 * Reports are slow by nature (a second for the slow movers) and weighted low: inside the overall
 * percentiles they would be the p99 on their own. The overall latency is therefore that of the
 * interactive kinds, every kind but reports; reports have their own column.
 */
export const INTERACTIVE_KINDS: readonly Kind[] = KINDS.filter((kind) => kind !== 'report');

/**
 * ok: 2xx. conflict: 409, which a correct client meets in a race (the stock ran out between the
 * read and the sale, a movement changed state) and retries or gives up; noted, not an error.
 * error: 5xx, a timeout, a refused or reset connection, or any other 4xx (the mix only sends
 * requests that are valid, so a 400, 401, 404 or 429 is a fault of the server or of the mix).
 */
export type Outcome = 'ok' | 'conflict' | 'error';

export type Sample = {
  kind: Kind;
  /** The call within its kind ("products page", "sale", "validate source"). */
  action: string;
  latencyMs: number;
  /** The HTTP status, or what happened instead of an answer. */
  status: number | 'timeout' | 'connection';
};

export function outcomeOf(status: Sample['status']): Outcome {
  if (typeof status !== 'number') return 'error';
  if (status >= 200 && status < 300) return 'ok';
  return status === 409 ? 'conflict' : 'error';
}

/** Nearest-rank percentile of values sorted ascending (p in 0..100); 0 for no values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/** Typed arrays sort numerically and fast; a window of a busy minute holds tens of thousands. */
function sortedCopy(values: readonly number[]): number[] {
  return Array.from(Float64Array.from(values).sort());
}

/** The samples of one stretch of time, kept per kind. */
export type Window = {
  latencies: Record<Kind, number[]>;
  outcomes: Record<Outcome, number>;
  /** `${kind} ${action} ${status}` of every answer that was not 2xx -> how many. */
  failures: Map<string, number>;
  /** Requests the schedule asked for that never went out: every slot busy for too long. */
  dropped: number;
  errorsByKind: Record<Kind, number>;
};

function perKind<T>(make: () => T): Record<Kind, T> {
  return Object.fromEntries(KINDS.map((kind) => [kind, make()])) as Record<Kind, T>;
}

export function createWindow(): Window {
  return {
    latencies: perKind(() => []),
    outcomes: { ok: 0, conflict: 0, error: 0 },
    failures: new Map(),
    dropped: 0,
    errorsByKind: perKind(() => 0),
  };
}

export function recordSample(window: Window, sample: Sample): void {
  const outcome = outcomeOf(sample.status);
  window.latencies[sample.kind].push(sample.latencyMs);
  window.outcomes[outcome] += 1;
  if (outcome === 'error') window.errorsByKind[sample.kind] += 1;
  if (outcome !== 'ok') {
    const key = `${sample.kind} ${sample.action} ${String(sample.status)}`;
    window.failures.set(key, (window.failures.get(key) ?? 0) + 1);
  }
}

/** One window holding the samples of all of `windows` (the first minutes, the whole run). */
export function mergeWindows(windows: readonly Window[]): Window {
  const merged = createWindow();
  for (const window of windows) {
    for (const kind of KINDS) {
      for (const value of window.latencies[kind]) merged.latencies[kind].push(value);
      merged.errorsByKind[kind] += window.errorsByKind[kind];
    }
    for (const outcome of ['ok', 'conflict', 'error'] as const)
      merged.outcomes[outcome] += window.outcomes[outcome];
    for (const [key, count] of window.failures)
      merged.failures.set(key, (merged.failures.get(key) ?? 0) + count);
    merged.dropped += window.dropped;
  }
  return merged;
}

export type KindSummary = { requests: number; errors: number; p50Ms: number; p99Ms: number };

export type WindowSummary = {
  seconds: number;
  /** Answers and failures received (dropped requests are not in it). */
  requests: number;
  achievedRate: number;
  errors: number;
  /** errors / requests; 0 for no requests. */
  errorRate: number;
  conflicts: number;
  dropped: number;
  /** Of the interactive kinds (every kind but reports). */
  p50Ms: number;
  p99Ms: number;
  kinds: Record<Kind, KindSummary>;
  /** The most frequent failures, most frequent first: `kind action status` and a count. */
  topFailures: Array<{ what: string; count: number }>;
};

export function summariseWindow(window: Window, seconds: number): WindowSummary {
  const kinds = perKind<KindSummary>(() => ({ requests: 0, errors: 0, p50Ms: 0, p99Ms: 0 }));
  const interactive: number[] = [];
  for (const kind of KINDS) {
    const values = window.latencies[kind];
    const sorted = sortedCopy(values);
    kinds[kind] = {
      requests: values.length,
      errors: window.errorsByKind[kind],
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
    };
    if (INTERACTIVE_KINDS.includes(kind)) for (const value of values) interactive.push(value);
  }
  const sortedInteractive = sortedCopy(interactive);
  const requests = window.outcomes.ok + window.outcomes.conflict + window.outcomes.error;
  return {
    seconds,
    requests,
    achievedRate: seconds > 0 ? requests / seconds : 0,
    errors: window.outcomes.error,
    errorRate: requests > 0 ? window.outcomes.error / requests : 0,
    conflicts: window.outcomes.conflict,
    dropped: window.dropped,
    p50Ms: percentile(sortedInteractive, 50),
    p99Ms: percentile(sortedInteractive, 99),
    kinds,
    topFailures: [...window.failures.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([what, count]) => ({ what, count })),
  };
}

/** Targets of issue 17 item 6. */
export const SOAK_TARGETS = { maxErrorRate: 0.001, maxP99Drift: 0.1, maxMemoryGrowth: 0.1 } as const;

export type Verdict = {
  /** The measured figure (a rate or a relative change), or null when the run was too short. */
  value: number | null;
  target: string;
  /** null: not judged (too short a run, no memory reading). */
  met: boolean | null;
  detail: string;
};

export type SoakVerdicts = { errorRate: Verdict; p99Drift: Verdict; memoryGrowth: Verdict };

/**
 * The minutes the p99 drift compares: after `warmupMinutes`, the first k whole minutes against the
 * last k, k being a third of what is left (at least 1, at most 5), so a 30-minute run compares
 * minutes 2-6 with 26-30 and a 3-minute run minute 2 with minute 3. Minutes count from 1.
 */
export function driftMinutes(
  minutes: number,
  warmupMinutes: number,
): { first: [number, number]; last: [number, number] } | undefined {
  const after = minutes - warmupMinutes;
  if (after < 2) return undefined;
  const k = Math.max(1, Math.min(5, Math.floor(after / 3)));
  return { first: [warmupMinutes + 1, warmupMinutes + k], last: [minutes - k + 1, minutes] };
}

export function relativeChange(from: number, to: number): number {
  return from > 0 ? (to - from) / from : 0;
}

const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)} %`;

/**
 * The three verdicts. `minuteWindows[i]` holds minute i+1; `rssAtMinuteEnd[i]` the server's RSS
 * read at its end (undefined when the read failed). The error rate is over the whole run; the
 * drift and the growth start after the warm-up (connections, JIT, caches and pools filling).
 * A drop (negative drift or growth) meets its target.
 */
export function soakVerdicts(input: {
  minuteWindows: readonly Window[];
  rssAtMinuteEnd: ReadonlyArray<number | undefined>;
  warmupMinutes: number;
}): SoakVerdicts {
  const { minuteWindows, rssAtMinuteEnd, warmupMinutes } = input;
  const whole = summariseWindow(mergeWindows(minuteWindows), minuteWindows.length * 60);
  const errorRate: Verdict = {
    value: whole.requests > 0 ? whole.errorRate : null,
    target: `< ${percent(SOAK_TARGETS.maxErrorRate)}`,
    met: whole.requests > 0 ? whole.errorRate < SOAK_TARGETS.maxErrorRate : null,
    detail: `${whole.errors} errors in ${whole.requests} requests (${whole.conflicts} expected 409s not counted)`,
  };

  const span = driftMinutes(minuteWindows.length, warmupMinutes);
  let p99Drift: Verdict;
  if (!span) {
    p99Drift = {
      value: null,
      target: `< ${percent(SOAK_TARGETS.maxP99Drift, 0)}`,
      met: null,
      detail: `needs at least ${warmupMinutes + 2} minutes`,
    };
  } else {
    const of = ([a, b]: [number, number]) =>
      summariseWindow(mergeWindows(minuteWindows.slice(a - 1, b)), (b - a + 1) * 60).p99Ms;
    const first = of(span.first);
    const last = of(span.last);
    const drift = relativeChange(first, last);
    const name = ([a, b]: [number, number]) => (a === b ? `minute ${a}` : `minutes ${a}-${b}`);
    p99Drift = {
      value: drift,
      target: `< ${percent(SOAK_TARGETS.maxP99Drift, 0)}`,
      met: drift < SOAK_TARGETS.maxP99Drift,
      detail: `p99 ${first.toFixed(1)} ms (${name(span.first)}) -> ${last.toFixed(1)} ms (${name(span.last)})`,
    };
  }

  const base = rssAtMinuteEnd[warmupMinutes - 1];
  const end = rssAtMinuteEnd.at(-1);
  const isJudged = base !== undefined && end !== undefined && rssAtMinuteEnd.length > warmupMinutes;
  const growth = isJudged ? relativeChange(base, end) : null;
  const memoryGrowth: Verdict = {
    value: growth,
    target: `< ${percent(SOAK_TARGETS.maxMemoryGrowth, 0)}`,
    met: growth === null ? null : growth < SOAK_TARGETS.maxMemoryGrowth,
    detail: isJudged
      ? `RSS ${mb(base)} after the warm-up -> ${mb(end)} at the end`
      : `needs an RSS reading after minute ${warmupMinutes} and a later one`,
  };
  return { errorRate, p99Drift, memoryGrowth };
}

export function mb(bytes: number | undefined): string {
  return bytes === undefined ? '-' : `${(bytes / 1_000_000).toFixed(0)} MB`;
}
