import type { AnalyticsInterval } from '@app/contracts';
import { toCents } from '../../../lib/money';

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * A trend's period as people read it: "26 Nov" (a day), "w/c 24 Nov" (the Monday of a week),
 * "Nov 2026" (a month). Periods are calendar days of the business, so they are read as UTC dates
 * and never shift with the reader's zone. `long` adds the year to days and weeks (tables, tooltips).
 */
export function formatPeriod(period: string, interval: AnalyticsInterval, long = false): string {
  const date = new Date(interval === 'monthly' ? `${period}-01T00:00:00Z` : `${period}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return period;
  if (interval === 'monthly') return monthFormat.format(date);
  const day = (long ? dayYearFormat : dayFormat).format(date);
  return interval === 'weekly' ? `w/c ${day}` : day;
}

export type Change = { percent: number | null; text: string; direction: 'up' | 'down' | 'flat' };

const percentFormat = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** The change from `previous` to `current` (money strings or counts), "+12.5 %"; none from nothing. */
export function describeChange(current: string | number, previous: string | number): Change {
  const now = typeof current === 'number' ? current : toCents(current);
  const before = typeof previous === 'number' ? previous : toCents(previous);
  if (before === 0) {
    if (now === 0) return { percent: 0, text: 'No change', direction: 'flat' };
    return { percent: null, text: 'New', direction: now > 0 ? 'up' : 'down' };
  }
  const percent = ((now - before) / Math.abs(before)) * 100;
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return { percent: 0, text: 'No change', direction: 'flat' };
  return {
    percent: rounded,
    text: `${percentFormat.format(rounded)} %`,
    direction: rounded > 0 ? 'up' : 'down',
  };
}

/**
 * This week so far against the whole of last week. Ahead of last week is a real gain (the week
 * can only add to it), so it reads as a change; behind is no fall yet while the week runs, so it
 * reads as the share reached, without the red of a loss: "50 % so far" on a Thursday.
 */
export function describeWeekSoFar(current: string | number, previous: string | number): Change {
  const change = describeChange(current, previous);
  if (change.direction !== 'down' || change.percent === null) return change;
  return { percent: change.percent, text: `${weekShare(change.percent)} % so far`, direction: 'flat' };
}

/** The share of last week a change stands for: -49.8 % is "50" (% of last week). */
export function weekShare(percent: number): number {
  return Math.round(100 + percent);
}

/** The en dash a margin percent shows when there is nothing to divide by (no money taken). */
export const NO_PERCENT = '–';

const marginPercentFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/**
 * A margin's share of the money taken, as the server rounded it (one decimal): "36.9 %", or
 * "-4.0 %" for a sale below cost.
 * The server answers null when nothing was taken; a 0 % there would claim a margin was earned.
 */
export function formatMarginPercent(percent: number | null): string {
  return percent === null ? NO_PERCENT : `${marginPercentFormat.format(percent)} %`;
}
