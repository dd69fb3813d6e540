import { SALE_BACKDATE_DAYS, SALE_FUTURE_SKEW_MS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  costOfLine,
  marginOfLine,
  priceLine,
  refundLine,
  rollupCostOf,
  soldAtProblem,
  sumByProduct,
  totalsOf,
  type RollupLine,
} from './sale-pricing.js';

describe('sale pricing', () => {
  describe('priceLine', () => {
    it('takes the discount per unit as the price minus what is paid, the total as quantity × paid', () => {
      expect(priceLine(3, '4.00', '3.40')).toEqual({
        quantity: 3,
        unitPrice: '4.00',
        discount: '0.60',
        lineTotal: '10.20',
      });
    });

    it('has no discount when the paid price is the price (no discount valid, or a price set by hand)', () => {
      expect(priceLine(2, '1.99', '1.99')).toEqual({
        quantity: 2,
        unitPrice: '1.99',
        discount: '0.00',
        lineTotal: '3.98',
      });
    });

    it('counts exactly past what a double holds', () => {
      expect(priceLine(100_000, '999999999.99', '999999999.99').lineTotal).toBe('99999999999000.00');
    });
  });

  describe('refundLine', () => {
    it("gives units back at the sale's unit price and discount, negative", () => {
      expect(refundLine({ unitPrice: '4.00', discount: '0.60' }, 2)).toEqual({
        quantity: -2,
        unitPrice: '4.00',
        discount: '0.60',
        lineTotal: '-6.80',
      });
    });
  });

  describe('totalsOf', () => {
    it('adds subtotal before discounts, the discounts, the total paid and the units', () => {
      const totals = totalsOf([priceLine(3, '4.00', '3.40'), priceLine(1, '2.50', '2.50')]);
      expect(totals).toEqual({
        subtotal: '14.50',
        discountTotal: '1.80',
        total: '12.70',
        units: 4,
        isStorable: true,
      });
    });

    it("makes a refund's totals negative", () => {
      const totals = totalsOf([refundLine({ unitPrice: '4.00', discount: '0.60' }, 3)]);
      expect(totals).toMatchObject({
        subtotal: '-12.00',
        discountTotal: '-1.80',
        total: '-10.20',
        units: -3,
      });
    });

    it('says when a total would not fit its column', () => {
      const big = priceLine(100_000, '999999999.99', '999999999.99');
      expect(totalsOf([big, big]).isStorable).toBe(false);
    });
  });

  describe('sumByProduct', () => {
    const line = (
      productId: string,
      quantity: number,
      lineTotal: string,
      name = 'Tea',
      unitCost: string | null = null,
    ): RollupLine => ({
      productId,
      sku: `SKU-${productId}`,
      productName: name,
      barcode: null,
      categoryId: null,
      quantity,
      lineTotal,
      unitCost,
    });

    it('sums the lines of one product into one row, in product id order, named after the first line', () => {
      expect(
        sumByProduct([
          line('b', 2, '5.00', 'Bread'),
          line('a', 1, '1.10', 'Apple'),
          line('b', 1, '2.50', 'Bread (renamed)'),
        ]),
      ).toEqual([
        {
          productId: 'a',
          sku: 'SKU-a',
          productName: 'Apple',
          barcode: null,
          categoryId: null,
          quantity: 1,
          total: '1.10',
          cost: '0.00',
          unitCost: null,
        },
        {
          productId: 'b',
          sku: 'SKU-b',
          productName: 'Bread',
          barcode: null,
          categoryId: null,
          quantity: 3,
          total: '7.50',
          cost: '0.00',
          unitCost: null,
        },
      ]);
    });

    it('sums the costs of the lines that have one, each rounded to the cent first', () => {
      const [tea] = sumByProduct([
        line('a', 3, '3.00', 'Tea', '0.3333'),
        line('a', 3, '3.00', 'Tea', '0.3333'),
        line('a', 1, '1.00', 'Tea', null),
      ]);
      // 3 x 0.3333 = 0.9999 -> 1.00 per line, so 2.00.
      expect(tea).toMatchObject({ quantity: 7, total: '7.00', cost: '2.00' });
      const [salt] = sumByProduct([
        line('s', 1, '1.00', 'Salt', '0.0050'),
        line('s', 1, '1.00', 'Salt', '0.0050'),
      ]);
      // Each line 0.005 -> 0.01 (half away from zero), so 0.02 and not round(0.0100) = 0.01.
      expect(salt?.cost).toBe('0.02');
    });
  });

  describe('costOfLine', () => {
    it('is quantity x unit cost rounded to the cent half away from zero, as round(numeric, 2)', () => {
      expect(costOfLine(4, '2.5000')).toBe('10.00');
      expect(costOfLine(-1, '2.5000')).toBe('-2.50');
      expect(costOfLine(3, '0.1250')).toBe('0.38');
      expect(costOfLine(-3, '0.1250')).toBe('-0.38');
      expect(costOfLine(100_000, '99999999.9999')).toBe('9999999999990.00');
    });

    it('is null without a unit cost, and the margin with it', () => {
      expect(costOfLine(2, null)).toBeNull();
      expect(marginOfLine('10.00', null)).toBeNull();
      expect(marginOfLine('20.00', '10.00')).toBe('10.00');
      expect(marginOfLine('-5.00', '-2.50')).toBe('-2.50');
    });

    it('adds 0 for a line without a cost to the cost of a rollup', () => {
      expect(
        rollupCostOf([
          { quantity: 4, unitCost: '2.5000' },
          { quantity: 2, unitCost: null },
          { quantity: -1, unitCost: '2.5000' },
        ]),
      ).toBe('7.50');
    });
  });

  describe('soldAtProblem', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;

    it('accepts now, a till a little ahead, and a sale up to the backdating limit', () => {
      expect(soldAtProblem(now, now)).toBeNull();
      expect(soldAtProblem(new Date(now.getTime() + SALE_FUTURE_SKEW_MS), now)).toBeNull();
      expect(soldAtProblem(new Date(now.getTime() - SALE_BACKDATE_DAYS * day), now)).toBeNull();
    });

    it('refuses the future beyond the skew and the past beyond the limit', () => {
      expect(soldAtProblem(new Date(now.getTime() + SALE_FUTURE_SKEW_MS + 1), now)).toMatch(/future/);
      expect(soldAtProblem(new Date(now.getTime() - SALE_BACKDATE_DAYS * day - 1), now)).toMatch(
        `more than ${SALE_BACKDATE_DAYS} days ago`,
      );
    });
  });
});
