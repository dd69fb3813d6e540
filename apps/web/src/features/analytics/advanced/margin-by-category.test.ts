import type { TCategoryMarginRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { describeUnitsWithoutCost, toMarginBody, unitsWithoutCost } from './margin-by-category';

const STORE = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a05c1';
const RANGE = { from: '2026-01-01', to: '2026-01-31' };

function row(label: string, units: number): TCategoryMarginRow {
  return {
    key: null,
    label,
    quantity: 10,
    totalPrice: '10.00',
    cost: '4.00',
    margin: '6.00',
    marginPercent: 60,
    unitsWithoutCost: units,
  };
}

describe('toMarginBody', () => {
  it('sends the range as whole days and every store when none is picked', () => {
    expect(toMarginBody(RANGE, null)).toEqual({ start: '01-01-2026 00:00', end: '31-01-2026 23:59' });
  });

  it('narrows to the picked store', () => {
    expect(toMarginBody(RANGE, STORE)).toEqual({
      start: '01-01-2026 00:00',
      end: '31-01-2026 23:59',
      storeIds: [STORE],
    });
  });
});

describe('describeUnitsWithoutCost', () => {
  it('adds the units of every category and says how to give them a cost', () => {
    expect(describeUnitsWithoutCost(unitsWithoutCost([row('Dairy', 1200), row('Bakery', 34)]))).toBe(
      '1,234 units sold without a cost are counted at no cost: add cost prices or receive stock through purchase orders',
    );
  });

  it('speaks of one unit in the singular, and says nothing when every unit had a cost', () => {
    expect(describeUnitsWithoutCost(1)).toMatch(/^1 unit sold without a cost is counted at no cost: /);
    expect(describeUnitsWithoutCost(unitsWithoutCost([row('Dairy', 0)]))).toBeNull();
  });
});
