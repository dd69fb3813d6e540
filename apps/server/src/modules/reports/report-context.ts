import { parseAnalyticsDateTime, REPORT_DEFAULT_RANGE_DAYS, type TReportFilter } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { dateInTimeZone } from '../../platform/zoned-time.js';
import { timeZoneOfBusiness } from '../access/businesses.service.js';
import { readChoices } from '../sales/analytics/report-reads.service.js';
import type { ParserContext } from './analyst/question-parser.js';
import { addDays, daysBetween, type DayRange } from './analyst/time-phrases.js';
import { rangeText } from './report-format.js';
import { isProductOfBusiness, listLocationNames } from './tools/stock-queries.repository.js';
import type { ToolContext } from './tools/tool-context.js';

/**
 * What a report knows of its business before it reads anything: the calendar (time zone, today),
 * the stores, categories and locations by name, and the filter sent with the question, checked
 * against them (another business's store is 404, as on every route).
 */

export type ReportContext = Omit<ToolContext, 'scope'> & {
  filter: {
    range?: DayRange & { label: string };
    store?: ToolContext['stores'][number];
    categoryId?: string;
    productId?: string;
  };
};

const MAX_FILTER_DAYS = 3 * 366;

/** A filter's `dd-MM-yyyy HH:mm` range as the whole days it touches. */
function daysOfFilter(filter: TReportFilter): (DayRange & { label: string }) | undefined {
  if (filter.start === undefined || filter.end === undefined) return undefined;
  const start = parseAnalyticsDateTime(filter.start);
  const end = parseAnalyticsDateTime(filter.end);
  if (!start || !end) return undefined;
  const day = (value: { year: number; month: number; day: number }) =>
    `${String(value.year).padStart(4, '0')}-${String(value.month).padStart(2, '0')}-${String(value.day).padStart(2, '0')}`;
  const range = { from: day(start), to: day(end) };
  if (range.to < range.from)
    throw new AppError('VALIDATION_ERROR', 'The end must be after the start.', {
      fieldErrors: { end: ['The end must be after the start.'] },
    });
  if (daysBetween(range) > MAX_FILTER_DAYS)
    throw new AppError('VALIDATION_ERROR', 'A range spans at most 3 years.', {
      fieldErrors: { end: ['A range spans at most 3 years.'] },
    });
  return { ...range, label: rangeText(range) };
}

export async function loadReportContext(
  scope: TenantScope,
  now: Date,
  filter: TReportFilter = {},
): Promise<ReportContext> {
  const timeZone = await timeZoneOfBusiness(scope);
  const choices = await readChoices(scope);
  const locations = await listLocationNames(scope);
  const store = filter.storeId
    ? choices.stores.find((candidate) => candidate.id === filter.storeId?.toLowerCase())
    : undefined;
  if (filter.storeId && !store) throw new AppError('NOT_FOUND', 'The store was not found.');
  if (
    filter.categoryId &&
    !choices.categories.some((category) => category.id === filter.categoryId?.toLowerCase())
  )
    throw new AppError('NOT_FOUND', 'The category was not found.');
  // Checked on every route, not only where a forecast reads it: another business's id is 404
  // wherever it is sent (DESIGN 13), never quietly ignored.
  if (filter.productId && !(await isProductOfBusiness(scope, filter.productId.toLowerCase())))
    throw new AppError('NOT_FOUND', 'The product was not found.');
  return {
    timeZone,
    today: dateInTimeZone(now, timeZone),
    stores: choices.stores,
    categories: choices.categories,
    locations,
    filter: {
      range: daysOfFilter(filter),
      store,
      categoryId: filter.categoryId?.toLowerCase(),
      productId: filter.productId?.toLowerCase(),
    },
  };
}

/** The last 30 days up to today: what a question without dates reads. */
export function defaultRangeOf(today: string): DayRange & { label: string } {
  return {
    from: addDays(today, -(REPORT_DEFAULT_RANGE_DAYS - 1)),
    to: today,
    label: `last ${REPORT_DEFAULT_RANGE_DAYS} days`,
  };
}

/** What the question parser reads: the names, today, and the filter's range, store and category. */
export function parserContextOf(context: ReportContext): ParserContext {
  const category = context.categories.find((candidate) => candidate.id === context.filter.categoryId);
  return {
    today: context.today,
    stores: context.stores,
    categories: context.categories,
    defaultRange: context.filter.range ?? defaultRangeOf(context.today),
    defaultStore: context.filter.store,
    defaultCategory: category,
  };
}

/** The schema summary a language model reads before its tool calls (no ids of another business exist in it). */
export function describeForModel(context: ReportContext): string {
  const range = context.filter.range ?? defaultRangeOf(context.today);
  const lines = [
    'You analyse the sales and stock of one retail business. Its data: stores (each at a location) that record',
    'sales of products (by SKU; a product belongs to a location and may have a category and a cost price);',
    'stock per location with a reorder point; warehouses are locations without sales.',
    `The business's time zone is ${context.timeZone}; today is ${context.today}. Days are yyyy-MM-dd in that zone.`,
    `When the question names no dates, use ${range.from} to ${range.to}.`,
    `Stores (id: name): ${context.stores.map((store) => `${store.id}: ${store.name}${store.active ? '' : ' (closed)'}`).join('; ') || 'none'}.`,
    `Locations (id: name): ${context.locations.map((location) => `${location.id}: ${location.name}`).join('; ') || 'none'}.`,
    `Categories (id: name at location): ${context.categories.map((category) => `${category.id}: ${category.name} at ${category.locationName}`).join('; ') || 'none'}.`,
  ];
  if (context.filter.store)
    lines.push(`Unless the question says otherwise, only the store ${context.filter.store.id}.`);
  return lines.join('\n');
}
