import fastifyMultipart from '@fastify/multipart';
import { CSV_CONTENT_TYPE, SPREADSHEET_MAX_BYTES, XLSX_CONTENT_TYPE } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../http/app-error.js';
import { readMultipartForm } from '../http/multipart-form.js';
import { attachmentHeader, writeCsv, writeXlsx, type SheetCell } from './spreadsheet-writer.js';

/**
 * The HTTP side of spreadsheets, shared by every area that takes or gives them: the multipart
 * limits of an upload route, reading its `file` part, the response schemas of a download.
 */

/** Registers multipart parsing on the plugin of the upload routes (and only there). */
export async function acceptSpreadsheetUploads(
  app: FastifyInstance,
  fields: readonly string[],
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: SPREADSHEET_MAX_BYTES,
      files: 1,
      fields: fields.length,
      parts: fields.length + 1,
      fieldSize: 4 * 1024,
    },
    // A file over the limit arrives truncated and readMultipartForm answers its 413 with a sentence.
    throwFileSizeLimit: false,
  });
}

/** The uploaded file and the form's text fields; 400 when the file is missing. */
export async function readSpreadsheetForm(
  request: FastifyRequest,
  fields: readonly string[],
): Promise<{ file: Buffer; fields: Record<string, string> }> {
  const form = await readMultipartForm(request, {
    fields,
    files: ['file'],
    maxFileBytes: SPREADSHEET_MAX_BYTES,
    what: 'the spreadsheet',
  });
  const file = form.files.file;
  if (!file) {
    throw new AppError('VALIDATION_ERROR', 'Choose a spreadsheet (.xlsx or .csv) to upload.', {
      fieldErrors: { file: ['Choose a spreadsheet (.xlsx or .csv) to upload.'] },
    });
  }
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(form.fields)) if (typeof value === 'string') texts[name] = value;
  return { file, fields: texts };
}

/** The 200 of a download route: bytes, described for the API document. */
export const ZSpreadsheetFile = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary', description: 'The spreadsheet file' });

export const SPREADSHEET_DOWNLOAD_RESPONSES = { 200: ZSpreadsheetFile } as const;

export type Template = {
  headers: readonly string[];
  rows: ReadonlyArray<readonly SheetCell[]>;
  sheetName: string;
};

/** Sends a template (or any small sheet) as an attachment in the asked format. */
export async function sendSpreadsheet(
  reply: FastifyReply,
  format: 'excel' | 'csv',
  filename: string,
  sheet: Template & { textColumns?: readonly number[] },
): Promise<FastifyReply> {
  const isExcel = format === 'excel';
  const body = isExcel
    ? await writeXlsx(sheet.headers, sheet.rows, {
        sheetName: sheet.sheetName,
        textColumns: sheet.textColumns,
      })
    : writeCsv(sheet.headers, sheet.rows);
  return reply
    .header('content-type', isExcel ? XLSX_CONTENT_TYPE : CSV_CONTENT_TYPE)
    .header('content-disposition', attachmentHeader(filename))
    .header('cache-control', 'no-store')
    .send(body);
}
