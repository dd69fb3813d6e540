import { z } from 'zod';
import { ZUuid } from './common.js';
import { ANALYTICS_DATE_FORMAT, ANALYTICS_DATE_MESSAGE, parseAnalyticsDateTime } from './sales-analytics.js';

/**
 * Reports (001 sections 3 and 7, "AI reports"; issue 14): a question in plain language answered
 * with a summary, tables and charts, a forecast, or one of the predefined reports. Every answer is
 * stored, so export and sharing read the same report again.
 */

export const PREDEFINED_REPORTS = [
  'SALES_SUMMARY',
  'TOP_PRODUCTS',
  'SLOW_MOVERS',
  'STOCK_VALUE',
  'LOW_STOCK',
  'STORE_COMPARISON',
] as const;
export type PredefinedReport = (typeof PREDEFINED_REPORTS)[number];

/** What each predefined report is called on the screen and in its title. */
export const PREDEFINED_REPORT_TITLES: Record<PredefinedReport, string> = {
  SALES_SUMMARY: 'Sales summary',
  TOP_PRODUCTS: 'Best sellers',
  SLOW_MOVERS: 'Slow movers',
  STOCK_VALUE: 'Stock value',
  LOW_STOCK: 'Running low',
  STORE_COMPARISON: 'Store comparison',
};

/** The range the predefined reports and a question without dates read: the last 30 days. */
export const REPORT_DEFAULT_RANGE_DAYS = 30;
export const REPORT_QUESTION_MAX_LENGTH = 500;
export const FORECAST_MIN_DAYS = 7;
export const FORECAST_MAX_DAYS = 180;
export const FORECAST_DEFAULT_DAYS = 30;
/** A table of a report holds at most this many rows (the rest is left out and said so). */
export const REPORT_TABLE_MAX_ROWS = 200;

export const REPORT_KINDS = ['BASIC', 'ADVANCED', 'SUPREME', 'FORECAST'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_PROVIDERS = ['built-in', 'language-model'] as const;
export type ReportProvider = (typeof REPORT_PROVIDERS)[number];

export const REPORT_EXPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** How a column's cells are written: money and percent as decimal strings, integers as numbers. */
export const REPORT_COLUMN_TYPES = ['text', 'integer', 'number', 'money', 'percent', 'date'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const ZReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

export const ZReportCell = z.union([z.string(), z.number(), z.null()]);
export type TReportCell = z.infer<typeof ZReportCell>;

export const ZReportTable = z.object({
  title: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.array(ZReportCell)).describe('One array per row, its cells in the order of columns'),
  note: z.string().optional().describe('Said under the table, such as rows left out'),
});
export type TReportTable = z.infer<typeof ZReportTable>;

export const REPORT_CHART_TYPES = ['bar', 'line', 'forecast'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];

export const ZReportPoint = z.object({
  x: z.string().describe('The label: a product, a store, a day (yyyy-MM-dd), a week or a month'),
  y: z.number(),
  low: z.number().optional().describe('The lower end of the 80% interval (forecasts)'),
  high: z.number().optional().describe('The upper end of the 80% interval (forecasts)'),
});
export type TReportPoint = z.infer<typeof ZReportPoint>;

export const ZReportSeries = z.object({ name: z.string(), points: z.array(ZReportPoint) });
export type TReportSeries = z.infer<typeof ZReportSeries>;

export const ZReportChart = z.object({
  type: z.enum(REPORT_CHART_TYPES),
  title: z.string(),
  unit: z.enum(['money', 'units']).describe('What y counts'),
  series: z.array(ZReportSeries),
});
export type TReportChart = z.infer<typeof ZReportChart>;

export const ZReport = z.object({
  id: z.uuid(),
  reportId: z.uuid().describe('The same as id (the specification names it reportId)'),
  kind: z.enum(REPORT_KINDS),
  title: z.string(),
  question: z.string().describe('What was asked, or the predefined report or forecast asked for'),
  summary: z.string().describe('Plain text; every number in it appears in one of the tables'),
  tables: z.array(ZReportTable),
  charts: z.array(ZReportChart),
  followUps: z.array(z.string()).describe('Questions worth asking next'),
  generatedAt: z.iso.datetime({ offset: true }),
  provider: z.enum(REPORT_PROVIDERS),
  model: z.string().nullable().describe("The language model's name, when one answered"),
  createdBy: z.uuid().nullable(),
});
export type TReport = z.infer<typeof ZReport>;

/** A report in the history list: what it asked, without its tables. */
export const ZReportSummary = ZReport.pick({
  id: true,
  reportId: true,
  kind: true,
  title: true,
  question: true,
  generatedAt: true,
  provider: true,
});
export type TReportSummary = z.infer<typeof ZReportSummary>;

const ZReportDateTime = z
  .string({ message: ANALYTICS_DATE_MESSAGE })
  .refine((text) => parseAnalyticsDateTime(text) !== null, ANALYTICS_DATE_MESSAGE);

/**
 * What a report reads when the question does not say: a range (`dd-MM-yyyy HH:mm` in the
 * business's time zone), stores, categories and products. The question's own words win.
 */
export const ZReportFilter = z
  .object({
    start: ZReportDateTime.optional().describe(
      `The range's first minute, ${ANALYTICS_DATE_FORMAT}; with end. Default: the last 30 days`,
    ),
    end: ZReportDateTime.optional().describe(`The range's last minute, ${ANALYTICS_DATE_FORMAT}`),
    storeId: ZUuid.optional().describe('Only this store (404 when it is not of the business)'),
    categoryId: ZUuid.optional().describe('Only this category'),
    productId: ZUuid.optional().describe('Only this product (forecasts: the product to forecast)'),
  })
  .strict()
  .refine((filter) => (filter.start === undefined) === (filter.end === undefined), {
    message: 'Give both start and end, or neither.',
    path: ['end'],
  });
export type TReportFilter = z.input<typeof ZReportFilter>;

const ZQuestion = z
  .string({ message: 'Ask a question.' })
  .trim()
  .min(3, 'Ask a question of at least 3 characters.')
  .max(REPORT_QUESTION_MAX_LENGTH, `A question has at most ${REPORT_QUESTION_MAX_LENGTH} characters.`);

export const ZBasicReportQuery = z.object({
  predefinedOption: z
    .enum(PREDEFINED_REPORTS, { message: `predefinedOption is one of ${PREDEFINED_REPORTS.join(', ')}.` })
    .describe('Which predefined report'),
  storeId: ZUuid.optional().describe('Only this store, for the reports that read sales'),
});
export type TBasicReportQuery = z.input<typeof ZBasicReportQuery>;

export const ZAdvancedReportRequest = z
  .object({
    filter: ZReportFilter.optional(),
    userQuery: ZQuestion.describe('The question, in plain English'),
  })
  .strict();
export type TAdvancedReportRequest = z.input<typeof ZAdvancedReportRequest>;

export const ZSupremeReportQuery = z.object({ query: ZQuestion.describe('The question, in plain English') });
export const ZFilterBody = z.object({ filter: ZReportFilter.optional() }).strict();
export type TFilterBody = z.input<typeof ZFilterBody>;

export const ZForecastQuery = z.object({
  forecastPeriod: z.coerce
    .number({
      message: `forecastPeriod is a number of days from ${FORECAST_MIN_DAYS} to ${FORECAST_MAX_DAYS}.`,
    })
    .int(`forecastPeriod is a whole number of days from ${FORECAST_MIN_DAYS} to ${FORECAST_MAX_DAYS}.`)
    .min(FORECAST_MIN_DAYS, `forecastPeriod is at least ${FORECAST_MIN_DAYS} days.`)
    .max(FORECAST_MAX_DAYS, `forecastPeriod is at most ${FORECAST_MAX_DAYS} days.`)
    .default(FORECAST_DEFAULT_DAYS)
    .describe(`Days to forecast, ${FORECAST_MIN_DAYS} to ${FORECAST_MAX_DAYS}`),
});
export type TForecastQuery = z.input<typeof ZForecastQuery>;

export const ZExportReportQuery = z.object({
  reportId: ZUuid.describe('A stored report of the business'),
  format: z
    .enum(REPORT_EXPORT_FORMATS, { message: 'The format is pdf, xlsx or csv.' })
    .describe('pdf, xlsx or csv'),
});
export type TExportReportQuery = z.input<typeof ZExportReportQuery>;

export const ZReportIdParams = z.object({ id: ZUuid });

/** 422 for a question the analyst does not understand: what it can answer instead. */
export const ZUnknownQuestionDetails = z.object({ examples: z.array(z.string()) });

/** Questions the built-in analyst answers, offered under the Ask box. */
export const REPORT_EXAMPLE_QUESTIONS = [
  'Best sellers last month',
  'Which products are running out?',
  'Sales this week vs last week',
  'What sells on weekends?',
  'Margin by category last 30 days',
  'Which store sold the most this month?',
  'Slow movers in the last 60 days',
  'What is my stock worth?',
] as const;

/** `GET /reports/products`: products of a store to forecast, for roles that read analytics only. */
export const ZReportProductQuery = z.object({
  storeId: ZUuid.describe("The store whose location's products are searched"),
  query: z
    .string({ message: 'Type the start of a name or SKU.' })
    .trim()
    .min(1, 'Type the start of a name or SKU.')
    .max(64, 'At most 64 characters.')
    .describe('The start of a product name or SKU, any case'),
});
export type TReportProductQuery = z.input<typeof ZReportProductQuery>;

export const ZReportProduct = z.object({ id: z.uuid(), name: z.string(), sku: z.string() });
export type TReportProduct = z.infer<typeof ZReportProduct>;
export const REPORT_PRODUCTS_LIMIT = 20;
