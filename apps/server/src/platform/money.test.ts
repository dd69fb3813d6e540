import { describe, expect, it } from 'vitest';
import { fromCents, isStorableAmount, MAX_AMOUNT_CENTS, toCents } from './money.js';

describe('money in cents', () => {
  it('reads and prints amounts as PostgreSQL prints numeric(14,2), signs included', () => {
    const cases: Array<[string, bigint, string]> = [
      ['12.50', 1250n, '12.50'],
      ['12.5', 1250n, '12.50'],
      ['7', 700n, '7.00'],
      ['0.05', 5n, '0.05'],
      ['-0.05', -5n, '-0.05'],
      ['-12.30', -1230n, '-12.30'],
      ['999999999999.99', MAX_AMOUNT_CENTS, '999999999999.99'],
    ];
    for (const [text, cents, printed] of cases) {
      expect(toCents(text), text).toBe(cents);
      expect(fromCents(cents), text).toBe(printed);
    }
    expect(fromCents(-0n)).toBe('0.00');
  });

  it('knows what fits a numeric(14,2) column', () => {
    expect(isStorableAmount(MAX_AMOUNT_CENTS)).toBe(true);
    expect(isStorableAmount(-MAX_AMOUNT_CENTS)).toBe(true);
    expect(isStorableAmount(MAX_AMOUNT_CENTS + 1n)).toBe(false);
  });
});
