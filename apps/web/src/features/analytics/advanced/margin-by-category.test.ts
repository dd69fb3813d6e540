import type { TCategoryMarginRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  describeUnitsWithoutCost,
  nameMarginRows,
  sortByMargin,
  toMarginBody,
  unitsWithoutCost,
} from './margin-by-category';

const STORE = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a05c1';
const RANGE = { from: '2026-01-01', to: '2026-01-31' };

function row(label: string, units: number, key: string | null = null): TCategoryMarginRow {
  return {
    key,
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

describe('nameMarginRows', () => {
  const LOCATION = '1c000000-0000-4000-8000-000000000001';
  const choice = (id: string, name: string, locationName: string) => ({
    id,
    name,
    locationId: LOCATION,
    locationName,
  });

  it('names the location of a category whose name repeats, and leaves a lone name alone', () => {
    const named = nameMarginRows(
      [row('Bakery', 0, 'b-old'), row('Dairy', 0, 'd-old'), row('Bakery', 0, 'b-river')],
      [
        choice('b-old', 'Bakery', 'Old Town'),
        choice('d-old', 'Dairy', 'Old Town'),
        choice('b-river', 'Bakery', 'Riverside'),
      ],
    );
    expect(named.map(({ label, place, chartLabel }) => ({ label, place, chartLabel }))).toEqual([
      { label: 'Bakery', place: 'Old Town', chartLabel: 'Bakery · Old Town' },
      { label: 'Dairy', place: null, chartLabel: 'Dairy' },
      { label: 'Bakery', place: 'Riverside', chartLabel: 'Bakery · Riverside' },
    ]);
  });

  it('leaves out of the chart the words every location name starts with, not those of the table', () => {
    const named = nameMarginRows(
      [row('Bakery', 0, 'b-old'), row('Bakery', 0, 'b-river'), row('Bakery', 0, 'b-market')],
      [
        choice('b-old', 'Bakery', 'Demo Market Old Town'),
        choice('b-river', 'Bakery', 'Demo Market Riverside'),
        // Every name keeps its last word at least: the chart would show nothing of this one.
        choice('b-market', 'Bakery', 'Demo Market'),
      ],
    );
    expect(named.map((entry) => [entry.place, entry.chartLabel])).toEqual([
      ['Demo Market Old Town', 'Bakery · Market Old Town'],
      ['Demo Market Riverside', 'Bakery · Market Riverside'],
      ['Demo Market', 'Bakery · Market'],
    ]);
    const twoStores = nameMarginRows(
      [row('Bakery', 0, 'b-old'), row('Bakery', 0, 'b-river')],
      [
        choice('b-old', 'Bakery', 'Demo Market Old Town'),
        choice('b-river', 'Bakery', 'Demo Market Riverside'),
      ],
    );
    expect(twoStores.map((entry) => entry.chartLabel)).toEqual(['Bakery · Old Town', 'Bakery · Riverside']);
  });

  it('keeps the bare name of a category the choices no longer list, and of products without one', () => {
    const named = nameMarginRows(
      [row('Bakery', 0, 'gone'), row('Bakery', 0, 'b-old'), row('No category', 0)],
      [choice('b-old', 'Bakery', 'Old Town')],
    );
    expect(named.map((entry) => entry.chartLabel)).toEqual(['Bakery', 'Bakery · Old Town', 'No category']);
  });
});

describe('sortByMargin', () => {
  const margin = (label: string, value: string) => ({ ...row(label, 0), margin: value });

  it('puts the highest margin first, a loss last, whatever the server’s order by sales', () => {
    const sorted = sortByMargin([
      margin('Dairy', '868.00'),
      margin('Bakery', '-24.00'),
      margin('Wine', '1204.50'),
      margin('Snacks', '-1.50'),
      margin('Tea', '99.99'),
    ]);
    expect(sorted.map(({ label }) => label)).toEqual(['Wine', 'Dairy', 'Tea', 'Snacks', 'Bakery']);
  });

  it('compares the amounts as money, not as text, and keeps the server’s order for equal margins', () => {
    const sorted = sortByMargin([
      margin('Nine', '9.00'),
      margin('Ten A', '10.00'),
      margin('Ten B', '10.00'),
      margin('Hundred', '100.00'),
    ]);
    expect(sorted.map(({ label }) => label)).toEqual(['Hundred', 'Ten A', 'Ten B', 'Nine']);
  });
});
