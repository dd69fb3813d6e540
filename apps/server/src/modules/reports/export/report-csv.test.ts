import type { TReport } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { renderReportCsv } from './report-csv.js';
import { BEST_SELLERS_REPORT } from './sample-reports.js';

const small: TReport = {
  ...BEST_SELLERS_REPORT,
  charts: [],
  tables: [
    {
      title: 'Top products',
      columns: [
        { key: 'product', label: 'Product', type: 'text' },
        { key: 'units', label: 'Units', type: 'integer' },
        { key: 'revenue', label: 'Revenue', type: 'money' },
        { key: 'share', label: 'Share (%)', type: 'percent' },
        { key: 'day', label: 'Last sold', type: 'date' },
      ],
      rows: [
        ['Green tea, "Sencha"', 1200, '12.50', '12.3', '2026-11-02'],
        ['=HYPERLINK("http://evil","x")', 3, '-4.00', '-0.5', null],
        ['@SUM(A1)', 0, '0.00', '0.0', '2026-11-03'],
      ],
    },
    {
      title: '+Refunds by store',
      columns: [
        { key: 'store', label: '-Store', type: 'text' },
        { key: 'refunds', label: 'Refunds', type: 'money' },
        { key: 'rate', label: 'Units an hour', type: 'number' },
      ],
      rows: [['\tKiosk', '-1470.40', 0.25]],
    },
  ],
};

describe('renderReportCsv', () => {
  it('writes every table as its title, header and rows, numbers plain and text escaped', () => {
    const csv = renderReportCsv(small);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toBe(
      [
        'Top products',
        'Product,Units,Revenue,Share (%),Last sold',
        '"Green tea, ""Sencha""",1200,12.50,12.3,2026-11-02',
        `"'=HYPERLINK(""http://evil"",""x"")",3,-4.00,-0.5,`,
        `'@SUM(A1),0,0.00,0.0,2026-11-03`,
        '',
        `'+Refunds by store`,
        `'-Store,Refunds,Units an hour`,
        `'\tKiosk,-1470.40,0.25`,
        '',
      ].join('\r\n'),
    );
  });

  it('writes a report without tables as its title and summary', () => {
    const csv = renderReportCsv({
      ...small,
      title: 'Nothing sold',
      summary: 'No sales, so no table.',
      tables: [],
    });
    expect(csv.subarray(3).toString('utf8')).toBe('Nothing sold\r\nSummary\r\n"No sales, so no table."\r\n');
  });

  it('keeps an empty table as its title and header', () => {
    const csv = renderReportCsv({ ...small, tables: [{ ...small.tables[0]!, rows: [] }] });
    expect(csv.subarray(3).toString('utf8')).toBe(
      'Top products\r\nProduct,Units,Revenue,Share (%),Last sold\r\n',
    );
  });
});
