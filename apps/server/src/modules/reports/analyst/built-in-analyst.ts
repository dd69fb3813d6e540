import { countText, moneyText, rangeText, unitsCount, unitsText } from '../report-format.js';
import { unsupportedNumbers } from '../report-numbers.js';
import type { ToolRunner } from '../tools/tool-spec.js';
import type { Intent, ParsedQuestion } from './question-parser.js';
import { lowStock, slowMovers, stockValue } from './stock-writers.js';
import {
  call,
  capitalised,
  num,
  range,
  storeArg,
  text,
  whereOf,
  whereOfProducts,
  type AnalystAnswer,
  type Writer,
} from './writer-kit.js';

export type { AnalystAnswer } from './writer-kit.js';

/**
 * The built-in analyst (DESIGN 7's default, no set-up): a parsed question becomes one or two tool
 * calls, the same reads a language model would call, and the summary is written from the cells
 * of their tables, so every number it states is in a table (checked before it is answered).
 */

const topProducts: Writer = async (parsed, run) => {
  const result = await call(run, 'product_ranking', {
    ...range(parsed),
    ...storeArg(parsed),
    ...(parsed.category ? { categoryId: parsed.category.id } : {}),
    rankBy: parsed.rankBy,
    order: parsed.order,
    days: parsed.days,
    limit: parsed.limit,
  });
  const rows = result.tables[0]?.rows ?? [];
  const when = `${rangeText(parsed.range)}${parsed.days === 'all' ? '' : `, ${parsed.days} only`}`;
  const best = parsed.order === 'best';
  let summary: string;
  const [first, second] = rows;
  if (!first) summary = `No products were sold${whereOfProducts(parsed)} from ${when}.`;
  else {
    const byUnits = parsed.rankBy === 'units';
    summary =
      `${text(first[1])} was the ${best ? 'best' : 'weakest'} seller${whereOfProducts(parsed)} from ${when}, ` +
      `with ${unitsCount(num(first[3]))} sold for ${moneyText(text(first[4]))}.`;
    if (second)
      summary +=
        ` ${byUnits ? 'Next' : 'Next by sales'} came ${text(second[1])}: ${unitsCount(num(second[3]))}, ` +
        `${moneyText(text(second[4]))}.`;
    if (rows.length > 2) summary += ` The table ranks ${rows.length} products.`;
  }
  return {
    title: `${result.tables[0]?.title ?? 'Best sellers'}, ${parsed.rangeLabel}`,
    summary,
    ...result,
    followUps: [
      best ? `Worst sellers ${parsed.rangeLabel}` : `Best sellers ${parsed.rangeLabel}`,
      'What sells on weekends?',
      'Which products are running out?',
    ],
  };
};

const summaryOfSales: Writer = async (parsed, run) => {
  const result = await call(run, 'sales_totals', { ...range(parsed), ...storeArg(parsed) });
  const [row] = result.tables[0]?.rows ?? [];
  const summary =
    !row || num(row[1]) === 0
      ? `No sales were recorded${whereOf(parsed)} from ${rangeText(parsed.range)}.`
      : `From ${rangeText(parsed.range)}${whereOf(parsed)} sales came to ${moneyText(text(row[0]))} from ` +
        `${countText(num(row[1]), 'transaction')} and ${unitsCount(num(row[2]))} sold. ` +
        `The average basket was ${moneyText(text(row[3]))}.`;
  return {
    title: `Sales summary, ${parsed.rangeLabel}${whereOf(parsed)}`,
    summary,
    ...result,
    followUps: [
      `Best sellers ${parsed.rangeLabel}`,
      'Sales this week vs last week',
      'Which store sold the most this month?',
    ],
  };
};

const comparePeriods: Writer = async (parsed, run) => {
  const compare = parsed.compare ?? { ...parsed.range, label: parsed.rangeLabel };
  const result = await call(run, 'compare_periods', {
    ...range(parsed),
    compareFrom: compare.from,
    compareTo: compare.to,
    label: capitalised(parsed.rangeLabel),
    compareLabel: capitalised(compare.label),
    ...storeArg(parsed),
  });
  const rows = result.tables[0]?.rows ?? [];
  const sales = rows[0] ?? [];
  const transactions = rows[1] ?? [];
  const change = sales[3];
  const movement =
    change === null || change === undefined
      ? 'there were no sales to compare with'
      : num(change) === 0
        ? 'no change'
        : `${num(change) > 0 ? 'up' : 'down'} ${Math.abs(num(change)).toFixed(1)}%`;
  const summary =
    `Sales${whereOf(parsed)} were ${moneyText(num(sales[1]))} ${parsed.rangeLabel} (${rangeText(parsed.range)}) ` +
    `against ${moneyText(num(sales[2]))} ${compare.label} (${rangeText(compare)}): ${movement}. ` +
    `Transactions: ${unitsText(num(transactions[1]))} against ${unitsText(num(transactions[2]))}.`;
  return {
    title: `${capitalised(parsed.rangeLabel)} vs ${compare.label}${whereOf(parsed)}`,
    summary,
    ...result,
    followUps: [
      `Best sellers ${parsed.rangeLabel}`,
      `Sales per day ${parsed.rangeLabel}`,
      'Which store sold the most this month?',
    ],
  };
};

const weekdays: Writer = async (parsed, run) => {
  const result = await call(run, 'sales_by_weekday', { ...range(parsed), ...storeArg(parsed) });
  const rows = (result.tables[0]?.rows ?? []).filter((row) => num(row[1]) !== 0);
  const sorted = [...rows].sort((a, b) => num(b[1]) - num(a[1]));
  const [busiest] = sorted;
  const quietest = sorted[sorted.length - 1];
  const summary =
    !busiest || !quietest
      ? `No sales were recorded${whereOf(parsed)} from ${rangeText(parsed.range)}.`
      : `${text(busiest[0])} was the busiest day${whereOf(parsed)} from ${rangeText(parsed.range)}, with ` +
        `${moneyText(text(busiest[1]))} of sales (${text(busiest[3])}% of the total). ` +
        (quietest === busiest
          ? ''
          : `${text(quietest[0])} was the quietest, with ${moneyText(text(quietest[1]))}.`);
  return {
    title: `Sales by day of the week, ${parsed.rangeLabel}${whereOf(parsed)}`,
    summary: summary.trim(),
    ...result,
    followUps: [
      'What sells on weekends?',
      `Best sellers ${parsed.rangeLabel}`,
      `Sales per day ${parsed.rangeLabel}`,
    ],
  };
};

const categoryMargin: Writer = async (parsed, run) => {
  const result = await call(run, 'sales_by_category', { ...range(parsed), ...storeArg(parsed) });
  const table = result.tables[0];
  const rows = (table?.rows ?? []).filter((row) => row[5] !== null);
  const byMargin = [...rows].sort((a, b) => num(b[4]) - num(a[4]));
  const byPercent = [...rows].sort((a, b) => num(a[5]) - num(b[5]));
  const [top] = byMargin;
  const thinnest = byPercent[0];
  let summary: string;
  if (!table || table.rows.length === 0)
    summary = `No sales were recorded${whereOf(parsed)} from ${rangeText(parsed.range)}.`;
  else if (!top) summary = 'None of the products sold has a cost price yet, so no margin can be worked out.';
  else {
    summary =
      `${text(top[0])} earned the largest margin${whereOf(parsed)} from ${rangeText(parsed.range)}: ` +
      `${moneyText(text(top[4]))} on sales of ${moneyText(text(top[2]))} (${text(top[5])}%).`;
    if (thinnest && thinnest !== top)
      summary += ` ${text(thinnest[0])} had the thinnest margin, ${text(thinnest[5])}%.`;
    if (table.note) summary += ` ${table.note}`;
  }
  return {
    title: `Margin by category, ${parsed.rangeLabel}${whereOf(parsed)}`,
    summary,
    ...result,
    followUps: [
      `Best sellers ${parsed.rangeLabel}`,
      'What is my stock worth?',
      'Slow movers in the last 60 days',
    ],
  };
};

const storeComparison: Writer = async (parsed, run) => {
  const result = await call(run, 'store_comparison', range(parsed));
  const rows = result.tables[0]?.rows ?? [];
  const [first] = rows;
  const last = rows[rows.length - 1];
  let summary: string;
  if (!first) summary = `No store recorded a sale from ${rangeText(parsed.range)}.`;
  else {
    summary =
      `${text(first[0])} sold the most from ${rangeText(parsed.range)}: ${moneyText(text(first[1]))} from ` +
      `${countText(num(first[2]), 'transaction')} (${text(first[4])}% of all sales).`;
    if (last && last !== first) summary += ` ${text(last[0])} sold the least, ${moneyText(text(last[1]))}.`;
  }
  return {
    title: `Store comparison, ${parsed.rangeLabel}`,
    summary,
    ...result,
    followUps: [
      `Best sellers ${parsed.rangeLabel}`,
      'Sales this week vs last week',
      'Which products are running out?',
    ],
  };
};

const salesTrend: Writer = async (parsed, run) => {
  const result = await call(run, 'sales_trend', {
    ...range(parsed),
    ...storeArg(parsed),
    interval: parsed.interval,
  });
  const rows = result.tables[0]?.rows ?? [];
  const unit = parsed.interval === 'daily' ? 'day' : parsed.interval === 'weekly' ? 'week' : 'month';
  const sold = rows.filter((row) => num(row[1]) > 0);
  const best = [...sold].sort((a, b) => num(b[1]) - num(a[1]))[0];
  const lowest = [...rows].sort((a, b) => num(a[1]) - num(b[1]))[0];
  const summary =
    !best || !lowest
      ? `No sales were recorded${whereOf(parsed)} from ${rangeText(parsed.range)}.`
      : `The best ${unit}${whereOf(parsed)} from ${rangeText(parsed.range)} was ${text(best[0])} with ` +
        `${moneyText(text(best[1]))}; the lowest was ${text(lowest[0])} with ${moneyText(text(lowest[1]))}.`;
  return {
    title: `Sales per ${unit}, ${parsed.rangeLabel}${whereOf(parsed)}`,
    summary,
    ...result,
    followUps: [
      'Sales this week vs last week',
      'What sells on weekends?',
      `Best sellers ${parsed.rangeLabel}`,
    ],
  };
};

const WRITERS: Record<Exclude<Intent, 'FORECAST'>, Writer> = {
  TOP_PRODUCTS: topProducts,
  SALES_SUMMARY: summaryOfSales,
  COMPARE_PERIODS: comparePeriods,
  WEEKDAYS: weekdays,
  CATEGORY_MARGIN: categoryMargin,
  STORE_COMPARISON: storeComparison,
  SALES_TREND: salesTrend,
  LOW_STOCK: lowStock,
  SLOW_MOVERS: slowMovers,
  STOCK_VALUE: stockValue,
};

/**
 * Answers a parsed question (not a forecast: the caller hands those to the forecasts). The summary
 * is checked like a model's: a number it states that no table holds is a defect of this code.
 */
export async function answerQuestion(
  parsed: ParsedQuestion,
  run: ToolRunner,
  question: string,
): Promise<AnalystAnswer> {
  if (parsed.intent === 'FORECAST') throw new Error('forecasts are answered by the forecast service');
  const answer = await WRITERS[parsed.intent](parsed, run);
  // The names the sentences give (a store "Kiosk 24" stands at a location named otherwise, a
  // category comes from the filter) are names, not figures.
  const invented = unsupportedNumbers(`${answer.title} ${answer.summary}`, answer.tables, [
    question,
    parsed.rangeLabel,
    parsed.compare?.label ?? '',
    parsed.store?.name ?? '',
    parsed.category?.name ?? '',
  ]);
  if (invented.length > 0)
    throw new Error(`the analyst stated numbers that are not in its tables: ${invented.join(', ')}`);
  return answer;
}
