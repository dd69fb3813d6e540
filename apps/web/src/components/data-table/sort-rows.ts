export type SortOrder = 'asc' | 'desc';

function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

function compareValues(left: unknown, right: unknown): number {
  if (left === right) return 0;
  // Empty values sort last in ascending order.
  if (left === null || left === undefined || left === '') return 1;
  if (right === null || right === undefined || right === '') return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (left instanceof Date && right instanceof Date) return left.getTime() - right.getTime();
  if (typeof left === 'boolean' && typeof right === 'boolean') return Number(left) - Number(right);
  return toText(left).localeCompare(toText(right), undefined, { numeric: true, sensitivity: 'base' });
}

/** A sorted copy of the rows by one field; rows keep their order on ties. */
export function sortRows<Row>(rows: readonly Row[], orderBy: string, order: SortOrder): Row[] {
  const direction = order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const left = (a.row as Record<string, unknown>)[orderBy];
      const right = (b.row as Record<string, unknown>)[orderBy];
      return direction * compareValues(left, right) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** 001 section 2: the ascending column flips to descending; any other click sorts ascending. */
export function getNextSort(
  current: { orderBy: string; order: SortOrder },
  clicked: string,
): { orderBy: string; order: SortOrder } {
  if (current.orderBy === clicked && current.order === 'asc') return { orderBy: clicked, order: 'desc' };
  return { orderBy: clicked, order: 'asc' };
}
