import { z } from 'zod';
import { ZTimestamps } from './fields.js';

/**
 * The stock of one product at its location (DESIGN 12). The catalogue reads it (store details,
 * product stock); the inventory area adds its calls, the ledger and the stock function.
 */
export const ZInventoryItem = z.object({
  id: z.uuid(),
  inventoryId: z.uuid().describe('Same as id'),
  locationId: z.uuid(),
  productId: z.uuid(),
  sku: z.string(),
  barcode: z.string().nullable(),
  productName: z.string(),
  quantity: z.number().int(),
  reorderPoint: z.number().int().nullable(),
  averageUnitCost: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Cost of one unit here, 4 decimals: the moving average of receipts (purchases, transfers in), ' +
        'the product’s cost price until the first one; null when neither is known; left out for roles that see no costs',
    ),
  active: z.boolean(),
  ...ZTimestamps,
});
export type TInventoryItem = z.infer<typeof ZInventoryItem>;
