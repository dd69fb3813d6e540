import { describe, expect, it } from 'vitest';
import { withNoDataTrend } from './product-trend';
import { checkDraft, emptyDraft, normaliseSkus, toFilterBody, withNoDataRow } from './sales-filter';

const TODAY = new Date(2026, 10, 26);
const STORE = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a05c1';
const CATEGORY = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a05d1';

describe('toFilterBody', () => {
  it('sends the range as whole days, the grouping, the lists and the amounts as chosen', () => {
    const body = toFilterBody({
      ...emptyDraft(TODAY),
      range: { from: '2026-01-01', to: '2026-01-31' },
      storeIds: [STORE],
      categoryIds: [CATEGORY],
      skus: ['OAT-1', 'rye-2'],
      minTotal: ' 10.5 ',
      maxTotal: '250',
      groupBy: 'category',
      limit: '25',
    });
    expect(body).toEqual({
      start: '01-01-2026 00:00',
      end: '31-01-2026 23:59',
      storeIds: [STORE],
      categoryIds: [CATEGORY],
      skus: ['OAT-1', 'rye-2'],
      minTotal: '10.5',
      maxTotal: '250',
      groupBy: 'category',
      limit: 25,
    });
  });

  it('leaves out empty lists and blank amounts', () => {
    const body = toFilterBody({ ...emptyDraft(TODAY), minTotal: '  ' });
    expect(Object.keys(body).sort()).toEqual(['end', 'groupBy', 'limit', 'start']);
  });
});

describe('checkDraft', () => {
  it('refuses a maximum below the minimum, amounts with three decimals and a limit out of range', () => {
    expect(checkDraft({ ...emptyDraft(TODAY), minTotal: '50', maxTotal: '5', limit: '0' })).toEqual({
      maxTotal: 'At least the minimum.',
      limit: 'A whole number from 1 to 1000.',
    });
    expect(checkDraft({ ...emptyDraft(TODAY), minTotal: '1.005' })).toEqual({
      minTotal: 'An amount such as 12.50.',
    });
    expect(checkDraft(emptyDraft(TODAY))).toEqual({});
  });
});

describe('normaliseSkus', () => {
  it('splits pasted lists, trims, and keeps one chip per SKU whatever its case', () => {
    expect(normaliseSkus(['OAT-1, rye-2', ' oat-1 ', ''])).toEqual(['OAT-1', 'rye-2']);
  });
});

describe("the 'No Data' substitutions (001 section 4)", () => {
  it('turns an empty filter answer into one No Data row with zero quantity and price', () => {
    expect(withNoDataRow([])).toEqual([
      expect.objectContaining({
        label: 'No Data',
        productName: 'No Data',
        quantity: 0,
        totalPrice: '0.00',
        cost: '0.00',
        margin: '0.00',
        marginPercent: null,
      }),
    ]);
    const row = {
      key: 'OAT-1',
      label: 'Oat milk',
      quantity: 3,
      totalPrice: '7.50',
      cost: '0.00',
      margin: '7.50',
      marginPercent: 100,
    };
    expect(withNoDataRow([row])).toEqual([{ ...row, id: 'OAT-1-0' }]);
  });

  it('turns an empty product trend into one row, period No Data and totalSales 0', () => {
    expect(withNoDataTrend([])).toEqual([
      { period: 'No Data', totalSales: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
    ]);
    expect(
      withNoDataTrend([
        { period: '2026-01-01', totalSales: '5.00', cost: '0.00', margin: '5.00', marginPercent: 100 },
      ]),
    ).toHaveLength(1);
  });
});
