import type { FittedModel } from './fitted-model.js';

/**
 * The two baselines every smarter model has to beat in the back-test. Their variance factors are
 * the textbook ones (Hyndman and Athanasopoulos, Forecasting: Principles and Practice, 5.5).
 */

/** The average of every day: the best guess for a flat, noisy series, and all there is below 3 days. */
export function fitMean(history: readonly number[]): FittedModel {
  const n = history.length;
  const mean = history.reduce((a, b) => a + b, 0) / n;
  const sse = history.reduce((a, b) => a + (b - mean) ** 2, 0);
  return {
    oneStepVariance: n > 1 ? sse / (n - 1) : 0,
    forecast: (horizon) => new Array<number>(horizon).fill(mean),
    // The mean itself is uncertain by sigma^2 / n, whatever the horizon.
    varianceFactors: (horizon) => new Array<number>(horizon).fill(1 + 1 / n),
  };
}

/** The same weekday last week (at least one whole season of history, which the caller checks). */
export function fitSeasonalNaive(history: readonly number[], m: number): FittedModel {
  const n = history.length;
  let sse = 0;
  for (let t = m; t < n; t += 1) sse += (history[t]! - history[t - m]!) ** 2;
  return {
    oneStepVariance: n > m ? sse / (n - m) : 0,
    forecast: (horizon) => Array.from({ length: horizon }, (_, i) => history[n - m + (i % m)]!),
    // Each further week repeats the same week's noise once more.
    varianceFactors: (horizon) => Array.from({ length: horizon }, (_, i) => 1 + Math.floor(i / m)),
  };
}
