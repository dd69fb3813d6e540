import { z } from 'zod';
import { UPLOAD_MODES, ZRowError } from './inventory.js';

/**
 * Spreadsheets in and out (DESIGN 13 "Files"): the limits every upload shares, the columns of the
 * two upload templates, and the shape of a refused sheet's row errors.
 */

/** Largest spreadsheet accepted (bytes): 10 MB. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows a sheet may hold, the header row not counted. */
export const SPREADSHEET_MAX_ROWS = 50_000;
/** A refused sheet lists at most this many row errors; `totalErrors` counts them all. */
export const MAX_LISTED_ROW_ERRORS = 200;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const INVENTORY_UPLOAD_COLUMNS = ['sku', 'barcode', 'quantity', 'location'] as const;
export const MOVEMENT_UPLOAD_COLUMNS = ['sku', 'source', 'destination', 'quantity'] as const;

export const INVENTORY_TEMPLATE_NAMES = {
  excel: 'inventory_template.xlsx',
  csv: 'inventory_template.csv',
} as const;
export const MOVEMENT_TEMPLATE_NAMES = {
  excel: 'stock_movement_template.xlsx',
  csv: 'stock_movement_template.csv',
} as const;

/** `details` of the 400 that refuses a sheet: nothing of it was written. */
export const ZRowErrorDetails = z.object({
  rows: z.array(ZRowError).describe(`The first ${MAX_LISTED_ROW_ERRORS} problems, in sheet order`),
  totalErrors: z.number().int().describe('How many problems the sheet has in all'),
});
export type TRowErrorDetails = z.infer<typeof ZRowErrorDetails>;

export const ZUploadMode = z.enum(UPLOAD_MODES, { message: 'The mode is add or set.' });
export type UploadMode = z.infer<typeof ZUploadMode>;

/** `?mode=` of the inventory upload; the form's `mode` field says the same. */
export const ZInventoryUploadQuery = z.object({
  mode: ZUploadMode.optional().describe('add (default): add the quantities; set: replace them'),
});
