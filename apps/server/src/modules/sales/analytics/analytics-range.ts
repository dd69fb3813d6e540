import {
  ANALYTICS_MAX_RANGE_YEARS,
  type AnalyticsInterval,
  type TLocalDateTime,
  type TTrendRow,
} from '@app/contracts';
import { addDays, dateInTimeZone, instantOfWallTime } from '../../../platform/zoned-time.js';
import { marginOf } from './analytics-margin.js';

/**
 * The date rules of the analytics, without the database: which whole days of the business's
 * calendar a range covers (read from the daily rollups) and which partial days are left at its
 * ends (read from the raw sales), the current week, and the periods of a trend.
 *
 * Days are `yyyy-MM-dd` strings of the business's calendar: the `day` column of the sales and the
 * rollups (the date of `sold_at` in the business's time zone).
 */

/** Instants [from, to); empty when from == to. */
export type InstantRange = { from: Date; to: Date };

export type DayWindow = {
  /** Whole days [dayFrom, dayTo): the rollups answer them. Empty when dayFrom >= dayTo. */
  dayFrom: string;
  dayTo: string;
  /** The partial first and last day, as instants: the raw sales answer them. */
  head: InstantRange;
  tail: InstantRange;
  /** The first and the last day the range touches: the axis of a trend. */
  firstDay: string;
  lastDay: string;
};

const NOTHING: InstantRange = { from: new Date(0), to: new Date(0) };

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

const dateOf = (wall: TLocalDateTime) => isoDate(Date.UTC(wall.year, wall.month - 1, wall.day));

function midnightOf(day: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return instantOfWallTime({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

/** One minute after a wall time, as a wall time (31-12 23:59 -> 01-01 00:00 of the next year). */
function nextMinute(wall: TLocalDateTime): TLocalDateTime {
  const next = new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute + 1));
  return {
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: next.getUTCHours(),
    minute: next.getUTCMinutes(),
  };
}

const isMidnight = (wall: TLocalDateTime) => wall.hour === 0 && wall.minute === 0;

/**
 * The range [start, end + 1 minute) of wall times in the business's zone, split into whole days
 * and the partial days at its ends. A range within one day, or over parts of two days without a
 * whole day between, is read from the raw sales alone.
 */
export function windowOf(start: TLocalDateTime, end: TLocalDateTime, timeZone: string): DayWindow {
  const stop = nextMinute(end);
  const from = instantOfWallTime(start, timeZone);
  const to = instantOfWallTime(stop, timeZone);
  const firstDay = dateOf(start);
  const lastDay = dateOf(end);
  const dayFrom = isMidnight(start) ? firstDay : addDays(firstDay, 1);
  const dayTo = dateOf(stop);
  if (dayFrom >= dayTo)
    return { dayFrom, dayTo: dayFrom, head: { from, to }, tail: NOTHING, firstDay, lastDay };
  return {
    dayFrom,
    dayTo,
    head: isMidnight(start) ? NOTHING : { from, to: midnightOf(dayFrom, timeZone) },
    tail: isMidnight(stop) ? NOTHING : { from: midnightOf(dayTo, timeZone), to },
    firstDay,
    lastDay,
  };
}

/**
 * The whole months inside a window's whole days, [monthFrom, monthTo) as first days of months:
 * the monthly rollups answer them, the daily ones the days before and after. Without a whole
 * month both are the window's dayTo (the days [dayFrom, dayTo) are all edge days).
 */
export function monthsOf(window: Pick<DayWindow, 'dayFrom' | 'dayTo'>): {
  monthFrom: string;
  monthTo: string;
} {
  const { dayFrom, dayTo } = window;
  const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
  const monthFrom = dayFrom.endsWith('-01') ? dayFrom : nextMonth(dayFrom);
  const monthTo = firstOfMonth(dayTo);
  return monthFrom < monthTo ? { monthFrom, monthTo } : { monthFrom: dayTo, monthTo: dayTo };
}

/** The first day of the month after a day's. */
function nextMonth(day: string): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  return isoDate(Date.UTC(year, month, 1));
}

/** Whole days [dayFrom, dayTo) and nothing else: the week calls. */
export function wholeDays(dayFrom: string, dayTo: string): DayWindow {
  return { dayFrom, dayTo, head: NOTHING, tail: NOTHING, firstDay: dayFrom, lastDay: addDays(dayTo, -1) };
}

/** The Monday of a day's week (weeks start on Monday, as PostgreSQL's date_trunc('week') has them). */
export function mondayOf(day: string): string {
  const weekday = new Date(dayMs(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** This week's Monday in the business's zone at `now`, and the Mondays before and after it. */
export function weeksAt(
  now: Date,
  timeZone: string,
): { lastWeek: string; thisWeek: string; nextWeek: string } {
  const thisWeek = mondayOf(dateInTimeZone(now, timeZone));
  return { lastWeek: addDays(thisWeek, -7), thisWeek, nextWeek: addDays(thisWeek, 7) };
}

/** How the SQL groups days into periods: date_trunc's unit and to_char's format. */
export const PERIOD_SQL: Record<AnalyticsInterval, { unit: string; format: string }> = {
  daily: { unit: 'day', format: 'YYYY-MM-DD' },
  weekly: { unit: 'week', format: 'YYYY-MM-DD' },
  monthly: { unit: 'month', format: 'YYYY-MM' },
};

/** The period a day falls in: the day, its week's Monday, or its month `yyyy-MM`. */
export function periodOf(day: string, interval: AnalyticsInterval): string {
  if (interval === 'daily') return day;
  if (interval === 'weekly') return mondayOf(day);
  return day.slice(0, 7);
}

/** More periods than the days of the longest range is a broken axis, never a chart. */
const MAX_PERIODS = ANALYTICS_MAX_RANGE_YEARS * 366 + 2;

/** Every period from the first day's to the last day's, in order: a continuous axis for charts. */
export function periodsBetween(firstDay: string, lastDay: string, interval: AnalyticsInterval): string[] {
  const periods: string[] = [];
  let day = interval === 'monthly' ? `${firstDay.slice(0, 7)}-01` : periodOf(firstDay, interval);
  while (day <= lastDay) {
    // Security review: a day past 9999 ("+010000-01") sorts before lastDay, and the loop grew the
    // axis until the process ran out of memory. The contract stops ranges at 9998; this stops a loop.
    if (periods.length > MAX_PERIODS) throw new Error(`no end to the axis from ${firstDay} to ${lastDay}`);
    periods.push(periodOf(day, interval));
    if (interval === 'daily') day = addDays(day, 1);
    else if (interval === 'weekly') day = addDays(day, 7);
    else day = nextMonth(day);
  }
  return periods;
}

/** Sums per period laid on the axis, each with its margin: periods without sales answer "0.00". */
export function onAxis(
  axis: readonly string[],
  sums: ReadonlyArray<{ period: string; total: string; cost: string }>,
): TTrendRow[] {
  const byPeriod = new Map(sums.map((sum) => [sum.period, sum]));
  return axis.map((period) => {
    const sum = byPeriod.get(period);
    const totalSales = sum?.total ?? '0.00';
    return { period, totalSales, ...marginOf(totalSales, sum?.cost ?? '0.00') };
  });
}
