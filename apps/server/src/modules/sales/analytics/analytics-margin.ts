import { fromCents, toCents } from '../../../platform/money.js';

/**
 * The margin every analytics row with money carries (issue 16): money taken less the cost the sale
 * lines recorded, and that margin as a percent of the money with one decimal (null when nothing was
 * taken: no share of nothing). Worked out from the cents the statement answered, not in SQL, so
 * every call words it the same way.
 */

export type Margin = { cost: string; margin: string; marginPercent: number | null };

export function marginOf(total: string, cost: string): Margin {
  const totalCents = toCents(total);
  const marginCents = totalCents - toCents(cost);
  return {
    cost,
    margin: fromCents(marginCents),
    marginPercent: totalCents === 0n ? null : percentOf(marginCents, totalCents),
  };
}

/** The row with its margin over `total` (its `cost` is the recorded cost). */
export function withMargin<T extends { cost: string }>(row: T, total: string): T & Margin {
  return { ...row, ...marginOf(total, row.cost) };
}

/** part / whole x 100 to one decimal, half away from zero, in integers (cents stay exact). */
function percentOf(part: bigint, whole: bigint): number {
  const negative = part < 0n !== whole < 0n;
  const size = (part < 0n ? -part : part) * 2000n;
  const of = whole < 0n ? -whole : whole;
  const tenths = (size / of + 1n) / 2n;
  return Number(negative ? -tenths : tenths) / 10;
}
