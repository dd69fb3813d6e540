import { z } from 'zod';
import {
  readCategoryMargins,
  readProductRanking,
  readStoreRanking,
  readTotals,
  readTrend,
  readWeekdays,
} from '../../sales/analytics/report-reads.service.js';
import { changePercent, columns, money, percentOf, WEEKDAYS } from '../report-format.js';
import type { AnalyticsTool } from './analytics-tool.js';
import { categoryOf, checkRange, rangeShape, storeOf, ZId } from './tool-context.js';

/**
 * The sales tools: totals, a comparison of two periods, product rankings, the trend, weekdays,
 * categories with their margin, and stores. Money is net of refunds and after discounts.
 */

const storeId = ZId.optional().describe(
  'Only this store (an id from the list of stores); all stores when absent',
);

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
      charts: [
        {
          type: 'bar',
          title: 'Sales',
          unit: 'money',
          series: [
            {
              name: 'Sales',
              points: [
                { x: args.label ?? 'First period', y: Number(now.totalSales) },
                { x: args.compareLabel ?? 'Second period', y: Number(before.totalSales) },
              ],
            },
          ],
        },
      ],
    };
  },
};

const rankingArgs = z
  .object({
    ...rangeShape,
    storeId,
    categoryId: ZId.optional().describe('Only products of this category (an id from the list of categories)'),
    rankBy: z.enum(['units', 'sales']).default('units').describe('Rank by units sold or by money taken'),
    order: z.enum(['best', 'worst']).default('best').describe('Best sellers first, or the worst first'),
    days: z
      .enum(['all', 'weekends', 'weekdays'])
      .default('all')
      .describe('Only Saturdays and Sundays, only Monday to Friday, or every day'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many products, 1 to 50'),
  })
  .strict();

export const productRankingTool: AnalyticsTool<typeof rankingArgs> = {
  name: 'product_ranking',
  description:
    'Products ranked by units sold or money taken over a range of days: best or worst sellers, optionally only ' +
    'one store, one category, or weekends or weekdays. Across stores, products are grouped by SKU.',
  parameters: rankingArgs,
  async run(context, args) {
    checkRange(args);
    const store = storeOf(context, args.storeId);
    const category = categoryOf(context, args.categoryId);
    const rows = await readProductRanking(context.scope, args, {
      storeId: store?.id,
      categoryIds: category ? [category.id] : undefined,
      isoWeekdays: args.days === 'weekends' ? [6, 7] : args.days === 'weekdays' ? [1, 2, 3, 4, 5] : undefined,
      measure: args.rankBy === 'units' ? 'quantity' : 'total',
      direction: args.order === 'best' ? 'desc' : 'asc',
      limit: args.limit,
    });
    const by = args.rankBy === 'units' ? 'units sold' : 'sales';
    const where = [store?.name, category?.name, args.days === 'all' ? undefined : args.days]
      .filter(Boolean)
      .join(', ');
    const title = `${args.order === 'best' ? 'Best' : 'Worst'} sellers by ${by}${where ? ` (${where})` : ''}`;
    return {
      tables: [
        {
          title,
          columns: columns(
            ['rank', 'Rank', 'integer'],
            ['product', 'Product', 'text'],
            ['sku', 'SKU', 'text'],
            ['units', 'Units sold', 'integer'],
            ['sales', 'Sales', 'money'],
          ),
          rows: rows.map((row, index) => [index + 1, row.productName, row.sku, row.quantity, row.totalPrice]),
        },
      ],
      charts:
        rows.length === 0
          ? []
          : [
              {
                type: 'bar',
                title,
                unit: args.rankBy === 'units' ? 'units' : 'money',
                series: [
                  {
                    name: args.rankBy === 'units' ? 'Units sold' : 'Sales',
                    points: rows.map((row) => ({
                      x: row.productName,
                      y: args.rankBy === 'units' ? row.quantity : Number(row.totalPrice),
                    })),
                  },
                ],
              },
            ],
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
      charts: [
        {
          type: 'bar',
          title,
          unit: 'money',
          series: [{ name: 'Sales', points: days.map((day) => ({ x: day.name.slice(0, 3), y: day.sales })) }],
        },
      ],
    };
  },
};

const categoryArgs = z.object({ ...rangeShape, storeId }).strict();

export const categoryMarginTool: AnalyticsTool<typeof categoryArgs> = {
  name: 'sales_by_category',
  description:
    'Units, money taken, cost and margin per product category over a range of days. Cost is units times the ' +
    "product's current cost price; products without a cost price are left out of the margin and counted apart.",
  parameters: categoryArgs,
  async run(context, args) {
    checkRange(args);
    const store = storeOf(context, args.storeId);
    const rows = await readCategoryMargins(context.scope, args, store?.id);
    const uncosted = rows.reduce((sum, row) => sum + row.uncostedUnits, 0);
    const title = `Margin by category${store ? ` at ${store.name}` : ''}`;
    const tableRows = rows.map((row) => {
      const margin = Number(money(Number(row.costedTotal) - Number(row.cost)));
      return [
        row.label,
        row.quantity,
        row.totalPrice,
        row.cost,
        money(margin),
        percentOf(margin, Number(row.costedTotal)),
        row.uncostedUnits,
      ];
    });
    return {
      tables: [
        {
          title,
          columns: columns(
            ['category', 'Category', 'text'],
            ['units', 'Units sold', 'integer'],
            ['sales', 'Sales', 'money'],
            ['cost', 'Cost', 'money'],
            ['margin', 'Margin', 'money'],
            ['marginPercent', 'Margin %', 'percent'],
            ['uncosted', 'Units without a cost price', 'integer'],
          ),
          rows: tableRows,
          ...(uncosted > 0
            ? { note: 'Units of products without a cost price are left out of cost and margin.' }
            : {}),
        },
      ],
      charts:
        rows.length === 0
          ? []
          : [
              {
                type: 'bar',
                title,
                unit: 'money',
                series: [
                  {
                    name: 'Margin',
                    points: tableRows.map((row) => ({ x: String(row[0]), y: Number(row[4]) })),
                  },
                ],
              },
            ],
    };
  },
};

const storesArgs = z
  .object({ ...rangeShape, limit: z.number().int().min(1).max(50).default(20).describe('How many stores') })
  .strict();

export const storeComparisonTool: AnalyticsTool<typeof storesArgs> = {
  name: 'store_comparison',
  description: 'Stores ranked by money taken over a range of days, with sales, average basket and share.',
  parameters: storesArgs,
  async run(context, args) {
    checkRange(args);
    const rows = await readStoreRanking(context.scope, args, args.limit);
    const total = rows.reduce((sum, row) => sum + Number(row.totalSales), 0);
    return {
      tables: [
        {
          title: 'Stores by sales',
          columns: columns(
            ['store', 'Store', 'text'],
            ['sales', 'Sales', 'money'],
            ['transactions', 'Transactions', 'integer'],
            ['basket', 'Average basket', 'money'],
            ['share', 'Share of sales %', 'percent'],
          ),
          rows: rows.map((row) => [
            row.storeName || 'A deleted store',
            row.totalSales,
            row.transactions,
            row.transactions === 0 ? '0.00' : money(Number(row.totalSales) / row.transactions),
            percentOf(Number(row.totalSales), total),
          ]),
        },
      ],
      charts:
        rows.length === 0
          ? []
          : [
              {
                type: 'bar',
                title: 'Sales per store',
                unit: 'money',
                series: [
                  {
                    name: 'Sales',
                    points: rows.map((row) => ({
                      x: row.storeName || 'A deleted store',
                      y: Number(row.totalSales),
                    })),
                  },
                ],
              },
            ],
    };
  },
};
