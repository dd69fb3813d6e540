import {
  MAX_ACCEPTED_PER_REVIEW,
  type TCycleCount,
  type TCycleCountLine,
  type TReviewCycleCountRequest,
} from '@app/contracts';
import { toCents } from '../../lib/money';

/**
 * The reviewer's side of a sheet, as pure functions: which lines a review filter shows, the sums
 * of a selection, and the calls an acceptance takes.
 */

export const REVIEW_FILTERS = ['COUNTED', 'RECOUNT', 'ACCEPTED', 'ALL'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  COUNTED: 'To review',
  RECOUNT: 'Sent back',
  ACCEPTED: 'Accepted',
  ALL: 'All with a count',
};

/**
 * Blind count: a line's expected quantity is shown only once it has a count (counted, accepted,
 * or sent back with its earlier count), so nobody reads the expectation of a line still to count.
 */
export function hasCount(line: TCycleCountLine): boolean {
  return line.countedQuantity !== null || line.previousCountedQuantity !== null;
}

export function matchesReviewFilter(line: TCycleCountLine, filter: ReviewFilter): boolean {
  if (!hasCount(line)) return false;
  return filter === 'ALL' || line.status === filter;
}

/**
 * The filter a review opens on: the counted lines waiting for it while the sheet is open and has
 * some; otherwise every line with a count (a completed or cancelled sheet has nothing to review).
 */
export function initialReviewFilter(sheet: Pick<TCycleCount, 'status' | 'lines'>): ReviewFilter {
  if (sheet.status !== 'COUNTING') return 'ALL';
  return sheet.lines.some((line) => matchesReviewFilter(line, 'COUNTED')) ? 'COUNTED' : 'ALL';
}

/** What an empty review filter says. */
export function emptyReviewText(filter: ReviewFilter, isOpen: boolean): string {
  switch (filter) {
    case 'COUNTED':
      return 'No counted line waits for a review. Counts appear here once they are saved.';
    case 'RECOUNT':
      return isOpen ? 'No line is sent back for a recount.' : 'No line was sent back for a recount.';
    case 'ACCEPTED':
      return isOpen ? 'No line is accepted yet.' : 'No line of this count was accepted.';
    case 'ALL':
      return isOpen ? 'No line has a count yet.' : 'No line of this count was counted.';
  }
}

export type SelectionTotals = { units: number; valueCents: number; hasUnknownCost: boolean };

/** The net variance of the selected lines, in units and cents; lines without a cost are flagged. */
export function sumSelection(
  lines: readonly TCycleCountLine[],
  selected: ReadonlySet<number>,
): SelectionTotals {
  let units = 0;
  let valueCents = 0;
  let hasUnknownCost = false;
  for (const line of lines) {
    if (!selected.has(line.lineNo)) continue;
    units += line.varianceUnits ?? 0;
    if (line.varianceValue == null) hasUnknownCost = true;
    else valueCents += toCents(line.varianceValue);
  }
  return { units, valueCents, hasUnknownCost };
}

/**
 * The review calls for accepting the lines: one per MAX_ACCEPTED_PER_REVIEW lines in line order,
 * since one call locks its items until it commits and the tills wait for them meanwhile.
 */
export function acceptanceCalls(lineNos: readonly number[]): TReviewCycleCountRequest[] {
  const sorted = [...lineNos].sort((a, b) => a - b);
  const calls: TReviewCycleCountRequest[] = [];
  for (let start = 0; start < sorted.length; start += MAX_ACCEPTED_PER_REVIEW) {
    calls.push({ accept: sorted.slice(start, start + MAX_ACCEPTED_PER_REVIEW), recount: [] });
  }
  return calls;
}
