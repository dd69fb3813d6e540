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

/**
 * What `quantity` units at `unitCost` (4 decimals, as the stock function answers it) cost, rounded
 * to the cent half away from zero as PostgreSQL's round(numeric, 2) does, so the rollups' sums and a
 * sum over the lines agree to the cent; null without a unit cost. Negative on a refund.
 */
export function costOfLine(quantity: number, unitCost: string | null): string | null {
  if (unitCost === null) return null;
  const tenThousandths = BigInt(quantity) * toTenThousandths(unitCost);
  const half = tenThousandths < 0n ? -50n : 50n;
  return fromCents((tenThousandths + half) / 100n);
}

/** What a line's money earned over its cost (null without a cost). */
export function marginOfLine(lineTotal: string, cost: string | null): string | null {
  return cost === null ? null : fromCents(toCents(lineTotal) - toCents(cost));
}

function toTenThousandths(amount: string): bigint {
  const isNegative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (isNegative ? amount.slice(1) : amount).split('.');
  const value = BigInt(whole || '0') * 10_000n + BigInt(`${fraction}0000`.slice(0, 4));
  return isNegative ? -value : value;
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
  /** The cost of one unit as sold (null: unknown, the line adds no cost). */
  unitCost: string | null;
};

/** A product's lines summed; `unitCost` is its first line's (one sale's lines of a product share it). */
export type ProductRollup = Omit<RollupLine, 'lineTotal'> & {
  total: string;
  /** The lines' costs (quantity × unit cost, rounded per line); lines without a cost add 0. */
  cost: string;
};

/** The cost a set of lines adds to a rollup: their costs summed, lines without one adding 0. */
export function rollupCostOf(lines: ReadonlyArray<{ quantity: number; unitCost: string | null }>): string {
  return fromCents(
    lines.reduce((sum, line) => sum + toCents(costOfLine(line.quantity, line.unitCost) ?? '0.00'), 0n),
  );
}

/**
 * The lines summed per product, in product id order: one upsert statement may not touch a
 * rollup row twice, and rows taken in one order never deadlock with another sale's. The naming
 * columns are the first line's.
 */
export function sumByProduct(lines: readonly RollupLine[]): ProductRollup[] {
  const sums = new Map<
    string,
    Omit<ProductRollup, 'total' | 'cost'> & { cents: bigint; costCents: bigint }
  >();
  for (const line of lines) {
    const sum = sums.get(line.productId);
    const costCents = toCents(costOfLine(line.quantity, line.unitCost) ?? '0.00');
    if (sum) {
      sum.quantity += line.quantity;
      sum.cents += toCents(line.lineTotal);
      sum.costCents += costCents;
    } else {
      const { lineTotal, ...naming } = line;
      sums.set(line.productId, { ...naming, cents: toCents(lineTotal), costCents });
    }
  }
  return [...sums.values()]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .map(({ cents, costCents, ...sum }) => ({ ...sum, total: fromCents(cents), cost: fromCents(costCents) }));
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
