import type { TReportCell } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { ask, reportShopClock, seedReportShop, type ReportShop } from '../../../../test/factories/reports.js';
import { unsupportedNumbers } from '../report-numbers.js';

/**
 * The built-in analyst on 35 phrasings of a shop owner's questions, against the hand-worked shop
 * of test/factories/reports.ts (UTC; today Thursday 26 November 2026). Each expects the table's
 * leading rows as worked out by hand, and a summary whose every number is in a table.
 */

let t: TestApp;
let shop: ReportShop;

beforeAll(async () => {
  const clock = reportShopClock();
  t = await buildTestApp({}, { clock });
  shop = await seedReportShop(t, clock);
});

afterAll(async () => {
  await t?.close();
});

type Case = {
  question: string;
  /** The first table's title starts with this. */
  table: string;
  /** Its leading rows, cell by cell. */
  rows: TReportCell[][];
  /** Words the summary holds. */
  says?: string[];
};

const OCTOBER_BY_UNITS = [
  [1, 'Oat milk', 'OAT-1', 7, '21.40'],
  [2, 'Cold brew', 'CB-1', 5, '20.00'],
  [3, 'Sourdough', 'BRD-1', 4, '20.00'],
];

const CASES: Case[] = [
  // Best and worst sellers
  {
    question: 'best sellers last month',
    table: 'Best sellers by units sold',
    rows: OCTOBER_BY_UNITS,
    says: ['Oat milk was the best seller', '21.40'],
  },
  {
    question: 'What were my best-selling products in October?',
    table: 'Best sellers',
    rows: OCTOBER_BY_UNITS,
  },
  { question: 'top 2 products last month', table: 'Best sellers', rows: OCTOBER_BY_UNITS.slice(0, 2) },
  {
    question: 'Which products sold the most last month at Market Row?',
    table: 'Best sellers by units sold (Market Row)',
    rows: [
      [1, 'Oat milk', 'OAT-1', 5, '15.00'],
      [2, 'Sourdough', 'BRD-1', 4, '20.00'],
    ],
  },
  {
    question: 'best sellers by revenue last month',
    table: 'Best sellers by sales',
    rows: [
      [1, 'Oat milk', 'OAT-1', 7, '21.40'],
      [2, 'Sourdough', 'BRD-1', 4, '20.00'],
      [3, 'Cold brew', 'CB-1', 5, '20.00'],
    ],
  },
  {
    question: 'worst sellers last month',
    table: 'Worst sellers',
    rows: [
      [1, 'Sourdough', 'BRD-1', 4, '20.00'],
      [2, 'Cold brew', 'CB-1', 5, '20.00'],
    ],
  },
  {
    question: 'most popular items in Bakery last month',
    table: 'Best sellers by units sold (Bakery)',
    rows: [[1, 'Sourdough', 'BRD-1', 4, '20.00']],
  },
  {
    question: 'What sells on weekends?',
    table: 'Best sellers by units sold (weekends)',
    rows: [[1, 'Cold brew', 'CB-1', 1, '4.00']],
  },
  {
    question: 'what sells best on weekends in October',
    table: 'Best sellers by units sold (weekends)',
    rows: [
      [1, 'Sourdough', 'BRD-1', 4, '20.00'],
      [2, 'Oat milk', 'OAT-1', 4, '12.00'],
    ],
  },
  // Totals
  {
    question: 'total sales last 30 days',
    table: 'Sales',
    rows: [['32.60', 4, 9, '8.15']],
    says: ['32.60', '8.15'],
  },
  { question: 'How much did we sell this month?', table: 'Sales', rows: [['32.60', 4, 9, '8.15']] },
  { question: 'revenue yesterday', table: 'Sales', rows: [['9.60', 1, 3, '9.60']] },
  {
    question: 'sales summary for Harbour Side this month',
    table: 'Sales at Harbour Side',
    rows: [['13.60', 2, 4, '6.80']],
  },
  {
    question: 'how many transactions today',
    table: 'Sales',
    rows: [['0.00', 0, 0, '0.00']],
    says: ['No sales were recorded'],
  },
  // Two periods
  {
    question: 'sales this week vs last week',
    table: 'Two periods compared',
    // Monday to Thursday against Monday to Thursday of last week (Saturday's 4.00 is not yet).
    rows: [
      ['Sales', 22.6, 6, '276.7'],
      ['Transactions', 2, 1, '100.0'],
    ],
    says: ['22.60', '6.00', 'up 276.7%', 'last week to the same day'],
  },
  {
    question: 'Compare this month with last month',
    table: 'Two periods compared',
    rows: [['Sales', 32.6, 61.4, '-46.9']],
    says: ['down 46.9%'],
  },
  {
    question: 'How did this week compare to last week at Market Row?',
    table: 'Two periods at Market Row',
    rows: [['Sales', 13, 6, '116.7']],
  },
  {
    question: 'last 7 days versus the week before',
    table: 'Two periods compared',
    rows: [['Sales', 26.6, 6, '343.3']],
  },
  // Days of the week
  {
    question: 'Which day of the week is busiest?',
    table: 'Sales by day of the week',
    rows: [
      ['Monday', '19.00', 5, '58.3'],
      ['Tuesday', '0.00', 0, '0.0'],
      ['Wednesday', '9.60', 3, '29.4'],
    ],
    says: ['Monday was the busiest day', 'Saturday was the quietest'],
  },
  {
    question: 'sales by weekday in October',
    table: 'Sales by day of the week',
    rows: [
      ['Monday', '0.00', 0, '0.0'],
      ['Tuesday', '3.00', 1, '4.9'],
      ['Wednesday', '26.40', 7, '43.0'],
    ],
    says: ['Wednesday was the busiest'],
  },
  // Categories and margins
  {
    question: 'margin by category last 30 days',
    table: 'Margin by category',
    rows: [
      ['Bakery', 2, '10.00', '4.00', '6.00', '60.0', 0],
      ['No category', 3, '9.60', '5.40', '4.20', '43.8', 0],
      ['Dairy', 3, '9.00', '5.40', '3.60', '40.0', 0],
      ['Drinks', 1, '4.00', '1.50', '2.50', '62.5', 0],
    ],
    says: ['Bakery earned the largest margin', 'Dairy had the thinnest margin, 40.0%'],
  },
  {
    question: 'Which categories are most profitable this month?',
    table: 'Margin by category',
    rows: [['Bakery', 2, '10.00', '4.00', '6.00', '60.0', 0]],
  },
  {
    question: 'profit by category at Market Row this month',
    table: 'Margin by category at Market Row',
    rows: [
      ['Bakery', 2, '10.00', '4.00', '6.00', '60.0', 0],
      ['Dairy', 3, '9.00', '5.40', '3.60', '40.0', 0],
    ],
  },
  {
    question: 'sales by category in October',
    table: 'Margin by category',
    rows: [
      ['Bakery', 4, '20.00', '8.00', '12.00', '60.0', 0],
      ['Drinks', 5, '20.00', '7.50', '12.50', '62.5', 0],
      ['Dairy', 5, '15.00', '9.00', '6.00', '40.0', 0],
      ['No category', 2, '6.40', '3.60', '2.80', '43.8', 0],
    ],
  },
  // Stores
  {
    question: 'Which store sold the most this month?',
    table: 'Stores by sales',
    rows: [
      ['Market Row', '19.00', 2, '9.50', '58.3'],
      ['Harbour Side', '13.60', 2, '6.80', '41.7'],
    ],
    says: ['Market Row sold the most', 'Harbour Side sold the least'],
  },
  {
    question: 'compare my stores last month',
    table: 'Stores by sales',
    rows: [
      ['Market Row', '35.00', 3, '11.67', '57.0'],
      ['Harbour Side', '26.40', 1, '26.40', '43.0'],
    ],
  },
  {
    question: 'store performance this week',
    table: 'Stores by sales',
    rows: [['Market Row', '13.00', 1, '13.00', '57.5']],
  },
  // Stock
  {
    question: 'Which products are running out?',
    table: 'Running low',
    rows: [
      ['Sourdough', 'BRD-1', 'Market Row', 4, 10, 6],
      ['Cold brew', 'CB-1', 'Harbour Side', 2, 5, 3],
    ],
    says: ['2 items are under the reorder point', 'Sourdough at Market Row is the furthest under'],
  },
  {
    question: 'what do I need to reorder at Harbour Side',
    table: 'Running low at Harbour Side',
    rows: [['Cold brew', 'CB-1', 'Harbour Side', 2, 5, 3]],
  },
  {
    question: 'low stock items',
    table: 'Running low',
    rows: [['Sourdough', 'BRD-1', 'Market Row', 4, 10, 6]],
  },
  {
    question: 'slow movers in the last 60 days',
    table: 'Slow movers',
    rows: [['Croissant', 'CRO-1', 'Market Row', 50, 0]],
  },
  {
    question: "what isn't selling at Market Row?",
    table: 'Slow movers at Market Row',
    rows: [
      ['Croissant', 'CRO-1', 'Market Row', 50, 0],
      ['Sourdough', 'BRD-1', 'Market Row', 4, 2],
    ],
  },
  {
    question: 'What is my stock worth?',
    table: 'Stock value',
    rows: [
      ['Market Row', 3, 146, '173.60', '396.00', 1],
      ['Harbour Side', 2, 47, '84.00', '152.00', 0],
      ['All locations', 5, 193, '257.60', '548.00', 1],
    ],
    says: ['257.60 at cost', '548.00 at selling prices'],
  },
  {
    question: 'inventory value at Harbour Side',
    table: 'Stock value at Harbour Side',
    rows: [['Harbour Side', 2, 47, '84.00', '152.00', 0]],
  },
  // Trends
  {
    question: 'daily sales trend this week',
    table: 'Sales per day',
    rows: [
      ['2026-11-23', '13.00'],
      ['2026-11-24', '0.00'],
      ['2026-11-25', '9.60'],
      ['2026-11-26', '0.00'],
    ],
  },
  {
    question: 'monthly sales this year',
    table: 'Sales per month',
    rows: [['2026-01', '0.00']],
    says: ['The best month', '2026-10', '61.40'],
  },
];

describe('the built-in analyst', () => {
  it('is tested on at least 30 phrasings', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('answers "$question"', async ({ question, table, rows, says }) => {
    const { statusCode, report } = await ask(t, shop.owner.token, question);
    expect(statusCode, JSON.stringify(report)).toBe(200);
    const [first] = report.tables;
    expect(first?.title.startsWith(table), first?.title).toBe(true);
    expect(first?.rows.slice(0, rows.length)).toEqual(rows);
    for (const words of says ?? []) expect(report.summary).toContain(words);
    expect(unsupportedNumbers(report.summary, report.tables, [question])).toEqual([]);
    expect(report.provider).toBe('built-in');
    expect(report.kind).toBe('ADVANCED');
  });

  it('answers a question it does not understand with 422 and examples', async () => {
    for (const question of ["what's the weather tomorrow", 'hello there']) {
      const { statusCode, body } = await ask(t, shop.owner.token, question);
      expect(statusCode).toBe(422);
      expect(body.message).toMatch(/did not understand/);
      expect((body.details as { examples: string[] }).examples).toContain('Best sellers last month');
    }
  });

  it("reads the filter's range and store when the question names none", async () => {
    const { report } = await ask(t, shop.owner.token, 'best sellers', {
      start: '01-10-2026 00:00',
      end: '31-10-2026 23:59',
      storeId: shop.harbour.storeId,
    });
    expect(report.tables[0]?.rows).toEqual([
      [1, 'Cold brew', 'CB-1', 5, '20.00'],
      [2, 'Oat milk', 'OAT-1', 2, '6.40'],
    ]);
  });

  it('lets the question win over the filter', async () => {
    const { report } = await ask(t, shop.owner.token, 'best sellers this week at Market Row', {
      start: '01-10-2026 00:00',
      end: '31-10-2026 23:59',
      storeId: shop.harbour.storeId,
    });
    expect(report.tables[0]?.rows).toEqual([
      [1, 'Sourdough', 'BRD-1', 2, '10.00'],
      [2, 'Oat milk', 'OAT-1', 1, '3.00'],
    ]);
  });
});
