import { MAX_STOCK_QUANTITY, type TCycleCountLine, type TEnterCountsRequest } from '@app/contracts';

/**
 * The counter's side of a sheet, as pure functions: which lines a filter shows, which line a
 * scanned or typed code names, and which entered quantities go to the server.
 */

export const LINE_FILTERS = ['PENDING', 'COUNTED', 'RECOUNT', 'ALL'] as const;
export type LineFilter = (typeof LINE_FILTERS)[number];

export const LINE_FILTER_LABELS: Record<LineFilter, string> = {
  PENDING: 'Not counted',
  COUNTED: 'Counted',
  RECOUNT: 'To recount',
  ALL: 'All',
};

/** A line waits for a count: never counted, or sent back by a reviewer. */
export function isCountable(line: Pick<TCycleCountLine, 'status'>): boolean {
  return line.status === 'PENDING' || line.status === 'RECOUNT';
}

export function matchesLineFilter(line: Pick<TCycleCountLine, 'status'>, filter: LineFilter): boolean {
  switch (filter) {
    case 'PENDING':
      return line.status === 'PENDING';
    case 'COUNTED':
      // Accepted lines were counted too; the counter sees them done.
      return line.status === 'COUNTED' || line.status === 'ACCEPTED';
    case 'RECOUNT':
      return line.status === 'RECOUNT';
    case 'ALL':
      return true;
  }
}

export function countLinesByFilter(lines: readonly TCycleCountLine[]): Record<LineFilter, number> {
  const counts: Record<LineFilter, number> = { PENDING: 0, COUNTED: 0, RECOUNT: 0, ALL: lines.length };
  for (const line of lines) {
    if (line.status === 'PENDING') counts.PENDING += 1;
    else if (line.status === 'RECOUNT') counts.RECOUNT += 1;
    else counts.COUNTED += 1;
  }
  return counts;
}

/**
 * The filter a sheet opens on: while it is counted, the lines never counted, else those sent back
 * for a recount, else all; a completed or cancelled sheet (or a reader's) shows all its lines.
 */
export function initialLineFilter(
  lines: readonly Pick<TCycleCountLine, 'status'>[],
  isOpen: boolean,
): LineFilter {
  if (!isOpen) return 'ALL';
  if (lines.some((line) => line.status === 'PENDING')) return 'PENDING';
  return lines.some((line) => line.status === 'RECOUNT') ? 'RECOUNT' : 'ALL';
}

/** What an empty line filter says. */
export function emptyLinesText(filter: LineFilter, isOpen: boolean): string {
  switch (filter) {
    case 'PENDING':
      return isOpen
        ? 'Every line has a count. Save what you entered, or check the lines to recount.'
        : 'Every line of this count was counted.';
    case 'RECOUNT':
      return 'No line waits for a recount.';
    case 'COUNTED':
    case 'ALL':
      return isOpen ? 'No line is counted yet. Scan a product or pick Not counted.' : 'No line was counted.';
  }
}

export type CodeMatch =
  { kind: 'line'; line: TCycleCountLine } | { kind: 'several'; count: number } | { kind: 'none' };

/**
 * The line a scanned or typed code names: the line of that SKU (any case), else the one line whose
 * SKU or name starts with it. A barcode matches neither (lines carry no barcode): the caller asks
 * the server for the barcode's product then.
 */
export function findLineByCode(lines: readonly TCycleCountLine[], code: string): CodeMatch {
  const needle = code.trim().toLocaleLowerCase();
  if (needle === '') return { kind: 'none' };
  const exact = lines.find((line) => line.sku.toLocaleLowerCase() === needle);
  if (exact) return { kind: 'line', line: exact };
  const starting = lines.filter(
    (line) =>
      line.sku.toLocaleLowerCase().startsWith(needle) || line.name.toLocaleLowerCase().startsWith(needle),
  );
  if (starting.length === 1) return { kind: 'line', line: starting[0]! };
  return starting.length > 1 ? { kind: 'several', count: starting.length } : { kind: 'none' };
}

/** What the counter typed per line number, as typed. */
export type Entries = Readonly<Record<number, string>>;

export const QUANTITY_ERROR = `Enter a whole number from 0 to ${MAX_STOCK_QUANTITY}.`;

/** The typed text as a quantity; null when it is not a whole number the stock can hold. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_STOCK_QUANTITY ? value : null;
}

/** One step of a stepper from the typed text: blank counts as 0, and it stays within 0..max. */
export function stepQuantity(text: string, step: 1 | -1): string {
  const current = parseQuantity(text) ?? 0;
  return String(Math.min(MAX_STOCK_QUANTITY, Math.max(0, current + step)));
}

export type CountSubmission =
  | { kind: 'ready'; body: TEnterCountsRequest; lineNos: number[] }
  | { kind: 'invalid'; lineNos: number[] }
  | { kind: 'empty' };

/**
 * The counts to send: every countable line with a typed quantity, in line order. A line counted
 * meanwhile (by a colleague) is left out; a typed text that is not a quantity stops the send.
 */
export function buildCountSubmission(lines: readonly TCycleCountLine[], entries: Entries): CountSubmission {
  const ready: { lineNo: number; countedQuantity: number }[] = [];
  const invalid: number[] = [];
  for (const line of lines) {
    const text = entries[line.lineNo];
    if (text === undefined || text.trim() === '' || !isCountable(line)) continue;
    const quantity = parseQuantity(text);
    if (quantity === null) invalid.push(line.lineNo);
    else ready.push({ lineNo: line.lineNo, countedQuantity: quantity });
  }
  if (invalid.length > 0) return { kind: 'invalid', lineNos: invalid };
  if (ready.length === 0) return { kind: 'empty' };
  return { kind: 'ready', body: { lines: ready }, lineNos: ready.map((entry) => entry.lineNo) };
}

/** The typed entries of lines that are still countable: a saved or reviewed line's entry goes. */
export function keepOpenEntries(lines: readonly TCycleCountLine[], entries: Entries): Record<number, string> {
  const open = new Set(lines.filter(isCountable).map((line) => line.lineNo));
  const kept: Record<number, string> = {};
  for (const [lineNo, text] of Object.entries(entries)) {
    if (open.has(Number(lineNo))) kept[Number(lineNo)] = text;
  }
  return kept;
}
