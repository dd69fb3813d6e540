import { z } from 'zod';
import { readTotals, readTrend, readWeekdays } from '../../sales/analytics/report-reads.service.js';
import { barChart, changePercent, columns, money, percentOf, WEEKDAYS } from '../report-format.js';
import type { AnalyticsTool } from './analytics-tool.js';
import { checkRange, rangeShape, storeOf, ZStoreIdArg } from './tool-context.js';

/**
 * The sales tools over time: totals, a comparison of two periods, the trend and the weekdays (the
 * rankings are in ranking-tools.ts). Money is net of refunds and after discounts.
 */

const storeId = ZStoreIdArg;

const totalsArgs = z.object({ ...rangeShape, storeId }).strict();

export const salesTotalsTool: AnalyticsTool<typeof totalsArgs> = {
  name: 'sales_totals',
  description: 'Money taken, number of sales, units sold and the average basket over a range of days.',
  parameters: totalsArgs,
  async run(context, args) {
    checkRange(args);
    const store = storeOf(context, args.storeId);
    const totals = await readTotals(context.scope, args, store?.id);
    return {
      tables: [
        {
          title: store ? `Sales at ${store.name}` : 'Sales',
          columns: columns(
            ['sales', 'Sales', 'money'],
            ['transactions', 'Transactions', 'integer'],
            ['units', 'Units sold', 'integer'],
            ['basket', 'Average basket', 'money'],
          ),
          rows: [[totals.totalSales, totals.transactions, totals.unitsSold, totals.averageBasket]],
        },
      ],
      charts: [],
    };
  },
};

const compareArgs = z
  .object({
    ...rangeShape,
    compareFrom: rangeShape.from.describe('The first day of the period compared with, yyyy-MM-dd'),
    compareTo: rangeShape.to.describe('The last day of the period compared with, yyyy-MM-dd'),
    label: z.string().max(40).optional().describe('What to call the first period, e.g. "This week"'),
    compareLabel: z.string().max(40).optional().describe('What to call the second period, e.g. "Last week"'),
    storeId,
  })
  .strict();

export const comparePeriodsTool: AnalyticsTool<typeof compareArgs> = {
  name: 'compare_periods',
  description:
    'Sales, transactions, units and average basket of two ranges of days side by side, with the change in percent.',
  parameters: compareArgs,
  async run(context, args) {
    checkRange(args);
    checkRange({ from: args.compareFrom, to: args.compareTo });
    const store = storeOf(context, args.storeId);
    const now = await readTotals(context.scope, args, store?.id);
    const before = await readTotals(context.scope, { from: args.compareFrom, to: args.compareTo }, store?.id);
    const row = (label: string, a: number | string, b: number | string, isMoney: boolean) => [
      label,
      isMoney ? Number(money(a)) : Number(a),
      isMoney ? Number(money(b)) : Number(b),
      changePercent(Number(a), Number(b)),
    ];
    return {
      tables: [
        {
          title: store ? `Two periods at ${store.name}` : 'Two periods compared',
          columns: columns(
            ['measure', 'Measure', 'text'],
            ['now', args.label ?? `${args.from} to ${args.to}`, 'number'],
            ['before', args.compareLabel ?? `${args.compareFrom} to ${args.compareTo}`, 'number'],
            ['change', 'Change %', 'percent'],
          ),
          rows: [
            row('Sales', now.totalSales, before.totalSales, true),
            row('Transactions', now.transactions, before.transactions, false),
            row('Units sold', now.unitsSold, before.unitsSold, false),
            row('Average basket', now.averageBasket, before.averageBasket, true),
          ],
        },
      ],
      charts: barChart({
        title: 'Sales',
        unit: 'money',
        name: 'Sales',
        points: [
          { x: args.label ?? 'First period', y: Number(now.totalSales) },
          { x: args.compareLabel ?? 'Second period', y: Number(before.totalSales) },
        ],
      }),
    };
  },
};

const trendArgs = z
  .object({
    ...rangeShape,
    storeId,
    interval: z
      .enum(['daily', 'weekly', 'monthly'])
      .default('daily')
      .describe('Days, weeks (from Monday) or months'),
  })
  .strict();

export const salesTrendTool: AnalyticsTool<typeof trendArgs> = {
  name: 'sales_trend',
  description: 'Money taken per day, week or month over a range of days (periods without sales are 0).',
  parameters: trendArgs,
  async run(context, args) {
    checkRange(args);
    const store = storeOf(context, args.storeId);
    const points = await readTrend(context.scope, args, { storeId: store?.id, interval: args.interval });
    const title = `Sales per ${args.interval === 'daily' ? 'day' : args.interval === 'weekly' ? 'week' : 'month'}${
      store ? ` at ${store.name}` : ''
    }`;
    return {
      tables: [
        {
          title,
          columns: columns(['period', 'Period', 'text'], ['sales', 'Sales', 'money']),
          rows: points.map((point) => [point.period, money(point.value)]),
        },
      ],
      charts: [
        {
          type: 'line',
          title,
          unit: 'money',
          series: [{ name: 'Sales', points: points.map((point) => ({ x: point.period, y: point.value })) }],
        },
      ],
    };
  },
};

const weekdayArgs = z.object({ ...rangeShape, storeId }).strict();

export const weekdaySalesTool: AnalyticsTool<typeof weekdayArgs> = {
  name: 'sales_by_weekday',
  description:
    'Money taken and units sold per day of the week (Monday to Sunday) over a range of days, with shares.',
  parameters: weekdayArgs,
  async run(context, args) {
    checkRange(args);
    const store = storeOf(context, args.storeId);
    const rows = await readWeekdays(context.scope, args, store?.id);
    const byDay = new Map(rows.map((row) => [Number(row.key), row]));
    const total = rows.reduce((sum, row) => sum + Number(row.totalPrice), 0);
    const days = WEEKDAYS.map((name, index) => {
      const row = byDay.get(index + 1);
      const sales = row ? Number(row.totalPrice) : 0;
      return { name, sales, units: row?.quantity ?? 0 };
    });
    const title = `Sales by day of the week${store ? ` at ${store.name}` : ''}`;
    return {
      tables: [
        {
          title,
          columns: columns(
            ['weekday', 'Day', 'text'],
            ['sales', 'Sales', 'money'],
            ['units', 'Units sold', 'integer'],
            ['share', 'Share of sales %', 'percent'],
          ),
          rows: days.map((day) => [day.name, money(day.sales), day.units, percentOf(day.sales, total)]),
        },
      ],
      charts: barChart({
        title,
        unit: 'money',
        name: 'Sales',
        points: days.map((day) => ({ x: day.name.slice(0, 3), y: day.sales })),
      }),
    };
  },
};
