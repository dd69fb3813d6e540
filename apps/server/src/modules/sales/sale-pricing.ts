import { SALE_BACKDATE_DAYS, SALE_FUTURE_SKEW_MS } from '@app/contracts';
import { fromCents, isStorableAmount, toCents } from '../../platform/money.js';

/**
 * The pure rules of a sale: what a line costs, its discount per unit, the sale's totals, the
 * rollup rows it adds, and the instants a sale may carry. Money is counted in integer cents
 * (platform/money.ts).
 */

export type PricedLine = {
  quantity: number;
  /** The price of one unit before the discount. */
  unitPrice: string;
  /** What one unit loses to the discount. */
  discount: string;
  /** quantity × (unitPrice − discount); negative on a refund. */
  lineTotal: string;
};

/**
 * A line at `unitPrice` that is sold for `effectivePrice` a unit (the product's price with the
 * discount valid at the sale's instant, or a price set by hand, which no discount touches): the
 * discount per unit is the difference.
 */
export function priceLine(quantity: number, unitPrice: string, effectivePrice: string): PricedLine {
  const price = toCents(unitPrice);
  const paid = toCents(effectivePrice);
  return {
    quantity,
    unitPrice: fromCents(price),
    discount: fromCents(price - paid),
    lineTotal: fromCents(BigInt(quantity) * paid),
  };
}

/**
 * `units` of a sold line given back: the original unit price and discount, with a negative
 * quantity and total, so a refund's lines add up with its sale's to what was kept.
 */
export function refundLine(sold: { unitPrice: string; discount: string }, units: number): PricedLine {
  const paid = toCents(sold.unitPrice) - toCents(sold.discount);
  return {
    quantity: -units,
    unitPrice: sold.unitPrice,
    discount: sold.discount,
    lineTotal: fromCents(BigInt(-units) * paid),
  };
}

export type SaleTotals = {
  /** Σ quantity × unitPrice: before discounts. */
  subtotal: string;
  /** Σ quantity × discount. */
  discountTotal: string;
  /** Σ line totals: what the customer paid (negative: was given back). */
  total: string;
  units: number;
};

export function totalsOf(lines: readonly PricedLine[]): SaleTotals & { isStorable: boolean } {
  let subtotal = 0n;
  let discountTotal = 0n;
  let total = 0n;
  let units = 0;
  for (const line of lines) {
    subtotal += BigInt(line.quantity) * toCents(line.unitPrice);
    discountTotal += BigInt(line.quantity) * toCents(line.discount);
    total += toCents(line.lineTotal);
    units += line.quantity;
  }
  return {
    subtotal: fromCents(subtotal),
    discountTotal: fromCents(discountTotal),
    total: fromCents(total),
    units,
    isStorable: [subtotal, discountTotal, total].every(isStorableAmount),
  };
}

/** What a sale line tells the daily rollup of its product. */
export type RollupLine = {
  productId: string;
  sku: string;
  productName: string;
  barcode: string | null;
  categoryId: string | null;
  quantity: number;
  lineTotal: string;
};

export type ProductRollup = Omit<RollupLine, 'lineTotal'> & { total: string };

/**
 * The lines summed per product, in product id order: one upsert statement may not touch a
 * rollup row twice, and rows taken in one order never deadlock with another sale's. The naming
 * columns are the first line's.
 */
export function sumByProduct(lines: readonly RollupLine[]): ProductRollup[] {
  const sums = new Map<string, ProductRollup & { cents: bigint }>();
  for (const line of lines) {
    const sum = sums.get(line.productId);
    if (sum) {
      sum.quantity += line.quantity;
      sum.cents += toCents(line.lineTotal);
    } else {
      const { lineTotal, ...naming } = line;
      sums.set(line.productId, { ...naming, total: '', cents: toCents(lineTotal) });
    }
  }
  return [...sums.values()]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .map(({ cents, ...sum }) => ({ ...sum, total: fromCents(cents) }));
}

/**
 * Why a sale may not carry this instant, or null: a till's clock may run a little ahead
 * (SALE_FUTURE_SKEW_MS), and a till that was offline may record its sales up to
 * SALE_BACKDATE_DAYS late, no more.
 */
export function soldAtProblem(soldAt: Date, now: Date): string | null {
  if (soldAt.getTime() > now.getTime() + SALE_FUTURE_SKEW_MS)
    return `soldAt is in the future: at most ${SALE_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock.`;
  if (soldAt.getTime() < now.getTime() - SALE_BACKDATE_DAYS * 24 * 60 * 60 * 1000)
    return `soldAt is more than ${SALE_BACKDATE_DAYS} days ago.`;
  return null;
}
