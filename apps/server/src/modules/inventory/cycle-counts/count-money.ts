/**
 * Money of count sheets in exact integer cents (bigint): decimal strings from SQL in, "12.50"
 * out. Summing floats would drift by cents over a sheet of thousands of lines.
 */

/** "12.50", "-3", "0.5" -> cents. Only what numeric::text writes: an optional minus, digits, a point. */
export function toCents(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`not an amount of money: ${value}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}
