import { describe, expect, it } from 'vitest';
import type { MoneyFormat } from '../components/money';
import { formatMoney, formatCompactMoney } from '../../../lib/money';
import {
  EMPTY_CELL,
  alignSeries,
  forecastSeries,
  formatCell,
  hasDrawableValues,
  isNumericColumn,
  labelAxisWidth,
} from './report-format';

const POUNDS: MoneyFormat = {
  currency: 'GBP',
  format: (value) => formatMoney(value, 'GBP'),
  formatCompact: (value) => formatCompactMoney(value, 'GBP'),
};

describe('formatCell', () => {
  it('writes each column type as people read it', () => {
    expect(formatCell('1234.5', 'money', POUNDS)).toBe('£1,234.50');
    expect(formatCell('-3.00', 'money', POUNDS)).toBe('-£3.00');
    expect(formatCell('12.3', 'percent', POUNDS)).toBe('12.3%');
    expect(formatCell(12480, 'integer', POUNDS)).toBe('12,480');
    expect(formatCell(2.456, 'number', POUNDS)).toBe('2.46');
    expect(formatCell('2026-11-28', 'date', POUNDS)).toMatch(/28.*Nov.*2026|Nov.*28.*2026/);
    expect(formatCell('=SUM(A1)', 'text', POUNDS)).toBe('=SUM(A1)');
  });

  it('shows a dash for a missing value and keeps a value it cannot read as written', () => {
    expect(formatCell(null, 'money', POUNDS)).toBe(EMPTY_CELL);
    expect(formatCell('n/a', 'percent', POUNDS)).toBe('n/a');
  });

  it('right-aligns numbers only', () => {
    expect(['integer', 'number', 'money', 'percent'].every((type) => isNumericColumn(type as 'money'))).toBe(
      true,
    );
    expect(isNumericColumn('text') || isNumericColumn('date')).toBe(false);
  });
});

describe('alignSeries', () => {
  it('puts the series on one axis, days in date order, a missing point as null', () => {
    expect(
      alignSeries([
        {
          name: 'Bath',
          points: [
            { x: '2026-11-02', y: 5 },
            { x: '2026-11-01', y: 3 },
          ],
        },
        { name: 'Leeds', points: [{ x: '2026-11-03', y: 7 }] },
      ]),
    ).toEqual({
      labels: ['2026-11-01', '2026-11-02', '2026-11-03'],
      values: [
        [3, 5, null],
        [null, null, 7],
      ],
    });
  });

  it('keeps names in the order the server ranked them', () => {
    expect(
      alignSeries([
        {
          name: 'Revenue',
          points: [
            { x: 'Tea', y: 9 },
            { x: 'Coffee', y: 4 },
          ],
        },
      ]).labels,
    ).toEqual(['Tea', 'Coffee']);
  });
});

describe('alignSeries with a name twice', () => {
  it('gives each row its own bar, numbered, instead of letting the last stand for all', () => {
    expect(
      alignSeries([
        {
          name: 'Margin',
          points: [
            { x: 'Bakery', y: 30 },
            { x: 'Dairy', y: 20 },
            { x: 'Bakery', y: 10 },
          ],
        },
        { name: 'Sales', points: [{ x: 'Bakery', y: 90 }] },
      ]),
    ).toEqual({
      labels: ['Bakery', 'Dairy', 'Bakery (2)'],
      values: [
        [30, 20, 10],
        [90, null, null],
      ],
    });
  });
});

describe('hasDrawableValues', () => {
  const chart = (ys: number[]) => ({
    type: 'line' as const,
    title: 'Sales',
    unit: 'money' as const,
    series: [{ name: 'Sales', points: ys.map((y, index) => ({ x: `2026-11-0${index + 1}`, y })) }],
  });

  it('is false for no points and for points all at zero, true once one is not', () => {
    expect(hasDrawableValues(chart([]))).toBe(false);
    expect(hasDrawableValues(chart([0, 0, 0]))).toBe(false);
    expect(hasDrawableValues(chart([0, -2, 0]))).toBe(true);
  });
});

describe('labelAxisWidth', () => {
  it('fits the longest name, from a narrow 64 px up to 220 px', () => {
    expect(labelAxisWidth(['Mon', 'Tue'])).toBe(64);
    expect(labelAxisWidth(['Rye bread', 'Sensitive Shampoo Large'])).toBe(Math.ceil(23 * 6.5) + 12);
    expect(labelAxisWidth(['x'.repeat(90)])).toBe(220);
    expect(labelAxisWidth([])).toBe(64);
  });
});

describe('forecastSeries', () => {
  it('joins the forecast to the last day of history and gives the band as low and height', () => {
    const series = forecastSeries({
      type: 'forecast',
      title: 'Units per day',
      unit: 'units',
      series: [
        {
          name: 'History',
          points: [
            { x: '2026-11-26', y: 4 },
            { x: '2026-11-27', y: 6 },
          ],
        },
        { name: 'Forecast', points: [{ x: '2026-11-28', y: 5, low: 2, high: 9 }] },
      ],
    });
    expect(series).toEqual({
      labels: ['2026-11-26', '2026-11-27', '2026-11-28'],
      history: [4, 6, null],
      forecast: [null, 6, 5],
      low: [null, null, 2],
      width: [null, null, 7],
      high: [null, null, 9],
      firstForecastIndex: 2,
    });
  });
});
