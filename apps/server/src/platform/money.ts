/**
 * Money counted in integer cents (bigint), as the sales, the discounts and loyalty count it:
 * numeric(14,2) reaches 10^14 cents, past what a double holds exactly.
 */

/** The largest amount a numeric(14,2) column holds, in cents. */
export const MAX_AMOUNT_CENTS = 10n ** 14n - 1n;

export function toCents(amount: string): bigint {
  const isNegative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (isNegative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return isNegative ? -cents : cents;
}

/** Cents as PostgreSQL prints a numeric(14,2): "12.50", "-0.05", never "-0.00". */
export function fromCents(cents: bigint): string {
  const size = cents < 0n ? -cents : cents;
  const text = `${size / 100n}.${(size % 100n).toString().padStart(2, '0')}`;
  return cents < 0n ? `-${text}` : text;
}

/** Whether an amount fits a numeric(14,2) column. */
export function isStorableAmount(cents: bigint): boolean {
  return (cents < 0n ? -cents : cents) <= MAX_AMOUNT_CENTS;
}
