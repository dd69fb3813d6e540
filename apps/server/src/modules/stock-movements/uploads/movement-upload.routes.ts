import {
  API,
  CSV_CONTENT_TYPE,
  MAX_BATCH_ITEMS,
  MAX_LISTED_ROW_ERRORS,
  MOVEMENT_TEMPLATE_NAMES,
  MOVEMENT_UPLOAD_COLUMNS,
  XLSX_CONTENT_TYPE,
  ZCreatedMovements,
  ZErrorBody,
  ZMovementUploadQuery,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { MovementDeps } from '../stock-movements.deps.js';
import { uploadMovements } from './movement-upload.service.js';

const TAGS = ['stock-movements'];

const TEMPLATE = {
  headers: MOVEMENT_UPLOAD_COLUMNS,
  rows: [['SKU-001', 'Main Warehouse', 'Corner Store', 5]],
  sheetName: 'Stock movements',
  textColumns: [0],
};

export const movementUploadRoutes: FastifyPluginAsyncZod<{ deps: MovementDeps }> = async (app, { deps }) => {
  await acceptSpreadsheetUploads(app, ['note']);

  app.post(
    API.stockMovements.bulkUpload,
    {
      config: { access: { permission: 'movements:create' } },
      schema: {
        tags: TAGS,
        operationId: 'uploadMovements',
        summary: 'Create a batch of stock movements from a spreadsheet (XLSX or CSV)',
        description:
          'multipart/form-data with a part `file` (XLSX or CSV, at most 10 MB) and an optional field `note` ' +
          '(also accepted as ?note=). Columns sku, source, destination, quantity (locations by name, any case). ' +
          `The rows become one batch (at most ${MAX_BATCH_ITEMS}) of PENDING movements sharing one pair of codes, ` +
          'answered once as by the create call. All rows or none: any bad row answers 400 with details.rows ' +
          `[{row, column, message}] (the first ${MAX_LISTED_ROW_ERRORS}) and details.totalErrors. Needs the ` +
          'BULK_UPLOAD feature. Honours Idempotency-Key (the file and note identify the request).',
        consumes: ['multipart/form-data'],
        querystring: ZMovementUploadQuery,
        response: {
          201: ZCreatedMovements,
          400: ZErrorBody,
          403: ZErrorBody,
          404: ZErrorBody,
          409: ZErrorBody,
          413: ZErrorBody,
          415: ZErrorBody,
          422: ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request.principal);
      const form = await readSpreadsheetForm(request, ['note']);
      const fromForm =
        form.fields.note === undefined ? undefined : parseWith(ZMovementUploadQuery, form.fields).note;
      const fromQuery = request.query.note;
      if (fromForm !== undefined && fromQuery !== undefined && fromForm !== fromQuery) {
        throw fieldError('note', 'The form and the address hold different notes. Send one.');
      }
      const note = fromForm ?? fromQuery ?? null;
      const claim = idempotencyClaim(
        request,
        principal.userId,
        Buffer.concat([Buffer.from(`${JSON.stringify(note)}\n`), form.file]),
      );
      return reply.code(201).send(await uploadMovements(deps, principal, { file: form.file, note, claim }));
    },
  );

  for (const [format, path, operationId, contentType] of [
    ['excel', API.stockMovements.templateExcel, 'downloadMovementTemplateExcel', XLSX_CONTENT_TYPE],
    ['csv', API.stockMovements.templateCsv, 'downloadMovementTemplateCsv', CSV_CONTENT_TYPE],
  ] as const) {
    const filename = MOVEMENT_TEMPLATE_NAMES[format];
    app.get(
      path,
      {
        config: { access: { permission: 'movements:create' } },
        schema: {
          tags: TAGS,
          operationId,
          summary: `The stock movement upload template (${filename})`,
          description: `The columns ${MOVEMENT_UPLOAD_COLUMNS.join(', ')} and one example row, as an attachment.`,
          produces: [contentType, 'application/json'],
          response: SPREADSHEET_DOWNLOAD_RESPONSES,
        },
      },
      async (_request, reply) => sendSpreadsheet(reply, format, filename, TEMPLATE),
    );
  }
};
