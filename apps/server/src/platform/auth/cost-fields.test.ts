import { describe, expect, it } from 'vitest';
import { costOf, withoutCosts } from './cost-fields.js';

describe('withoutCosts', () => {
  it('leaves out every cost field at any depth and keeps everything else', () => {
    const order = {
      id: 'o1',
      totalCost: '12.00',
      lines: [
        { sku: 'TEA', quantity: 2, unitCost: '6.00', lineCost: '12.00', receivedQuantity: 0 },
        { sku: 'MUG', quantity: 1, unitCost: null },
      ],
      totals: { orderedQuantity: 3, totalCost: '12.00', receivedCost: '0.00', damagedCost: '0.00' },
      item: { averageUnitCost: '6.0000', quantity: 4, product: { costPrice: '5.00', price: '9.99' } },
      sale: { lines: [{ totalPrice: '9.99', cost: '6.00', margin: '3.99', marginPercent: 39.9 }] },
    };
    expect(withoutCosts(order)).toEqual({
      id: 'o1',
      lines: [
        { sku: 'TEA', quantity: 2, receivedQuantity: 0 },
        { sku: 'MUG', quantity: 1 },
      ],
      totals: { orderedQuantity: 3 },
      item: { quantity: 4, product: { price: '9.99' } },
      sale: { lines: [{ totalPrice: '9.99' }] },
    });
  });

  it('changes nothing it is given and shares the parts without costs', () => {
    const untouched = { name: 'Tea', tags: ['a'], nested: { quantity: 1 } };
    const value = { unitCost: '1.00', untouched };
    const copy = withoutCosts(value);
    expect(value).toEqual({ unitCost: '1.00', untouched });
    expect(copy.untouched).toBe(untouched);
    expect(withoutCosts(untouched)).toBe(untouched);
  });

  it('passes what is not a plain object through: strings, numbers, null, dates, buffers', () => {
    const date = new Date(0);
    const bytes = Buffer.from('unitCost');
    for (const value of ['unitCost', 3, null, undefined, date, bytes])
      expect(withoutCosts(value)).toBe(value);
  });
});

describe('costOf', () => {
  it('answers a cost the server built, and refuses an answer built without it', () => {
    expect(costOf('2.50')).toBe('2.50');
    expect(() => costOf(undefined)).toThrow(/missing/);
  });
});
