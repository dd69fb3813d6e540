import { describe, expect, it } from 'vitest';
import { buildPivot } from './pivot';
import { csvCell, pivotToCsv } from './table-csv';

describe('csvCell', () => {
  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTab', "'\tTab"],
    ['\rReturn', `"'\rReturn"`],
  ])('prefixes %j, which a spreadsheet would run, with a quote', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('quotes commas, quotes and line breaks, and writes amounts as plain numbers', () => {
    expect(csvCell('Milk, oat "barista"')).toBe('"Milk, oat ""barista"""');
    expect(csvCell({ cents: -1250 })).toBe('-12.50');
    expect(csvCell(7)).toBe('7');
  });
});

describe('pivotToCsv', () => {
  it('writes a header, one line per row with its total, and a totals line', () => {
    const pivot = buildPivot(
      [
        { key: 'a', label: 'High Street' },
        { key: 'b', label: 'Harbour, East' },
      ],
      [
        {
          columnKey: 'a',
          rows: [
            {
              key: 'S1',
              label: '=cmd',
              quantity: 2,
              totalPrice: '1234.50',
              cost: '0.00',
              margin: '1234.50',
              marginPercent: 100,
            },
          ],
        },
        {
          columnKey: 'b',
          rows: [
            {
              key: 'S1',
              label: '=cmd',
              quantity: 1,
              totalPrice: '0.50',
              cost: '0.00',
              margin: '0.50',
              marginPercent: 100,
            },
          ],
        },
      ],
      { limit: 10 },
    );
    expect(pivotToCsv(pivot, 'Product')).toBe(
      '\uFEFFProduct,High Street,"Harbour, East",Total\r\n' +
        "'=cmd,1234.50,0.50,1235.00\r\n" +
        'Total,1234.50,0.50,1235.00\r\n',
    );
  });
});
