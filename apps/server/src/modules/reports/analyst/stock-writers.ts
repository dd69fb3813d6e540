import { moneyText, rangeText, unitsCount, unitsText } from '../report-format.js';
import { call, locationArg, num, range, text, type Writer } from './writer-kit.js';

/** The analyst's stock answers: what is running low, what does not sell, what the stock is worth. */

export const lowStock: Writer = async (parsed, run) => {
  const result = await call(run, 'low_stock', { ...locationArg(parsed), limit: 50 });
  const table = result.tables[0];
  const rows = table?.rows ?? [];
  const [first] = rows;
  const where = parsed.store ? ` at ${parsed.store.name}` : '';
  const summary = !first
    ? `Nothing${where} is under its reorder point right now.`
    : `${rows.length === 1 ? 'One item is' : `${rows.length} items are`} under the reorder point${where}` +
      `${table?.note ? ' (the table shows the first ones)' : ''}. ${text(first[0])} at ${text(first[2])} is the ` +
      `furthest under: ${unitsText(num(first[3]))} on hand against a reorder point of ${unitsText(num(first[4]))}.`;
  return {
    title: `Running low${where}`,
    summary,
    ...result,
    followUps: ['Best sellers last 30 days', 'Slow movers in the last 60 days', 'What is my stock worth?'],
  };
};

export const slowMovers: Writer = async (parsed, run) => {
  const result = await call(run, 'slow_movers', { ...range(parsed), ...locationArg(parsed), limit: 20 });
  const rows = result.tables[0]?.rows ?? [];
  const [first] = rows;
  const where = parsed.store ? ` at ${parsed.store.name}` : '';
  const summary = !first
    ? `No item${where} has stock on hand at a store.`
    : `${text(first[0])} at ${text(first[2])} moved the slowest from ${rangeText(parsed.range)}: ` +
      `${unitsCount(num(first[4]))} sold with ${unitsText(num(first[3]))} on hand.` +
      (rows.every((row) => num(row[4]) === 0) ? ' None of the items listed sold anything.' : '');
  return {
    title: `Slow movers, ${parsed.rangeLabel}${where}`,
    summary,
    ...result,
    followUps: [
      'What is my stock worth?',
      `Best sellers ${parsed.rangeLabel}`,
      'Which products are running out?',
    ],
  };
};

export const stockValue: Writer = async (parsed, run) => {
  const result = await call(run, 'stock_value', locationArg(parsed));
  const rows = result.tables[0]?.rows ?? [];
  const total = rows[rows.length - 1];
  const where = parsed.store ? ` at ${parsed.store.name}` : '';
  const summary = !total
    ? `There is no stock on hand${where}.`
    : `The stock on hand${where} is worth ${moneyText(text(total[3]))} at cost and ${moneyText(text(total[4]))} at ` +
      `selling prices: ${unitsCount(num(total[2]))} of ${unitsText(num(total[1]))} items.` +
      (num(total[5]) > 0
        ? ` ${unitsText(num(total[5]))} items have no cost price and are left out of the value at cost.`
        : '');
  return {
    title: `Stock value${where}`,
    summary,
    ...result,
    followUps: [
      'Slow movers in the last 60 days',
      'Margin by category last 30 days',
      'Which products are running out?',
    ],
  };
};
