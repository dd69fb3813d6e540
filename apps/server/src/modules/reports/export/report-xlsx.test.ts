import type { TReport, TReportTable } from '@app/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderReportXlsx, sheetNames } from './report-xlsx.js';
import { BEST_SELLERS_REPORT, SAMPLE_OPTIONS, STORE_COMPARISON_REPORT } from './sample-reports.js';

async function workbookOf(report: TReport): Promise<ExcelJS.Workbook> {
  const data = await renderReportXlsx(report, SAMPLE_OPTIONS);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  return workbook;
}

const typed: TReportTable = {
  title: 'Typed cells',
  columns: [
    { key: 'product', label: '=Product', type: 'text' },
    { key: 'units', label: 'Units', type: 'integer' },
    { key: 'revenue', label: 'Revenue', type: 'money' },
    { key: 'share', label: 'Share', type: 'percent' },
    { key: 'rate', label: 'Units an hour', type: 'number' },
    { key: 'day', label: 'Day', type: 'date' },
  ],
  rows: [
    ['+Tea', 1200, '-1470.40', '12.3', 2.75, '2026-11-02'],
    ['@Cup', 3, '12.50', '-0.5', 0, 'not a day'],
    [null, null, 'n/a', null, null, null],
  ],
  note: '-Refunds included',
};

describe('renderReportXlsx', () => {
  it('writes the Summary sheet first, then one sheet per table', async () => {
    const workbook = await workbookOf(STORE_COMPARISON_REPORT);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Stores side by side']);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe(STORE_COMPARISON_REPORT.title);
    expect(summary.getCell('A1').font?.bold).toBe(true);
    const lines = new Map<string, ExcelJS.CellValue>();
    summary.eachRow((row) => lines.set(row.getCell(1).text, row.getCell(2).value));
    expect(lines.get('Business')).toBe('Corner Tea House');
    expect(lines.get('Question')).toBe(STORE_COMPARISON_REPORT.question);
    expect(lines.get('Summary')).toBe(STORE_COMPARISON_REPORT.summary);
    expect(lines.get('Answered by')).toBe('A language model (gpt-4.1-mini)');
    expect(lines.get('Time zone')).toBe('Europe/Paris');
    expect(lines.get('Tables')).toBe('Stores side by side');
    expect(summary.getColumn(2).width).toBeGreaterThanOrEqual(80);
    expect(summary.getRow(5).getCell(2).alignment?.wrapText).toBe(true);
  });

  it("writes the time of generation as a date cell on the business's wall clock", async () => {
    // 09:15 UTC is 10:15 in Paris on 27 November.
    const summary = (await workbookOf(BEST_SELLERS_REPORT)).getWorksheet('Summary')!;
    let generated: ExcelJS.Cell | undefined;
    summary.eachRow((row) => {
      if (row.getCell(1).value === 'Generated at') generated = row.getCell(2);
    });
    expect(generated?.value).toEqual(new Date('2026-11-27T10:15:00.000Z'));
    expect(generated?.numFmt).toBe('yyyy-mm-dd hh:mm');
  });

  it('types each cell by its column: numbers with their formats, real dates, escaped text', async () => {
    const workbook = await workbookOf({ ...BEST_SELLERS_REPORT, tables: [typed] });
    const sheet = workbook.getWorksheet('Typed cells')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "'=Product",
      'Units',
      'Revenue',
      'Share',
      'Units an hour',
      'Day',
    ]);

    expect(sheet.getCell('A2').value).toBe("'+Tea");
    expect(sheet.getCell('A2').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('B2').value).toBe(1200);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0');
    // Negative money (refunds) stays a number.
    expect(sheet.getCell('C2').value).toBe(-1470.4);
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D2').value).toBe(0.123);
    expect(sheet.getCell('D2').numFmt).toBe('0.0%');
    expect(sheet.getCell('D3').value).toBe(-0.005);
    expect(sheet.getCell('E2').value).toBe(2.75);
    expect(sheet.getCell('E2').numFmt).toBe('#,##0.##');
    expect(sheet.getCell('F2').type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getCell('F2').value).toEqual(new Date('2026-11-02T00:00:00.000Z'));
    expect(sheet.getCell('F2').numFmt).toBe('yyyy-mm-dd');

    // What does not fit its column's type is kept as text, escaped; empty cells stay empty.
    expect(sheet.getCell('A3').value).toBe("'@Cup");
    expect(sheet.getCell('F3').value).toBe('not a day');
    expect(sheet.getCell('C4').value).toBe('n/a');
    expect(sheet.getCell('A4').value).toBeNull();
    for (const address of ['A2', 'A3', 'C4', 'F3']) expect(sheet.getCell(address).formula).toBeUndefined();
    // The note sits below the table after a blank row, escaped too.
    expect(sheet.getCell('A6').value).toBe("'-Refunds included");
  });

  it('styles the header: bold, filled, frozen, with a filter over the rows', async () => {
    const sheet = (await workbookOf(BEST_SELLERS_REPORT)).getWorksheet('Best sellers, October 2026')!;
    const header = sheet.getCell('A1');
    expect(header.font?.bold).toBe(true);
    expect(header.fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(sheet.getCell('B1').alignment?.horizontal).toBe('left');
    expect(sheet.getCell('E1').alignment?.horizontal).toBe('right');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toEqual('A1:F11');
    // Wide enough for the longest product name, never wider than 60.
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual('Glass teapot with infuser, 800 ml'.length);
    expect(sheet.getColumn(2).width).toBeLessThanOrEqual(60);
    expect(sheet.getColumn(1).width).toBe(10);
  });

  it('writes an empty table as its header only, and a report without tables as its Summary', async () => {
    const empty = await workbookOf({
      ...BEST_SELLERS_REPORT,
      tables: [{ ...typed, rows: [], note: undefined }],
    });
    const sheet = empty.getWorksheet('Typed cells')!;
    expect(sheet.rowCount).toBe(1);
    const none = await workbookOf({ ...BEST_SELLERS_REPORT, tables: [] });
    expect(none.worksheets.map((each) => each.name)).toEqual(['Summary']);
  });

  it('escapes the title, question and summary on the Summary sheet', async () => {
    const workbook = await workbookOf({
      ...BEST_SELLERS_REPORT,
      title: '=1+1',
      question: '@cmd',
      summary: '-2',
    });
    const summary = workbook.getWorksheet('Summary')!;
    const values: ExcelJS.CellValue[] = [];
    summary.eachRow((row) => row.eachCell((cell) => values.push(cell.value)));
    expect(values).toEqual(expect.arrayContaining(["'=1+1", "'@cmd", "'-2"]));
    expect(values).not.toContain('=1+1');
  });

  it('writes what XML cannot hold (U+FFFE, U+FFFF, C0 controls, half a pair) as U+FFFD', async () => {
    const hostile = 'A\uFFFEB\uFFFFC\u0001D\uD800E 🍵\tF';
    const workbook = await workbookOf({
      ...BEST_SELLERS_REPORT,
      title: hostile,
      question: hostile,
      summary: hostile,
      followUps: [hostile],
      tables: [{ ...typed, title: hostile, rows: [[hostile, 1, '1.00', '1.0', 1, hostile]], note: hostile }],
    });
    const texts: string[] = [];
    for (const sheet of workbook.worksheets)
      sheet.eachRow((row) => row.eachCell((cell) => texts.push(cell.text)));
    expect(texts).toContain('A\uFFFDB\uFFFDC\uFFFDD\uFFFDE 🍵\tF');
    expect(texts.join('')).not.toMatch(/[\uFFFE\uFFFF]|[^\P{Cc}\t]/u);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Summary',
      'A\uFFFDB\uFFFDC\uFFFDD\uFFFDE 🍵 F',
    ]);
  });
});

describe('sheetNames', () => {
  it('drops the characters Excel refuses and keeps at most 31 characters', () => {
    expect(sheetNames(['Sales [net]: a/b\\c*d?e'])).toEqual(['Sales net a b c d e']);
    const [long] = sheetNames(['Revenue by category and store for the last quarter']);
    expect(long).toBe('Revenue by category and store f');
    expect(long?.length).toBe(31);
    expect(sheetNames(["'quoted'"])).toEqual(['quoted']);
  });

  it('makes names unique regardless of case, keeping Summary and History free', () => {
    expect(sheetNames(['Sales', 'sales', 'SALES', 'Summary', 'History', '', '[]'])).toEqual([
      'Sales',
      'sales (2)',
      'SALES (3)',
      'Summary (2)',
      'History (2)',
      'Table 6',
      'Table 7',
    ]);
    const twins = sheetNames(['x'.repeat(40), 'x'.repeat(45)]);
    expect(twins).toEqual(['x'.repeat(31), `${'x'.repeat(27)} (2)`]);
  });

  it('never cuts a character of another script in half', () => {
    const [name] = sheetNames([`${'a'.repeat(30)}😀😀`]);
    expect(name).toBe('a'.repeat(30));
    expect(sheetNames(['销售报告'])).toEqual(['销售报告']);
  });

  it('gives the sheets of a 12-column report names Excel accepts', async () => {
    const titles = [
      'A: long / odd * title ? with [brackets] and more words',
      'Summary',
      'a: LONG / odd * title',
    ];
    const report = {
      ...STORE_COMPARISON_REPORT,
      tables: titles.map((title) => ({ ...STORE_COMPARISON_REPORT.tables[0]!, title })),
    };
    const workbook = await workbookOf(report);
    const names = workbook.worksheets.map((sheet) => sheet.name);
    expect(names).toHaveLength(4);
    // The Summary sheet says which sheet holds which table, with its whole title.
    const listed: string[] = [];
    workbook.getWorksheet('Summary')!.eachRow((row) => listed.push(row.getCell(2).text));
    expect(listed).toContain(`${names[1]}: ${titles[0]}`);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(4);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(31);
      expect(name).not.toMatch(/[[\]:*?/\\]/);
    }
  });
});
