import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../http/app-error.js';
import { cellText } from './cell-text.js';
import type { RawRow } from './raw-row.js';
import {
  readCentralDirectory,
  readEntry,
  writeZip,
  ZipFormatError,
  ZipTooLargeError,
  type CheckedEntry,
  type ZipEntry,
} from './zip-archive.js';

/**
 * The rows of the first sheet of an XLSX, streamed (exceljs's WorkbookReader), as cell texts.
 *
 * Hostile files: only the parts the rows need are unpacked (workbook, its relationships, the
 * shared strings, the first sheet), each bounded by its declared size, all together by
 * MAX_UNPACKED_BYTES (a 10 MB upload of a 50,000-row sheet unpacks to about 15 MB). They are
 * repacked for exceljs with their checked sizes, shared strings before the sheet so that it never
 * spills a sheet to a temporary file. The caller stops reading at its row budget; `MAX_CELLS` bounds the
 * work of rows with thousands of cells.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
const MAX_ENTRIES = 5000;
const MAX_CELLS = 2_000_000;
const MAX_PART_BYTES = 4 * 1024 * 1024;

const DAMAGED =
  'The Excel file could not be read: it may be damaged. Open it in Excel or LibreOffice, save it again as .xlsx and retry.';

export async function* readXlsxRows(data: Buffer): AsyncGenerator<RawRow> {
  const parts = unpackFirstSheet(data);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([writeZip(parts)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let cells = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (!Number.isInteger(row.number) || row.number < 1) throw new AppError('BAD_REQUEST', DAMAGED);
        const texts: string[] = [];
        row.eachCell({ includeEmpty: false }, (cell, column) => {
          texts[column - 1] = cellText(cell.value);
        });
        cells += texts.length;
        if (cells > MAX_CELLS) {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `The sheet has more than ${MAX_CELLS.toLocaleString('en')} cells. Keep only the columns of the template and split it into smaller files.`,
          );
        }
        yield { row: row.number, cells: Array.from(texts, (text) => text ?? '') };
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', DAMAGED, undefined, {}, error);
  }
}

/** The workbook's parts the first sheet needs, checked and unpacked (see zip-archive.ts). */
function unpackFirstSheet(data: Buffer): Array<CheckedEntry | { name: string; content: Buffer }> {
  try {
    const entries = new Map<string, ZipEntry>();
    for (const entry of readCentralDirectory(data, MAX_ENTRIES)) {
      if (entries.has(entry.name)) throw new ZipFormatError(`${entry.name} appears twice`);
      entries.set(entry.name, entry);
    }
    const workbook = entries.get('xl/workbook.xml');
    if (!workbook) throw notAWorkbook(entries);
    const relations = entries.get('xl/_rels/workbook.xml.rels');
    if (!relations) throw new ZipFormatError('no workbook relationships');
    const workbookXml = readEntry(data, workbook, MAX_PART_BYTES).content.toString('utf8');
    const targets = relationshipTargets(readEntry(data, relations, MAX_PART_BYTES).content.toString('utf8'));

    const sheetId = firstSheetRelationId(workbookXml);
    const sheet = entries.get(targets.byId.get(sheetId ?? '') ?? '');
    if (!sheet) throw new ZipFormatError('the first sheet is missing');
    const sharedStrings = entries.get(targets.sharedStrings ?? 'xl/sharedStrings.xml');
    // The declared sizes are checked before anything large is unpacked; readEntry then holds
    // each entry to its declaration.
    const declared = sheet.size + (sharedStrings?.size ?? 0);
    if (declared > MAX_UNPACKED_BYTES) throw new ZipTooLargeError(`the sheet declares ${declared} bytes`);
    // Under the names exceljs's streaming reader looks for; the workbook and its relationships are
    // replaced by a minimal pair, so exceljs parses nothing of the upload but strings and cells.
    return [
      { name: 'xl/_rels/workbook.xml.rels', content: Buffer.from(EMPTY_RELATIONSHIPS) },
      { name: 'xl/workbook.xml', content: Buffer.from(ONE_SHEET_WORKBOOK) },
      sharedStrings
        ? { ...readEntry(data, sharedStrings, MAX_UNPACKED_BYTES), name: 'xl/sharedStrings.xml' }
        : { name: 'xl/sharedStrings.xml', content: Buffer.from(NO_STRINGS) },
      { ...readEntry(data, sheet, MAX_UNPACKED_BYTES), name: 'xl/worksheets/sheet1.xml' },
    ];
  } catch (error) {
    if (error instanceof ZipTooLargeError) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `The workbook unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB, more than a 50,000-row sheet needs. Keep only the columns of the template, or split it.`,
        undefined,
        {},
        error,
      );
    }
    if (error instanceof ZipFormatError) throw new AppError('BAD_REQUEST', DAMAGED, undefined, {}, error);
    throw error;
  }
}

function notAWorkbook(entries: Map<string, ZipEntry>): AppError {
  const isOpenDocument = entries.has('mimetype') && entries.has('content.xml');
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    isOpenDocument
      ? 'OpenDocument spreadsheets (.ods) cannot be read here. Save the sheet as Excel (.xlsx) or CSV and upload that.'
      : 'This zip file is not an Excel workbook. Upload an Excel (.xlsx) or CSV file.',
  );
}

/** The r:id of the first <sheet> of workbook.xml: the first tab, whatever its file is called. */
function firstSheetRelationId(workbookXml: string): string | undefined {
  const sheet = /<(?:[\w.-]+:)?sheet\s([^>]*)>/.exec(workbookXml)?.[1] ?? '';
  return /(?:^|\s)[\w.-]+:id\s*=\s*["']([^"']*)["']/.exec(sheet)?.[1];
}

/** Relationship ids to part names (resolved against xl/), and the shared strings' part. */
function relationshipTargets(relationsXml: string): {
  byId: Map<string, string>;
  sharedStrings: string | undefined;
} {
  const byId = new Map<string, string>();
  let sharedStrings: string | undefined;
  for (const [, attributes = ''] of relationsXml.matchAll(/<(?:[\w.-]+:)?Relationship\s([^>]*)>/g)) {
    const attribute = (name: string) =>
      new RegExp(`(?:^|\\s)${name}\\s*=\\s*["']([^"']*)["']`).exec(attributes)?.[1];
    const id = attribute('Id');
    const target = attribute('Target');
    if (!id || !target) continue;
    const part = partName(target);
    byId.set(id, part);
    if (attribute('Type')?.endsWith('/sharedStrings')) sharedStrings = part;
  }
  return { byId, sharedStrings };
}

function partName(target: string): string {
  const segments = target.startsWith('/') ? [] : ['xl'];
  for (const segment of target.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

const EMPTY_RELATIONSHIPS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const ONE_SHEET_WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const NO_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
