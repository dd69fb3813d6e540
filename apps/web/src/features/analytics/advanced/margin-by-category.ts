import type { TCategoryMarginRow, TMarginByCategoryRequest } from '@app/contracts';
import { formatCount } from '../../../lib/count';
import { rangeParams, type DayRange } from '../analytics-range';

/**
 * The body of `POST /margin-by-category` for the panel's range and store. "All stores" leaves
 * `storeIds` out (the server reads an absent list as every store); the server's default limit
 * (100 categories, most money first) is more than a shop has, so none is sent.
 */
export function toMarginBody(range: DayRange, storeId: string | null): TMarginByCategoryRequest {
  return storeId === null ? rangeParams(range) : { ...rangeParams(range), storeIds: [storeId] };
}

/** Units sold without a known cost, over every category shown. */
export function unitsWithoutCost(rows: readonly TCategoryMarginRow[]): number {
  return rows.reduce((units, row) => units + row.unitsWithoutCost, 0);
}

/**
 * Why a margin may read too high: units sold before their product had a cost count at no cost,
 * so all their money shows as margin. Null when every unit had a cost.
 */
export function describeUnitsWithoutCost(units: number): string | null {
  if (units <= 0) return null;
  const sold =
    units === 1 ? '1 unit sold without a cost is' : `${formatCount(units)} units sold without a cost are`;
  return `${sold} counted at no cost: add cost prices or receive stock through purchase orders`;
}
