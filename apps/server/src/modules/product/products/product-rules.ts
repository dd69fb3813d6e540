import { randomInt } from 'node:crypto';
import { fromCents, toCents } from '../../../platform/money.js';

/** Pure rules of the products area: EAN-13 codes, discounted prices, list pages, search patterns. */

// ---------------------------------------------------------------------------------------------
// EAN-13

/** The check digit of the first 12 digits: weights 1 and 3 from the left, to the next ten. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error('an EAN-13 check digit needs exactly 12 digits');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

/**
 * A random EAN-13 in the range GS1 leaves to each shop for its own articles (prefixes 20-29):
 * it can never be a manufacturer's code that a scanner reads off another product.
 */
export function randomInternalEan13(nextDigit: (max: number) => number = randomInt): string {
  let first12 = `2${nextDigit(10)}`;
  while (first12.length < 12) first12 += String(nextDigit(10));
  return `${first12}${ean13CheckDigit(first12)}`;
}

// ---------------------------------------------------------------------------------------------
// Money and discounts

export type StoredDiscount = {
  amount: string | null;
  /** Percent with at most two decimals: "12.5". */
  percentage: string | null;
  validFrom: Date;
  validTo: Date;
};

/** A discount applies from its start (inclusive) to its end (exclusive). */
export function isDiscountCurrent(discount: StoredDiscount, now: Date): boolean {
  return discount.validFrom.getTime() <= now.getTime() && now.getTime() < discount.validTo.getTime();
}

/**
 * The price with the discount valid now: minus the amount, or minus the percentage of the price
 * rounded half-up to the cent; never below 0.
 */
export function effectivePrice(price: string, discount: StoredDiscount | null, now: Date): string {
  const cents = toCents(price);
  if (!discount || !isDiscountCurrent(discount, now)) return fromCents(cents);
  let off = 0n;
  if (discount.amount !== null) {
    off = toCents(discount.amount);
  } else if (discount.percentage !== null) {
    const hundredthsOfPercent = toCents(discount.percentage);
    off = (cents * hundredthsOfPercent + 5000n) / 10000n;
  }
  return fromCents(cents > off ? cents - off : 0n);
}

/** Whether an amount is below a price, both as decimal strings. */
export function isBelow(amount: string, price: string): boolean {
  return toCents(amount) < toCents(price);
}

// ---------------------------------------------------------------------------------------------
// Paging a location's list by position

/**
 * Where page `offset / size` of a location's list starts. Positions run from 1; `hidden` are the
 * positions the list skips (deleted products, and discontinued ones when only active products
 * are listed), ascending. The i-th hidden position (from 1) has h_i - i visible positions before
 * it, so it lies before the (offset + 1)-th visible one exactly when h_i - i <= offset; each such
 * one moves the start one place on. The SQL of product-list.repository.ts computes the same
 * count over the hidden positions; this is its reference.
 */
export function firstPositionOfPage(offset: number, hidden: readonly number[]): number {
  let before = 0;
  hidden.forEach((position, index) => {
    if (position - (index + 1) <= offset) before++;
  });
  return offset + 1 + before;
}

// ---------------------------------------------------------------------------------------------
// Search
