import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZMoney } from '../catalogue/fields.js';

/**
 * What the stock is worth (issue 16): units on hand at their unit cost (the moving average of
 * receipts, else the product's cost price) and at their selling price, per location and for the
 * business. Items whose cost is unknown are counted apart and left out of `value`.
 */
export const ZStockValueQuery = z.object({
  locationId: ZUuid.optional().describe('One location; every active location when absent'),
});
export type TStockValueQuery = z.input<typeof ZStockValueQuery>;

const ZStockValueSums = z.object({
  items: z.number().int().describe('Items with units on hand'),
  units: z.number().int(),
  value: ZMoney.describe('Units at their unit cost'),
  retailValue: ZMoney.describe('Units at their selling price'),
  uncostedItems: z.number().int().describe('Items with units whose cost is unknown (left out of value)'),
});

export const ZStockValueLocation = ZStockValueSums.extend({
  locationId: z.uuid(),
  locationName: z.string(),
  usedBy: z.enum(['STORE', 'WAREHOUSE']).nullable(),
});
export type TStockValueLocation = z.infer<typeof ZStockValueLocation>;

export const ZStockValue = z.object({
  locations: z.array(ZStockValueLocation).describe('By value, highest first'),
  total: ZStockValueSums,
});
export type TStockValue = z.infer<typeof ZStockValue>;
