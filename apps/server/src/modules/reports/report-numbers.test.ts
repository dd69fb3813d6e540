import type { TReportTable } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { numbersStated, unsupportedNumbers } from './report-numbers.js';

const TABLE: TReportTable = {
  title: 'Best sellers',
  columns: [
    { key: 'product', label: 'Product', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'sales', label: 'Sales', type: 'money' },
    { key: 'change', label: 'Change', type: 'percent' },
  ],
  rows: [
    ['Oat milk 1L', 1234, '4567.89', '-12.5'],
    ['Sourdough', 88, '301.20', '3.0'],
  ],
};

describe('numbersStated', () => {
  it('reads separators, decimals, signs and percents', () => {
    expect(numbersStated('Sold 1,234 units for $4,567.89, down -12.5% (3 stores).')).toEqual([
      1234, 4567.89, -12.5, 3,
    ]);
  });

  it('leaves out dates and times', () => {
    expect(
      numbersStated('From 2026-10-01 to 31-10-2026 23:59, 1 November 2026, Nov 3, October 2026 at 18:30'),
    ).toEqual([]);
  });

  it('does not read the digits inside names and codes', () => {
    expect(numbersStated('SKU AB-12X and 1L bottles')).toEqual([]);
  });
});

describe('unsupportedNumbers', () => {
  it('accepts numbers of the tables, rounded or without their sign', () => {
    expect(
      unsupportedNumbers('Oat milk 1L sold 1,234 units for 4,567.89 (down 12.5%, about 4568).', [TABLE]),
    ).toEqual([]);
  });

  it('names the numbers no table holds', () => {
    expect(unsupportedNumbers('Sourdough sold 89 units for 301.20, 7% more.', [TABLE])).toEqual([89, 7]);
  });

  it('accepts the row count and numbers of the question', () => {
    expect(unsupportedNumbers('The 2 best sellers of the last 30 days.', [TABLE], ['last 30 days'])).toEqual(
      [],
    );
  });

  it("accepts the numbers of a table's note", () => {
    const cut = { ...TABLE, note: '600 more rows are left out.' };
    expect(unsupportedNumbers('The table shows 2 of them; 600 more are left out.', [cut])).toEqual([]);
    expect(unsupportedNumbers('600 more are left out.', [TABLE])).toEqual([600]);
  });
});
