import type { FittedModel } from './fitted-model.js';
import { searchUnitBox, type Minimum } from './nelder-mead.js';
import { fitPlans, type ModelPlan, type SearchJob } from './search-lanes.js';
import { parametersOf, runRecursions, type Shape, type SseTask, type State } from './smoothing-recursions.js';

/**
 * The exponential-smoothing family in its error-correction (state-space) form, additive errors:
 *
 *   forecast  f_t = l + phi b + s[t mod m]            e_t = y_t - f_t
 *   level     l  <- l + phi b + alpha e_t
 *   trend     b  <- phi b + beta e_t                  (holt, holt-winters)
 *   season    s[t mod m] <- s[t mod m] + gamma e_t    (holt-winters)
 *
 * Simple exponential smoothing has no trend nor season; Holt adds the trend; Holt-Winters adds the
 * weekly season, with or without the trend (the lower AICc decides, see fitSmoothing).
 *
 * The trend's damping phi is estimated in [0.8, 1]: 1 is Holt's linear trend, below 1 the trend
 * fades over the horizon (phi = 0.9 adds at most 9 days' worth of it, however far ahead). ets caps
 * phi at 0.98, which we tried: on a steady trend the capped filter trails the series by
 * b (1 - phi) / beta, a noise standard deviation on day 1 already, and the 80% interval of a
 * 120-day trend-and-season series then covered 32% to 97% of fresh draws depending on the seed;
 * estimated, 74% to 93%. What keeps 180 days sane is that a trend is fitted only where the data
 * carry one: Holt must beat SES and the mean in the back-test, and Holt-Winters keeps its trend
 * only when AICc pays for it.
 *
 * The parameters minimise the in-sample one-step squared error (a coarse grid, then Nelder-Mead)
 * inside the usual admissible region: 0 < alpha < 1, 0 <= beta <= alpha, 0 <= gamma <= 1 - alpha,
 * 0.8 <= phi <= 1. The same form gives the variance of the h-step error (below), so the intervals
 * widen as the model itself says they should.
 */

export type SmoothingKind = 'simple-exponential-smoothing' | 'holt' | 'holt-winters';

/** Days read to start the trend of Holt's model. */
const TREND_START_DAYS = 14;
/** Whole seasons read to start Holt-Winters' level, trend and season. */
const MAX_START_SEASONS = 4;

/** Starting points of the search (unit coordinates, same order): the best of them seeds the simplex. */
function startingGrid(shape: Shape): readonly number[][] {
  const key = (shape.hasTrend ? 2 : 0) + (shape.hasSeason ? 1 : 0);
  const known = grids[key];
  if (known) return known;
  let grid = [0.1, 0.3, 0.6, 0.9].map((a) => [a]);
  const extend = (values: number[]) => (grid = grid.flatMap((x) => values.map((v) => [...x, v])));
  if (shape.hasTrend) extend([0.05, 0.3]);
  if (shape.hasSeason) extend([0.05, 0.3]);
  if (shape.hasTrend) extend([0.5, 1]);
  grids[key] = grid;
  return grid;
}
/** The grid of each shape, built once: thousands of searches a request start from them. */
const grids: Array<number[][] | undefined> = [];

/** Least-squares line through y[0..count): its value at t = 0 and its slope per day. */
function lineThrough(y: Float64Array, count: number): { intercept: number; slope: number } {
  let tSum = 0;
  let ySum = 0;
  for (let t = 0; t < count; t += 1) {
    tSum += t;
    ySum += y[t]!;
  }
  const tMean = tSum / count;
  const yMean = ySum / count;
  let cross = 0;
  let spread = 0;
  for (let t = 0; t < count; t += 1) {
    cross += (t - tMean) * (y[t]! - yMean);
    spread += (t - tMean) ** 2;
  }
  const slope = spread > 0 ? cross / spread : 0;
  return { intercept: yMean - slope * tMean, slope };
}

/**
 * The state after day 0, read from the first days. Without a season: the first day's level, and
 * for a trend the least-squares line through the first two weeks. With a season: a line through
 * the means of the first whole seasons (at most four; flat without a trend), and each weekday's
 * average distance from that line, centred so the season sums to 0 (the level carries the mean,
 * the season only the shape).
 */
function startingState(shape: Shape, y: Float64Array, m: number): State {
  if (!shape.hasSeason) {
    const line = shape.hasTrend
      ? lineThrough(y, Math.min(y.length, TREND_START_DAYS))
      : { intercept: y[0]!, slope: 0 };
    return { level: line.intercept, trend: line.slope, season: new Float64Array(0) };
  }
  const seasons = Math.min(Math.floor(y.length / m), MAX_START_SEASONS);
  const means = new Float64Array(seasons);
  for (let j = 0; j < seasons; j += 1) {
    let sum = 0;
    for (let i = 0; i < m; i += 1) sum += y[j * m + i]!;
    means[j] = sum / m;
  }
  const perSeason = shape.hasTrend
    ? lineThrough(means, seasons)
    : { intercept: means.reduce((a, b) => a + b, 0) / seasons, slope: 0 };
  const slope = perSeason.slope / m;
  // The season means sit at the middle day of their season.
  const trendAt = (t: number) => perSeason.intercept + slope * (t - (m - 1) / 2);
  const season = new Float64Array(m);
  for (let i = 0; i < m; i += 1) {
    let sum = 0;
    for (let j = 0; j < seasons; j += 1) sum += y[j * m + i]! - trendAt(j * m + i);
    season[i] = sum / seasons;
  }
  const shift = season.reduce((a, b) => a + b, 0) / m;
  for (let i = 0; i < m; i += 1) season[i] = season[i]! - shift;
  return { level: trendAt(0) + shift, trend: slope, season };
}

const copyOf = (s: State): State => ({ level: s.level, trend: s.trend, season: Float64Array.from(s.season) });

type Fit = { p: ReturnType<typeof parametersOf>; final: State; sse: number; aicc: number };

/**
 * The search of one variant's parameters: the grid's best point (the first of the lowest, in grid
 * order) seeds Nelder-Mead, whose minimum is the fit.
 */
function* searchShape(task: SseTask): Generator<Float64Array, Minimum, number> {
  const grid = startingGrid(task.shape);
  let seed = grid[0]!;
  let seedValue = Infinity;
  const point = new Float64Array(seed.length);
  for (const x of grid) {
    point.set(x);
    const value: number = yield point;
    if (value < seedValue) {
      seed = x;
      seedValue = value;
    }
  }
  return yield* searchUnitBox(seed, { maxEvaluations: 100 * seed.length });
}

function shapeJob(shape: Shape, y: Float64Array, m: number): SearchJob {
  const task: SseTask = { y, m, shape, start: startingState(shape, y, m) };
  return { task, search: searchShape(task) };
}

/** The fit at the search's minimum: its parameters, the state after the last day, AICc. */
function fitAt(task: SseTask, best: Minimum): Fit {
  const { shape, y, m } = task;
  const p = parametersOf(shape, best.x);
  const final = copyOf(task.start);
  const sse = runRecursions(y, m, p, final);
  // AICc as ets counts it: the smoothing parameters and the starting states (level, trend, and
  // m - 1 free seasonal values) are all estimated from the data.
  const errors = y.length - 1;
  const k = best.x.length + 1 + (shape.hasTrend ? 1 : 0) + (shape.hasSeason ? m - 1 : 0);
  const aicc =
    errors > k + 1
      ? errors * Math.log(Math.max(sse, Number.MIN_VALUE) / errors) +
        2 * k +
        (2 * k * (k + 1)) / (errors - k - 1)
      : Infinity;
  return { p, final, sse, aicc };
}

/**
 * Fits the model on `history` (at least 2 days; Holt-Winters at least two whole seasons, which the
 * caller checks) and answers its forecasts from the last day.
 *
 * Holt-Winters is fitted with and without its trend and keeps the variant of lower AICc, as ets
 * does: a weekly shape on a flat level otherwise gets a trend fitted to its noise, and the last
 * weeks' noise then runs up or down for 180 days (a 60-day weekly series around 40 units, trend
 * forced in, went from 60 to 135 units a day).
 */
export function fitSmoothing(kind: SmoothingKind, history: readonly number[], m: number): FittedModel {
  return fitPlans([planSmoothing(kind, history, m)])[0]!;
}

/** fitSmoothing as a plan: its searches can run beside other fits' (search-lanes.ts). */
export function planSmoothing(kind: SmoothingKind, history: readonly number[], m: number): ModelPlan {
  const y = Float64Array.from(history);
  const hasSeason = kind === 'holt-winters';
  const jobs = [shapeJob({ hasTrend: kind !== 'simple-exponential-smoothing', hasSeason }, y, m)];
  if (hasSeason) jobs.push(shapeJob({ hasTrend: false, hasSeason }, y, m));
  return {
    jobs,
    finish: (minima) => {
      const trended = fitAt(jobs[0]!.task, minima[0]!);
      const flat = hasSeason ? fitAt(jobs[1]!.task, minima[1]!) : undefined;
      return fittedModel(y.length, m, flat && flat.aicc < trended.aicc ? flat : trended);
    },
  };
}

function fittedModel(n: number, m: number, { p, final, sse }: Fit): FittedModel {
  return {
    oneStepVariance: n > 1 ? sse / (n - 1) : 0,
    forecast(horizon) {
      const values: number[] = [];
      let damping = 1;
      let trendSum = 0;
      for (let h = 1; h <= horizon; h += 1) {
        damping *= p.phi;
        trendSum += damping;
        const seasonal = final.season.length > 0 ? final.season[(n - 1 + h) % m]! : 0;
        values.push(final.level + trendSum * final.trend + seasonal);
      }
      return values;
    },
    // Var(e_{t+h}) / sigma^2 = 1 + sum_{j=1}^{h-1} c_j^2, c_j = alpha + beta (phi + ... + phi^j)
    // + gamma [j is a whole number of seasons] (Hyndman et al., Forecasting with Exponential
    // Smoothing, 2008, table 6.1, class 1): an error today moves the level, the trend and the
    // weekday's season of every later day.
    varianceFactors(horizon) {
      const factors: number[] = [];
      let factor = 1;
      let damping = 1;
      let trendSum = 0;
      for (let h = 1; h <= horizon; h += 1) {
        factors.push(factor);
        damping *= p.phi;
        trendSum += damping;
        const seasonal = final.season.length > 0 && h % m === 0 ? p.gamma : 0;
        factor += (p.alpha + p.beta * trendSum + seasonal) ** 2;
      }
      return factors;
    },
  };
}
