import type { AnalyticsGroup } from '@app/contracts';
import { toCents } from '../../../lib/money';
import { GROUP_LABELS, type FilterResultRow } from '../advanced/sales-filter';
import type { Pivot } from './pivot';

/** Text, a count, or an amount of money in cents (written with two decimals: 1234.50). */
export type CsvCell = string | number | { cents: number };

/** Cells a spreadsheet would read as a formula (DESIGN 13; OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell of RFC 4180 CSV. Text that could start a formula gets a leading `'`; counts and
 * amounts are written as plain numbers (a spreadsheet sums them), which cannot carry a formula
 * whatever their sign, so a refund-heavy -12.50 stays a number.
 */
export function csvCell(value: CsvCell): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'object') return (Math.round(value.cents) / 100).toFixed(2);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV file: a header row, then the rows, CRLF between lines. It starts with a byte-order mark
 * so that Excel reads names with accents as UTF-8.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The pivot as shown: the row label, one column per column, the row's total; a totals row last. */
export function pivotToCsv(pivot: Pivot, rowLabel: string): string {
  const header = [rowLabel, ...pivot.columns.map((column) => column.label), 'Total'];
  const rows = pivot.rows.map((row) => [
    row.label,
    ...pivot.columns.map((column) => ({ cents: row.cells[column.key] ?? 0 })),
    { cents: row.total },
  ]);
  const totals = [
    'Total',
    ...pivot.columns.map((column) => ({ cents: pivot.columnTotals[column.key] ?? 0 })),
    { cents: pivot.grandTotal },
  ];
  return toCsv(header, [...rows, totals]);
}

/** A file name that says what and when: `sales-pivot-2026-01-01-to-2026-01-31.csv`. */
export function csvFileName(kind: string, from: string, to: string): string {
  return `sales-${kind}-${from}-to-${to}.csv`;
}

/** The super filter's table as shown: the group, the SKU when grouped by product, units, transactions when given, money. */
export function resultsToCsv(rows: readonly FilterResultRow[], groupBy: AnalyticsGroup): string {
  const hasSku = groupBy === 'product';
  const hasTransactions = rows.some((row) => row.transactions !== undefined);
  const header = [
    GROUP_LABELS[groupBy],
    ...(hasSku ? ['SKU'] : []),
    'Quantity',
    ...(hasTransactions ? ['Transactions'] : []),
    'Total',
  ];
  const lines = rows.map((row) => [
    row.label,
    ...(hasSku ? [row.sku ?? ''] : []),
    row.quantity,
    ...(hasTransactions ? [row.transactions ?? 0] : []),
    { cents: toCents(row.totalPrice) },
  ]);
  return toCsv(header, lines);
}
