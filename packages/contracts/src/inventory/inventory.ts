import { z } from 'zod';
import { ZUuid } from '../common.js';
import { ZActiveFilter, ZPage, ZPageQuery } from '../paging.js';
import { ZInventoryItem } from '../catalogue/inventory-items.js';
import { ZBarcode, ZSku } from '../catalogue/products.js';

/**
 * Inventory of the specification (001 section 7, inventory service) with the ledger of DESIGN 4:
 * every quantity change is a ledger row, and an item's quantity is the sum of its ledger.
 */

/** Most units one item may hold, and the largest single change: well inside a PostgreSQL integer. */
export const MAX_STOCK_QUANTITY = 1_000_000_000;

/** Why a ledger row exists. Manual changes are ADJUSTMENT (with a cause) or COUNT. */
export const STOCK_REASONS = [
  'SALE',
  'ADJUSTMENT',
  'COUNT',
  'MOVEMENT_OUT',
  'MOVEMENT_IN',
  'MOVEMENT_RETURN',
  'UPLOAD',
  /** Units of a purchase order that arrived usable (issue 16). */
  'PURCHASE',
  /** A transfer that arrived short: recorded at the source with delta 0 (the units left it already). */
  'TRANSFER_LOSS',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The causes a person picks when adjusting stock by hand; recorded on the ADJUSTMENT row. */
export const ADJUSTMENT_CAUSES = [
  'RECEIVED',
  'DAMAGED',
  'EXPIRED',
  'LOST',
  'THEFT',
  'FOUND',
  'RETURNED',
  'CORRECTION',
  'OTHER',
] as const;
export type AdjustmentCause = (typeof ADJUSTMENT_CAUSES)[number];

const quantity = (label: string) =>
  z
    .number({ message: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(MAX_STOCK_QUANTITY, `${label} is at most ${MAX_STOCK_QUANTITY}.`);

const ZNote = z
  .string({ message: 'The note must be text.' })
  .trim()
  .max(500, 'A note has at most 500 characters.')
  .nullish()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value));

export const ZDelta = z
  .number({ message: 'The change must be a whole number.' })
  .int('The change must be a whole number.')
  .min(-MAX_STOCK_QUANTITY, `The change is at most ${MAX_STOCK_QUANTITY} units.`)
  .max(MAX_STOCK_QUANTITY, `The change is at most ${MAX_STOCK_QUANTITY} units.`)
  .refine((value) => value !== 0, 'The change cannot be 0.')
  .describe('Units added (positive) or removed (negative)');

export const ZCreateInventoryRequest = z.object({
  productId: ZUuid,
  locationId: ZUuid,
  quantity: quantity('The quantity').describe('Opening quantity, recorded in the ledger as a COUNT'),
  reorderPoint: quantity('The reorder point')
    .nullish()
    .transform((value) => value ?? null)
    .describe('Below this quantity the item shows as low stock'),
});
export type TCreateInventoryRequest = z.output<typeof ZCreateInventoryRequest>;

export const MAX_BATCH_ITEMS = 500;

export const ZCreateInventoryBatchRequest = z
  .array(ZCreateInventoryRequest)
  .min(1, 'Send at least one item.')
  .max(MAX_BATCH_ITEMS, `Send at most ${MAX_BATCH_ITEMS} items at once.`);

export const ZAdjustInventoryRequest = z.object({
  delta: ZDelta,
  reason: z.enum(ADJUSTMENT_CAUSES, { message: 'Pick a reason for the change.' }),
  note: ZNote,
});
export type TAdjustInventoryRequest = z.output<typeof ZAdjustInventoryRequest>;

export const ZAdjustManyRequest = z
  .array(ZAdjustInventoryRequest.extend({ inventoryId: ZUuid }))
  .min(1, 'Send at least one change.')
  .max(MAX_BATCH_ITEMS, `Send at most ${MAX_BATCH_ITEMS} changes at once.`);
export type TAdjustManyRequest = z.output<typeof ZAdjustManyRequest>;

export const ZSetCountRequest = z.object({
  quantity: quantity('The counted quantity'),
  note: ZNote,
});
export type TSetCountRequest = z.output<typeof ZSetCountRequest>;

/** A row of the stock table: the item with what is on its way and whether it runs low. */
export const ZStockRow = ZInventoryItem.extend({
  inTransitOut: z.number().int().describe('Units validated at this location, not yet arrived'),
  inTransitIn: z.number().int().describe('Units on their way here'),
  isLowStock: z.boolean().describe('The quantity is below the reorder point'),
});
export type TStockRow = z.infer<typeof ZStockRow>;
export const ZStockPage = ZPage(ZStockRow);

/** Pages of items (products search, products of a location): active items, by SKU. */
export const ZInventoryItemPage = ZPage(ZInventoryItem);
/** Answers of the batch calls (create many, adjust many). */
export const ZInventoryItemList = z.array(ZInventoryItem);

export const ZInventoryWithCategory = ZInventoryItem.extend({
  category: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});

export const ZInventoryLocationParams = z.object({ id: ZUuid, locationId: ZUuid });
export const ZLocationIdParams = z.object({ locationId: ZUuid });
export const ZInventorySkuParams = z.object({ sku: ZSku, locationId: ZUuid });
export const ZInventoryBarcodeParams = z.object({ barcode: ZBarcode, locationId: ZUuid });

const ZSearchText = z
  .string({ message: 'The search must be text.' })
  .trim()
  .max(64, 'A search has at most 64 characters.');

export const ZStockListQuery = ZPageQuery.extend({
  search: ZSearchText.optional().describe('Part of the SKU or name, any case'),
  active: ZActiveFilter,
  isLowStock: z.enum(['true', 'false']).optional().describe('true: only items below their reorder point'),
});
export type TStockListQuery = z.output<typeof ZStockListQuery>;

export const ZInventorySearchQuery = ZPageQuery.extend({
  query: ZSearchText.default(''),
  locationId: ZUuid,
});
export type TInventorySearchQuery = z.output<typeof ZInventorySearchQuery>;

export const ZSkuSuggestion = z.object({
  productId: z.uuid(),
  inventoryId: z
    .uuid()
    .nullable()
    .describe('The stock record of the product here; null when it has none yet'),
  sku: z.string(),
  productName: z.string(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
});
export const ZSkuSuggestionPage = ZPage(ZSkuSuggestion);
export type TSkuSuggestion = z.infer<typeof ZSkuSuggestion>;

export const ZCountQuery = z.object({
  locationId: ZUuid.optional(),
  productId: ZUuid.optional(),
});
export const ZInventoryCount = z.object({ totalQuantity: z.number().int() });

export const ZAvailabilityQuery = z.object({ sku: ZSku });
export const ZAvailability = z.object({
  locationId: z.uuid(),
  locationName: z.string(),
  productId: z.uuid(),
  onHand: z.number().int().describe('Units at the location now'),
  inTransitOut: z.number().int().describe('Units that left, not yet arrived'),
  inTransitIn: z.number().int().describe('Units on their way here'),
  available: z.number().int().describe('On hand less what pending movements will take out'),
});
export const ZAvailabilityList = z.array(ZAvailability);
export type TAvailability = z.infer<typeof ZAvailability>;

export const ZZeroQuantityDeletion = z.object({ deleted: z.number().int() });

/**
 * The `reference` of the COUNT ledger row that opens a stock record (POST /api/inventory): the
 * history screen calls it the opening quantity rather than a count nobody made.
 */
export const OPENING_REFERENCE = 'OPENING';

export const ZLedgerEntry = z.object({
  id: z.uuid(),
  inventoryId: z.uuid(),
  delta: z.number().int(),
  quantityAfter: z.number().int().describe('The quantity once this change applied'),
  reason: z.enum(STOCK_REASONS),
  cause: z.enum(ADJUSTMENT_CAUSES).nullable(),
  reference: z.string().nullable().describe('What caused it: a movement id, an upload, a sale'),
  note: z.string().nullable(),
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string().describe('ISO-8601 instant'),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZLedgerPage = ZPage(ZLedgerEntry);

export const UPLOAD_MODES = ['add', 'set'] as const;
export const ZInventoryUploadResult = z.object({
  rows: z.number().int().describe('Rows read'),
  created: z.number().int().describe('Items that did not exist before'),
  changed: z.number().int().describe('Items whose quantity changed'),
});
export type TInventoryUploadResult = z.infer<typeof ZInventoryUploadResult>;

/** A refused spreadsheet answers 400 with these in `details.rows`, numbered as the sheet shows them. */
export const ZRowError = z.object({
  row: z.number().int().describe('Row number in the sheet, the header being row 1'),
  column: z.string().nullable(),
  message: z.string(),
});
export type TRowError = z.infer<typeof ZRowError>;
