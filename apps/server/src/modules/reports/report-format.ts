import type { TReportChart, TReportColumn, TReportPoint } from '@app/contracts';

/**
 * How reports write numbers: money as decimal strings with two decimals in tables ("1234.50") and
 * with thousands separators in summaries ("1,234.50"), percents with one decimal. The summary's
 * number check reads both forms as the same number.
 */

export const money = (value: number | string): string => Number(value).toFixed(2);

/**
 * A ratio as a percent with one decimal, halves rounded away from zero as a person would (43.75
 * is 43.8), whatever binary fractions the money's subtraction left (4.2 / 9.6).
 */
function percentText(ratio: number): string {
  const tenths = Math.sign(ratio) * Math.round(Math.abs(ratio) * 1000 + 1e-7);
  return (tenths / 10).toFixed(1);
}

/** The share or change, one decimal; null when the base is zero (no percent of nothing). */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  return percentText(part / whole);
}

export function changePercent(now: number, before: number): string | null {
  if (before === 0) return null;
  return percentText((now - before) / Math.abs(before));
}

const GROUPED = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Money in a sentence: 1,234.50. */
export const moneyText = (value: number | string): string => GROUPED.format(Number(value));
/** Units in a sentence: 1,234. */
export const unitsText = (value: number): string => WHOLE.format(value);
/** "1 unit", "1,234 units"; "1 transaction", "2 transactions". */
export const countText = (value: number, noun: string): string =>
  `${unitsText(value)} ${Math.abs(value) === 1 ? noun : `${noun}s`}`;
export const unitsCount = (value: number): string => countText(value, 'unit');

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Columns by a short notation: [key, label, type]. */
export const columns = (...specs: Array<[string, string, TReportColumn['type']]>): TReportColumn[] =>
  specs.map(([key, label, type]) => ({ key, label, type }));

/** "1 Oct 2026 to 31 Oct 2026" for titles and summaries (the number check skips dates). */
export function rangeText(range: { from: string; to: string }): string {
  const format = (day: string) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
  return range.from === range.to ? format(range.from) : `${format(range.from)} to ${format(range.to)}`;
}

/** One bar chart of one series, or none when there is nothing to draw. */
export function barChart(chart: {
  title: string;
  unit: TReportChart['unit'];
  name: string;
  points: TReportPoint[];
}): TReportChart[] {
  if (chart.points.length === 0) return [];
  return [
    {
      type: 'bar',
      title: chart.title,
      unit: chart.unit,
      series: [{ name: chart.name, points: chart.points }],
    },
  ];
}
