/** The models the forecast chooses from, simplest first (a tie in the back-test goes to the simpler). */
export const FORECAST_MODELS = [
  'mean',
  'seasonal-naive',
  'simple-exponential-smoothing',
  'holt',
  'holt-winters',
] as const;
export type ForecastModel = (typeof FORECAST_MODELS)[number];

/** A model fitted on a history: what the forecast and its interval need from it. */
export type FittedModel = {
  /** Point forecasts of days 1..horizon after the last day of the history, not clamped at 0. */
  forecast(horizon: number): number[];
  /**
   * For days 1..horizon, the variance of the h-step error as a multiple of the one-step variance
   * (1 for day 1): how the model's uncertainty grows with the horizon.
   */
  varianceFactors(horizon: number): number[];
  /** Mean squared one-step error in the history (the interval's scale when nothing was held out). */
  oneStepVariance: number;
};
