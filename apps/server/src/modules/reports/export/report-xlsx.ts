import type { ReportColumnType, TReport, TReportCell, TReportTable } from '@app/contracts';
import ExcelJS from 'exceljs';
import { escapeCell, xmlSafe } from '../../../platform/files/spreadsheet-writer.js';
import { isoInTimeZone } from '../../../platform/zoned-time.js';
import type { ReportFileOptions } from './report-file-name.js';

/**
 * A report as a workbook: a "Summary" sheet (what was asked, the answer, when and by whom), then
 * one sheet per table with typed cells, so sums, sorting and filters work on the numbers as they
 * are: money and percent become numbers (12.3 percent is stored as 0.123 and shown as 12.3%),
 * days become date cells. Every text cell goes through escapeCell (DESIGN 13): a product name
 * or a question may begin with "=". The charts are not drawn here; their figures are in the
 * tables.
 */

const NUMBER_FORMATS: Record<Exclude<ReportColumnType, 'text'>, string> = {
  money: '#,##0.00',
  percent: '0.0%',
  integer: '#,##0',
  number: '#,##0.##',
  date: 'yyyy-mm-dd',
};

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDCE6F1' } };
const SHEET_NAME_MAX = 31;
const SUMMARY_SHEET = 'Summary';
/** Width (in characters) of the Summary sheet's value column; its texts wrap at it. */
const SUMMARY_TEXT_WIDTH = 90;
/**
 * Printed, a sheet is as wide as the A4 paper (landscape for many columns) and runs on over as
 * many pages as it needs.
 */
function printed(columnCount: number): Partial<ExcelJS.AddWorksheetOptions> {
  const orientation = columnCount > 6 ? 'landscape' : 'portrait';
  return { pageSetup: { paperSize: 9, orientation, fitToPage: true, fitToWidth: 1, fitToHeight: 0 } };
}
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Every text of the report as XML can hold it. */
function xmlSafeReport(report: TReport): TReport {
  const cell = (value: TReportCell): TReportCell => (typeof value === 'string' ? xmlSafe(value) : value);
  return {
    ...report,
    title: xmlSafe(report.title),
    question: xmlSafe(report.question),
    summary: xmlSafe(report.summary),
    followUps: report.followUps.map(xmlSafe),
    model: report.model === null ? null : xmlSafe(report.model),
    tables: report.tables.map((table) => ({
      ...table,
      title: xmlSafe(table.title),
      columns: table.columns.map((column) => ({ ...column, label: xmlSafe(column.label) })),
      rows: table.rows.map((row) => row.map(cell)),
      ...(table.note === undefined ? {} : { note: xmlSafe(table.note) }),
    })),
  };
}

export async function renderReportXlsx(stored: TReport, given: ReportFileOptions): Promise<Buffer> {
  const report = xmlSafeReport(stored);
  const options = { ...given, businessName: xmlSafe(given.businessName) };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Retail back-office';
  workbook.title = report.title;
  workbook.created = new Date(report.generatedAt);
  const names = sheetNames(report.tables.map((table) => table.title));
  summarySheet(workbook.addWorksheet(SUMMARY_SHEET, printed(2)), report, options, names);
  report.tables.forEach((table, index) =>
    tableSheet(workbook.addWorksheet(names[index], printed(table.columns.length)), table),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function summarySheet(
  sheet: ExcelJS.Worksheet,
  report: TReport,
  options: ReportFileOptions,
  tableSheets: readonly string[],
): void {
  sheet.columns = [{ width: 16 }, { width: SUMMARY_TEXT_WIDTH }];
  const title = sheet.addRow([escapeCell(report.title)]);
  title.font = { bold: true, size: 14 };
  sheet.addRow([]);
  const line = (label: string, value: string | Date, numFmt?: string) => {
    const row = sheet.addRow([label, typeof value === 'string' ? escapeCell(value) : value]);
    row.getCell(1).font = { bold: true };
    row.getCell(1).alignment = { vertical: 'top' };
    const cell = row.getCell(2);
    cell.alignment = { vertical: 'top', horizontal: 'left', wrapText: true };
    if (numFmt) cell.numFmt = numFmt;
    // Excel does not grow a row to its wrapped text when it opens a file; LibreOffice does.
    if (typeof value === 'string') row.height = 15 * wrappedLines(value, SUMMARY_TEXT_WIDTH);
  };
  line('Business', options.businessName);
  line('Question', report.question);
  line('Summary', report.summary);
  // Excel has no time zones: the cell holds the business's wall-clock time, the zone is named.
  line('Generated at', wallClockDate(report.generatedAt, options.timeZone), 'yyyy-mm-dd hh:mm');
  line('Time zone', options.timeZone);
  line('Answered by', report.model ? `${providerName(report)} (${report.model})` : providerName(report));
  if (report.followUps.length > 0) line('Ask next', report.followUps.join('\n'));
  // Where each table is: its sheet, and its whole title when the sheet's name had to be cut.
  report.tables.forEach((table, index) => {
    const sheet = tableSheets[index] ?? '';
    line(index === 0 ? 'Tables' : '', sheet === table.title ? sheet : `${sheet}: ${table.title}`);
  });
}

function tableSheet(sheet: ExcelJS.Worksheet | undefined, table: TReportTable): void {
  if (!sheet) return;
  const { columns, rows } = table;
  const header = sheet.addRow(columns.map((column) => escapeCell(column.label)));
  header.font = { bold: true };
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF8EA9C8' } } };
    // A number's header stands over its right-aligned figures.
    const horizontal = column.type === 'text' ? 'left' : 'right';
    cell.alignment = { vertical: 'middle', horizontal, wrapText: true };
  });
  for (const cells of rows) {
    const row = sheet.addRow(columns.map((column, index) => typedValue(cells[index] ?? null, column.type)));
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      if (column.type !== 'text' && (typeof cell.value === 'number' || cell.value instanceof Date)) {
        cell.numFmt = NUMBER_FORMATS[column.type];
      }
    });
  }
  columns.forEach((column, index) => {
    const shown = rows.map((cells) => shownLength(cells[index] ?? null, column.type));
    // The header's filter button takes about two characters.
    const longest = Math.max(column.label.length + 3, ...shown);
    // exceljs leaves out a width of 9, its default, and Excel's own default is narrower.
    sheet.getColumn(index + 1).width = Math.min(60, Math.max(10, longest + 2));
  });
  if (columns.length > 0) {
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: rows.length + 1, column: columns.length } };
  }
  if (table.note) {
    sheet.addRow([]);
    sheet.addRow([escapeCell(table.note)]).font = { italic: true, color: { argb: 'FF555555' } };
  }
}

/** The cell as a spreadsheet should hold it; what does not fit its column's type stays text. */
function typedValue(cell: TReportCell, type: ReportColumnType): ExcelJS.CellValue {
  if (cell === null) return null;
  if (type === 'text') return typeof cell === 'string' ? escapeCell(cell) : cell;
  if (type === 'date') {
    const day = typeof cell === 'string' ? ISO_DAY.exec(cell) : null;
    if (!day) return typeof cell === 'string' ? escapeCell(cell) : cell;
    // A date cell is a day number; exceljs counts it from a UTC Date, so UTC midnight is the day.
    return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  }
  const text = String(cell);
  if (typeof cell === 'string' && !PLAIN_DECIMAL.test(cell)) return escapeCell(cell);
  if (type !== 'percent') return Number(text);
  // "12.3e-2" parses to the double nearest 0.123, where 12.3 / 100 gives 0.12300000000000001.
  return PLAIN_DECIMAL.test(text) ? Number(`${text}e-2`) : Number(text) / 100;
}

function shownLength(cell: TReportCell, type: ReportColumnType): number {
  if (cell === null) return 0;
  const text = String(cell);
  if (type === 'date' || type === 'text') return Math.min(text.length, 60);
  // Digits, grouping commas every three, the sign and the decimals (percent adds its sign).
  const [whole = '', fraction = ''] = text.replace('-', '').split('.');
  const decimals = type === 'money' ? 3 : type === 'integer' ? 0 : fraction.length > 0 ? 3 : 0;
  return whole.length + Math.floor((whole.length - 1) / 3) + decimals + 1 + (type === 'percent' ? 1 : 0);
}

/**
 * Sheet names Excel accepts, one per table: without []:*?/\, not starting or ending with an
 * apostrophe, at most 31 characters, unique regardless of case, neither "Summary" (the first
 * sheet) nor "History" (reserved by Excel). A clash gets " (2)", " (3)"...
 */
export function sheetNames(titles: readonly string[]): string[] {
  const taken = new Set([SUMMARY_SHEET.toLowerCase(), 'history']);
  return titles.map((title, index) => {
    const cleaned = title
      .replace(/[[\]:*?/\\\p{Cc}]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .trim();
    const base = cleaned || `Table ${index + 1}`;
    let name = fitName(base, '');
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) name = fitName(base, ` (${copy})`);
    taken.add(name.toLowerCase());
    return name;
  });
}

/** base cut so that base + suffix holds at most 31 UTF-16 units, never halving a character. */
function fitName(base: string, suffix: string): string {
  let cut = '';
  for (const character of base) {
    if (cut.length + character.length + suffix.length > SHEET_NAME_MAX) break;
    cut += character;
  }
  return `${cut.trimEnd().replace(/'+$/, '')}${suffix}`;
}

function wallClockDate(instant: string, timeZone: string): Date {
  // The zone's wall clock written as if it were UTC: what exceljs stores as the cell's day number.
  return new Date(`${isoInTimeZone(new Date(instant), timeZone).slice(0, 19)}Z`);
}

function providerName(report: TReport): string {
  return report.provider === 'language-model' ? 'A language model' : 'The built-in analyst';
}

function wrappedLines(text: string, width: number): number {
  return text
    .split('\n')
    .reduce((lines, paragraph) => lines + Math.max(1, Math.ceil(paragraph.length / width)), 0);
}
