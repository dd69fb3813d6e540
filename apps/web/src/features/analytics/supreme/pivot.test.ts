import type { TSalesFilterRequest } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { buildPivot, monthColumns } from './pivot';

const BASE: TSalesFilterRequest = { start: '', end: '', groupBy: 'product', limit: 100 };

describe('monthColumns', () => {
  it('cuts the range into calendar months, the first and last clipped to the range', () => {
    const columns = monthColumns({ from: '2025-12-15', to: '2026-02-10' }, BASE);
    expect(columns.map((column) => [column.key, column.body.start, column.body.end])).toEqual([
      ['2025-12', '15-12-2025 00:00', '31-12-2025 23:59'],
      ['2026-01', '01-01-2026 00:00', '31-01-2026 23:59'],
      ['2026-02', '01-02-2026 00:00', '10-02-2026 23:59'],
    ]);
  });
});

describe('buildPivot', () => {
  const columns = [
    { key: 'jan', label: 'Jan 2026' },
    { key: 'feb', label: 'Feb 2026' },
  ];
  const answers = [
    {
      columnKey: 'jan',
      rows: [
        {
          key: 'A',
          label: 'Apples',
          quantity: 1,
          totalPrice: '10.10',
          cost: '0.00',
          margin: '10.10',
          marginPercent: 100,
        },
        {
          key: 'B',
          label: 'Bread',
          quantity: 1,
          totalPrice: '0.20',
          cost: '0.00',
          margin: '0.20',
          marginPercent: 100,
        },
      ],
    },
    {
      columnKey: 'feb',
      rows: [
        {
          key: 'A',
          label: 'Apples',
          quantity: 1,
          totalPrice: '5.05',
          cost: '0.00',
          margin: '5.05',
          marginPercent: 100,
        },
        {
          key: 'C',
          label: 'Cheese',
          quantity: 1,
          totalPrice: '30.00',
          cost: '0.00',
          margin: '30.00',
          marginPercent: 100,
        },
      ],
    },
  ];

  it('totals each row over the columns and each column over the rows, in cents', () => {
    const pivot = buildPivot(columns, answers, { limit: 10 });
    expect(pivot.rows.map((row) => [row.label, row.cells, row.total])).toEqual([
      ['Cheese', { feb: 3000 }, 3000],
      ['Apples', { jan: 1010, feb: 505 }, 1515],
      ['Bread', { jan: 20 }, 20],
    ]);
    expect(pivot.columnTotals).toEqual({ jan: 1030, feb: 3505 });
    expect(pivot.grandTotal).toBe(4535);
  });

  it("applies the minimum, the maximum and the row limit to rows' totals, and totals what is shown", () => {
    const pivot = buildPivot(columns, answers, { minTotal: '1.00', maxTotal: '20', limit: 10 });
    expect(pivot.rows.map((row) => row.label)).toEqual(['Apples']);
    expect(pivot.columnTotals).toEqual({ jan: 1010, feb: 505 });
    expect(pivot.grandTotal).toBe(1515);
    expect(pivot.hiddenRows).toBe(2);
  });
});
