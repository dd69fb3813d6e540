import { fitMean, fitSeasonalNaive } from './baseline-models.js';
import { planSmoothing } from './exponential-smoothing.js';
import { FORECAST_MODELS, type FittedModel, type ForecastModel } from './fitted-model.js';
import { fitPlans, type ModelPlan } from './search-lanes.js';

/**
 * Daily demand forecasts (units of a product, or money of a store, per day) for issue 14. Pure
 * computation: the caller reads the daily history and answers the result.
 *
 * Choice of model: the last `backtestDays` days (28, a whole number of weeks so every weekday
 * counts alike) are held out, every model the rest can support is fitted on the rest and
 * forecasts them, and the lowest MAPE wins (ties go to the simpler model). The winner is fitted
 * again on the whole history for the answer. Back-testing on the days just before the forecast
 * asks each model the question it will be asked, and keeps the choice honest for models whose
 * in-sample fit flatters them (Holt-Winters fits the weekly shape to the very weeks it is judged on).
 */

export { FORECAST_MODELS, type ForecastModel } from './fitted-model.js';

/** One forecast day; `low` and `high` bound the interval of `options.level` (80%), never below 0. */
export type ForecastPoint = { value: number; low: number; high: number };

export type DailyForecast = {
  model: ForecastModel;
  /** Day 1 .. day h after the last history day. */
  points: ForecastPoint[];
  /** Back-test MAPE of the chosen model in percent (12.3 is 12.3%); null when it cannot be computed. */
  mape: number | null;
  /** Days held out for the back-test: 28 normally, fewer or 0 when the history is short. */
  backtestDays: number;
  /** Every model tried and its back-test MAPE, for the explanation. */
  candidates: Array<{ model: ForecastModel; mape: number | null }>;
};

export type ForecastOptions = {
  /** Days of a season (7: the weekly pattern of retail). Below 2, no seasonal model is tried. */
  seasonLength?: number;
  /** Days to hold out (default 28); fewer when the history is short. */
  backtestDays?: number;
  /** Coverage of the interval, between 0 and 1 (default 0.8). */
  level?: number;
};

const DEFAULT_SEASON_LENGTH = 7;
const DEFAULT_BACKTEST_DAYS = 28;
const DEFAULT_LEVEL = 0.8;
/** Days the fit part of a back-test keeps: two whole weeks, which Holt-Winters needs to start. */
const MIN_FIT_DAYS = 14;
/** A back-test shorter than a week would judge the models on a few weekdays only. */
const MIN_BACKTEST_DAYS = 7;
/** Below this, a level that follows the days is guesswork: the mean of what there is. */
const MIN_SMOOTHING_DAYS = 3;

/** The fit of a model as a plan, so that the fits of many series run their searches together. */
function planModel(model: ForecastModel, history: readonly number[], m: number): ModelPlan {
  if (model === 'mean') return { jobs: [], finish: () => fitMean(history) };
  if (model === 'seasonal-naive') return { jobs: [], finish: () => fitSeasonalNaive(history, m) };
  return planSmoothing(model, history, m);
}

/** Whether a model can be fitted on `days` days: the seasonal ones need whole seasons to start. */
function canFit(model: ForecastModel, days: number, m: number): boolean {
  if (model === 'seasonal-naive') return m >= 2 && days >= m;
  if (model === 'holt-winters') return m >= 2 && days >= 2 * m;
  return true;
}

/**
 * Days to hold out: as asked while the fit part keeps 14 days, else what is left over them; a
 * leftover shorter than a week (a history under 21 days) is no back-test at all.
 */
function backtestLength(days: number, asked: number): number {
  const held = Math.min(asked, days - MIN_FIT_DAYS);
  return held >= Math.min(asked, MIN_BACKTEST_DAYS) && held > 0 ? held : 0;
}

type Trial = {
  model: ForecastModel;
  mape: number | null;
  /** What the choice compares: the MAPE, or the mean absolute error when every held-out day is 0. */
  score: number;
  /** Squared back-test errors over the model's variance factors: the interval's sigma^2. */
  sigmaSquared: number;
};

/** Scores the model fitted on the days before `heldOut` by its forecast of them. */
function backtest(model: ForecastModel, fitted: FittedModel, heldOut: readonly number[]): Trial {
  const forecast = fitted.forecast(heldOut.length);
  const factors = fitted.varianceFactors(heldOut.length);
  let absolute = 0;
  let percent = 0;
  let percentDays = 0;
  let normalised = 0;
  heldOut.forEach((actual, i) => {
    // The answer never forecasts below 0, so the models are judged on what they would answer.
    const error = actual - Math.max(0, forecast[i]!);
    absolute += Math.abs(error);
    normalised += (error * error) / factors[i]!;
    // MAPE is undefined on a day without demand: those days count in the absolute error only.
    if (actual > 0) {
      percent += Math.abs(error) / actual;
      percentDays += 1;
    }
  });
  const mape = percentDays > 0 ? (100 * percent) / percentDays : null;
  const score = mape ?? absolute / heldOut.length;
  return {
    model,
    mape,
    score: Number.isFinite(score) ? score : Infinity,
    sigmaSquared: normalised / heldOut.length,
  };
}

/**
 * The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9):
 * 1.2816 for the 90th percentile, the upper end of an 80% interval.
 */
function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  if (p < 0.02425) return tail(Math.sqrt(-2 * Math.log(p)));
  if (p > 1 - 0.02425) return -tail(Math.sqrt(-2 * Math.log(1 - p)));
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}

function validate(history: readonly number[], horizon: number, options: ForecastOptions): void {
  if (!Number.isInteger(horizon) || horizon < 1)
    throw new Error(`horizon must be a whole number of days >= 1, got ${horizon}`);
  if (history.length === 0) throw new Error('history must hold at least one day');
  const bad = history.findIndex((v) => !Number.isFinite(v) || v < 0);
  if (bad >= 0) throw new Error(`history[${bad}] must be a finite number >= 0, got ${history[bad]}`);
  const { seasonLength, backtestDays, level } = options;
  if (seasonLength !== undefined && (!Number.isInteger(seasonLength) || seasonLength < 1)) {
    throw new Error(`seasonLength must be a whole number >= 1, got ${seasonLength}`);
  }
  if (backtestDays !== undefined && (!Number.isInteger(backtestDays) || backtestDays < 0)) {
    throw new Error(`backtestDays must be a whole number >= 0, got ${backtestDays}`);
  }
  if (level !== undefined && !(level > 0 && level < 1))
    throw new Error(`level must be between 0 and 1, got ${level}`);
}

/**
 * The interval: z * sigma * sqrt(v_h), where v_h is the model's own variance factor of day h
 * (see FittedModel), so it widens as the model says errors accumulate (like sqrt(h) for a level
 * that wanders, hardly at all for a stable one). sigma^2 is the larger of two estimates of the
 * one-step variance: the back-test's, the mean of e_h^2 / v_h over the held-out days (true
 * forecast errors, rescaled to one-step size: they carry what in-sample residuals hide, the fit
 * flattering itself, a trend that changed), and the in-sample one-step residuals' (a floor: one
 * 28-day stretch can be calm by chance; on flat series with sd 6 the back-test alone answered
 * intervals 40% too narrow). Without a back-test, the in-sample variance alone.
 * The point and the low end are clamped at 0 (demand is never negative); the high end is kept
 * from the unclamped point, so a forecast near 0 still answers how high the demand may go.
 */
function pointsOf(fitted: FittedModel, horizon: number, sigma: number, level: number): ForecastPoint[] {
  const z = normalQuantile(0.5 + level / 2);
  const factors = fitted.varianceFactors(horizon);
  return fitted.forecast(horizon).map((raw, i) => {
    const width = z * sigma * Math.sqrt(factors[i]!);
    const value = Math.max(0, raw);
    return { value, low: Math.max(0, raw - width), high: Math.max(value, raw + width) };
  });
}

/** Forecasts the `horizon` days after `history` (oldest first, one value per day, 0 for a day without sales). */
export function forecastDaily(
  history: readonly number[],
  horizon: number,
  options: ForecastOptions = {},
): DailyForecast {
  return forecastDailyMany([{ history, horizon, options }])[0]!;
}

export type ForecastRequest = { history: readonly number[]; horizon: number; options?: ForecastOptions };

/**
 * forecastDaily of each request, in their order, each the same forecast to the last bit; the
 * model searches of all of them run side by side (search-lanes.ts), which is how suggested orders
 * forecast thousands of products within a request.
 */
export function forecastDailyMany(requests: readonly ForecastRequest[]): DailyForecast[] {
  const settings = requests.map(({ history, horizon, options = {} }) => {
    validate(history, horizon, options);
    const m = options.seasonLength ?? DEFAULT_SEASON_LENGTH;
    const level = options.level ?? DEFAULT_LEVEL;
    const backtestDays = backtestLength(history.length, options.backtestDays ?? DEFAULT_BACKTEST_DAYS);
    const fit = history.slice(0, history.length - backtestDays);
    const heldOut = history.slice(history.length - backtestDays);
    // Without a back-test there is nothing to compare on: under three weeks, a trend or a weekly
    // shape cannot be told from noise, so the answer follows the level of the recent days (or
    // averages the first two).
    const fallback: ForecastModel | null =
      backtestDays > 0 ? null : history.length < MIN_SMOOTHING_DAYS ? 'mean' : 'simple-exponential-smoothing';
    const models = fallback ? [] : FORECAST_MODELS.filter((model) => canFit(model, fit.length, m));
    return { history, horizon, m, level, backtestDays, fit, heldOut, fallback, models };
  });

  // Every model each history supports, fitted on its days before the held-out ones, all at once.
  const tried = fitPlans(settings.flatMap((s) => s.models.map((model) => planModel(model, s.fit, s.m))));
  let next = 0;
  const chosen = settings.map((s) => {
    const trials = s.models.map((model) => backtest(model, tried[next++]!, s.heldOut));
    // Strictly lower wins, in the simplest-first order: a tie (an all-zero history) keeps the mean.
    const best = trials.length > 0 ? trials.reduce((a, trial) => (trial.score < a.score ? trial : a)) : null;
    return { trials, best, model: best ? best.model : s.fallback! };
  });

  // The winner of each, fitted again on the whole history, all at once.
  const final = fitPlans(settings.map((s, i) => planModel(chosen[i]!.model, s.history, s.m)));
  return settings.map((s, i) => {
    const { trials, best, model } = chosen[i]!;
    const fitted = final[i]!;
    if (!best)
      return {
        model,
        points: pointsOf(fitted, s.horizon, Math.sqrt(fitted.oneStepVariance), s.level),
        mape: null,
        backtestDays: s.backtestDays,
        candidates: [{ model, mape: null }],
      };
    return {
      model,
      points: pointsOf(
        fitted,
        s.horizon,
        Math.sqrt(Math.max(best.sigmaSquared, fitted.oneStepVariance)),
        s.level,
      ),
      mape: best.mape,
      backtestDays: s.backtestDays,
      candidates: trials.map((trial) => ({ model: trial.model, mape: trial.mape })),
    };
  });
}

/** Units to order so that stock covers the forecast demand of the period and stays at the reorder point. */
export function suggestedOrderQuantity(input: {
  onHand: number;
  reorderPoint: number;
  demand: number;
}): number {
  const { onHand, reorderPoint, demand } = input;
  for (const [name, value] of Object.entries(input)) {
    if (!Number.isFinite(value)) throw new Error(`${name} must be a finite number, got ${value}`);
  }
  if (demand < 0 || reorderPoint < 0) throw new Error('demand and reorderPoint must be >= 0');
  // A negative on-hand (a count behind its sales) is no stock, not a debt to order on top.
  const needed = demand + reorderPoint - Math.max(0, onHand);
  // A demand summed from daily forecasts carries float dust (30.000000000000004 is 30 units, not 31).
  return Math.max(0, Math.ceil(Math.round(needed * 1e6) / 1e6));
}
