import { ANALYTICS_FIRST_YEAR } from '@app/contracts';
import { addDays } from '../../../platform/zoned-time.js';

export { addDays };

/**
 * The time phrases of a shop owner's question ("last month", "this week", "the past 60 days", "in
 * October", "yesterday") as ranges of whole days of the business's calendar, in the order they are
 * written, so that "this week vs last week" gives two. Days are yyyy-MM-dd; `today` is the
 * business's today.
 */

export type DayRange = { from: string; to: string };
/** `index` and `end`: where the phrase stands in the question (end excluded). */
export type TimePhrase = DayRange & { label: string; index: number; end: number };

const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const daysBetween = (range: DayRange) =>
  Math.round((dayMs(range.to) - dayMs(range.from)) / DAY_MS) + 1;

/** Monday of the day's week (weeks start on Monday, as the analytics' weeks do). */
function mondayOf(day: string): string {
  const weekday = (new Date(dayMs(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

function monthStart(day: string, monthsBack = 0): string {
  const date = new Date(dayMs(day));
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
}

/** The same day `count` months earlier, or that month's last day when it is shorter. */
function monthsBefore(day: string, count: number): string {
  const date = new Date(dayMs(day));
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - count + 1, 0)).getUTCDate();
  return isoDay(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - count, Math.min(date.getUTCDate(), last)),
  );
}

function monthEnd(start: string): string {
  const date = new Date(dayMs(start));
  return isoDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH_PATTERN = `(${MONTHS.map((month) => `${month.slice(0, 3)}(?:${month.slice(3)})?`).join('|')}|sept)`;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fourteen: 14,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};
const COUNT = `(\\d{1,3}|${Object.keys(NUMBER_WORDS).join('|')})`;
const countOf = (text: string) => NUMBER_WORDS[text] ?? Number(text);

type Rule = {
  pattern: RegExp;
  range: (match: RegExpExecArray, today: string) => DayRange | null;
  label: (match: RegExpExecArray) => string;
};

const clampToToday = (range: DayRange, today: string): DayRange => ({
  from: range.from,
  to: range.to > today ? today : range.to,
});

const RULES: Rule[] = [
  {
    pattern: new RegExp(
      `\\b(?:last|past|previous|the last|the past)\\s+${COUNT}\\s+(day|week|month|year)s?\\b`,
      'g',
    ),
    range: (match, today) => {
      const count = countOf(match[1] ?? '1');
      const unit = match[2];
      if (count < 1) return null;
      if (unit === 'day') return { from: addDays(today, -(count - 1)), to: today };
      if (unit === 'week') return { from: addDays(today, -(count * 7 - 1)), to: today };
      if (unit === 'month') return { from: addDays(monthsBefore(today, count), 1), to: today };
      return { from: addDays(today, -(count * 365 - 1)), to: today };
    },
    label: (match) =>
      `last ${countOf(match[1] ?? '1')} ${match[2]}${countOf(match[1] ?? '1') === 1 ? '' : 's'}`,
  },
  {
    pattern: /\btoday\b/g,
    range: (_match, today) => ({ from: today, to: today }),
    label: () => 'today',
  },
  {
    pattern: /\byesterday\b/g,
    range: (_match, today) => ({ from: addDays(today, -1), to: addDays(today, -1) }),
    label: () => 'yesterday',
  },
  {
    pattern:
      /\b(this|current|last|previous|past)\s+(week|month|year|quarter)\b|\b(week|month|year)[- ]to[- ]date\b|\b(wtd|mtd|ytd)\b/g,
    range: (match, today) => {
      const which = match[1] ?? 'this';
      const unit =
        match[2] ?? match[3] ?? { wtd: 'week', mtd: 'month', ytd: 'year' }[match[4] ?? 'ytd'] ?? 'year';
      const isThis =
        which === 'this' || which === 'current' || match[3] !== undefined || match[4] !== undefined;
      if (unit === 'week') {
        const monday = mondayOf(today);
        return isThis ? { from: monday, to: today } : { from: addDays(monday, -7), to: addDays(monday, -1) };
      }
      if (unit === 'month') {
        if (isThis) return { from: monthStart(today), to: today };
        const start = monthStart(today, 1);
        return { from: start, to: monthEnd(start) };
      }
      if (unit === 'quarter') {
        const date = new Date(dayMs(today));
        const quarterStart = isoDay(
          Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1),
        );
        if (isThis) return { from: quarterStart, to: today };
        const previous = monthStart(quarterStart, 3);
        return { from: previous, to: addDays(quarterStart, -1) };
      }
      const year = Number(today.slice(0, 4));
      return isThis
        ? { from: `${year}-01-01`, to: today }
        : { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    },
    label: (match) =>
      match[3] !== undefined
        ? `${match[3]} to date`
        : match[4] !== undefined
          ? match[4].toUpperCase()
          : `${match[1] === 'current' ? 'this' : match[1] === 'previous' || match[1] === 'past' ? 'last' : match[1]} ${match[2]}`,
  },
  {
    pattern: new RegExp(`\\b(?:in\\s+|during\\s+|for\\s+)?${MONTH_PATTERN}(?:\\s+(\\d{4}))?\\b`, 'g'),
    range: (match, today) => {
      const name = (match[1] ?? '').slice(0, 3);
      const month = MONTHS.findIndex((candidate) => candidate.startsWith(name));
      if (month < 0) return null;
      const thisYear = Number(today.slice(0, 4));
      const thisMonth = Number(today.slice(5, 7)) - 1;
      const year = match[2] ? Number(match[2]) : month <= thisMonth ? thisYear : thisYear - 1;
      // Before the analytics' calendar is no month of sales ("january 0000" would be 1900 to
      // Date.UTC, and year 0 no date to PostgreSQL): not a time phrase.
      if (year < ANALYTICS_FIRST_YEAR) return null;
      const start = isoDay(Date.UTC(year, month, 1));
      if (start > today) return null;
      return clampToToday({ from: start, to: monthEnd(start) }, today);
    },
    label: (match) => {
      const name = (match[1] ?? '').slice(0, 3);
      const month = MONTHS.find((candidate) => candidate.startsWith(name)) ?? name;
      return `${month[0]?.toUpperCase()}${month.slice(1)}${match[2] ? ` ${match[2]}` : ''}`;
    },
  },
];

/** "May" is a month only where a month can stand: "in may", "may 2026", not "may I see". */
function isMonthWord(question: string, match: RegExpExecArray): boolean {
  if (!/^(in |during |for )?may\b/.test(match[0])) return true;
  return /^(in|during|for) /.test(match[0]) || match[2] !== undefined;
}

/** Every time phrase of a lower-case question, in the order written; overlapping phrases count once. */
export function findTimePhrases(question: string, today: string): TimePhrase[] {
  const found: TimePhrase[] = [];
  const taken: Array<[number, number]> = [];
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(question); match; match = rule.pattern.exec(question)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some(([from, to]) => start < to && end > from)) continue;
      if (rule === RULES[RULES.length - 1] && !isMonthWord(question, match)) continue;
      const range = rule.range(match, today);
      if (!range || range.from > range.to) continue;
      taken.push([start, end]);
      found.push({ ...range, label: rule.label(match), index: start, end });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The period just before a range, of the same length (what "compared with before" means). */
export function periodBefore(range: DayRange): DayRange {
  const length = daysBetween(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}
