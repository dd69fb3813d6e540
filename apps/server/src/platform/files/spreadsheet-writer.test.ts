import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from './spreadsheet-reader.js';
import { attachmentHeader, escapeCell, writeCsv, writeCsvSections, writeXlsx } from './spreadsheet-writer.js';

const HOSTILE = ['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'];

describe('spreadsheet-writer', () => {
  describe('escapeCell', () => {
    it.each(HOSTILE)('prefixes %j with an apostrophe', (value) => {
      expect(escapeCell(value)).toBe(`'${value}`);
    });

    it('leaves other text alone, an inner = or - included', () => {
      for (const value of ['TEA-1', 'a=b', '', ' =spaced', "'quoted", 'Main Warehouse']) {
        expect(escapeCell(value)).toBe(value);
      }
    });
  });

  describe('writeCsv', () => {
    it('writes UTF-8 with a BOM and CRLF, quoting what needs it, escaping formulas, numbers as they are', () => {
      const csv = writeCsv(
        ['sku', 'note'],
        [
          ['=1+1', 'a, "b"'],
          ['TÉ-1', -5],
          [null, 'two\nlines'],
        ],
      );
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.subarray(3).toString('utf8')).toBe(
        `sku,note\r\n'=1+1,"a, ""b"""\r\nTÉ-1,-5\r\n,"two\nlines"\r\n`,
      );
    });

    it('is read back by the reader as written', async () => {
      const csv = writeCsv(['sku', 'quantity', 'location'], [[HOSTILE[0]!, 3, 'Main; "North"']]);
      const sheet = await readSpreadsheet(csv, [
        { name: 'sku', isRequired: true },
        { name: 'quantity', isRequired: true },
        { name: 'location', isRequired: true },
      ]);
      expect(sheet.rows[0]?.values).toEqual({
        sku: `'${HOSTILE[0]}`,
        quantity: '3',
        location: 'Main; "North"',
      });
    });
  });

  describe('writeCsvSections', () => {
    it('writes each section as its title, header and rows, a blank line between two', () => {
      const csv = writeCsvSections([
        { title: 'Top, by revenue', headers: ['sku', 'revenue'], rows: [['TEA-1', { decimal: '12.50' }]] },
        { headers: ['=total'], rows: [[{ decimal: '-3.40' }], [null]] },
      ]);
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(csv.subarray(3).toString('utf8')).toBe(
        `"Top, by revenue"\r\nsku,revenue\r\nTEA-1,12.50\r\n\r\n'=total\r\n-3.40\r\n\r\n`,
      );
    });

    it('writes a decimal that is not a plain number as escaped text', () => {
      const csv = writeCsvSections([
        { headers: ['a', 'b'], rows: [[{ decimal: '-1+1' }, { decimal: '1,5' }]] },
      ]);
      expect(csv.subarray(3).toString('utf8')).toBe(`a,b\r\n'-1+1,"1,5"\r\n`);
    });
  });

  describe('writeXlsx', () => {
    it('writes text cells escaped and numbers as numbers, with text-formatted columns', async () => {
      const data = await writeXlsx(['sku', 'barcode', 'quantity'], [[HOSTILE[1]!, '0012', 7]], {
        sheetName: 'Inventory',
        textColumns: [1],
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Inventory');
      expect(sheet?.getRow(1).values).toEqual([undefined, 'sku', 'barcode', 'quantity']);
      expect(sheet?.getCell('A2').value).toBe(`'${HOSTILE[1]}`);
      expect(sheet?.getCell('B2').value).toBe('0012');
      expect(sheet?.getCell('C2').value).toBe(7);
      expect(sheet?.getCell('A2').formula).toBeUndefined();
      expect(sheet?.getColumn(2).numFmt).toBe('@');
    });
  });

  it('names the attachment with plain characters only', () => {
    expect(attachmentHeader('inventory_template.xlsx')).toBe(
      'attachment; filename="inventory_template.xlsx"',
    );
    expect(attachmentHeader('a"b\r\n.csv')).toBe('attachment; filename="a_b__.csv"');
  });
});

describe('xmlSafe in writeXlsx', () => {
  it('writes a workbook that opens when a text holds a character XML cannot', async () => {
    const data = await writeXlsx(['Name\uFFFE'], [['Oat\uFFFFmilk\u0001'], ['=1+2']], { sheetName: 'Sheet' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Name\uFFFD');
    expect(sheet?.getCell('A2').value).toBe('Oat\uFFFDmilk\uFFFD');
    expect(sheet?.getCell('A3').value).toBe("'=1+2");
  });
});
