import { z } from 'zod';
import {
  readCategoryMargins,
  readProductRanking,
  readStoreRanking,
} from '../../sales/analytics/report-reads.service.js';
import { barChart, columns, money, percentOf } from '../report-format.js';
import type { AnalyticsTool } from './analytics-tool.js';
import { categoryOf, checkRange, rangeShape, storeOf, ZId, ZStoreIdArg } from './tool-context.js';

/**
 * The ranking tools: products (best or worst, by units or money, a store, a category, weekends),
 * categories with their margin, and stores. Money is net of refunds and after discounts.
 */

const storeId = ZStoreIdArg;

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
      charts: barChart({
        title,
        unit: args.rankBy === 'units' ? 'units' : 'money',
        name: args.rankBy === 'units' ? 'Units sold' : 'Sales',
        points: rows.map((row) => ({
          x: row.productName,
          y: args.rankBy === 'units' ? row.quantity : Number(row.totalPrice),
        })),
      }),
    };
  },
};

const categoryArgs = z.object({ ...rangeShape, storeId }).strict();

export const categoryMarginTool: AnalyticsTool<typeof categoryArgs> = {
  name: 'sales_by_category',
  description:
    'Units, money taken, cost and margin per product category over a range of days. Cost is what each sale ' +
    'line recorded when sold (the average cost of the stock, else the cost price); lines without a cost are ' +
    'left out of the margin and counted apart.',
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
      charts: barChart({
        title,
        unit: 'money',
        name: 'Margin',
        points: tableRows.map((row) => ({ x: String(row[0]), y: Number(row[4]) })),
      }),
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
      charts: barChart({
        title: 'Sales per store',
        unit: 'money',
        name: 'Sales',
        points: rows.map((row) => ({ x: row.storeName || 'A deleted store', y: Number(row.totalSales) })),
      }),
    };
  },
};
