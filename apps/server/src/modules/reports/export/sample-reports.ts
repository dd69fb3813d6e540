import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TReport, TReportCell, TReportPoint } from '@app/contracts';
import { renderReportCsv } from './report-csv.js';
import { reportFileName } from './report-file-name.js';
import { renderReportPdf } from './report-pdf.js';
import { renderReportXlsx } from './report-xlsx.js';

/**
 * Realistic reports for the export tests and for looking at the files:
 * `npx tsx --conditions=source apps/server/src/modules/reports/export/sample-reports.ts [dir]`
 * writes each as PDF, XLSX and CSV into dir (default /tmp/export-shots); then
 * `pdftoppm -png -r 80 file.pdf prefix` turns a PDF into pictures of its pages.
 * The figures are made up but deterministic, so two runs write the same files.
 */

export const SAMPLE_OPTIONS = { businessName: 'Corner Tea House', timeZone: 'Europe/Paris' } as const;

const GENERATED_AT = '2026-11-27T09:15:00.000Z';
const REPORT_ID = '0193a0c4-7d2e-7b3a-9c1e-5f6a7b8c9d0e';

const base = {
  id: REPORT_ID,
  reportId: REPORT_ID,
  followUps: [] as string[],
  generatedAt: GENERATED_AT,
  provider: 'built-in',
  model: null,
  createdBy: null,
} satisfies Partial<TReport>;

const BEST_SELLERS: ReadonlyArray<[name: string, sku: string, units: number, price: number]> = [
  ['Jasmine green tea 100 g', 'TEA-JAS-100', 412, 8.5],
  ['Earl Grey loose leaf 250 g', 'TEA-EG-250', 318, 11.9],
  ['Matcha ceremonial grade 30 g', 'TEA-MAT-030', 97, 24.0],
  ['Rooibos vanilla 100 g', 'TEA-ROO-100', 265, 7.2],
  ['Glass teapot with infuser, 800 ml', 'POT-GLS-800', 41, 34.5],
  ['Sencha Fukamushi 100 g', 'TEA-SEN-100', 156, 12.4],
  ['Chai spice blend 200 g', 'TEA-CHA-200', 188, 9.8],
  ['Darjeeling first flush 100 g', 'TEA-DAR-100', 74, 16.9],
  ['Bamboo matcha whisk (chasen)', 'ACC-WHK-001', 63, 14.0],
  ['Peppermint organic 50 g', 'TEA-PEP-050', 201, 4.6],
];

function bestSellerRows(): TReportCell[][] {
  const withRevenue = BEST_SELLERS.map(([name, sku, units, price]) => ({
    name,
    sku,
    units,
    cents: Math.round(units * price * 100),
  })).sort((a, b) => b.cents - a.cents);
  const total = withRevenue.reduce((sum, row) => sum + row.cents, 0);
  return withRevenue.map((row, index) => [
    index + 1,
    row.name,
    row.sku,
    row.units,
    (row.cents / 100).toFixed(2),
    ((row.cents / total) * 100).toFixed(1),
  ]);
}

const bestRows = bestSellerRows();

export const BEST_SELLERS_REPORT: TReport = {
  ...base,
  kind: 'ADVANCED',
  title: 'Best sellers last month',
  question: 'Best sellers last month',
  summary:
    `In October 2026 your ten best sellers brought in ${String(bestRows[0]?.[4])} for the first, ` +
    `${String(bestRows[0]?.[1])}, down to ${String(bestRows[9]?.[4])} for the tenth. ` +
    'Loose-leaf teas lead; the glass teapot sells few units but at a high price.\n' +
    'Matcha and its whisk sell together: they are worth shelving side by side.',
  tables: [
    {
      title: 'Best sellers, October 2026',
      columns: [
        { key: 'rank', label: 'Rank', type: 'integer' },
        { key: 'product', label: 'Product', type: 'text' },
        { key: 'sku', label: 'SKU', type: 'text' },
        { key: 'units', label: 'Units sold', type: 'integer' },
        { key: 'revenue', label: 'Revenue', type: 'money' },
        { key: 'share', label: 'Share of revenue', type: 'percent' },
      ],
      rows: bestRows,
      note: 'All stores; refunds deducted.',
    },
  ],
  charts: [
    {
      type: 'bar',
      title: 'Revenue by product',
      unit: 'money',
      series: [
        {
          name: 'Revenue',
          points: bestRows.map((row) => ({ x: String(row[1]), y: Number(row[4]) })),
        },
      ],
    },
  ],
  followUps: ['Which products are running out?', 'Margin by category last 30 days'],
};

function isoDay(first: string, offset: number): string {
  const day = new Date(`${first}T00:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + offset);
  return day.toISOString().slice(0, 10);
}

/** Units a day: a weekly rhythm (weekends sell more) on a slow rise, with some noise. */
function unitsOn(index: number): number {
  const weekday = (index + 3) % 7;
  const weekend = weekday >= 5 ? 9 : 0;
  return Math.round(22 + index * 0.12 + weekend + 4 * Math.sin(index * 1.7));
}

const HISTORY_DAYS = 56;
const FORECAST_DAYS = 30;
const historyPoints: TReportPoint[] = Array.from({ length: HISTORY_DAYS }, (_, index) => ({
  x: isoDay('2026-10-02', index),
  y: unitsOn(index),
}));
const forecastPoints: TReportPoint[] = Array.from({ length: FORECAST_DAYS }, (_, index) => {
  const day = HISTORY_DAYS + index;
  const weekend = (day + 3) % 7 >= 5 ? 9 : 0;
  const y = Math.round((22 + day * 0.12 + weekend) * 10) / 10;
  const spread = 3 + index * 0.25;
  return {
    x: isoDay('2026-10-02', day),
    y,
    low: Math.round((y - spread) * 10) / 10,
    high: Math.round((y + spread) * 10) / 10,
  };
});

export const FORECAST_REPORT: TReport = {
  ...base,
  kind: 'FORECAST',
  title: 'Forecast: units of Jasmine green tea 100 g, next 30 days',
  question: 'Forecast for 30 days of Jasmine green tea 100 g',
  summary:
    `About ${Math.round(forecastPoints.reduce((sum, point) => sum + point.y, 0))} units are expected ` +
    'over the next 30 days, most of them on weekends. The shaded band holds the day’s sales ' +
    'with 80% likelihood; it widens the further ahead it looks.',
  tables: [
    {
      title: 'Forecast by day',
      columns: [
        { key: 'day', label: 'Day', type: 'date' },
        { key: 'forecast', label: 'Forecast (units)', type: 'number' },
        { key: 'low', label: 'Low (80%)', type: 'number' },
        { key: 'high', label: 'High (80%)', type: 'number' },
      ],
      rows: forecastPoints.map((point) => [point.x, point.y, point.low ?? null, point.high ?? null]),
    },
  ],
  charts: [
    {
      type: 'forecast',
      title: 'Units sold a day: the last 8 weeks and the forecast',
      unit: 'units',
      series: [
        { name: 'Units sold', points: historyPoints },
        { name: 'Forecast', points: forecastPoints },
      ],
    },
  ],
  followUps: ['Which products are running out?'],
};

const STORES = ['Old Town', 'Harbour', 'Station Kiosk'];

/** A wide table (12 columns), a line chart of three series and a refund-heavy store. */
export const STORE_COMPARISON_REPORT: TReport = {
  ...base,
  kind: 'ADVANCED',
  provider: 'language-model',
  model: 'gpt-4.1-mini',
  title: 'Store comparison, November 2026',
  question: 'Which store sold the most this month, and how do their refunds compare?',
  summary:
    'Old Town leads on revenue and basket size. The Station Kiosk had more refunds than sales ' +
    'on its busiest product line after a faulty batch, so its net revenue is negative.',
  tables: [
    {
      title: 'Stores side by side',
      columns: [
        { key: 'store', label: 'Store', type: 'text' },
        { key: 'city', label: 'City', type: 'text' },
        { key: 'opened', label: 'Opened', type: 'date' },
        { key: 'sales', label: 'Sales', type: 'integer' },
        { key: 'units', label: 'Units', type: 'integer' },
        { key: 'gross', label: 'Gross revenue', type: 'money' },
        { key: 'refunds', label: 'Refunds', type: 'money' },
        { key: 'net', label: 'Net revenue', type: 'money' },
        { key: 'basket', label: 'Average basket', type: 'money' },
        { key: 'margin', label: 'Margin', type: 'percent' },
        { key: 'growth', label: 'Growth vs last month', type: 'percent' },
        { key: 'perHour', label: 'Units an hour', type: 'number' },
      ],
      rows: [
        [
          'Old Town',
          'Lyon',
          '2019-04-01',
          1843,
          4210,
          '61240.50',
          '-812.00',
          '60428.50',
          '33.23',
          '42.5',
          '6.1',
          15.3,
        ],
        [
          'Harbour',
          'Marseille',
          '2021-09-15',
          1210,
          2675,
          '38655.10',
          '-402.60',
          '38252.50',
          '31.95',
          '39.8',
          '-2.4',
          9.72,
        ],
        [
          'Station Kiosk',
          'Lyon',
          '2024-02-20',
          96,
          130,
          '1180.00',
          '-2650.40',
          '-1470.40',
          '12.29',
          '-8.0',
          '-61.0',
          0.5,
        ],
      ],
      note: 'Refunds are negative amounts; net revenue is gross revenue plus refunds.',
    },
  ],
  charts: [
    {
      type: 'line',
      title: 'Revenue a day by store',
      unit: 'money',
      series: STORES.map((store, storeIndex) => ({
        name: store,
        points: Array.from({ length: 26 }, (_, index) => ({
          x: isoDay('2026-11-01', index),
          y: Math.round((2100 / (storeIndex + 1) + 380 * Math.sin(index / 2 + storeIndex)) * 100) / 100,
        })),
      })),
    },
  ],
  followUps: ['Sales this week vs last week', 'What sells on weekends?'],
};

export const SAMPLE_REPORTS = [BEST_SELLERS_REPORT, FORECAST_REPORT, STORE_COMPARISON_REPORT] as const;

async function writeSamples(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const report of SAMPLE_REPORTS) {
    const files = [
      [reportFileName(report, SAMPLE_OPTIONS.timeZone, 'pdf'), await renderReportPdf(report, SAMPLE_OPTIONS)],
      [
        reportFileName(report, SAMPLE_OPTIONS.timeZone, 'xlsx'),
        await renderReportXlsx(report, SAMPLE_OPTIONS),
      ],
      [reportFileName(report, SAMPLE_OPTIONS.timeZone, 'csv'), renderReportCsv(report)],
    ] as const;
    for (const [name, bytes] of files) {
      await writeFile(path.join(directory, name), bytes);
      console.log(path.join(directory, name));
    }
  }
}

// Run as a script (not when a test imports the samples).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await writeSamples(process.argv[2] ?? '/tmp/export-shots');
}
