import { describe, expect, it } from 'vitest';
import {
  createWindow,
  driftMinutes,
  mergeWindows,
  outcomeOf,
  percentile,
  recordSample,
  soakVerdicts,
  summariseWindow,
  type Kind,
  type Sample,
  type Window,
} from './soak-stats.js';

function sample(latencyMs: number, status: Sample['status'] = 200, kind: Kind = 'browse'): Sample {
  return { kind, action: 'products page', latencyMs, status };
}

/** A minute whose interactive latencies are 1..n ms times `scale`, all answered 200. */
function minute(n: number, scale = 1, errors = 0): Window {
  const window = createWindow();
  for (let i = 1; i <= n; i++) recordSample(window, sample(i * scale));
  for (let i = 0; i < errors; i++) recordSample(window, sample(5, 500, 'sale'));
  return window;
}

describe('percentile', () => {
  it('takes the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7, 9, 30], 50)).toBe(9);
  });

  it('answers the largest of fewer than 100 values as p99, and 0 for none', () => {
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(10);
    expect(percentile([42], 1)).toBe(42);
    expect(percentile([], 99)).toBe(0);
  });
});

describe('outcomeOf', () => {
  it('counts 5xx, timeouts, connection failures and unexpected 4xx as errors, 409 apart', () => {
    expect(outcomeOf(201)).toBe('ok');
    expect(outcomeOf(409)).toBe('conflict');
    for (const status of [500, 503, 400, 401, 404, 429, 'timeout', 'connection'] as const)
      expect(outcomeOf(status)).toBe('error');
  });
});

describe('summariseWindow', () => {
  it('counts requests, the achieved rate, errors and conflicts of a window', () => {
    const window = createWindow();
    for (let i = 0; i < 116; i++) recordSample(window, sample(10));
    recordSample(window, sample(10, 409, 'sale'));
    recordSample(window, sample(10, 409, 'sale'));
    recordSample(window, sample(30_000, 'timeout', 'sale'));
    recordSample(window, sample(3, 500, 'movement'));
    window.dropped = 4;
    const summary = summariseWindow(window, 60);
    expect(summary.requests).toBe(120);
    expect(summary.achievedRate).toBe(2);
    expect(summary.errors).toBe(2);
    expect(summary.errorRate).toBeCloseTo(2 / 120);
    expect(summary.conflicts).toBe(2);
    expect(summary.dropped).toBe(4);
    expect(summary.kinds.sale).toMatchObject({ requests: 3, errors: 1 });
    expect(summary.topFailures[0]).toEqual({ what: 'sale products page 409', count: 2 });
  });

  it('keeps reports out of the overall percentiles and gives them their own', () => {
    const window = createWindow();
    for (let i = 1; i <= 100; i++) recordSample(window, sample(i));
    for (let i = 0; i < 5; i++) recordSample(window, sample(2_000, 200, 'report'));
    const summary = summariseWindow(window, 60);
    expect(summary.p99Ms).toBe(99);
    expect(summary.p50Ms).toBe(50);
    expect(summary.kinds.report).toMatchObject({ requests: 5, p99Ms: 2_000 });
    expect(summary.requests).toBe(105);
  });

  it('answers zeros for an empty window rather than dividing by zero', () => {
    const summary = summariseWindow(createWindow(), 60);
    expect(summary).toMatchObject({ requests: 0, errorRate: 0, p99Ms: 0, achievedRate: 0 });
  });
});

describe('mergeWindows', () => {
  it('pools the samples, counts and failures of minutes', () => {
    const merged = mergeWindows([minute(50, 1, 1), minute(50, 2, 2)]);
    const summary = summariseWindow(merged, 120);
    expect(summary.requests).toBe(103);
    expect(summary.errors).toBe(3);
    expect(summary.kinds.browse.requests).toBe(100);
    expect(summary.topFailures).toEqual([{ what: 'sale products page 500', count: 3 }]);
  });
});

describe('driftMinutes', () => {
  it('compares the first and last fifth-or-so after the warm-up, 5 minutes at most', () => {
    expect(driftMinutes(30, 1)).toEqual({ first: [2, 6], last: [26, 30] });
    expect(driftMinutes(10, 1)).toEqual({ first: [2, 4], last: [8, 10] });
    expect(driftMinutes(3, 1)).toEqual({ first: [2, 2], last: [3, 3] });
  });

  it('needs two minutes after the warm-up', () => {
    expect(driftMinutes(2, 1)).toBeUndefined();
  });
});

describe('soakVerdicts', () => {
  const rss = (values: number[]) => values.map((value) => value * 1_000_000);

  it('meets every target on a steady run', () => {
    const windows = Array.from({ length: 10 }, () => minute(1_000));
    const verdicts = soakVerdicts({
      minuteWindows: windows,
      rssAtMinuteEnd: rss([300, 310, 311, 312, 312, 313, 313, 314, 315, 320]),
      warmupMinutes: 1,
    });
    expect(verdicts.errorRate).toMatchObject({ value: 0, met: true });
    expect(verdicts.p99Drift).toMatchObject({ value: 0, met: true });
    expect(verdicts.memoryGrowth.met).toBe(true);
    // From the reading at the end of the warm-up minute (300 MB) to the last (320 MB).
    expect(verdicts.memoryGrowth.value).toBeCloseTo(20 / 300);
  });

  it('misses the drift when the last minutes p99 is 10 % or more above the first, after the warm-up', () => {
    // The warm-up minute is slow (not compared); the last three are 20 % slower than 2-4.
    const windows = [
      minute(1_000, 5),
      ...Array.from({ length: 6 }, () => minute(1_000)),
      ...Array.from({ length: 3 }, () => minute(1_000, 1.2)),
    ];
    const verdicts = soakVerdicts({
      minuteWindows: windows,
      rssAtMinuteEnd: rss(Array(10).fill(300)),
      warmupMinutes: 1,
    });
    expect(verdicts.p99Drift.met).toBe(false);
    expect(verdicts.p99Drift.value).toBeCloseTo(0.2);
    expect(verdicts.p99Drift.detail).toContain('minutes 2-4');
    expect(verdicts.p99Drift.detail).toContain('minutes 8-10');
  });

  it('counts a faster end as met', () => {
    const windows = [minute(100), minute(100, 2), minute(100, 1)];
    const verdicts = soakVerdicts({
      minuteWindows: windows,
      rssAtMinuteEnd: rss([300, 300, 300]),
      warmupMinutes: 1,
    });
    expect(verdicts.p99Drift.value).toBeCloseTo(-0.5);
    expect(verdicts.p99Drift.met).toBe(true);
  });

  it('misses the memory target at 10 % growth over the RSS after the warm-up, ignoring the warm-up itself', () => {
    const windows = Array.from({ length: 5 }, () => minute(100));
    const verdicts = soakVerdicts({
      minuteWindows: windows,
      rssAtMinuteEnd: rss([400, 200, 205, 215, 220]),
      warmupMinutes: 1,
    });
    // 400 MB after minute 1 -> 220: a drop. Measured from minute 1's reading, as the rule says.
    expect(verdicts.memoryGrowth.met).toBe(true);
    const growing = soakVerdicts({
      minuteWindows: windows,
      rssAtMinuteEnd: rss([200, 205, 210, 215, 220]),
      warmupMinutes: 1,
    });
    expect(growing.memoryGrowth.value).toBeCloseTo(0.1);
    expect(growing.memoryGrowth.met).toBe(false);
  });

  it('misses the error rate at 1 error in 1,000 and meets it below', () => {
    const missed = soakVerdicts({
      minuteWindows: [minute(999, 1, 1)],
      rssAtMinuteEnd: [1],
      warmupMinutes: 1,
    });
    expect(missed.errorRate.value).toBeCloseTo(0.001);
    expect(missed.errorRate.met).toBe(false);
    const met = soakVerdicts({ minuteWindows: [minute(1_999, 1, 1)], rssAtMinuteEnd: [1], warmupMinutes: 1 });
    expect(met.errorRate.met).toBe(true);
  });

  it('leaves the drift and the growth unjudged on a run too short or without readings', () => {
    const verdicts = soakVerdicts({
      minuteWindows: [minute(100), minute(100)],
      rssAtMinuteEnd: [undefined, 300],
      warmupMinutes: 1,
    });
    expect(verdicts.p99Drift).toMatchObject({ value: null, met: null });
    expect(verdicts.memoryGrowth).toMatchObject({ value: null, met: null });
  });
});
