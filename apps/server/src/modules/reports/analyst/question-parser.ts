import {
  addDays,
  daysBetween,
  findTimePhrases,
  periodBefore,
  type DayRange,
  type TimePhrase,
} from './time-phrases.js';

/**
 * What the built-in analyst understands of a question: one intent (which analytics read answers
 * it) and its slots (the range, a second range to compare with, a store, a category, how to rank).
 * Matching is by the words a shop owner uses; a question that names none of the intents is not
 * guessed at (the caller answers 422 with examples).
 */

export const INTENTS = [
  'FORECAST',
  'LOW_STOCK',
  'STOCK_VALUE',
  'SLOW_MOVERS',
  'CATEGORY_MARGIN',
  'WEEKDAYS',
  'STORE_COMPARISON',
  'COMPARE_PERIODS',
  'TOP_PRODUCTS',
  'SALES_TREND',
  'SALES_SUMMARY',
] as const;
export type Intent = (typeof INTENTS)[number];

export type Named = { id: string; name: string };
export type NamedStore = Named & { locationId: string };
export type NamedCategory = Named & { locationId: string };

export type ParsedQuestion = {
  intent: Intent;
  range: DayRange;
  rangeLabel: string;
  /** The question named its range (else the filter's or the default). */
  isRangeStated: boolean;
  compare?: DayRange & { label: string };
  store?: NamedStore;
  category?: NamedCategory;
  rankBy: 'units' | 'sales';
  order: 'best' | 'worst';
  days: 'all' | 'weekends' | 'weekdays';
  limit: number;
  interval: 'daily' | 'weekly' | 'monthly';
  /** Days to forecast, when asked ("next month": 30). */
  horizon?: number;
};

export type ParserContext = {
  today: string;
  stores: readonly NamedStore[];
  categories: readonly NamedCategory[];
  /** The range when the question names none: the filter's, or the last 30 days. */
  defaultRange: DayRange & { label: string };
  defaultStore?: NamedStore;
  defaultCategory?: NamedCategory;
};

const has = (text: string, pattern: RegExp) => pattern.test(text);

const FORECAST =
  /\b(forecast|predict|projection|next (week|month|\d+ days|quarter)|coming (week|month|weeks|days)|will (we |i )?sell|expect(ed)? to sell|how much will)\b/;
const LOW_STOCK =
  /\b(running (out|low)|run out|runs out|low (on )?stock|low-stock|reorder|re-order|restock|out of stock|stock ?outs?|need to order|almost out|short on)\b/;
const STOCK_VALUE =
  /\b(stock|inventory|shelves) (is )?(value|valuation|worth)|\b(worth|value) of (my |our |the )?(stock|inventory)|\b(stock|inventory) .*\bworth\b|\bhow much is (my |our |the )?(stock|inventory)/;
const SLOW_MOVERS =
  /\b(slow[- ]?(mov|sell)\w*|(not|isn'?t|aren'?t) selling|(don'?t|doesn'?t|do not|does not|didn'?t) sell|dead stock|sitting on the shel|no sales|unsold|gathering dust|never sell)/;
const MARGIN = /\b(margins?|profits?|profitab\w*|mark-?ups?|gross profit|earn the most)\b/;
const WEEKDAY =
  /\b(weekends?|weekdays?|week-?ends?|saturdays?|sundays?|day of (the )?week|days of (the )?week|which day|what day|busiest day|quietest day|by weekday)\b/;
const STORES =
  /\b(which|what|best|top|worst|each|every|all|my|per|by|compare( the| my)?) (stores?|shops?|branch(es)?)\b|\bstores? (comparison|compared|perform\w*|ranking|rank)\b|\bstore by store\b/;
const COMPARE = /\b(vs\.?|versus|compared?|comparison|against|than (last|the previous))\b/;
const PRODUCTS =
  /\b(best[- ]?sell\w*|top (\d+ |ten |five )?(products?|sellers?|items?|selling|sku)|most (popular|sold|bought)|sold (the )?most|sells? (the )?(most|best)|best products?|popular|what sells|what sold|which products?|which items?|what products?|worst[- ]?sell\w*|least (sold|popular)|sold (the )?least|sells? (the )?least|bottom (\d+ )?products?)\b/;
const TREND =
  /\b(trends?|over time|per (day|week|month)|daily|weekly|monthly|each (day|week|month)|by (day|week|month)|growth|how (are|were|is) (sales|business|things) (going|doing|trending)|sales history)\b/;
const SUMMARY =
  /\b(total|how much|revenue|sales|sold|turnover|takings|summary|overview|transactions|average basket|basket size|units|how (are|were|did) (we|things|sales))\b/;
const BY_MONEY = /\b(revenue|money|takings|turnover|by sales|highest sales|most sales|earned|earn|value)\b/;
const WORST = /\b(worst|least|bottom|lowest|fewest)\b/;

function intentOf(text: string): Intent | null {
  if (has(text, FORECAST)) return 'FORECAST';
  if (has(text, LOW_STOCK)) return 'LOW_STOCK';
  if (has(text, STOCK_VALUE)) return 'STOCK_VALUE';
  if (has(text, SLOW_MOVERS)) return 'SLOW_MOVERS';
  if (has(text, MARGIN)) return 'CATEGORY_MARGIN';
  if (has(text, WEEKDAY)) return has(text, PRODUCTS) ? 'TOP_PRODUCTS' : 'WEEKDAYS';
  if (has(text, STORES)) return 'STORE_COMPARISON';
  if (has(text, COMPARE)) return 'COMPARE_PERIODS';
  if (has(text, PRODUCTS)) return 'TOP_PRODUCTS';
  if (/\bcategor(y|ies)\b/.test(text)) return 'CATEGORY_MARGIN';
  if (has(text, TREND)) return 'SALES_TREND';
  if (has(text, SUMMARY)) return 'SALES_SUMMARY';
  return null;
}

const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
const STARTS_WITH_WORD = /^[\p{L}\p{N}]/u;

/**
 * Whether `text` holds `name` with no letter or digit right before or after it. A plain search
 * with the two neighbours checked, not a regular expression per name: compiling one with Unicode
 * classes costs about a millisecond, so a business with thousands of categories held the event
 * loop for seconds on every question (security review of issue 14).
 */
function holdsAsWords(text: string, name: string, phrases: readonly TimePhrase[]): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    // Words a time phrase took are the time: a store named "Last month" or "Today" does not
    // turn everyone's "sales last month" into its own (it is still chosen by the store filter).
    if (phrases.some((phrase) => phrase.index <= at && at + name.length <= phrase.end)) continue;
    // Two code units reach back over a whole surrogate pair.
    const before = text.slice(Math.max(0, at - 2), at);
    const after = text.slice(at + name.length, at + name.length + 2);
    if (!ENDS_IN_WORD.test(before) && !STARTS_WITH_WORD.test(after)) return true;
  }
  return false;
}

/** The longest name of the list that the question holds as whole words. */
function findNamed<T extends Named>(
  text: string,
  candidates: readonly T[],
  phrases: readonly TimePhrase[],
): T | undefined {
  let best: T | undefined;
  let bestLength = 0;
  for (const candidate of candidates) {
    // Spaced as the question is (runs of white space are one space there).
    const name = candidate.name.trim().toLowerCase().replace(/\s+/g, ' ');
    if (name.length < 2 || name.length <= bestLength) continue;
    if (holdsAsWords(text, name, phrases)) {
      best = candidate;
      bestLength = name.length;
    }
  }
  return best;
}

const LIMIT_WORDS: Record<string, number> = { three: 3, five: 5, ten: 10, twenty: 20 };

function limitOf(text: string): number {
  const match =
    /\b(?:top|best|worst|bottom|first)\s+(\d{1,2}|three|five|ten|twenty)\b|\b(\d{1,2})\s+(?:best|worst|top)\b/.exec(
      text,
    );
  const value = match ? (LIMIT_WORDS[match[1] ?? ''] ?? Number(match[1] ?? match[2])) : 10;
  return Math.min(50, Math.max(1, value));
}

function horizonOf(text: string): number {
  const days = /\bnext (\d{1,3}) days\b/.exec(text);
  if (days) return Number(days[1]);
  if (/\bnext (7 days|week)\b/.test(text)) return 7;
  if (/\bnext (quarter|3 months|three months)\b/.test(text)) return 90;
  return 30;
}

function intervalOf(text: string, range: DayRange): 'daily' | 'weekly' | 'monthly' {
  if (/\b(monthly|per month|each month|by month)\b/.test(text)) return 'monthly';
  if (/\b(weekly|per week|each week|by week)\b/.test(text)) return 'weekly';
  if (/\b(daily|per day|each day|by day)\b/.test(text)) return 'daily';
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 + 1;
  return days > 180 ? 'monthly' : days > 62 ? 'weekly' : 'daily';
}

/**
 * "This week vs last week" on a Thursday compares Monday to Thursday with Monday to Thursday, not
 * with the whole of last week: a period still under way is set against the same stretch of the
 * other (it keeps its own start, and at most as many days).
 */
function likeForLike(
  range: DayRange,
  other: DayRange & { label: string },
  today: string,
): DayRange & { label: string } {
  const days = daysBetween(range);
  if (range.to !== today || daysBetween(other) <= days) return other;
  return { from: other.from, to: addDays(other.from, days - 1), label: `${other.label} to the same day` };
}

/** The question as the analyst reads it, or null when it names nothing the analyst answers. */
export function parseQuestion(question: string, context: ParserContext): ParsedQuestion | null {
  const text = question.toLowerCase().replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  const intent = intentOf(text);
  if (!intent) return null;
  const phrases: TimePhrase[] = findTimePhrases(text, context.today);
  const first = phrases[0];
  const range = first ?? context.defaultRange;
  let compare: ParsedQuestion['compare'];
  if (intent === 'COMPARE_PERIODS') {
    const second = phrases[1];
    if (second) compare = likeForLike(range, second, context.today);
    else if (/\b(last|previous) year\b/.test(text) && first)
      compare = {
        from: `${Number(first.from.slice(0, 4)) - 1}${first.from.slice(4)}`,
        to: `${Number(first.to.slice(0, 4)) - 1}${first.to.slice(4)}`,
        label: 'a year before',
      };
    else compare = { ...periodBefore(range), label: 'the period before' };
  }
  const store = findNamed(text, context.stores, phrases) ?? context.defaultStore;
  const category = findNamed(text, context.categories, phrases) ?? context.defaultCategory;
  const isWeekend = /\b(weekends?|week-?ends?|saturdays?|sundays?)\b/.test(text);
  const isWeekdays = /\bweekdays?\b/.test(text);
  return {
    intent,
    range: { from: range.from, to: range.to },
    rangeLabel: range.label,
    isRangeStated: first !== undefined,
    compare,
    store,
    category,
    rankBy: has(text, BY_MONEY) ? 'sales' : 'units',
    order: has(text, WORST) ? 'worst' : 'best',
    days: isWeekend ? 'weekends' : isWeekdays ? 'weekdays' : 'all',
    limit: limitOf(text),
    interval: intervalOf(text, range),
    ...(intent === 'FORECAST' ? { horizon: horizonOf(text) } : {}),
  };
}
