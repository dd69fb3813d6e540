import { parseAnalyticsDateTime, type TLocalDateTime } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  monthsOf,
  mondayOf,
  onAxis,
  periodOf,
  periodsBetween,
  weeksAt,
  windowOf,
  wholeDays,
} from './analytics-range.js';

const PARIS = 'Europe/Paris';

function wall(text: string): TLocalDateTime {
  const parsed = parseAnalyticsDateTime(text);
  if (!parsed) throw new Error(`not a date: ${text}`);
  return parsed;
}

const iso = (range: { from: Date; to: Date }) => [range.from.toISOString(), range.to.toISOString()];
const EMPTY = ['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z'];

describe('windowOf', () => {
  it('reads whole days from the rollups and the partial days at both ends from the sales', () => {
    // The DST day (29 March, 23 hours) is a whole day between a partial Saturday and Monday.
    const window = windowOf(wall('28-03-2026 18:00'), wall('30-03-2026 09:59'), PARIS);
    expect(window).toMatchObject({ dayFrom: '2026-03-29', dayTo: '2026-03-30' });
    expect(window).toMatchObject({ firstDay: '2026-03-28', lastDay: '2026-03-30' });
    expect(iso(window.head)).toEqual(['2026-03-28T17:00:00.000Z', '2026-03-28T23:00:00.000Z']);
    expect(iso(window.tail)).toEqual(['2026-03-29T22:00:00.000Z', '2026-03-30T08:00:00.000Z']);
  });

  it('has no partial day when the range starts at midnight and ends on the last minute of a day', () => {
    const window = windowOf(wall('01-03-2026 00:00'), wall('31-03-2026 23:59'), PARIS);
    expect(window).toMatchObject({ dayFrom: '2026-03-01', dayTo: '2026-04-01', lastDay: '2026-03-31' });
    expect(iso(window.head)).toEqual(EMPTY);
    expect(iso(window.tail)).toEqual(EMPTY);
  });

  it('counts the end up to the end of its minute', () => {
    const window = windowOf(wall('02-03-2026 00:00'), wall('03-03-2026 14:45'), 'UTC');
    expect(window).toMatchObject({ dayFrom: '2026-03-02', dayTo: '2026-03-03' });
    expect(iso(window.tail)).toEqual(['2026-03-03T00:00:00.000Z', '2026-03-03T14:46:00.000Z']);
  });

  it('reads a range without a whole day from the sales alone', () => {
    const sameDay = windowOf(wall('10-03-2026 09:00'), wall('10-03-2026 17:29'), PARIS);
    expect(sameDay.dayFrom >= sameDay.dayTo).toBe(true);
    expect(iso(sameDay.head)).toEqual(['2026-03-10T08:00:00.000Z', '2026-03-10T16:30:00.000Z']);
    expect(iso(sameDay.tail)).toEqual(EMPTY);
    const overnight = windowOf(wall('10-03-2026 22:00'), wall('11-03-2026 01:59'), PARIS);
    expect(overnight.dayFrom >= overnight.dayTo).toBe(true);
    expect(iso(overnight.head)).toEqual(['2026-03-10T21:00:00.000Z', '2026-03-11T01:00:00.000Z']);
    expect(overnight).toMatchObject({ firstDay: '2026-03-10', lastDay: '2026-03-11' });
  });
});

describe('weeks', () => {
  it('start on Monday in the business time zone', () => {
    expect(mondayOf('2026-03-29')).toBe('2026-03-23'); // a Sunday
    expect(mondayOf('2026-03-30')).toBe('2026-03-30'); // a Monday
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // a week across the year's end
    // Sunday 23:30 UTC is already Monday in Paris.
    expect(weeksAt(new Date('2026-03-29T22:30:00Z'), PARIS)).toEqual({
      lastWeek: '2026-03-23',
      thisWeek: '2026-03-30',
      nextWeek: '2026-04-06',
    });
    expect(weeksAt(new Date('2026-03-29T22:30:00Z'), 'UTC').thisWeek).toBe('2026-03-23');
    expect(wholeDays('2026-03-23', '2026-03-30')).toMatchObject({
      firstDay: '2026-03-23',
      lastDay: '2026-03-29',
    });
  });
});

describe('periods', () => {
  it('name a day, its Monday or its month', () => {
    expect(periodOf('2026-03-29', 'daily')).toBe('2026-03-29');
    expect(periodOf('2026-03-29', 'weekly')).toBe('2026-03-23');
    expect(periodOf('2026-03-29', 'monthly')).toBe('2026-03');
  });

  it('lay a continuous axis from the first day to the last', () => {
    expect(periodsBetween('2026-03-28', '2026-04-01', 'daily')).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);
    expect(periodsBetween('2026-03-28', '2026-04-13', 'weekly')).toEqual([
      '2026-03-23',
      '2026-03-30',
      '2026-04-06',
      '2026-04-13',
    ]);
    expect(periodsBetween('2025-11-30', '2026-02-01', 'monthly')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(periodsBetween('2024-02-29', '2024-02-29', 'monthly')).toEqual(['2024-02']);
    expect(periodsBetween('2023-01-01', '2025-12-31', 'daily')).toHaveLength(1096);
  });

  it('answer 0.00 for periods without sales, with no margin percent of nothing', () => {
    expect(onAxis(['2026-03', '2026-04'], [{ period: '2026-04', total: '-5.00', cost: '-2.50' }])).toEqual([
      { period: '2026-03', totalSales: '0.00', cost: '0.00', margin: '0.00', marginPercent: null },
      { period: '2026-04', totalSales: '-5.00', cost: '-2.50', margin: '-2.50', marginPercent: 50 },
    ]);
  });
});

describe('monthsOf', () => {
  it('takes the whole months between the edge days', () => {
    expect(monthsOf({ dayFrom: '2025-11-26', dayTo: '2026-11-26' })).toEqual({
      monthFrom: '2025-12-01',
      monthTo: '2026-11-01',
    });
  });

  it("starts and ends on the window's own first days", () => {
    expect(monthsOf({ dayFrom: '2026-01-01', dayTo: '2027-01-01' })).toEqual({
      monthFrom: '2026-01-01',
      monthTo: '2027-01-01',
    });
    expect(monthsOf({ dayFrom: '2025-12-31', dayTo: '2026-02-01' })).toEqual({
      monthFrom: '2026-01-01',
      monthTo: '2026-02-01',
    });
  });

  it('leaves every day to the daily rollups without a whole month', () => {
    for (const window of [
      { dayFrom: '2026-03-02', dayTo: '2026-03-30' },
      { dayFrom: '2026-03-02', dayTo: '2026-04-30' },
      { dayFrom: '2026-03-05', dayTo: '2026-03-05' },
    ])
      expect(monthsOf(window)).toEqual({ monthFrom: window.dayTo, monthTo: window.dayTo });
  });
});
