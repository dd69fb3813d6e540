import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { forgedZip } from '../../../test/fixtures/spreadsheets/forged-zip.js';
import { AppError } from '../http/app-error.js';
import { readSpreadsheet, type SheetColumn } from './spreadsheet-reader.js';
import { writeZip } from './zip-archive.js';

const COLUMNS = [
  { name: 'sku', isRequired: true },
  { name: 'barcode', isRequired: false },
  { name: 'quantity', isRequired: true },
  { name: 'location', isRequired: true },
] as const satisfies ReadonlyArray<SheetColumn>;

const read = (data: Buffer) => readSpreadsheet(data, COLUMNS);

async function refusal(data: Buffer): Promise<AppError> {
  const error = await read(data).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function xlsx(rows: Array<Array<ExcelJS.CellValue>>, build?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csv = (text: string) => Buffer.from(text, 'utf8');

describe('readSpreadsheet', () => {
  describe('CSV', () => {
    it('reads what Excel writes: BOM, ";" between fields, CRLF, quoted ";" and doubled quotes', async () => {
      const file = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        csv('SKU;Barcode;Quantity;Location\r\nTEA-1;;5;"Main; back ""room"""\r\n'),
      ]);
      const sheet = await read(file);
      expect(sheet.format).toBe('csv');
      expect(sheet.rows).toEqual([
        { row: 2, values: { sku: 'TEA-1', barcode: '', quantity: '5', location: 'Main; back "room"' } },
      ]);
    });

    it('finds a tab or comma delimiter from the header and ignores delimiters inside quotes', async () => {
      expect((await read(csv('sku\tquantity\tlocation\nA\t1\tX\n'))).rows[0]?.values.location).toBe('X');
      const comma = await read(csv('"sku;x",sku,quantity,location\nignored,A,1,"X, Y"\n'));
      expect(comma.rows[0]?.values).toMatchObject({ sku: 'A', location: 'X, Y' });
    });

    it('matches headers trimmed and in any case and order, ignores other columns, and trims values', async () => {
      const sheet = await read(csv(' LOCATION ,Notes,Quantity,sKu\n  Store  ,hello, 7 , A-1 \n'));
      expect(sheet.columns).toEqual(new Set(['location', 'quantity', 'sku']));
      expect(sheet.rows[0]?.values).toEqual({ sku: 'A-1', barcode: '', quantity: '7', location: 'Store' });
    });

    it('numbers rows as the sheet shows them: blank rows skipped, a quoted line break on one row', async () => {
      const sheet = await read(csv('\n,,\nsku,quantity,location\nA,1,"two\nlines"\n,,\n\nB,2,X\n'));
      expect(sheet.rows.map((row) => row.row)).toEqual([4, 7]);
      expect(sheet.rows[0]?.values.location).toBe('two\nlines');
    });

    it('refuses a header without a required column, naming it in row 1', async () => {
      const error = await refusal(csv('sku,location\nA,X\n'));
      expect(error.statusCode).toBe(400);
      expect(error.details).toEqual({
        rows: [{ row: 1, column: 'quantity', message: expect.stringContaining('no column quantity') }],
        totalErrors: 1,
      });
    });

    it('refuses a column named twice, a header without rows and an empty file', async () => {
      expect((await refusal(csv('sku,SKU,quantity,location\nA,B,1,X\n'))).message).toContain(
        'appears 2 times',
      );
      expect((await refusal(csv('sku,quantity,location\r\n'))).message).toContain('no rows below');
      expect((await refusal(Buffer.alloc(0))).message).toContain('empty');
    });

    it('refuses a NUL character with its row and column', async () => {
      const error = await refusal(csv('sku,quantity,location\nA,1,X\nB\u0000,1,X\n'));
      expect(error.statusCode).toBe(400);
      expect(error.details).toMatchObject({ rows: [{ row: 3, column: 'sku' }] });
    });

    it('refuses text that is not UTF-8, and UTF-16, as 415', async () => {
      const latin1 = Buffer.from('sku,quantity,location\nCAFÉ,1,Dépôt\n', 'latin1');
      expect((await refusal(latin1)).statusCode).toBe(415);
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('sku,quantity\n', 'utf16le')]);
      expect((await refusal(utf16)).message).toContain('UTF-16');
    });

    it('refuses an unclosed quote as 400 with where it happened', async () => {
      const error = await refusal(csv('sku,quantity,location\nA,1,X\nB,2,"never closed\n'));
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain('near row 3');
    });

    it('takes 50,000 rows and refuses 50,001 with 413', async () => {
      const rows = (count: number) => `sku,quantity,location\n${'A,1,X\n'.repeat(count)}`;
      expect((await read(csv(rows(50_000)))).rows).toHaveLength(50_000);
      const error = await refusal(csv(rows(50_001)));
      expect(error.statusCode).toBe(413);
      expect(error.message).toContain('more than 50,000 rows');
    });

    it('refuses more than four times the row limit of empty rows', async () => {
      expect((await read(csv(`sku,quantity,location\n${'\n'.repeat(300_000)}A,1,X\n`))).rows).toHaveLength(1);
      expect((await refusal(csv(`sku,quantity,location\n${',,\n'.repeat(200_001)}A,1,X\n`))).statusCode).toBe(
        413,
      );
    });

    it('refuses more than 10 MB with 413', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
      expect((await refusal(big)).statusCode).toBe(413);
    });
  });

  describe('formats', () => {
    it.each([
      ['an old .xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), '.xls'],
      ['a PDF', Buffer.from('%PDF-1.7\nsku,quantity,location\n'), 'PDF'],
      ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'PNG'],
      ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'JPEG'],
    ])('refuses %s by its content with 415', async (_name, data, word) => {
      const error = await refusal(data);
      expect(error.statusCode).toBe(415);
      expect(error.message).toContain(word);
    });

    it('refuses an OpenDocument sheet and a zip that is no workbook with 415', async () => {
      const ods = writeZip([
        { name: 'mimetype', content: Buffer.from('application/vnd.oasis.opendocument.spreadsheet') },
        { name: 'content.xml', content: Buffer.from('<office:document-content/>') },
      ]);
      expect((await refusal(ods)).message).toContain('OpenDocument');
      const other = writeZip([{ name: 'word/document.xml', content: Buffer.from('<w:document/>') }]);
      expect((await refusal(other)).statusCode).toBe(415);
    });
  });

  describe('XLSX', () => {
    it('reads shared strings, numbers stored as numbers and the row numbers of the sheet', async () => {
      const file = await xlsx([
        ['sku', 'barcode', 'quantity', 'location'],
        ['TEA-1', 4006381333931, 12, 'Main'],
        [],
        ['TEA-2', null, 3, 'Main'],
      ]);
      const sheet = await read(file);
      expect(sheet.format).toBe('xlsx');
      expect(sheet.rows).toEqual([
        { row: 2, values: { sku: 'TEA-1', barcode: '4006381333931', quantity: '12', location: 'Main' } },
        { row: 4, values: { sku: 'TEA-2', barcode: '', quantity: '3', location: 'Main' } },
      ]);
    });

    it('gives a formula its cached value and never evaluates it; rich text and links give their text', async () => {
      const file = await xlsx([['sku', 'quantity', 'location']], (sheet) => {
        sheet.addRow([
          { richText: [{ text: 'TEA-' }, { text: '9', font: { bold: true } }] },
          { formula: '1+1', result: 7 },
          { text: 'Main', hyperlink: 'https://example.com' },
        ]);
        sheet.addRow([{ formula: 'CONCAT("A","B")', result: 'cached' }, { formula: 'B2', result: 5 }, 'X']);
        sheet.addRow(['NO-CACHE', { formula: 'HYPERLINK("http://evil","x")' }, { error: '#N/A' }]);
      });
      const sheet = await read(file);
      expect(sheet.rows.map((row) => row.values)).toEqual([
        { sku: 'TEA-9', barcode: '', quantity: '7', location: 'Main' },
        { sku: 'cached', barcode: '', quantity: '5', location: 'X' },
        { sku: 'NO-CACHE', barcode: '', quantity: '', location: '#N/A' },
      ]);
    });

    it('reads the first tab of the workbook, whatever its part is called, and inline strings', async () => {
      const sheetXml = (value: string) =>
        Buffer.from(
          `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
            `<row r="1"><c r="A1" t="inlineStr"><is><t>sku</t></is></c><c r="B1" t="inlineStr"><is><t>quantity</t></is></c><c r="C1" t="inlineStr"><is><t>location</t></is></c></row>` +
            `<row r="5"><c r="A5" t="inlineStr"><is><t>${value}</t></is></c><c r="B5"><v>2</v></c><c r="C5" t="inlineStr"><is><t>Main</t></is></c></row>` +
            `</sheetData></worksheet>`,
        );
      const file = writeZip([
        {
          name: 'xl/workbook.xml',
          content: Buffer.from(
            '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
              '<sheet name="First" sheetId="2" r:id="rId7"/><sheet name="Second" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ),
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          content: Buffer.from(
            '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/>' +
              '<Relationship Id="rId7" Type="x/worksheet" Target="/xl/worksheets/data.xml"/></Relationships>',
          ),
        },
        { name: 'xl/worksheets/sheet1.xml', content: sheetXml('SECOND') },
        { name: 'xl/worksheets/data.xml', content: sheetXml('FIRST') },
      ]);
      const sheet = await read(file);
      expect(sheet.rows).toEqual([
        { row: 5, values: { sku: 'FIRST', barcode: '', quantity: '2', location: 'Main' } },
      ]);
    });

    it('refuses a zip bomb (a sheet that unpacks to more than it declares) with 413, quickly', async () => {
      const bomb = deflateRawSync(Buffer.alloc(200 * 1024 * 1024, '<'));
      const entries = [
        {
          name: 'xl/workbook.xml',
          text: '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          text: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        },
      ].map(({ name, text }) => ({
        name,
        data: deflateRawSync(Buffer.from(text)),
        size: text.length,
        crc: crc32(Buffer.from(text)),
      }));
      const lying = forgedZip([
        ...entries,
        { name: 'xl/worksheets/sheet1.xml', data: bomb, size: 5000, crc: 0 },
      ]);
      const started = performance.now();
      const error = await refusal(lying);
      expect(error.statusCode).toBe(413);
      const honest = forgedZip([
        ...entries,
        { name: 'xl/worksheets/sheet1.xml', data: bomb, size: 200 * 1024 * 1024 },
      ]);
      const declared = await refusal(honest);
      expect(declared.statusCode).toBe(413);
      expect(declared.message).toContain('unpacks to more than 64 MB');
      expect(performance.now() - started).toBeLessThan(5000);
    });

    it('refuses a truncated workbook as damaged (400)', async () => {
      const file = await xlsx([
        ['sku', 'quantity', 'location'],
        ['A', 1, 'X'],
      ]);
      const error = await refusal(file.subarray(0, file.length - 30));
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain('could not be read');
    });

    it('refuses 50,001 rows with 413', async () => {
      const rows = [
        ['sku', 'quantity', 'location'],
        ...Array.from({ length: 50_001 }, (_, i) => [`S-${i}`, 1, 'X']),
      ];
      expect((await refusal(await xlsx(rows))).statusCode).toBe(413);
    });
  });
});
