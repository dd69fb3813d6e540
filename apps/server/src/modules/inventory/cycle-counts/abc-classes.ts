import type { AbcClass } from '@app/contracts';

/**
 * ABC classes of the items of a location by sales value (issue 16). Items are ranked by value,
 * highest first (ties by SKU, then product id, so the answer never depends on row order). An item
 * is A while the value ranked before it is under 80% of the total (the items needed to reach 80%,
 * the one that crosses the line included), B while under 95% (the next 15%), C otherwise; an item
 * with no positive value (no sales, or refunds above sales) is always C. All in integer cents.
 */
export type Valued = { productId: string; sku: string; cents: bigint };

export function classifyAbc<T extends Valued>(items: readonly T[]): Array<T & { abcClass: AbcClass }> {
  const ranked = [...items].sort(
    (a, b) =>
      (a.cents > b.cents ? -1 : a.cents < b.cents ? 1 : 0) ||
      compareText(a.sku, b.sku) ||
      compareText(a.productId, b.productId),
  );
  const total = ranked.reduce((sum, item) => (item.cents > 0n ? sum + item.cents : sum), 0n);
  let before = 0n;
  return ranked.map((item) => {
    let abcClass: AbcClass = 'C';
    if (item.cents > 0n) {
      // before / total < 0.80, in integers: 100 x before < 80 x total.
      if (before * 100n < total * 80n) abcClass = 'A';
      else if (before * 100n < total * 95n) abcClass = 'B';
      before += item.cents;
    }
    return { ...item, abcClass };
  });
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
