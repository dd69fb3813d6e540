import { z } from 'zod';
import { ZMoney, money } from './catalogue/fields.js';
import { ZUuid } from './common.js';

/**
 * The Sales analytics API (001 section 7, "Sales analytics"): rankings, trends, totals and filters
 * over the sales of a range. Ranges are written `dd-MM-yyyy HH:mm` in the business's time zone
 * (DESIGN 13) and run from the start of `start`'s minute to the end of `end`'s minute.
 */

export const ANALYTICS_DATE_FORMAT = 'dd-MM-yyyy HH:mm';
export const ANALYTICS_DATE_MESSAGE = 'Use dd-MM-yyyy HH:mm, such as 31-01-2026 18:30.';
/** 001 section 9: rankings answer 5 rows unless asked, trends are daily unless asked. */
export const ANALYTICS_DEFAULT_LIMIT = 5;
export const ANALYTICS_MAX_LIMIT = 100;
/** The store's product table (`/filter`) and the filter bodies answer more rows by default. */
export const ANALYTICS_TABLE_DEFAULT_LIMIT = 100;
export const ANALYTICS_TABLE_MAX_LIMIT = 1000;
export const ANALYTICS_MAX_RANGE_YEARS = 3;
/** Lists a filter body may name (stores, categories, products, SKUs): at most this many each. */
export const ANALYTICS_MAX_FILTER_VALUES = 100;

export const ANALYTICS_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];

export const ANALYTICS_GROUPS = ['product', 'category', 'store', 'day'] as const;
export type AnalyticsGroup = (typeof ANALYTICS_GROUPS)[number];

/** A wall-clock minute as a person types it, not yet an instant: the business's zone makes it one. */
export type TLocalDateTime = { year: number; month: number; day: number; hour: number; minute: number };

const DATE_TIME = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/;

/**
 * Years a range may name. The last stops at 9998: the minute after a range's end and the period
 * after its last must stay four-digit years (a 10000th year's day strings sort before 9999's and
 * ran a trend's axis forever; PostgreSQL refused them as dates).
 */
export const ANALYTICS_FIRST_YEAR = 1970;
export const ANALYTICS_LAST_YEAR = 9998;

/** `31-01-2026 18:30` as its parts, or null unless it is a real date and time (no 31 April, no 24:00). */
export function parseAnalyticsDateTime(text: string): TLocalDateTime | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (
    year < ANALYTICS_FIRST_YEAR ||
    year > ANALYTICS_LAST_YEAR ||
    month < 1 ||
    month > 12 ||
    hour > 23 ||
    minute > 59
  )
    return null;
  if (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return { year, month, day, hour, minute };
}

/** Orders wall times (milliseconds as if the wall clock were UTC); not an instant. */
export function wallClockMs(value: TLocalDateTime, addYears = 0): number {
  return Date.UTC(value.year + addYears, value.month - 1, value.day, value.hour, value.minute);
}

const ZAnalyticsDateTime = z
  .string({ message: ANALYTICS_DATE_MESSAGE })
  .regex(DATE_TIME, ANALYTICS_DATE_MESSAGE)
  .transform((text, context) => {
    const parsed = parseAnalyticsDateTime(text);
    if (parsed) return parsed;
    context.addIssue({ code: 'custom', message: ANALYTICS_DATE_MESSAGE });
    return z.NEVER;
  });

const rangeShape = {
  start: ZAnalyticsDateTime.describe(
    `The first minute of the range, ${ANALYTICS_DATE_FORMAT} in the business's time zone`,
  ),
  end: ZAnalyticsDateTime.describe(
    `The last minute of the range, ${ANALYTICS_DATE_FORMAT} in the business's time zone; sales up to the end of ` +
      `that minute count. At most ${ANALYTICS_MAX_RANGE_YEARS} years after start.`,
  ),
};

function checkRange(values: { start?: unknown; end?: unknown }, context: z.core.$RefinementCtx): void {
  // Both parsed by their fields (a failed one stops here): wall times of one zone, compared as such.
  const start = values.start as TLocalDateTime | undefined;
  const end = values.end as TLocalDateTime | undefined;
  if (!start || !end) return;
  if (wallClockMs(end) <= wallClockMs(start))
    context.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' });
  else if (wallClockMs(end) > wallClockMs(start, ANALYTICS_MAX_RANGE_YEARS))
    context.addIssue({
      code: 'custom',
      path: ['end'],
      message: `A range spans at most ${ANALYTICS_MAX_RANGE_YEARS} years.`,
    });
}

/** An object with `start` and `end` (checked together: start before end, at most 3 years). */
function withRange<S extends z.ZodRawShape>(shape: S) {
  return z.object({ ...rangeShape, ...shape }).superRefine(checkRange);
}

const limit = (byDefault: number, max: number) => {
  const message = `The limit is a whole number from 1 to ${max}.`;
  return z.coerce
    .number({ message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .default(byDefault)
    .describe(`How many rows, 1 to ${max} (default ${byDefault})`);
};

const ZInterval = z
  .enum(ANALYTICS_INTERVALS, { message: 'The interval is daily, weekly or monthly.' })
  .default('daily')
  .describe('daily (default), weekly (weeks start on Monday) or monthly');

const ZStoreId = ZUuid.describe("A store of the business (a discontinued store's history counts)");

/** Text that names a product in a query: trimmed, blank counts as absent. */
const productCode = (label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(64, `${label} has at most 64 characters.`)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** `/top/business`, `/least/business`, `/top-quantity/business`, `/least-quantity/business`, `/stores/top`. */
export const ZAnalyticsRankingQuery = withRange({
  limit: limit(ANALYTICS_DEFAULT_LIMIT, ANALYTICS_MAX_LIMIT),
});
export type TAnalyticsRankingQuery = z.input<typeof ZAnalyticsRankingQuery>;

/** `/top`, `/least`, `/top-quantity`, `/least-quantity`: one store's products. */
export const ZAnalyticsStoreRankingQuery = withRange({
  storeId: ZStoreId,
  limit: limit(ANALYTICS_DEFAULT_LIMIT, ANALYTICS_MAX_LIMIT),
});
export type TAnalyticsStoreRankingQuery = z.input<typeof ZAnalyticsStoreRankingQuery>;

/** `/filter`: the store's table of products sold, best first. */
export const ZAnalyticsStoreTableQuery = withRange({
  storeId: ZStoreId,
  limit: limit(ANALYTICS_TABLE_DEFAULT_LIMIT, ANALYTICS_TABLE_MAX_LIMIT),
});
export type TAnalyticsStoreTableQuery = z.input<typeof ZAnalyticsStoreTableQuery>;

export const ZAnalyticsTrendQuery = withRange({ interval: ZInterval });
export type TAnalyticsTrendQuery = z.input<typeof ZAnalyticsTrendQuery>;

export const ZAnalyticsStoreTrendQuery = withRange({ storeId: ZStoreId, interval: ZInterval });
export type TAnalyticsStoreTrendQuery = z.input<typeof ZAnalyticsStoreTrendQuery>;

/** `/product-trend`: a store and its product by id, SKU (any case) or barcode; several must agree. */
export const ZAnalyticsProductTrendQuery = withRange({
  storeId: ZStoreId,
  productId: z
    .union([z.literal(''), ZUuid])
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .describe("The product's id at the store's location"),
  sku: productCode('The SKU').describe('The SKU, in any case'),
  barcode: productCode('The barcode'),
  interval: ZInterval,
}).refine((query) => Boolean(query.productId ?? query.sku ?? query.barcode), {
  message: 'Name the product by productId, sku or barcode.',
  path: ['productId'],
});
export type TAnalyticsProductTrendQuery = z.input<typeof ZAnalyticsProductTrendQuery>;

export const ZAnalyticsTotalsQuery = withRange({});
export type TAnalyticsTotalsQuery = z.input<typeof ZAnalyticsTotalsQuery>;

export const ZAnalyticsStoreTotalsQuery = withRange({ storeId: ZStoreId });
export type TAnalyticsStoreTotalsQuery = z.input<typeof ZAnalyticsStoreTotalsQuery>;

/** `/total/week`: the store of this week's totals. */
export const ZAnalyticsStoreQuery = z.object({ storeId: ZStoreId });

/** `/stores/top-weekly`: no dates, the current week. */
export const ZAnalyticsLimitQuery = z.object({ limit: limit(ANALYTICS_DEFAULT_LIMIT, ANALYTICS_MAX_LIMIT) });
export type TAnalyticsLimitQuery = z.input<typeof ZAnalyticsLimitQuery>;

/** An empty list in a filter body leaves that condition out, as an absent one does. */
const nothingIsAll = <T>(list: T[] | undefined) => (list && list.length > 0 ? list : undefined);

const idList = (label: string) =>
  z
    .array(ZUuid, { message: `${label} is a list of ids.` })
    .max(ANALYTICS_MAX_FILTER_VALUES, `${label} names at most ${ANALYTICS_MAX_FILTER_VALUES} ids.`)
    .optional()
    .transform(nothingIsAll);

/** The body of `POST /filter-advanced` and `POST /super-filter`. */
export const ZSalesFilterRequest = withRange({
  storeIds: idList('storeIds').describe('Only these stores (404 when one is not of the business)'),
  categoryIds: idList('categoryIds').describe('Only products of these categories'),
  productIds: idList('productIds').describe("Only these products (a product's id at its location)"),
  skus: z
    .array(
      z
        .string({ message: 'A SKU must be text.' })
        .trim()
        .min(1, 'A SKU cannot be blank.')
        .max(64, 'A SKU has at most 64 characters.'),
      { message: 'skus is a list of SKUs.' },
    )
    .max(ANALYTICS_MAX_FILTER_VALUES, `skus names at most ${ANALYTICS_MAX_FILTER_VALUES} SKUs.`)
    .optional()
    .transform(nothingIsAll)
    .describe('Only these SKUs, in any case, at every location'),
  minTotal: money('minTotal').optional().describe('Only groups whose totalPrice is at least this'),
  maxTotal: money('maxTotal').optional().describe('Only groups whose totalPrice is at most this'),
  groupBy: z
    .enum(ANALYTICS_GROUPS, { message: 'groupBy is product, category, store or day.' })
    .default('product')
    .describe(
      'product (default; by SKU across stores), category, store, or day (business time zone, in date order)',
    ),
  limit: limit(ANALYTICS_TABLE_DEFAULT_LIMIT, ANALYTICS_TABLE_MAX_LIMIT),
}).refine(
  (body) =>
    body.minTotal === undefined ||
    body.maxTotal === undefined ||
    Number(body.minTotal) <= Number(body.maxTotal),
  { message: 'maxTotal cannot be below minTotal.', path: ['maxTotal'] },
);
export type TSalesFilterRequest = z.input<typeof ZSalesFilterRequest>;

/**
 * What the money of a row cost the shop (issue 16): every row with money taken carries these. The
 * cost is the sum of its sale lines' recorded costs (quantity × unit cost when sold, rounded to the
 * cent, net of refunds); a line sold without a known cost adds nothing, so its money counts as margin
 * (the margin by category counts those units apart).
 */
const marginShape = {
  cost: ZMoney.describe('What the units cost the shop, as recorded on each sale line; net of refunds'),
  margin: ZMoney.describe('Money taken − cost'),
  marginPercent: z
    .number()
    .nullable()
    .describe('margin / money taken × 100, one decimal; null when the money taken is 0'),
};

/** A product's sales in a range: 001's sale row. */
export const ZSalesRow = z.object({
  productName: z.string().describe('The name on its most recent sale in the range'),
  sku: z.string(),
  barcode: z.string().nullable(),
  quantity: z.number().int().describe('Units sold, net of refunds'),
  totalPrice: ZMoney.describe('Money taken, net of refunds and after discounts'),
  ...marginShape,
});
export type TSalesRow = z.infer<typeof ZSalesRow>;

export const ZTrendRow = z.object({
  period: z
    .string()
    .describe('yyyy-MM-dd (daily), the Monday yyyy-MM-dd of the week (weekly) or yyyy-MM (monthly)'),
  totalSales: ZMoney.describe('Money taken in the period (within the range), net of refunds'),
  ...marginShape,
});
export type TTrendRow = z.infer<typeof ZTrendRow>;

export const ZSalesTotals = z.object({
  totalSales: ZMoney.describe('Money taken, net of refunds'),
  transactions: z.number().int().describe('Sales made (refunds are not transactions)'),
  unitsSold: z.number().int().describe('Units sold, net of refunds'),
  averageBasket: ZMoney.describe('totalSales / transactions; "0.00" without transactions'),
  ...marginShape,
});
export type TSalesTotals = z.infer<typeof ZSalesTotals>;

export const ZWeekSalesTotals = z
  .object({
    weekStart: z.string().describe("This week's Monday, yyyy-MM-dd in the business's time zone"),
    thisWeek: ZSalesTotals.describe('From Monday 00:00 of this week up to now'),
    lastWeek: ZSalesTotals.describe('The whole previous week, Monday 00:00 to Monday 00:00, for comparison'),
  })
  .describe("This week's totals so far and the whole previous week's, in the business's time zone");
export type TWeekSalesTotals = z.infer<typeof ZWeekSalesTotals>;

export const ZStoreSalesRow = z.object({
  storeId: z.uuid(),
  storeName: z.string().describe('Empty for a store deleted since'),
  totalSales: ZMoney,
  transactions: z.number().int(),
  ...marginShape,
});
export type TStoreSalesRow = z.infer<typeof ZStoreSalesRow>;

export const ZSalesGroupRow = z.object({
  key: z
    .string()
    .nullable()
    .describe('The SKU, category id, store id or yyyy-MM-dd day; null for products without a category'),
  label: z.string().describe('Product name, category name, store name, or the day'),
  quantity: z.number().int().describe('Units sold, net of refunds'),
  totalPrice: ZMoney,
  ...marginShape,
  transactions: z
    .number()
    .int()
    .optional()
    .describe('Sales made; only when grouped by store or day and no category, product or SKU is named'),
  productName: z.string().optional().describe('When grouped by product'),
  sku: z.string().optional().describe('When grouped by product'),
  barcode: z.string().nullable().optional().describe('When grouped by product'),
});
export type TSalesGroupRow = z.infer<typeof ZSalesGroupRow>;

/**
 * `GET /choices`: what the analytics screens' pickers offer, for roles that read analytics but not
 * the catalogue. Every store of the business, discontinued ones too (their history counts), and
 * the active categories at the stores' locations (a category belongs to a location, so a name may
 * repeat: `locationName` tells them apart).
 */
export const ZAnalyticsChoices = z.object({
  stores: z.array(z.object({ id: z.uuid(), name: z.string(), locationId: z.uuid(), active: z.boolean() })),
  categories: z.array(
    z.object({ id: z.uuid(), name: z.string(), locationId: z.uuid(), locationName: z.string() }),
  ),
});
export type TAnalyticsChoices = z.infer<typeof ZAnalyticsChoices>;

/** The body of `POST /margin-by-category`: the filter bodies' conditions, always grouped by category. */
export const ZMarginByCategoryRequest = withRange({
  storeIds: idList('storeIds').describe('Only these stores (404 when one is not of the business)'),
  categoryIds: idList('categoryIds').describe('Only these categories'),
  productIds: idList('productIds').describe("Only these products (a product's id at its location)"),
  skus: z
    .array(
      z
        .string({ message: 'A SKU must be text.' })
        .trim()
        .min(1, 'A SKU cannot be blank.')
        .max(64, 'A SKU has at most 64 characters.'),
      { message: 'skus is a list of SKUs.' },
    )
    .max(ANALYTICS_MAX_FILTER_VALUES, `skus names at most ${ANALYTICS_MAX_FILTER_VALUES} SKUs.`)
    .optional()
    .transform(nothingIsAll)
    .describe('Only these SKUs, in any case, at every location'),
  minTotal: money('minTotal').optional().describe('Only categories whose totalPrice is at least this'),
  maxTotal: money('maxTotal').optional().describe('Only categories whose totalPrice is at most this'),
  limit: limit(ANALYTICS_TABLE_DEFAULT_LIMIT, ANALYTICS_TABLE_MAX_LIMIT),
}).refine(
  (body) =>
    body.minTotal === undefined ||
    body.maxTotal === undefined ||
    Number(body.minTotal) <= Number(body.maxTotal),
  { message: 'maxTotal cannot be below minTotal.', path: ['maxTotal'] },
);
export type TMarginByCategoryRequest = z.input<typeof ZMarginByCategoryRequest>;

export const ZCategoryMarginRow = z.object({
  key: z.string().nullable().describe('The category id; null for products without a category'),
  label: z.string().describe("The category's name ('No category' for products without one)"),
  quantity: z.number().int().describe('Units sold, net of refunds'),
  totalPrice: ZMoney.describe('Money taken, net of refunds and after discounts'),
  ...marginShape,
  unitsWithoutCost: z
    .number()
    .int()
    .describe(
      'Units sold without a known cost (no moving average and no cost price then), net of refunds: their ' +
        'money counts as margin. Whole days read the daily rollups, where a product-day row whose cost is 0 ' +
        'counts as without cost',
    ),
});
export type TCategoryMarginRow = z.infer<typeof ZCategoryMarginRow>;
