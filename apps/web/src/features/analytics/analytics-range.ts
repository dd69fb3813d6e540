import type { AnalyticsInterval } from '@app/contracts';

/**
 * A date range as the analytics screens hold it: two calendar days, `yyyy-MM-dd` (what a date
 * input gives), both whole days. The calls take `dd-MM-yyyy HH:mm` wall times in the business's
 * time zone (the server reads them in that zone), so the first day starts at 00:00 and the last
 * ends at 23:59.
 */
export type DayRange = { from: string; to: string };

const pad = (value: number) => String(value).padStart(2, '0');

/** A local calendar day as `yyyy-MM-dd`. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `2026-01-31` and `18:30` as `31-01-2026 18:30`. */
export function analyticsDateTime(day: string, time: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year} ${time}`;
}

/** The `start` and `end` of a call for a range of whole days. */
export function rangeParams(range: DayRange): { start: string; end: string } {
  return { start: analyticsDateTime(range.from, '00:00'), end: analyticsDateTime(range.to, '23:59') };
}

/** The last `days` days up to and including today. */
export function lastDays(days: number, today = new Date()): DayRange {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

/** A range is usable when both days are set and the first is not after the last. */
export function isValidRange(range: DayRange): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to
  );
}

/** The interval that keeps a trend chart readable: daily up to ~3 months, weekly to a year, then monthly. */
export function intervalFor(range: DayRange): AnalyticsInterval {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  if (days <= 92) return 'daily';
  if (days <= 366) return 'weekly';
  return 'monthly';
}
