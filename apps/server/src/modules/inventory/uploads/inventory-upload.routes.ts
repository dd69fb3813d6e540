import {
  API,
  CSV_CONTENT_TYPE,
  INVENTORY_TEMPLATE_NAMES,
  INVENTORY_UPLOAD_COLUMNS,
  MAX_LISTED_ROW_ERRORS,
  SPREADSHEET_MAX_ROWS,
  XLSX_CONTENT_TYPE,
  ZErrorBody,
  ZInventoryUploadQuery,
  ZInventoryUploadResult,
  ZUploadMode,
  type UploadMode,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../../platform/auth/guard.js';
import {
  acceptSpreadsheetUploads,
  readSpreadsheetForm,
  sendSpreadsheet,
  SPREADSHEET_DOWNLOAD_RESPONSES,
} from '../../../platform/files/spreadsheet-http.js';
import { fieldError } from '../../../platform/http/app-error.js';
import { parseWith } from '../../../platform/http/multipart-form.js';
import { idempotencyClaim } from '../../../platform/idempotency/idempotency.js';
import type { InventoryDeps } from '../inventory.deps.js';
import { uploadInventory } from './inventory-upload.service.js';

const TAGS = ['inventory'];
const ZModeField = z.object({ mode: ZUploadMode });

/** The template: the upload's columns and one example row (DESIGN 13: both formats). */
const TEMPLATE = {
  headers: INVENTORY_UPLOAD_COLUMNS,
  rows: [['SKU-001', '4006381333931', 25, 'Main Warehouse']],
  sheetName: 'Inventory',
  // The barcode column is text, so Excel keeps the leading zeros of a barcode typed into it.
  textColumns: [0, 1],
};

export const inventoryUploadRoutes: FastifyPluginAsyncZod<{ deps: InventoryDeps }> = async (
  app,
  { deps },
) => {
  await acceptSpreadsheetUploads(app, ['mode']);

  app.post(
    API.inventory.bulkUpload,
    {
      config: { access: { permission: 'inventory:create' } },
      schema: {
        tags: TAGS,
        operationId: 'uploadInventory',
        summary: 'Add or set stock from a spreadsheet (XLSX or CSV)',
        description:
          'multipart/form-data with a part `file` (XLSX or CSV, at most 10 MB and ' +
          `${SPREADSHEET_MAX_ROWS.toLocaleString('en')} rows) and an optional field \`mode\`: add (default) adds ` +
          'each row to the stock, set replaces it (also accepted as ?mode=). Columns sku, barcode, quantity, ' +
          'location (by name), in any order and case; each product by SKU, or by barcode when the SKU is empty. ' +
          'Products without stock at their location get it. All rows or none: any bad row answers 400 with ' +
          `details.rows [{row, column, message}] (the first ${MAX_LISTED_ROW_ERRORS}) and details.totalErrors. ` +
          'Needs the BULK_UPLOAD feature. Honours Idempotency-Key (the file and mode identify the request).',
        consumes: ['multipart/form-data'],
        querystring: ZInventoryUploadQuery,
        response: {
          200: ZInventoryUploadResult,
          400: ZErrorBody,
          403: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const form = await readSpreadsheetForm(request, ['mode']);
      const mode = uploadMode(form.fields.mode, request.query.mode);
      const claim = idempotencyClaim(
        request,
        principal.userId,
        Buffer.concat([Buffer.from(`${mode}\n`), form.file]),
      );
      const answer = await uploadInventory(deps, principal, { file: form.file, mode, claim });
      // Always 200: a replayed answer is the first one.
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  for (const [format, path, operationId, contentType] of [
    ['excel', API.inventory.templateExcel, 'downloadInventoryTemplateExcel', XLSX_CONTENT_TYPE],
    ['csv', API.inventory.templateCsv, 'downloadInventoryTemplateCsv', CSV_CONTENT_TYPE],
  ] as const) {
    const filename = INVENTORY_TEMPLATE_NAMES[format];
    app.get(
      path,
      {
        config: { access: { permission: 'inventory:read' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: `The inventory upload template (${filename})`,
          description: `The columns ${INVENTORY_UPLOAD_COLUMNS.join(', ')} and one example row, as an attachment.`,
          produces: [contentType, 'application/json'],
          response: SPREADSHEET_DOWNLOAD_RESPONSES,
        },
      },
      async (_request, reply) => sendSpreadsheet(reply, format, filename, TEMPLATE),
    );
  }
};

/** The form's `mode` or the query's; both may be sent only when they agree. */
function uploadMode(field: string | undefined, query: UploadMode | undefined): UploadMode {
  const fromForm =
    field === undefined ? undefined : parseWith(ZModeField, { mode: field.trim().toLowerCase() }).mode;
  if (fromForm && query && fromForm !== query) {
    throw fieldError('mode', 'The form and the address name different modes. Send one.');
  }
  return fromForm ?? query ?? 'add';
}
