import { describe, expect, it } from 'vitest';
import { forecastDaily, forecastDailyMany } from './forecasting.js';
import { minimiseInUnitBox, searchUnitBox } from './nelder-mead.js';
import { runSearches } from './search-lanes.js';
import { LANES, sseLanes, sseOf, type Shape, type SseTask } from './smoothing-recursions.js';

/** A deterministic pseudo-random stream (the tests must not depend on Math.random). */
function stream(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function series(seed: number, days: number): number[] {
  const next = stream(seed);
  const shape = [4, -2, -2, 0, 1, 6, -7];
  return Array.from({ length: days }, (_, t) =>
    Math.max(0, Math.round(20 + 0.05 * seed * t + shape[t % 7]! + (next() - 0.5) * 8)),
  );
}

const SHAPES: Shape[] = [
  { hasTrend: false, hasSeason: false },
  { hasTrend: true, hasSeason: false },
  { hasTrend: true, hasSeason: true },
  { hasTrend: false, hasSeason: true },
];

function taskOf(shape: Shape, y: Float64Array, m: number): SseTask {
  const season = shape.hasSeason
    ? Float64Array.from({ length: m }, (_, i) => i - (m - 1) / 2)
    : new Float64Array(0);
  return { y, m, shape, start: { level: y[0]!, trend: shape.hasTrend ? 0.1 : 0, season } };
}

describe('sseLanes', () => {
  it('answers in each lane the sum of squares sseOf answers alone, to the bit, whatever the lane shapes', () => {
    const next = stream(7);
    for (let round = 0; round < 20; round += 1) {
      const tasks = SHAPES.map((shape, k) => taskOf(shape, Float64Array.from(series(round * 4 + k, 150)), 7));
      const points = tasks.map(() => Float64Array.from({ length: 4 }, next));
      const out = new Float64Array(LANES);
      sseLanes(tasks, points, out);
      tasks.forEach((task, k) => expect(out[k]).toBe(sseOf(task, points[k]!)));
    }
  });
});

describe('runSearches', () => {
  it('finds for each search run side by side the minimum it finds alone', () => {
    const tasks = [120, 120, 90, 120, 90].flatMap((days, i) =>
      SHAPES.map((shape) => taskOf(shape, Float64Array.from(series(i + 1, days)), 7)),
    );
    const start = (task: SseTask) =>
      [0.3, 0.2, 0.2, 0.5].slice(0, 1 + Number(task.shape.hasTrend) * 2 + Number(task.shape.hasSeason));
    const together = runSearches(
      tasks.map((task) => ({ task, search: searchUnitBox(start(task), { maxEvaluations: 150 }) })),
    );
    tasks.forEach((task, i) =>
      expect(together[i]).toEqual(
        minimiseInUnitBox((x) => sseOf(task, x), start(task), { maxEvaluations: 150 }),
      ),
    );
  });
});

describe('forecastDailyMany', () => {
  it('answers each history the forecast forecastDaily answers it alone, to the bit', () => {
    const requests = [182, 182, 60, 25, 10, 2, 182, 90, 30, 182].map((days, i) => ({
      history: series(i + 3, days),
      horizon: [7, 365, 30, 1][i % 4]!,
    }));
    requests.push({ history: new Array<number>(40).fill(0), horizon: 14 });
    const together = forecastDailyMany(requests);
    requests.forEach((request, i) =>
      expect(together[i]).toEqual(forecastDaily(request.history, request.horizon)),
    );
  });

  it('answers nothing for no request', () => {
    expect(forecastDailyMany([])).toEqual([]);
  });
});
