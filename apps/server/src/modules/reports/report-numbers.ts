import type { TReportTable } from '@app/contracts';

/**
 * "No invented figures" (issue 14): every number a summary states must appear in one of the
 * report's tables. The built-in analyst writes its summaries from table cells, and a language
 * model's answer is checked the same way before anyone sees it.
 *
 * What counts as a number: digits with optional thousands separators and decimals (1,234.50,
 * 12.5%, -3, $40). What does not: the parts of a date or a time (2026-11-01, 01-11-2026 18:30,
 * 1 November 2026, Nov 2026), which come from the range the report read, and numbers written in
 * the question itself ("the last 30 days").
 */

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATES = [
  /\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?\b/g,
  /\b\d{2}-\d{2}-\d{4}(?: \d{2}:\d{2})?\b/g,
  /\b\d{4}-(?:0[1-9]|1[0-2])\b/g,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH},? \\d{4}\\b`, 'gi'),
  new RegExp(`\\b${MONTH} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}\\b`, 'gi'),
  new RegExp(`\\b${MONTH} \\d{1,2}(?:st|nd|rd|th)?\\b`, 'gi'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}`, 'gi'),
  new RegExp(`\\b${MONTH} \\d{4}\\b`, 'gi'),
  /\b\d{1,2}:\d{2}\b/g,
];

const NUMBER = /(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w])/g;

/** The numbers a text states, as numbers, leaving out dates and times. */
export function numbersStated(text: string): number[] {
  let rest = text;
  for (const pattern of DATES) rest = rest.replace(pattern, ' ');
  return [...rest.matchAll(NUMBER)].map((match) => Number(match[0].replaceAll(',', '')));
}

/**
 * Every numeric value of the tables' cells (decimal strings included), the numbers inside their
 * texts ("Coffee 500 g", a column named "Last 30 days"), and each table's row count.
 */
function numbersOfTables(tables: readonly TReportTable[]): number[] {
  const values: number[] = [];
  for (const table of tables) {
    // The note is printed with its table ("600 more rows are left out"): its numbers are the table's.
    values.push(table.rows.length, ...numbersStated(table.title), ...numbersStated(table.note ?? ''));
    for (const column of table.columns) values.push(...numbersStated(column.label));
    for (const row of table.rows)
      for (const cell of row) {
        if (typeof cell === 'number') values.push(cell);
        else if (typeof cell === 'string' && /^-?\d+(?:\.\d+)?$/.test(cell.trim())) values.push(Number(cell));
        else if (typeof cell === 'string') values.push(...numbersStated(cell));
      }
  }
  return values;
}

/** A stated number matches a value when it is the value rounded to 0, 1 or 2 decimals (or its size). */
function matches(stated: number, value: number): boolean {
  for (const digits of [0, 1, 2]) {
    const factor = 10 ** digits;
    if (Math.abs(Math.round(value * factor) / factor - stated) < 1e-9) return true;
    if (Math.abs(Math.round(Math.abs(value) * factor) / factor - stated) < 1e-9) return true;
  }
  return false;
}

/**
 * The numbers of `text` that no table holds (and `allowed` does not name): empty when the text
 * invents nothing. A change stated without its sign ("down 12.5%") matches the table's -12.5.
 */
export function unsupportedNumbers(
  text: string,
  tables: readonly TReportTable[],
  allowed: readonly string[] = [],
): number[] {
  const values = numbersOfTables(tables);
  const free = new Set(allowed.flatMap(numbersStated));
  return numbersStated(text).filter(
    (stated) => !free.has(stated) && !values.some((value) => matches(stated, value)),
  );
}
