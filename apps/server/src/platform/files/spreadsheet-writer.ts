import ExcelJS from 'exceljs';

/**
 * Spreadsheets the API hands out (templates, exports), CSV and XLSX from headers and rows.
 *
 * Formula injection (DESIGN 13): a text cell that begins with =, +, -, @, a tab or a carriage
 * return would be taken for a formula by Excel or LibreOffice when the file is opened, so it is
 * written with a leading apostrophe, the spreadsheets' own "this is text" mark. Numbers are written
 * as numbers and need none.
 */
export type SheetCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * What XML 1.0 cannot hold: C0 controls other than tab, line feed and carriage return (C1 ones go
 * too: nobody means them), the noncharacters U+FFFE and U+FFFF, and halves of surrogate pairs. exceljs writes U+FFFE and U+FFFF
 * as they are, and a workbook holding one is refused by Excel and by exceljs itself; a product
 * contributor may name a product so, and every export that lists it would break (security review
 * of issue 14). Each becomes U+FFFD, the replacement character.
 */
const NOT_XML = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;

export const xmlSafe = (text: string): string => text.replace(NOT_XML, '\uFFFD');

/**
 * UTF-8 with a BOM (without it Excel reads UTF-8 as the system's code page), comma-separated,
 * CRLF line ends, a field quoted when it holds a comma, a quote, a line break or outer spaces.
 */
export function writeCsv(headers: readonly string[], rows: ReadonlyArray<readonly SheetCell[]>): Buffer {
  return csvBytes([headers, ...rows].map(csvLine));
}

/**
 * A decimal written exactly as given (`"12.50"`, `"-3.40"`): money keeps its cents, which a
 * number would lose (12.5), and its minus sign is a number's, not a formula's, so it gets no
 * apostrophe. Text that is not a plain decimal is written as escaped text instead.
 */
export type CsvDecimal = { readonly decimal: string };
export type CsvCell = SheetCell | CsvDecimal;

/** Several tables in one CSV: each its title line (when it has one), header and rows. */
export type CsvSection = {
  title?: string;
  headers: readonly string[];
  rows: ReadonlyArray<readonly CsvCell[]>;
};

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** The sections one after another, a blank line between two, with writeCsv's rules. */
export function writeCsvSections(sections: readonly CsvSection[]): Buffer {
  const lines = sections.flatMap((section, index) => [
    ...(index > 0 ? [''] : []),
    ...(section.title ? [csvLine([section.title])] : []),
    csvLine(section.headers),
    ...section.rows.map(csvLine),
  ]);
  return csvBytes(lines);
}

function csvBytes(lines: readonly string[]): Buffer {
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

function csvLine(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(',');
}

function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'object')
    return PLAIN_DECIMAL.test(cell.decimal) ? cell.decimal : csvField(cell.decimal);
  const text = escapeCell(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type XlsxOptions = {
  sheetName: string;
  /** Columns (0-based) formatted as text, so that Excel keeps a barcode's leading zeros. */
  textColumns?: readonly number[];
};

/** One sheet: a bold header row, the rows, columns wide enough for their longest value. */
export async function writeXlsx(
  headers: readonly string[],
  rows: ReadonlyArray<readonly SheetCell[]>,
  options: XlsxOptions,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.sheetName);
  sheet.columns = headers.map((header, index) => {
    const longest = Math.max(header.length, ...rows.map((row) => String(row[index] ?? '').length));
    return {
      width: Math.min(60, Math.max(10, longest + 2)),
      ...(options.textColumns?.includes(index) ? { style: { numFmt: '@' } } : {}),
    };
  });
  sheet.addRow(headers.map((header) => escapeCell(xmlSafe(header)))).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(row.map((cell) => (typeof cell === 'string' ? escapeCell(xmlSafe(cell)) : cell)));
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Content-Disposition of a download; the names are the API's own, plain ASCII. */
export function attachmentHeader(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`;
}
