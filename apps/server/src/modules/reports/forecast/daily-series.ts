import { addDays } from '../analyst/time-phrases.js';

/*
 * The daily series the forecasts fit, shared by the report's forecast (forecast-tool.ts) and the
 * demand over a lead time of the suggested orders (demand-forecast.service.ts).
 */

/**
 * The history a model fits: from the first day with sales. The days before it are not a shop that
 * sold nothing but one that did not sell this yet (a new business, a new product); counted as
 * zeros they drag a young series' level to nothing.
 */
export function fromFirstSale(series: readonly number[]): number[] {
  const first = series.findIndex((value) => value !== 0);
  return first < 0 ? [...series] : series.slice(first);
}

/**
 * A day's sales net of its refunds can be below zero (a Monday that took back Saturday's jackets):
 * there was no demand that day, not negative demand, and the models take none below zero.
 */
export function demandOf(net: number): number {
  return Math.max(0, net);
}

/** A daily series over [from, to] with zeros on days without sales. */
export function filled(from: string, to: string, values: ReadonlyMap<string, number>): number[] {
  const series: number[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) series.push(values.get(day) ?? 0);
  return series;
}
