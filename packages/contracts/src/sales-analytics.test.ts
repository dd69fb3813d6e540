import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_DATE_MESSAGE,
  ZAnalyticsProductTrendQuery,
  ZAnalyticsRankingQuery,
  ZAnalyticsTrendQuery,
  ZSalesFilterRequest,
  parseAnalyticsDateTime,
} from './sales-analytics.js';

function fieldErrorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return errors;
}

describe('parseAnalyticsDateTime', () => {
  it('reads dd-MM-yyyy HH:mm as its parts', () => {
    expect(parseAnalyticsDateTime('31-01-2026 18:30')).toEqual({
      year: 2026,
      month: 1,
      day: 31,
      hour: 18,
      minute: 30,
    });
    expect(parseAnalyticsDateTime('29-02-2028 00:00')).toEqual({
      year: 2028,
      month: 2,
      day: 29,
      hour: 0,
      minute: 0,
    });
    expect(parseAnalyticsDateTime('31-12-2026 23:59')).toEqual({
      year: 2026,
      month: 12,
      day: 31,
      hour: 23,
      minute: 59,
    });
  });

  it('refuses other layouts and dates or times that do not exist', () => {
    for (const text of [
      '2026-01-31 18:30',
      '31-01-2026',
      '31-01-2026 18:30:00',
      '31/01/2026 18:30',
      '1-01-2026 18:30',
      ' 31-01-2026 18:30',
      '31-01-2026T18:30',
      '29-02-2026 10:00',
      '31-04-2026 10:00',
      '00-01-2026 10:00',
      '10-13-2026 10:00',
      '10-01-2026 24:00',
      '10-01-2026 23:60',
      '10-01-0099 10:00',
      '30-12-9999 23:59',
    ]) {
      expect(parseAnalyticsDateTime(text), text).toBeNull();
    }
  });
});

describe('the range of a query', () => {
  it('answers the parts, the default limit and interval', () => {
    expect(ZAnalyticsRankingQuery.parse({ start: '01-03-2026 00:00', end: '31-03-2026 23:59' })).toEqual({
      start: { year: 2026, month: 3, day: 1, hour: 0, minute: 0 },
      end: { year: 2026, month: 3, day: 31, hour: 23, minute: 59 },
      limit: 5,
    });
    expect(ZAnalyticsTrendQuery.parse({ start: '01-03-2026 00:00', end: '31-03-2026 23:59' }).interval).toBe(
      'daily',
    );
  });

  it('puts the expected format on the field', () => {
    const result = ZAnalyticsRankingQuery.safeParse({ start: '2026-03-01 00:00', end: '31-02-2026 10:00' });
    expect(fieldErrorsOf(result)).toEqual({ start: [ANALYTICS_DATE_MESSAGE], end: [ANALYTICS_DATE_MESSAGE] });
    expect(fieldErrorsOf(ZAnalyticsRankingQuery.safeParse({ end: '01-03-2026 00:00' }))).toEqual({
      start: [ANALYTICS_DATE_MESSAGE],
    });
  });

  it('refuses an end not after the start and a range over three years', () => {
    const at = (start: string, end: string) =>
      fieldErrorsOf(ZAnalyticsRankingQuery.safeParse({ start, end }));
    expect(at('02-03-2026 10:00', '02-03-2026 10:00')).toEqual({ end: ['The end must be after the start.'] });
    expect(at('02-03-2026 10:00', '01-03-2026 10:00')).toEqual({ end: ['The end must be after the start.'] });
    expect(at('01-03-2023 00:00', '01-03-2026 00:00')).toEqual({});
    expect(at('01-03-2023 00:00', '01-03-2026 00:01')).toEqual({ end: ['A range spans at most 3 years.'] });
  });

  it('refuses a limit out of 1..100 and an unknown interval', () => {
    const range = { start: '01-03-2026 00:00', end: '02-03-2026 00:00' };
    for (const limit of ['0', '101', '2.5', 'five'])
      expect(
        Object.keys(fieldErrorsOf(ZAnalyticsRankingQuery.safeParse({ ...range, limit }))),
        limit,
      ).toEqual(['limit']);
    expect(ZAnalyticsRankingQuery.parse({ ...range, limit: '100' }).limit).toBe(100);
    expect(fieldErrorsOf(ZAnalyticsTrendQuery.safeParse({ ...range, interval: 'hourly' }))).toEqual({
      interval: ['The interval is daily, weekly or monthly.'],
    });
  });
});

describe('ZAnalyticsProductTrendQuery', () => {
  const base = {
    start: '01-03-2026 00:00',
    end: '02-03-2026 00:00',
    storeId: '0190c6a0-0000-7000-8000-000000000001',
  };

  it('needs one way of naming the product; blank ones count as absent', () => {
    expect(fieldErrorsOf(ZAnalyticsProductTrendQuery.safeParse({ ...base, sku: ' ', barcode: '' }))).toEqual({
      productId: ['Name the product by productId, sku or barcode.'],
    });
    expect(ZAnalyticsProductTrendQuery.parse({ ...base, productId: '', sku: ' tea-1 ' })).toMatchObject({
      productId: undefined,
      sku: 'tea-1',
      interval: 'daily',
    });
  });
});

describe('ZSalesFilterRequest', () => {
  const range = { start: '01-03-2026 00:00', end: '02-03-2026 00:00' };

  it('defaults to products, 100 rows', () => {
    expect(ZSalesFilterRequest.parse(range)).toMatchObject({ groupBy: 'product', limit: 100 });
  });

  it('refuses a maximum below the minimum, bad ids and an unknown grouping', () => {
    expect(fieldErrorsOf(ZSalesFilterRequest.safeParse({ ...range, minTotal: '10', maxTotal: 5 }))).toEqual({
      maxTotal: ['maxTotal cannot be below minTotal.'],
    });
    expect(
      Object.keys(fieldErrorsOf(ZSalesFilterRequest.safeParse({ ...range, storeIds: ['nope'] }))),
    ).toEqual(['storeIds']);
    expect(Object.keys(fieldErrorsOf(ZSalesFilterRequest.safeParse({ ...range, groupBy: 'week' })))).toEqual([
      'groupBy',
    ]);
  });
});
