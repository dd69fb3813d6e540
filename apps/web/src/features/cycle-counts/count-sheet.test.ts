import { MAX_ACCEPTED_PER_REVIEW, MAX_STOCK_QUANTITY } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildCountSubmission,
  countLinesByFilter,
  findLineByCode,
  initialLineFilter,
  keepOpenEntries,
  matchesLineFilter,
  parseQuantity,
  stepQuantity,
} from './count-sheet';
import { countedLine, makeLine } from './cycle-counts.fixtures';
import {
  acceptanceCalls,
  hasCount,
  initialReviewFilter,
  matchesReviewFilter,
  sumSelection,
} from './review-lines';

const LINES = [
  makeLine(1, { sku: 'MILK-1L', name: 'Oat milk 1 l' }),
  makeLine(2, { sku: 'MILK-2L', name: 'Oat milk 2 l' }),
  makeLine(3, { sku: 'RYE-800', name: 'Rye bread' }),
  countedLine(4, 40),
  makeLine(5, { status: 'RECOUNT', countedQuantity: 7, previousCountedQuantity: null }),
  makeLine(6, { status: 'ACCEPTED', countedQuantity: 60, appliedDelta: 0 }),
];

describe('findLineByCode', () => {
  it('finds the line of a SKU in any case, before any line merely starting with it', () => {
    expect(findLineByCode(LINES, ' milk-1l ')).toEqual({ kind: 'line', line: LINES[0] });
  });

  it('takes the one line whose SKU or name starts with the text', () => {
    expect(findLineByCode(LINES, 'rye')).toEqual({ kind: 'line', line: LINES[2] });
  });

  it('asks for more when several lines start with the text, and finds nothing for blank or unknown text', () => {
    expect(findLineByCode(LINES, 'MILK')).toEqual({ kind: 'several', count: 2 });
    expect(findLineByCode(LINES, '   ')).toEqual({ kind: 'none' });
    expect(findLineByCode(LINES, '4006381333931')).toEqual({ kind: 'none' });
  });
});

describe('line filters', () => {
  it('puts accepted lines under Counted and sent-back lines under To recount', () => {
    expect(LINES.filter((line) => matchesLineFilter(line, 'COUNTED')).map((line) => line.lineNo)).toEqual([
      4, 6,
    ]);
    expect(LINES.filter((line) => matchesLineFilter(line, 'RECOUNT')).map((line) => line.lineNo)).toEqual([
      5,
    ]);
    expect(countLinesByFilter(LINES)).toEqual({ PENDING: 3, COUNTED: 2, RECOUNT: 1, ALL: 6 });
  });
});

describe('initialLineFilter', () => {
  it('opens a sheet under way on the lines to count, then those to recount, then all', () => {
    expect(initialLineFilter(LINES, true)).toBe('PENDING');
    expect(initialLineFilter([countedLine(1, 8), LINES[4]!], true)).toBe('RECOUNT');
    expect(initialLineFilter([countedLine(1, 8)], true)).toBe('ALL');
  });

  it('opens a completed or cancelled sheet on all its lines', () => {
    expect(initialLineFilter(LINES, false)).toBe('ALL');
  });
});

describe('quantities', () => {
  it('accepts whole numbers from 0 to the most an item holds, nothing else', () => {
    expect(parseQuantity(' 12 ')).toBe(12);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity(String(MAX_STOCK_QUANTITY + 1))).toBeNull();
    for (const text of ['-1', '1.5', '1e3', 'twelve', '']) expect(parseQuantity(text), text).toBeNull();
  });

  it('steps from blank as from 0 and never below 0', () => {
    expect(stepQuantity('', 1)).toBe('1');
    expect(stepQuantity('', -1)).toBe('0');
    expect(stepQuantity('9', 1)).toBe('10');
    expect(stepQuantity(String(MAX_STOCK_QUANTITY), 1)).toBe(String(MAX_STOCK_QUANTITY));
  });
});

describe('buildCountSubmission', () => {
  it('sends the typed counts of countable lines in line order, by line number', () => {
    expect(buildCountSubmission(LINES, { 5: '3', 1: '12', 2: ' ', 4: '99', 6: '1' })).toEqual({
      kind: 'ready',
      body: {
        lines: [
          { lineNo: 1, countedQuantity: 12 },
          { lineNo: 5, countedQuantity: 3 },
        ],
      },
      lineNos: [1, 5],
    });
  });

  it('stops on a text that is not a quantity, naming its lines', () => {
    expect(buildCountSubmission(LINES, { 1: '12', 3: '2.5' })).toEqual({ kind: 'invalid', lineNos: [3] });
  });

  it('has nothing to send without a typed count', () => {
    expect(buildCountSubmission(LINES, { 2: '' })).toEqual({ kind: 'empty' });
  });

  it('keeps only the entries of lines still waiting for a count after a save', () => {
    const saved = LINES.map((line) => (line.lineNo === 1 ? countedLine(1, 12) : line));
    expect(keepOpenEntries(saved, { 1: '12', 2: '4' })).toEqual({ 2: '4' });
  });
});

describe('review lines', () => {
  it('shows a line to reviewers only once it has a count (blind until then)', () => {
    expect(LINES.filter(hasCount).map((line) => line.lineNo)).toEqual([4, 5, 6]);
    expect(LINES.filter((line) => matchesReviewFilter(line, 'ALL')).map((line) => line.lineNo)).toEqual([
      4, 5, 6,
    ]);
    expect(LINES.filter((line) => matchesReviewFilter(line, 'COUNTED')).map((line) => line.lineNo)).toEqual([
      4,
    ]);
  });

  it('opens an open sheet on the lines to review when it has some, else on every counted line', () => {
    expect(initialReviewFilter({ status: 'COUNTING', lines: LINES })).toBe('COUNTED');
    const reviewed = LINES.filter((line) => line.status !== 'COUNTED');
    expect(initialReviewFilter({ status: 'COUNTING', lines: reviewed })).toBe('ALL');
    // A completed count has nothing left to review: "To review" would open empty.
    expect(initialReviewFilter({ status: 'COMPLETED', lines: LINES })).toBe('ALL');
    expect(initialReviewFilter({ status: 'CANCELLED', lines: LINES })).toBe('ALL');
  });

  it('sums the selected variances in cents and flags lines without a cost', () => {
    const lines = [
      countedLine(1, 7),
      countedLine(2, 21),
      countedLine(3, 30, 0, { varianceUnits: 0, varianceValue: null }),
    ];
    expect(sumSelection(lines, new Set([1, 2]))).toEqual({
      units: -2,
      valueCents: -500,
      hasUnknownCost: false,
    });
    expect(sumSelection(lines, new Set([3])).hasUnknownCost).toBe(true);
  });

  it(`accepts at most ${MAX_ACCEPTED_PER_REVIEW} lines a call, in line order`, () => {
    const lineNos = Array.from(
      { length: MAX_ACCEPTED_PER_REVIEW + 2 },
      (_unused, index) => index + 1,
    ).reverse();
    const calls = acceptanceCalls(lineNos);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.accept).toHaveLength(MAX_ACCEPTED_PER_REVIEW);
    expect(calls[0]!.accept[0]).toBe(1);
    expect(calls[1]).toEqual({
      accept: [MAX_ACCEPTED_PER_REVIEW + 1, MAX_ACCEPTED_PER_REVIEW + 2],
      recount: [],
    });
  });
});
