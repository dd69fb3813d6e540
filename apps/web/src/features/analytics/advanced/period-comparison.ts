import type { TSalesTotals, TTrendRow } from '@app/contracts';
import { toCents } from '../../../lib/money';
import { isoDay, type DayRange } from '../analytics-range';

const DAY_MS = 86_400_000;

/** Days in a range, both ends counted. */
export function dayCount(range: DayRange): number {
  return Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
}

/** The range of as many days just before `range`: "the previous period". */
export function previousRange(range: DayRange): DayRange {
  const days = dayCount(range);
  const [year, month, day] = range.from.split('-').map(Number) as [number, number, number];
  return {
    from: isoDay(new Date(year, month - 1, day - days)),
    to: isoDay(new Date(year, month - 1, day - 1)),
  };
}

export type DayOverlay = {
  /** 1..N, N the longer period's days. */
  days: number[];
  /** Money per day in cents; null past the end of the shorter period. */
  first: (number | null)[];
  second: (number | null)[];
  /** The calendar days behind each index, for the table and tooltips. */
  firstDates: (string | null)[];
  secondDates: (string | null)[];
};

/**
 * Two daily trends on one axis of day numbers (day 1 is each period's first day), so periods of
 * different dates and lengths can be laid over each other. Daily trends are continuous (the
 * server answers a row for every day), so index i is day i + 1.
 */
export function overlayByDay(first: readonly TTrendRow[], second: readonly TTrendRow[]): DayOverlay {
  const length = Math.max(first.length, second.length);
  const days = Array.from({ length }, (_unused, index) => index + 1);
  const cents = (rows: readonly TTrendRow[]) =>
    days.map((_day, index) => (rows[index] ? toCents(rows[index].totalSales) : null));
  const dates = (rows: readonly TTrendRow[]) => days.map((_day, index) => rows[index]?.period ?? null);
  return {
    days,
    first: cents(first),
    second: cents(second),
    firstDates: dates(first),
    secondDates: dates(second),
  };
}

export type TotalsLine = {
  id: keyof TSalesTotals;
  label: string;
  isMoney: boolean;
  /** Cents for money, counts otherwise. */
  first: number;
  second: number;
  /** first - second: how the period compares with the one it is set against. */
  difference: number;
};

const LINES: { id: keyof TSalesTotals; label: string; isMoney: boolean }[] = [
  { id: 'totalSales', label: 'Total sales', isMoney: true },
  { id: 'transactions', label: 'Transactions', isMoney: false },
  { id: 'unitsSold', label: 'Units sold', isMoney: false },
  { id: 'averageBasket', label: 'Average basket', isMoney: true },
];

/** The two periods' totals side by side; the first is judged against the second (its baseline). */
export function compareTotals(first: TSalesTotals, second: TSalesTotals): TotalsLine[] {
  return LINES.map(({ id, label, isMoney }) => {
    const read = (totals: TSalesTotals) => (isMoney ? toCents(String(totals[id])) : Number(totals[id]));
    const [a, b] = [read(first), read(second)];
    return { id, label, isMoney, first: a, second: b, difference: a - b };
  });
}
