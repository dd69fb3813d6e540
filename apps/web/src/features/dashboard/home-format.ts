/** How the home writes days and times (money and counts: lib/money.ts, lib/count.ts). */

const pad = (value: string) => value.padStart(2, '0');

/**
 * Today in the business's time zone as the analytics calls write days (`dd-MM-yyyy`): the
 * server reads their wall times in that zone, so a browser elsewhere still asks for the
 * business's today.
 */
export function businessDay(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${pad(part('day'))}-${pad(part('month'))}-${part('year')}`;
}

const whenFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/** An instant as "26 Nov, 11:04". */
export function formatWhen(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : whenFormat.format(date);
}

/** This week so far against the whole of last week: "62 % of last week". */
export function weekShare(thisWeek: string, lastWeek: string): number | null {
  const last = Number(lastWeek);
  if (!(last > 0)) return null;
  return Math.round((Number(thisWeek) / last) * 100);
}

/** The day `count` days before a `dd-MM-yyyy` day, in the same form (calendar days, no zone). */
export function daysBefore(day: string, count: number): string {
  const [dd, mm, yyyy] = day.split('-').map(Number);
  const date = new Date(Date.UTC(yyyy ?? 0, (mm ?? 1) - 1, (dd ?? 1) - count));
  return `${pad(String(date.getUTCDate()))}-${pad(String(date.getUTCMonth() + 1))}-${date.getUTCFullYear()}`;
}

const shortDayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A trend's day (`yyyy-MM-dd`, a calendar day of the business) as "Thu, 26 Nov". */
export function formatShortDay(period: string): string {
  const date = new Date(`${period}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? period : shortDayFormat.format(date);
}
