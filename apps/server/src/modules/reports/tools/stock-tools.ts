import { z } from 'zod';
import { barChart, columns, money } from '../report-format.js';
import type { AnalyticsTool } from './analytics-tool.js';
import { stockValueByLocation } from '../../inventory/value/stock-value.service.js';
import { findLowStock, findSlowMovers } from './stock-queries.repository.js';
import { checkRange, locationOf, rangeShape, ZId } from './tool-context.js';

/** The stock tools: what is running low, what does not sell, and what the stock is worth. */

const locationId = ZId.optional().describe(
  'Only this location (an id from the list of locations; a store is at its location); all when absent',
);

const lowStockArgs = z
  .object({ locationId, limit: z.number().int().min(1).max(200).default(50).describe('How many items') })
  .strict();

export const lowStockTool: AnalyticsTool<typeof lowStockArgs> = {
  name: 'low_stock',
  description:
    'Items under their reorder point now (running out), the furthest under first, with how many units short.',
  parameters: lowStockArgs,
  async run(context, args) {
    const location = locationOf(context, args.locationId);
    const { rows, total } = await findLowStock(context.scope, {
      locationId: location?.id,
      limit: args.limit,
    });
    return {
      tables: [
        {
          title: `Running low${location ? ` at ${location.name}` : ''}`,
          columns: columns(
            ['product', 'Product', 'text'],
            ['sku', 'SKU', 'text'],
            ['location', 'Location', 'text'],
            ['onHand', 'On hand', 'integer'],
            ['reorderPoint', 'Reorder point', 'integer'],
            ['short', 'Short by', 'integer'],
          ),
          rows: rows.map((row) => [
            row.productName,
            row.sku,
            row.locationName,
            row.quantity,
            row.reorderPoint,
            row.reorderPoint - row.quantity,
          ]),
          ...(total > rows.length
            ? { note: `${total - rows.length} more items are under their reorder point.` }
            : {}),
        },
      ],
      charts: [],
    };
  },
};

const slowArgs = z
  .object({
    ...rangeShape,
    locationId,
    limit: z.number().int().min(1).max(100).default(20).describe('How many items'),
  })
  .strict();

export const slowMoversTool: AnalyticsTool<typeof slowArgs> = {
  name: 'slow_movers',
  description:
    "Items in stock at the stores' locations that sold the fewest units over a range of days (slow movers, dead stock).",
  parameters: slowArgs,
  async run(context, args) {
    checkRange(args);
    const location = locationOf(context, args.locationId);
    const rows = await findSlowMovers(context.scope, { ...args, locationId: location?.id });
    return {
      tables: [
        {
          title: `Slow movers${location ? ` at ${location.name}` : ''}`,
          columns: columns(
            ['product', 'Product', 'text'],
            ['sku', 'SKU', 'text'],
            ['location', 'Location', 'text'],
            ['onHand', 'On hand', 'integer'],
            ['sold', 'Units sold', 'integer'],
          ),
          rows: rows.map((row) => [row.productName, row.sku, row.locationName, row.quantity, row.unitsSold]),
        },
      ],
      charts: [],
    };
  },
};

const valueArgs = z.object({ locationId }).strict();

export const stockValueTool: AnalyticsTool<typeof valueArgs> = {
  name: 'stock_value',
  description:
    'Units on hand and what they are worth at cost (the average cost of receipts, else the cost price) and at ' +
    'selling price, per location holding stock, now. Items without a cost are counted apart.',
  parameters: valueArgs,
  async run(context, args) {
    const location = locationOf(context, args.locationId);
    // The inventory's own sums (GET /api/inventory/value), by value at selling price as this table reads.
    const rows = (await stockValueByLocation(context.scope, location?.id ?? null))
      .filter((row) => row.units > 0)
      .map((row) => ({ ...row, costValue: row.value }))
      .sort((a, b) => Number(b.retailValue) - Number(a.retailValue));
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const body = rows.map((row) => [
      row.locationName,
      row.items,
      row.units,
      row.costValue,
      row.retailValue,
      row.uncostedItems,
    ]);
    if (rows.length > 1)
      body.push([
        'All locations',
        sum((row) => row.items),
        sum((row) => row.units),
        money(sum((row) => Number(row.costValue))),
        money(sum((row) => Number(row.retailValue))),
        sum((row) => row.uncostedItems),
      ]);
    const uncosted = sum((row) => row.uncostedItems);
    return {
      tables: [
        {
          title: `Stock value${location ? ` at ${location.name}` : ''}`,
          columns: columns(
            ['location', 'Location', 'text'],
            ['items', 'Items in stock', 'integer'],
            ['units', 'Units', 'integer'],
            ['cost', 'Value at cost', 'money'],
            ['retail', 'Value at selling price', 'money'],
            ['uncosted', 'Items without a cost price', 'integer'],
          ),
          rows: body,
          ...(uncosted > 0 ? { note: 'Items without a cost price are left out of the value at cost.' } : {}),
        },
      ],
      charts: barChart({
        title: 'Value at cost per location',
        unit: 'money',
        name: 'Value at cost',
        points: rows.map((row) => ({ x: row.locationName, y: Number(row.costValue) })),
      }),
    };
  },
};
