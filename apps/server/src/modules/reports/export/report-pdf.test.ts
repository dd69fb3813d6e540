import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import type { TReport, TReportChart, TReportTable } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { UNDRAWABLE_NOTE, renderReportPdf } from './report-pdf.js';
import {
  BEST_SELLERS_REPORT,
  FORECAST_REPORT,
  SAMPLE_OPTIONS,
  SAMPLE_REPORTS,
  STORE_COMPARISON_REPORT,
} from './sample-reports.js';

type PdfPage = { width: number; height: number; lines: string[] };

/** WinAnsi codes 0x80-0x9f that the reports use, which latin1 would read as control codes. */
const WIN_ANSI_HIGH: Record<number, string> = {
  0x85: '…',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

/**
 * The pages of a PDF written by pdfkit, in order, each with its size and its text runs (one
 * TJ operator each: a label, a cell, a line of a paragraph). pdfkit writes an uncompressed page
 * tree and one deflated content stream per page, its text as hex strings.
 */
function readPdf(data: Buffer): PdfPage[] {
  const raw = data.toString('latin1');
  const kids = /\/Type \/Pages\s*\/Count \d+\s*\/Kids \[([^\]]*)\]/.exec(raw)?.[1] ?? '';
  return [...kids.matchAll(/(\d+) 0 R/g)].map(([, id]) => {
    const page = new RegExp(`\\n${id} 0 obj\\s*<<([\\s\\S]*?)>>`).exec(raw)?.[1] ?? '';
    const [, , , width = '0', height = '0'] =
      /\/MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/.exec(page) ?? [];
    const contents = /\/Contents (\d+) 0 R/.exec(page)?.[1];
    const stream = new RegExp(`\\n${contents} 0 obj\\s*<<\\s*/Length (\\d+)[\\s\\S]*?>>\\s*stream\\n`).exec(
      raw,
    );
    const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
    const content = inflateSync(data.subarray(start, start + Number(stream?.[1]))).toString('latin1');
    const lines = [...content.matchAll(/\[([^\]]*)\] TJ/g)].map(([, run]) =>
      [...(run ?? '').matchAll(/<([0-9a-f]*)>/g)]
        .map(([, hex]) =>
          [...Buffer.from(hex ?? '', 'hex')]
            .map((byte) => WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte))
            .join(''),
        )
        .join(''),
    );
    return { width: Number(width), height: Number(height), lines };
  });
}

const render = (report: TReport) => renderReportPdf(report, SAMPLE_OPTIONS);
const textOf = (pages: readonly PdfPage[]) => pages.flatMap((page) => page.lines);

function longTable(rows: number): TReportTable {
  return {
    title: 'Every product',
    columns: [
      { key: 'sku', label: 'SKU', type: 'text' },
      { key: 'name', label: 'Product', type: 'text' },
      { key: 'units', label: 'Units sold', type: 'integer' },
      { key: 'revenue', label: 'Revenue', type: 'money' },
    ],
    rows: Array.from({ length: rows }, (_, index) => [
      `SKU-${String(index + 1).padStart(3, '0')}`,
      `Product number ${index + 1}`,
      index * 3,
      `${index * 7}.50`,
    ]),
  };
}

const bare: TReport = { ...BEST_SELLERS_REPORT, charts: [], tables: [], followUps: [] };

describe('renderReportPdf', () => {
  it('writes a PDF of A4 pages with the header, the summary, the chart and the table', async () => {
    const data = await render(BEST_SELLERS_REPORT);
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(data.subarray(-6).toString('latin1')).toContain('%%EOF');
    const pages = readPdf(data);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ width: 595.28, height: 841.89 });
    const lines = textOf(pages);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Corner Tea House',
        'Best sellers last month',
        'Asked: Best sellers last month',
        'Generated 27 Nov 2026, 10:15 (Europe/Paris) by the built-in analyst',
        'Revenue by product',
        // The bar's value label, the table's money and percent cells, the note and the footer.
        '3,784.20',
        '19.1%',
        'Glass teapot with infuser, 800 ml',
        'All stores; refunds deducted.',
        'Worth asking next',
        'Page 1 of 1',
      ]),
    );
  });

  it('draws the forecast band as a translucent filled shape under the lines', async () => {
    const data = await render(FORECAST_REPORT);
    // fillOpacity writes an ExtGState with a fill alpha (/ca) that the band is painted with.
    expect(data.toString('latin1')).toMatch(/\/Type \/ExtGState\s*\/ca 0\.18/);
    const lines = textOf(readPdf(data));
    expect(lines).toEqual(expect.arrayContaining(['Units sold', 'Forecast', '80% range', '2 Oct', '27 Nov']));
  });

  it('repeats the table header on every page of a 200-row table, with "Page n of m" on each', async () => {
    const pages = readPdf(await render({ ...bare, tables: [longTable(200)] }));
    // Rows of 18 points: 30 fit under the report's header on page 1, 39 on each next page.
    expect(pages).toHaveLength(6);
    pages.forEach((page, index) => {
      expect(page.lines).toContain(`Page ${index + 1} of 6`);
      expect(page.lines).toContain('Units sold');
      if (index > 0) expect(page.lines).toContain('Every product (continued)');
    });
    const rows = textOf(pages).filter((line) => /^SKU-\d{3}$/.test(line));
    expect(rows).toEqual(
      Array.from({ length: 200 }, (_, index) => `SKU-${String(index + 1).padStart(3, '0')}`),
    );
  });

  it.skipIf(!existsSync('/usr/bin/pdfinfo'))('is read by poppler with the same page count', async () => {
    const data = await render({ ...bare, tables: [longTable(200)] });
    const info = execFileSync('/usr/bin/pdfinfo', ['-'], { input: data }).toString('utf8');
    expect(info).toMatch(/Pages:\s+6\n/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
  });

  it('right-aligns numbers and cuts a long text with an ellipsis to fit its column', async () => {
    const long = 'A very long product name that goes on and on well past what any column of a table can hold';
    const table: TReportTable = { ...longTable(0), rows: [['SKU-1', long.repeat(2), 12345, '-1234567.50']] };
    const lines = textOf(readPdf(await render({ ...bare, tables: [table] })));
    const cut = lines.find((line) => line.startsWith('A very long product name'));
    expect(cut?.endsWith('…')).toBe(true);
    expect(cut?.length).toBeLessThan(long.length);
    expect(lines).toEqual(expect.arrayContaining(['12,345', '-1,234,567.50']));
  });

  it('writes an empty table as its header and a "No data" row', async () => {
    const lines = textOf(readPdf(await render({ ...bare, tables: [longTable(0)] })));
    expect(lines).toEqual(expect.arrayContaining(['Every product', 'Units sold', 'No data']));
  });

  it('renders a report without tables or charts, and a chart without points', async () => {
    expect(readPdf(await render(bare))).toHaveLength(1);
    const empty: TReportChart = { type: 'line', title: 'Nothing sold', unit: 'money', series: [] };
    const lines = textOf(readPdf(await render({ ...bare, charts: [empty] })));
    expect(lines).toEqual(expect.arrayContaining(['Nothing sold', 'No data to draw.']));
  });

  it('puts a 12-column table on landscape pages', async () => {
    const pages = readPdf(await render(STORE_COMPARISON_REPORT));
    expect(pages.map((page) => [page.width, page.height])).toEqual([
      [595.28, 841.89],
      [841.89, 595.28],
    ]);
    expect(pages[1]?.lines).toEqual(expect.arrayContaining(['Growth vs last month', '-1,470.40', '-61.0%']));
  });

  it('keeps a very long title to three lines ending in an ellipsis', async () => {
    const title = 'Best sellers by store and by category compared with the same month last year '.repeat(6);
    const lines = readPdf(await render({ ...bare, title }))[0]?.lines ?? [];
    const titleLines = lines.filter(
      (line) => title.includes(line.replace(/…$/, '').trim()) && line.length > 20,
    );
    expect(titleLines).toHaveLength(3);
    expect(titleLines[2]?.endsWith('…')).toBe(true);
  });

  it('prints text its font cannot draw as "?" and says so, without garbled letters', async () => {
    const report: TReport = {
      ...BEST_SELLERS_REPORT,
      title: 'Продажи 销售 Ελληνικά',
      summary: 'Grüße aus Łódź – “quoted” 😀',
      tables: [{ ...longTable(0), rows: [['SKU-1', '绿茶 Green tea', 1, '1.00']] }],
    };
    const lines = textOf(readPdf(await render(report)));
    expect(lines).toEqual(
      expect.arrayContaining([
        '??????? ?? ????????',
        'Grüße aus Lódz – “quoted” ?',
        '?? Green tea',
        UNDRAWABLE_NOTE,
      ]),
    );
    expect(textOf(readPdf(await render(BEST_SELLERS_REPORT)))).not.toContain(UNDRAWABLE_NOTE);
  });

  it('shows at most 12 bars and says how many there are', async () => {
    const chart: TReportChart = {
      type: 'bar',
      title: 'Units by product',
      unit: 'units',
      series: [
        {
          name: 'Units',
          points: Array.from({ length: 30 }, (_, index) => ({ x: `P${index}`, y: index - 5 })),
        },
      ],
    };
    const lines = textOf(readPdf(await render({ ...bare, charts: [chart] })));
    expect(lines).toContain('The first 12 of 30 are shown.');
    expect(lines.filter((line) => /^P\d+$/.test(line))).toHaveLength(12);
    expect(lines).toEqual(expect.arrayContaining(['-5', '6']));
  });

  it('does not throw for the sample reports, single points, negative values and many series', async () => {
    const odd: TReportChart[] = [
      {
        type: 'line',
        title: 'One day',
        unit: 'units',
        series: [{ name: 'Sold', points: [{ x: '2026-11-01', y: 4 }] }],
      },
      {
        type: 'bar',
        title: 'Refunds by store',
        unit: 'money',
        series: ['A', 'B', 'C'].map((name, index) => ({
          name,
          points: [
            { x: 'North', y: -120.5 * index },
            { x: 'South', y: 80 },
          ],
        })),
      },
      {
        type: 'forecast',
        title: 'Flat',
        unit: 'money',
        series: [{ name: 'F', points: [{ x: '2026-11-01', y: 0, low: 0, high: 0 }] }],
      },
    ];
    const manySeries = (type: 'bar' | 'line', count: number): TReportChart => ({
      type,
      title: `${count} series`,
      unit: 'money',
      series: Array.from({ length: count }, (_, index) => ({
        name: `Store with a long name ${index}`,
        points: Array.from({ length: 12 }, (_, day) => ({
          x: `2026-11-${String(day + 1).padStart(2, '0')}`,
          y: -day * index,
        })),
      })),
    });
    odd.push(manySeries('bar', 6), manySeries('line', 10));
    for (const report of [...SAMPLE_REPORTS, { ...bare, charts: odd }]) {
      const pages = readPdf(await render(report));
      expect(pages.length).toBeGreaterThan(0);
    }
  });

  it('writes text as string operands, never as operators', async () => {
    const hostile = 'x) Tj ET /F1 99 Tf BT (pwned';
    const pages = readPdf(await render({ ...bare, title: hostile, summary: hostile }));
    expect(textOf(pages).filter((line) => line === hostile)).toHaveLength(2);
  });
});
