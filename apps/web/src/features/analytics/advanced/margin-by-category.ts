import type { TAnalyticsChoices, TCategoryMarginRow, TMarginByCategoryRequest } from '@app/contracts';
import { formatCount } from '../../../lib/count';
import { toCents } from '../../../lib/money';
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

/** A category's row with the words that tell it apart from a namesake at another location. */
export type NamedMarginRow = TCategoryMarginRow & {
  /** The category's location when another row has the same name, else null. */
  place: string | null;
  /** The name on the chart's axis: the name, with the telling part of its place when it needs one. */
  chartLabel: string;
};

/**
 * The words of each name after those every name starts with: "Demo Market Riverside" and "Demo
 * Market Old Town" are "Riverside" and "Old Town" on a chart's axis, whose labels are cut at about
 * 30 characters (the shared words would push out the part that differs). Every name keeps its
 * last word at least, and a lone name keeps all of them.
 */
function withoutSharedWords(names: readonly string[]): Map<string, string> {
  const distinct = [...new Set(names)];
  const words = distinct.map((name) => name.split(' '));
  let shared = 0;
  if (distinct.length > 1)
    while (words.every((list) => shared < list.length - 1 && list[shared] === words[0]![shared])) shared += 1;
  return new Map(distinct.map((name, index) => [name, words[index]!.slice(shared).join(' ')]));
}

/**
 * A category belongs to a location, so "Bakery" comes once per store across all stores (the
 * server groups by category, not by name). Where a name repeats, each row carries its location's
 * name (from the pickers' choices) so the rows and the bars can be told apart; a lone name needs
 * none. A category no longer among the choices (discontinued) keeps its bare name.
 */
export function nameMarginRows(
  rows: readonly TCategoryMarginRow[],
  categories: TAnalyticsChoices['categories'] = [],
): NamedMarginRow[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.label, (counts.get(row.label) ?? 0) + 1);
  const places = new Map(categories.map((category) => [category.id, category.locationName]));
  const placeOf = (row: TCategoryMarginRow) =>
    (counts.get(row.label) ?? 0) > 1 && row.key ? (places.get(row.key) ?? null) : null;
  const short = withoutSharedWords(rows.map(placeOf).filter((place) => place !== null));
  return rows.map((row) => {
    const place = placeOf(row);
    return { ...row, place, chartLabel: place ? `${row.label} · ${short.get(place) ?? place}` : row.label };
  });
}

/**
 * The rows by margin, highest first: the tab answers "which categories earn", and the server
 * orders by sales. Equal margins keep the server's order (the sort is stable): more sales first.
 */
export function sortByMargin<Row extends Pick<TCategoryMarginRow, 'margin'>>(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => toCents(b.margin) - toCents(a.margin));
}
