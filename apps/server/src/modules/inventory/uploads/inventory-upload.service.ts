import { randomUUID } from 'node:crypto';
import {
  INVENTORY_UPLOAD_COLUMNS,
  MAX_STOCK_QUANTITY,
  type TInventoryUploadResult,
  type UploadMode,
} from '@app/contracts';
import type { Principal } from '../../../platform/auth/principal.js';
import { inTenant, type TenantScope } from '../../../platform/db/tenancy.js';
import { sheetRefusal, type RowError } from '../../../platform/files/row-errors.js';
import { readSpreadsheet, type Sheet } from '../../../platform/files/spreadsheet-reader.js';
import { AppError } from '../../../platform/http/app-error.js';
import { once, type Answer, type IdempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import { planOfBusiness } from '../../access/businesses.service.js';
import { recordAuditEvent } from '../../audit/audit.service.js';
import { assertFeature } from '../../plans/plans.service.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { changeStockInBulk, setCountedStockInBulk, type BulkResult } from '../stock/stock.service.js';
import {
  checkInventoryRows,
  codesToFind,
  type InventoryColumn,
  type InventoryLine,
} from './inventory-upload-rules.js';
import { findProducts, readLocationDirectory } from './upload-lookups.service.js';

const COLUMNS = INVENTORY_UPLOAD_COLUMNS.map((name) => ({
  name,
  // A sheet names each product by SKU or by barcode: either column may be left out.
  isRequired: name === 'quantity' || name === 'location',
}));

/**
 * POST /api/inventory/bulk-upload: stock from a spreadsheet, all rows or none (one transaction).
 * "add" adds each row's quantity to the item's stock; "set" replaces it, the ledger recording the
 * difference. Items that do not exist yet are created. Every change is a ledger row with reason
 * UPLOAD, the upload's id as reference and the sheet row in its note, so the history of an item
 * points back to the line of the sheet that changed it.
 */
export async function uploadInventory(
  deps: InventoryDeps,
  principal: Principal,
  upload: { file: Buffer; mode: UploadMode; claim: IdempotencyClaim | null },
): Promise<Answer<TInventoryUploadResult>> {
  // The plan first: a business without the feature hears so whatever its file holds.
  await inTenant(deps.db, principal, assertBulkUpload);
  const sheet = await readSpreadsheet(upload.file, COLUMNS);
  if (!sheet.columns.has('sku') && !sheet.columns.has('barcode')) {
    throw sheetRefusal([
      { row: 1, column: 'sku', message: 'The header row has neither a column sku nor a column barcode.' },
    ]);
  }
  return inTenant(deps.db, principal, (scope) =>
    once(scope, upload.claim, async () => {
      await assertBulkUpload(scope);
      const lines = await resolveRows(scope, sheet, upload.mode);
      const result = await applyLines(scope, principal.userId, lines, upload.mode);
      await recordAuditEvent(scope, {
        userId: principal.userId,
        eventType: result.created > 0 ? 'INVENTORY_CREATION' : 'INVENTORY_ADJUSTMENT',
        description:
          `Stock uploaded from a spreadsheet (${sheet.format.toUpperCase()}, ${upload.mode} mode, ` +
          `upload ${result.uploadId}): ${result.rows} rows, ${result.created} items created, ` +
          `${result.changed} quantities changed.`,
      });
      return {
        statusCode: 200,
        body: { rows: result.rows, created: result.created, changed: result.changed },
      };
    }),
  );
}

async function assertBulkUpload(scope: TenantScope): Promise<void> {
  assertFeature(await planOfBusiness(scope, { lock: false }), 'BULK_UPLOAD');
}

/** The sheet's rows as stock lines, or the 400 listing every bad row. */
async function resolveRows(
  scope: TenantScope,
  sheet: Sheet<InventoryColumn>,
  mode: UploadMode,
): Promise<InventoryLine[]> {
  const directory = await readLocationDirectory(scope);
  const codes = codesToFind(sheet.rows, directory);
  const bySku = await findProducts(scope, 'sku', codes.skus);
  const byBarcode = await findProducts(scope, 'barcode', codes.barcodes);
  const { lines, errors } = checkInventoryRows(sheet.rows, mode, { directory, bySku, byBarcode });
  if (errors.length > 0) throw sheetRefusal(errors);
  return lines;
}

async function applyLines(
  scope: TenantScope,
  userId: string,
  lines: readonly InventoryLine[],
  mode: UploadMode,
): Promise<{ uploadId: string; rows: number; created: number; changed: number }> {
  const uploadId = randomUUID();
  const change = (line: InventoryLine) => ({
    locationId: line.locationId,
    productId: line.productId,
    reason: 'UPLOAD' as const,
    reference: uploadId,
    note: `Spreadsheet row ${line.row}`,
  });
  // Items missing at their location are created, as openItems would: at 0, their stock then
  // arriving through these rows like any other.
  const options = { createMissing: true };
  let result: BulkResult;
  try {
    result =
      mode === 'add'
        ? await changeStockInBulk(
            scope,
            { userId },
            lines.map((line) => ({ ...change(line), delta: line.quantity })),
            options,
          )
        : await setCountedStockInBulk(
            scope,
            { userId },
            lines.map((line) => ({ ...change(line), quantity: line.quantity })),
            options,
          );
  } catch (error) {
    throw tooMuchStock(error, lines) ?? vanishedProduct(error) ?? error;
  }
  const changed = new Set(result.applied.filter((row) => row.delta !== 0).map((row) => row.inventoryId));
  return { uploadId, rows: lines.length, created: result.created.length, changed: changed.size };
}

/** The stock function's refusal of a quantity over the limit, as the rows that cause it. */
function tooMuchStock(error: unknown, lines: readonly InventoryLine[]): AppError | undefined {
  if (!(error instanceof AppError) || error.code !== 'VALIDATION_ERROR') return undefined;
  const { locationId, productId, available } = error.details ?? {};
  const rows: RowError[] = lines
    .filter((line) => line.locationId === locationId && line.productId === productId)
    .map((line) => ({
      row: line.row,
      column: 'quantity',
      message: `With ${String(available)} in stock already, this makes more than ${MAX_STOCK_QUANTITY.toLocaleString('en')} units, the most an item may hold.`,
    }));
  return rows.length > 0 ? sheetRefusal(rows) : undefined;
}

/** A product or location of the sheet deleted by a colleague while the upload ran (foreign key 23503). */
function vanishedProduct(error: unknown): AppError | undefined {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23503' || typeof constraint !== 'string' || !constraint.startsWith('inventory_items_'))
    return undefined;
  return new AppError(
    'CONFLICT',
    'A product or location of the sheet was deleted while it was being saved. Nothing was saved; upload the file again.',
  );
}
