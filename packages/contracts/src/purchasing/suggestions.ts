import { z } from 'zod';
import { ZMoney } from '../catalogue/fields.js';
import { ZUuid } from '../common.js';
import { ZPurchaseOrder } from './orders.js';

/**
 * Suggested orders (issue 16): at one location, the products under their reorder point with the
 * units to order to reach a target level, grouped by supplier. The target is the reorder point plus
 * the forecast demand over the supplier's lead time (when the product has sales to forecast from);
 * units already on sent orders and on drafts are not suggested again.
 */

/** The lead time assumed for a supplier that has none (and for products without a supplier). */
export const DEFAULT_LEAD_TIME_DAYS = 7;

export const ZSuggestionsQuery = z.object({ locationId: ZUuid.describe('Where the stock is wanted') });
export type TSuggestionsQuery = z.input<typeof ZSuggestionsQuery>;

export const ZSuggestedLine = z.object({
  productId: z.uuid(),
  sku: z.string(),
  productName: z.string(),
  quantity: z.number().int().describe('Units on hand'),
  reorderPoint: z.number().int(),
  onOrder: z.number().int().describe('Units still to come on sent orders'),
  drafted: z.number().int().describe('Units on draft orders (not sent yet)'),
  forecastDemand: z
    .number()
    .int()
    .nullable()
    .describe('Forecast units sold over the lead time; null without sales to forecast from'),
  targetLevel: z.number().int().describe('reorderPoint + forecastDemand'),
  suggestedQuantity: z.number().int().describe('targetLevel − quantity − onOrder − drafted, at least 1'),
  unitCost: ZMoney.optional().describe(
    'The unit cost a draft takes: the average cost, else the cost price, else 0.00; left out for roles that see no costs',
  ),
  lineCost: ZMoney.optional(),
});
export type TSuggestedLine = z.infer<typeof ZSuggestedLine>;

export const ZSuggestionGroup = z.object({
  supplierId: z.uuid().nullable().describe('null: products without a supplier'),
  supplierName: z.string().nullable(),
  leadTimeDays: z.number().int(),
  isLeadTimeAssumed: z
    .boolean()
    .describe(`The supplier has no lead time: ${DEFAULT_LEAD_TIME_DAYS} days assumed`),
  canOrder: z.boolean().describe('An active supplier: the group can become a draft order'),
  lines: z.array(ZSuggestedLine),
  totalCost: ZMoney.optional(),
});
export type TSuggestionGroup = z.infer<typeof ZSuggestionGroup>;

export const ZSuggestions = z.object({
  locationId: z.uuid(),
  locationName: z.string(),
  groups: z.array(ZSuggestionGroup).describe('Orderable suppliers by name, then the rest'),
});
export type TSuggestions = z.infer<typeof ZSuggestions>;

export const ZDraftsFromSuggestionsRequest = z.object({
  locationId: ZUuid,
  supplierIds: z
    .array(ZUuid)
    .min(1, 'Pick at least one supplier.')
    .max(100, 'At most 100 suppliers at once.')
    .optional()
    .describe('The groups to order; every orderable group when absent'),
});
export type TDraftsFromSuggestionsRequest = z.output<typeof ZDraftsFromSuggestionsRequest>;

export const ZDraftsFromSuggestions = z.object({
  orders: z.array(ZPurchaseOrder).describe('The drafts created, one per supplier (more past 200 lines)'),
});
export type TDraftsFromSuggestions = z.infer<typeof ZDraftsFromSuggestions>;
