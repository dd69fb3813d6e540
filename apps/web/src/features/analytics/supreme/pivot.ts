import type { TSalesFilterRequest, TSalesGroupRow } from '@app/contracts';
import { toCents } from '../../../lib/money';
import type { DayRange } from '../analytics-range';
import { rangeParams } from '../analytics-range';

/**
 * The pivot of the Supreme screen. The super filter groups by ONE dimension per call (its answer
 * is a flat list of groups), so a second dimension cannot come from one answer. The honest way
 * with this API is one call per column: the same filter narrowed to the column (one month of the
 * range, or one store), grouped by the row dimension. Each column's answer is then exact for the
 * groups it returns; a group missing from a column sold nothing there, unless the column hit the
 * call's row limit (then `isTruncated` says so and the screen warns). Amounts are summed in cents.
 */

export type PivotRowGroup = 'product' | 'category' | 'store';
export type PivotColumnDimension = 'month' | 'store';

export const PIVOT_ROW_LABELS: Record<PivotRowGroup, string> = {
  product: 'Product',
  category: 'Category',
  store: 'Store',
};
export const PIVOT_COLUMN_LABELS: Record<PivotColumnDimension, string> = { month: 'Month', store: 'Store' };

/** More columns than this would not fit the screen nor be read; the range is shortened instead. */
export const MAX_PIVOT_COLUMNS = 24;
/** Each column asks for as many groups as the API gives, so that few are cut off. */
export const PIVOT_CALL_LIMIT = 1000;

export type PivotColumn = { key: string; label: string; body: TSalesFilterRequest };

const monthName = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function lastDayOfMonth(year: number, month: number): string {
  const day = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** One column per calendar month of the range, the first and last clipped to the range. */
export function monthColumns(range: DayRange, base: TSalesFilterRequest): PivotColumn[] {
  const columns: PivotColumn[] = [];
  let year = Number(range.from.slice(0, 4));
  let month = Number(range.from.slice(5, 7));
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > range.to.slice(0, 7)) break;
    const from = key === range.from.slice(0, 7) ? range.from : `${key}-01`;
    const end = lastDayOfMonth(year, month);
    const to = end < range.to ? end : range.to;
    columns.push({
      key,
      label: monthName.format(new Date(Date.UTC(year, month - 1, 1))),
      body: { ...base, ...rangeParams({ from, to }), limit: PIVOT_CALL_LIMIT },
    });
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return columns;
}

/** One column per store: the stores the filter names, or every store given. */
export function storeColumns(
  stores: readonly { id: string; name: string }[],
  base: TSalesFilterRequest,
): PivotColumn[] {
  const named = base.storeIds?.length ? stores.filter((store) => base.storeIds?.includes(store.id)) : stores;
  return named.map((store) => ({
    key: store.id,
    label: store.name,
    body: { ...base, storeIds: [store.id], limit: PIVOT_CALL_LIMIT },
  }));
}

export type PivotAnswer = { columnKey: string; rows: readonly TSalesGroupRow[] };

export type PivotRow = {
  id: string;
  label: string;
  /** Cents per column key; absent means nothing sold there. */
  cells: Record<string, number>;
  total: number;
};

export type Pivot = {
  columns: { key: string; label: string }[];
  rows: PivotRow[];
  /** Over the rows shown. */
  columnTotals: Record<string, number>;
  grandTotal: number;
  /** Rows left out by the minimum, the maximum or the row limit. */
  hiddenRows: number;
  /** A column answered as many groups as asked, so smaller groups may be missing from it. */
  isTruncated: boolean;
};

export type PivotOptions = { minTotal?: string; maxTotal?: string; limit: number };

export const NO_CATEGORY = 'No category';

/**
 * The matrix of the answers: rows by group key, best total first; the minimum and maximum apply
 * to a row's total over the columns (sent per call they would cut cells, not rows).
 */
export function buildPivot(
  columns: readonly { key: string; label: string }[],
  answers: readonly PivotAnswer[],
  options: PivotOptions,
): Pivot {
  const byKey = new Map<string, PivotRow>();
  let isTruncated = false;
  for (const answer of answers) {
    if (answer.rows.length >= PIVOT_CALL_LIMIT) isTruncated = true;
    for (const group of answer.rows) {
      const id = group.key ?? '';
      const row = byKey.get(id) ?? { id, label: group.label || NO_CATEGORY, cells: {}, total: 0 };
      const cents = toCents(group.totalPrice);
      row.cells[answer.columnKey] = (row.cells[answer.columnKey] ?? 0) + cents;
      row.total += cents;
      byKey.set(id, row);
    }
  }
  const min = options.minTotal ? toCents(options.minTotal) : null;
  const max = options.maxTotal ? toCents(options.maxTotal) : null;
  const kept = [...byKey.values()]
    .filter((row) => (min === null || row.total >= min) && (max === null || row.total <= max))
    .sort((a, b) => b.total - a.total || a.label.localeCompare(b.label));
  const rows = kept.slice(0, options.limit);
  const columnTotals: Record<string, number> = {};
  for (const column of columns)
    columnTotals[column.key] = rows.reduce((sum, row) => sum + (row.cells[column.key] ?? 0), 0);
  return {
    columns: columns.map(({ key, label }) => ({ key, label })),
    rows,
    columnTotals,
    grandTotal: rows.reduce((sum, row) => sum + row.total, 0),
    hiddenRows: byKey.size - rows.length,
    isTruncated,
  };
}
