import { describe, expect, it } from 'vitest';
import { marginOf, withMargin } from './analytics-margin.js';

describe('marginOf', () => {
  it('takes the cost off the money and words the share with one decimal', () => {
    expect(marginOf('20.00', '10.00')).toEqual({ cost: '10.00', margin: '10.00', marginPercent: 50 });
    // 2.00 of 3.00 is 66.666...: one decimal, rounded.
    expect(marginOf('3.00', '1.00')).toEqual({ cost: '1.00', margin: '2.00', marginPercent: 66.7 });
    expect(marginOf('3.00', '2.00').marginPercent).toBe(33.3);
  });

  it('answers no percent of nothing taken', () => {
    expect(marginOf('0.00', '0.00')).toEqual({ cost: '0.00', margin: '0.00', marginPercent: null });
    expect(marginOf('0.00', '4.00')).toEqual({ cost: '4.00', margin: '-4.00', marginPercent: null });
  });

  it('shows a loss as a negative margin, and a refund-only row keeps the sign of its share', () => {
    expect(marginOf('10.00', '12.50')).toEqual({ cost: '12.50', margin: '-2.50', marginPercent: -25 });
    expect(marginOf('-5.00', '-2.50')).toEqual({ cost: '-2.50', margin: '-2.50', marginPercent: 50 });
  });

  it('rounds a half tenth away from zero, as PostgreSQL rounds', () => {
    // 1 / 8 = 12.5 %, 1 / 16 = 6.25 % -> 6.3
    expect(marginOf('16.00', '15.00').marginPercent).toBe(6.3);
    expect(marginOf('16.00', '17.00').marginPercent).toBe(-6.3);
  });
});

describe('withMargin', () => {
  it('adds the margin over the named money to the row', () => {
    expect(withMargin({ sku: 'A', totalPrice: '12.00', cost: '9.00' }, '12.00')).toEqual({
      sku: 'A',
      totalPrice: '12.00',
      cost: '9.00',
      margin: '3.00',
      marginPercent: 25,
    });
  });
});
