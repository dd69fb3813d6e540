import { SPREADSHEET_MAX_BYTES, SPREADSHEET_MAX_ROWS } from '@app/contracts';
import { AppError } from '../http/app-error.js';
import { csvBody, readCsvRows } from './csv-rows.js';
import type { RawRow } from './raw-row.js';
import { sheetRefusal, type RowError } from './row-errors.js';
import { readXlsxRows } from './xlsx-rows.js';
import { isZip } from './zip-archive.js';

/**
 * Reads an uploaded spreadsheet (DESIGN 13 "Files"), XLSX or CSV, recognised by its content, never
 * its name or declared type: a zip is an XLSX, UTF-8 text is a CSV, anything else a 415.
 *
 * The header is the first row that is not blank; its cells are matched to the expected columns
 * case-insensitively and trimmed, other columns are ignored. Rows keep the number the sheet shows
 * (the header being row 1 in a sheet that starts at the top), blank rows are skipped, every value is
 * trimmed text. At most SPREADSHEET_MAX_ROWS data rows (413 beyond), and a cell holding NUL
 * refuses the sheet.
 */

export type SheetColumn = { name: string; isRequired: boolean };

export type SheetRow<C extends string> = { row: number; values: Record<C, string> };

export type Sheet<C extends string> = {
  format: 'xlsx' | 'csv';
  /** The expected columns the header has. */
  columns: ReadonlySet<C>;
  rows: Array<SheetRow<C>>;
};

/** Blank rows are cheap but not free: a sheet may hold this many rows in all. */
const MAX_ROWS_WITH_BLANKS = SPREADSHEET_MAX_ROWS * 4;

const TOO_MANY_ROWS = `The sheet has more than ${SPREADSHEET_MAX_ROWS.toLocaleString('en')} rows. Split it into files of at most ${SPREADSHEET_MAX_ROWS.toLocaleString('en')} rows and upload them one after the other.`;

export async function readSpreadsheet<C extends string>(
  data: Buffer,
  columns: ReadonlyArray<SheetColumn & { name: C }>,
): Promise<Sheet<C>> {
  if (data.length === 0)
    throw new AppError('BAD_REQUEST', 'The file is empty. Choose a spreadsheet with rows.');
  if (data.length > SPREADSHEET_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The file is larger than ${SPREADSHEET_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
    );
  }
  const format = formatOf(data);
  const source = format === 'xlsx' ? readXlsxRows(data) : readCsvRows(csvBody(data));
  return collectRows(source, format, columns);
}

async function collectRows<C extends string>(
  source: AsyncIterable<RawRow>,
  format: 'xlsx' | 'csv',
  columns: ReadonlyArray<SheetColumn & { name: C }>,
): Promise<Sheet<C>> {
  let header: { row: number; indexes: Map<C, number>; names: string[] } | undefined;
  const rows: Array<SheetRow<C>> = [];
  let seen = 0;
  for await (const { row, cells } of source) {
    seen += 1;
    if (seen > MAX_ROWS_WITH_BLANKS) throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_ROWS);
    refuseNul(row, cells, header?.names ?? []);
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!header) {
      header = readHeader(row, cells, columns);
      continue;
    }
    if (rows.length === SPREADSHEET_MAX_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_ROWS);
    const values = {} as Record<C, string>;
    for (const column of columns) {
      const index = header.indexes.get(column.name);
      values[column.name] = index === undefined ? '' : (cells[index] ?? '').trim();
    }
    rows.push({ row, values });
  }
  if (!header) throw new AppError('BAD_REQUEST', `The file has no rows. ${expected(columns)}`);
  if (rows.length === 0) {
    throw new AppError('BAD_REQUEST', 'The sheet has a header row but no rows below it. Add a row per item.');
  }
  return { format, columns: new Set(header.indexes.keys()), rows };
}

function readHeader<C extends string>(
  row: number,
  cells: readonly string[],
  columns: ReadonlyArray<SheetColumn & { name: C }>,
): { row: number; indexes: Map<C, number>; names: string[] } {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const indexes = new Map<C, number>();
  const errors: RowError[] = [];
  for (const column of columns) {
    const found = names.flatMap((name, index) => (name === column.name.toLowerCase() ? [index] : []));
    if (found.length > 1) {
      errors.push({
        row,
        column: column.name,
        message: `The column ${column.name} appears ${found.length} times.`,
      });
    } else if (found[0] !== undefined) {
      indexes.set(column.name, found[0]);
    } else if (column.isRequired) {
      errors.push({
        row,
        column: column.name,
        message: `The header row has no column ${column.name}. ${expected(columns)}`,
      });
    }
  }
  if (errors.length > 0) throw sheetRefusal(errors);
  return { row, indexes, names };
}

function expected(columns: readonly SheetColumn[]): string {
  return `The first row names the columns: ${columns.map((column) => column.name).join(', ')}.`;
}

/** PostgreSQL text cannot hold U+0000: a cell with it refuses the sheet (400), wherever it is. */
function refuseNul(row: number, cells: readonly string[], headerNames: readonly string[]): void {
  const index = cells.findIndex((cell) => cell.includes('\u0000'));
  if (index === -1) return;
  throw sheetRefusal([
    {
      row,
      column: headerNames[index] || columnLetters(index),
      message: 'The cell holds the NUL character (U+0000), which cannot be saved. Remove it.',
    },
  ]);
}

/** A, B, ..., Z, AA: how a spreadsheet names the column at this 0-based index. */
function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** Formats other than XLSX and CSV that people upload by mistake, by their first bytes. */
const OTHER_FORMATS: Array<{ magic: Buffer; message: string }> = [
  {
    magic: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    message:
      'Old Excel files (.xls) and password-protected workbooks cannot be read. Save the sheet as .xlsx without a password, or as CSV.',
  },
  { magic: Buffer.from('%PDF'), message: 'This is a PDF document, not a spreadsheet.' },
  { magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]), message: 'This is a PNG image, not a spreadsheet.' },
  { magic: Buffer.from([0xff, 0xd8, 0xff]), message: 'This is a JPEG image, not a spreadsheet.' },
  { magic: Buffer.from('GIF8'), message: 'This is a GIF image, not a spreadsheet.' },
  { magic: Buffer.from([0x1f, 0x8b]), message: 'This is a gzip archive, not a spreadsheet.' },
];

function formatOf(data: Buffer): 'xlsx' | 'csv' {
  if (isZip(data)) return 'xlsx';
  const other = OTHER_FORMATS.find(({ magic }) => data.subarray(0, magic.length).equals(magic));
  if (other) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `${other.message} Upload an Excel (.xlsx) or CSV file.`);
  }
  return 'csv';
}
