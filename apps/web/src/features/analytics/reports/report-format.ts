import type { ReportColumnType, TReportCell, TReportChart, TReportSeries } from '@app/contracts';
import { formatCount } from '../../../lib/count';
import { formatPeriod } from '../components/analytics-format';
import type { MoneyFormat } from '../components/money';

/**
 * How a report's cells and chart points read on screen. The server writes money and percents as
 * decimal strings ("1234.50", "12.3"), counts as numbers and days as yyyy-MM-dd (calendar days of
 * the business, so they never shift with the reader's zone).
 */

export const EMPTY_CELL = '—';

const NUMERIC_TYPES: ReadonlySet<ReportColumnType> = new Set(['integer', 'number', 'money', 'percent']);

/** Numbers sit right-aligned, so their digits line up. */
export const isNumericColumn = (type: ReportColumnType): boolean => NUMERIC_TYPES.has(type);

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** "26 Nov" (or "26 Nov 2026" when `long`) for a day, "Nov 2026" for a month, else as written. */
export function formatReportDay(text: string, long = false): string {
  if (DAY.test(text)) return formatPeriod(text, 'daily', long);
  if (MONTH.test(text)) return formatPeriod(text, 'monthly');
  return text;
}

/** One cell as its column's type writes it: "£1,234.50", "12.3%", "1,240", "26 Nov 2026". */
export function formatCell(cell: TReportCell, type: ReportColumnType, money: MoneyFormat): string {
  if (cell === null || cell === '') return EMPTY_CELL;
  const value = Number(cell);
  switch (type) {
    case 'money':
      // A decimal string keeps its cents exact; MoneyFormat reads a bare number as cents.
      return Number.isFinite(value) ? money.format(String(cell)) : String(cell);
    case 'percent':
      return Number.isFinite(value) ? percentFormat.format(value / 100) : String(cell);
    case 'integer':
      return Number.isFinite(value) ? formatCount(Math.round(value)) : String(cell);
    case 'number':
      return Number.isFinite(value) ? numberFormat.format(value) : String(cell);
    case 'date':
      return formatReportDay(String(cell), true);
    default:
      return String(cell);
  }
}

/** A chart's value (money in currency units, or units) as the tooltip and the axis write it. */
export function chartValueFormat(unit: TReportChart['unit'], money: MoneyFormat) {
  const compactCount = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
  return {
    full: (value: number) =>
      unit === 'money' ? money.format(Math.round(value * 100)) : numberFormat.format(value),
    compact: (value: number) =>
      unit === 'money' ? money.formatCompact(Math.round(value * 100)) : compactCount.format(value),
  };
}

export type AlignedSeries = {
  /** The labels of the x axis: days in date order, other labels in the order they came. */
  labels: string[];
  /** Per series, its value at each label (null where it has none). */
  values: (number | null)[][];
};

/**
 * A series' points keyed by their label. A label that comes again in the same series (two
 * categories of one name at two stores, two products of one name) is a row of its own in the
 * report's table, so it gets a bar of its own too, numbered "Bakery (2)": keyed by the bare name,
 * the last row would silently stand for all of them.
 */
function keyPoints(series: TReportSeries): [string, number][] {
  const seen = new Map<string, number>();
  return series.points.map((point) => {
    const count = (seen.get(point.x) ?? 0) + 1;
    seen.set(point.x, count);
    return [count === 1 ? point.x : `${point.x} (${count})`, point.y];
  });
}

/** The series of a bar or line chart on one shared axis. */
export function alignSeries(series: readonly TReportSeries[]): AlignedSeries {
  const keyed = series.map(keyPoints);
  const seen = new Set<string>();
  for (const points of keyed) for (const [label] of points) seen.add(label);
  const labels = [...seen];
  if (labels.length > 0 && labels.every((label) => DAY.test(label) || MONTH.test(label))) labels.sort();
  const values = keyed.map((points) => {
    const byLabel = new Map(points);
    return labels.map((label) => byLabel.get(label) ?? null);
  });
  return { labels, values };
}

/**
 * Whether a chart has anything to draw: a business without sales gets its charts with every
 * point at zero, which draws as a flat line or no bars and reads as a broken chart.
 */
export function hasDrawableValues(chart: TReportChart): boolean {
  return chart.series.some((one) =>
    one.points.some((point) => point.y !== 0 || (point.low ?? 0) !== 0 || (point.high ?? 0) !== 0),
  );
}

/** Room for the names on a bar chart's axis: the longest name, within 64 to 220 px. */
export function labelAxisWidth(labels: readonly string[]): number {
  const longest = labels.reduce((most, label) => Math.max(most, label.length), 0);
  // About 6.5 px a character at the axis' 12 px; past 220 px a name is cut with an ellipsis.
  return Math.min(220, Math.max(64, Math.ceil(longest * 6.5) + 12));
}

export type ForecastSeries = {
  labels: string[];
  history: (number | null)[];
  /** The forecast, starting at the last day of history so the two lines join. */
  forecast: (number | null)[];
  /** The band's lower edge and its height (a stacked area draws it from low to high). */
  low: (number | null)[];
  width: (number | null)[];
  high: (number | null)[];
  /** Where the forecast begins. */
  firstForecastIndex: number;
};

/**
 * A forecast chart's 'History' and 'Forecast' series (with the 80% interval as `low` and `high` of
 * each forecast point) on one axis of days.
 */
export function forecastSeries(chart: TReportChart): ForecastSeries {
  const history = chart.series.find((one) => one.name === 'History') ?? chart.series[0];
  const ahead = chart.series.find((one) => one.name === 'Forecast') ?? chart.series[1];
  const past = history?.points ?? [];
  const future = ahead?.points ?? [];
  const labels = [...past.map((point) => point.x), ...future.map((point) => point.x)];
  const none = <T>(count: number): (T | null)[] => Array.from({ length: count }, () => null);
  const lastPast = past.at(-1);
  const forecast = [...none<number>(past.length), ...future.map((point) => point.y)];
  if (lastPast && future.length > 0) forecast[past.length - 1] = lastPast.y;
  const low = future.map((point) => point.low ?? point.y);
  const high = future.map((point) => point.high ?? point.y);
  return {
    labels,
    history: [...past.map((point) => point.y), ...none<number>(future.length)],
    forecast,
    low: [...none<number>(past.length), ...low],
    width: [...none<number>(past.length), ...high.map((value, index) => value - (low[index] ?? value))],
    high: [...none<number>(past.length), ...high],
    firstForecastIndex: past.length,
  };
}
