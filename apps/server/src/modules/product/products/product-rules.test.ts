import { describe, expect, it } from 'vitest';
import {
  ean13CheckDigit,
  effectivePrice,
  firstPositionOfPage,
  isBelow,
  isDiscountCurrent,
  isValidEan13,
  randomInternalEan13,
  type StoredDiscount,
} from './product-rules.js';

describe('product rules', () => {
  describe('ean13CheckDigit', () => {
    it('gives the check digit of published codes', () => {
      // The Wikipedia example, GS1's sample code, and the ISBN-13 of a real book.
      expect(ean13CheckDigit('400638133393')).toBe(1);
      expect(ean13CheckDigit('590123412345')).toBe(7);
      expect(ean13CheckDigit('978030640615')).toBe(7);
      expect(ean13CheckDigit('000000000000')).toBe(0);
    });

    it('refuses anything but 12 digits', () => {
      expect(() => ean13CheckDigit('12345')).toThrow();
      expect(() => ean13CheckDigit('40063813339a')).toThrow();
    });
  });

  describe('isValidEan13', () => {
    it('accepts valid codes and refuses a wrong check digit or length', () => {
      expect(isValidEan13('4006381333931')).toBe(true);
      expect(isValidEan13('5901234123457')).toBe(true);
      expect(isValidEan13('4006381333932')).toBe(false);
      expect(isValidEan13('400638133393')).toBe(false);
    });
  });

  describe('randomInternalEan13', () => {
    it('makes valid codes in the in-store range 20-29', () => {
      for (let i = 0; i < 200; i++) {
        const code = randomInternalEan13();
        expect(code).toMatch(/^2\d{12}$/);
        expect(isValidEan13(code)).toBe(true);
      }
    });

    it('builds the code from its random digits', () => {
      const digits = [7, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0];
      let next = 0;
      expect(randomInternalEan13(() => digits[next++] ?? 0)).toBe(
        `271234567890${ean13CheckDigit('271234567890')}`,
      );
    });
  });

  describe('effectivePrice', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const window = { validFrom: new Date('2026-03-01T00:00:00Z'), validTo: new Date('2026-03-02T00:00:00Z') };
    const amount = (value: string): StoredDiscount => ({ amount: value, percentage: null, ...window });
    const percent = (value: string): StoredDiscount => ({ amount: null, percentage: value, ...window });

    it('is the price without a discount', () => {
      expect(effectivePrice('12.50', null, now)).toBe('12.50');
    });

    it('takes an amount off', () => {
      expect(effectivePrice('12.50', amount('2.75'), now)).toBe('9.75');
    });

    it('rounds a percentage half-up to the cent', () => {
      // 10% of 0.05 is 0.005: half a cent rounds up to 0.01 off.
      expect(effectivePrice('0.05', percent('10'), now)).toBe('0.04');
      // 12.5% of 9.99 is 1.24875: 1.25 off.
      expect(effectivePrice('9.99', percent('12.50'), now)).toBe('8.74');
      // 33.33% of 10.00 is 3.333: 3.33 off.
      expect(effectivePrice('10.00', percent('33.33'), now)).toBe('6.67');
      expect(effectivePrice('10.00', percent('100'), now)).toBe('0.00');
      expect(effectivePrice('10.00', percent('0'), now)).toBe('10.00');
    });

    it('never goes below zero', () => {
      expect(effectivePrice('1.00', amount('5.00'), now)).toBe('0.00');
    });

    it('stays exact for the largest prices', () => {
      // Half of it is 499999999999.995: 500000000000.00 off, rounded half-up.
      expect(effectivePrice('999999999999.99', percent('50'), now)).toBe('499999999999.99');
      expect(effectivePrice('999999999999.99', amount('0.01'), now)).toBe('999999999999.98');
    });

    it('ignores a discount outside its window (start inclusive, end exclusive)', () => {
      expect(effectivePrice('10.00', amount('1.00'), new Date('2026-02-28T23:59:59Z'))).toBe('10.00');
      expect(effectivePrice('10.00', amount('1.00'), window.validFrom)).toBe('9.00');
      expect(effectivePrice('10.00', amount('1.00'), window.validTo)).toBe('10.00');
      expect(isDiscountCurrent(amount('1.00'), now)).toBe(true);
    });
  });

  describe('isBelow', () => {
    it('compares amounts by cents', () => {
      expect(isBelow('9.99', '10.00')).toBe(true);
      expect(isBelow('10.00', '10.00')).toBe(false);
      expect(isBelow('10.1', '10.05')).toBe(false);
    });
  });

  describe('firstPositionOfPage', () => {
    /** The reference: walk the positions and skip the hidden ones. */
    function byWalking(offset: number, hidden: readonly number[]): number {
      const skip = new Set(hidden);
      let seen = 0;
      for (let position = 1; ; position++) {
        if (skip.has(position)) continue;
        if (seen === offset) return position;
        seen++;
      }
    }

    it('starts at offset + 1 when nothing is hidden', () => {
      expect(firstPositionOfPage(0, [])).toBe(1);
      expect(firstPositionOfPage(20, [])).toBe(21);
    });

    it('steps over the holes before the page, not those after it', () => {
      // Visible: 1 2 4 5 8 9 10 ...; holes at 3, 6, 7.
      const holes = [3, 6, 7];
      expect(firstPositionOfPage(0, holes)).toBe(1);
      expect(firstPositionOfPage(2, holes)).toBe(4);
      expect(firstPositionOfPage(3, holes)).toBe(5);
      expect(firstPositionOfPage(4, holes)).toBe(8);
      expect(firstPositionOfPage(5, holes)).toBe(9);
    });

    it('skips a run of holes at the start', () => {
      expect(firstPositionOfPage(0, [1, 2, 3])).toBe(4);
      expect(firstPositionOfPage(1, [1, 2, 3, 5])).toBe(6);
    });

    it('lands after the last position when the page is past the end', () => {
      // 5 positions, 2 hidden: 3 visible; offset 3 is past them.
      expect(firstPositionOfPage(3, [2, 4])).toBe(6);
    });

    it('agrees with walking the list for many hand-made and random hole lists', () => {
      const lists: number[][] = [[1], [2], [1, 2], [5, 6, 7, 8], [2, 4, 6, 8, 10], [10, 20, 30]];
      let seed = 7;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return seed / 2147483648;
      };
      for (let n = 0; n < 40; n++) {
        lists.push(Array.from({ length: 60 }, (_, i) => i + 1).filter(() => random() < 0.3 + (n % 3) * 0.2));
      }
      for (const holes of lists) {
        for (let offset = 0; offset < 50; offset++) {
          expect(firstPositionOfPage(offset, holes), `offset ${offset} holes ${holes.join(',')}`).toBe(
            byWalking(offset, holes),
          );
        }
      }
    });
  });
});
