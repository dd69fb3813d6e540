import {
  ANALYTICS_MAX_FILTER_VALUES,
  ANALYTICS_TABLE_DEFAULT_LIMIT,
  ANALYTICS_TABLE_MAX_LIMIT,
  type AnalyticsGroup,
  type TSalesFilterRequest,
  type TSalesGroupRow,
} from '@app/contracts';
import { isValidRange, lastDays, rangeParams, type DayRange } from '../analytics-range';

/**
 * The filter builder's state as a person edits it: amounts and the limit stay text until Apply,
 * so that a half-typed "12." is not rewritten under the cursor.
 */
export type SalesFilterDraft = {
  range: DayRange;
  storeIds: string[];
  categoryIds: string[];
  skus: string[];
  minTotal: string;
  maxTotal: string;
  groupBy: AnalyticsGroup;
  limit: string;
};

export type SalesFilterErrors = Partial<Record<'range' | 'minTotal' | 'maxTotal' | 'limit' | 'skus', string>>;

export const GROUP_LABELS: Record<AnalyticsGroup, string> = {
  product: 'Product',
  category: 'Category',
  store: 'Store',
  day: 'Day',
};

export function emptyDraft(today = new Date()): SalesFilterDraft {
  return {
    range: lastDays(30, today),
    storeIds: [],
    categoryIds: [],
    skus: [],
    minTotal: '',
    maxTotal: '',
    groupBy: 'product',
    limit: String(ANALYTICS_TABLE_DEFAULT_LIMIT),
  };
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;

/** What is wrong with the draft, field by field, in the words the form shows; empty when it can be sent. */
export function checkDraft(draft: SalesFilterDraft): SalesFilterErrors {
  const errors: SalesFilterErrors = {};
  if (!isValidRange(draft.range)) errors.range = 'Choose a first day on or before the last day.';
  const min = draft.minTotal.trim();
  const max = draft.maxTotal.trim();
  if (min && !AMOUNT.test(min)) errors.minTotal = 'An amount such as 12.50.';
  if (max && !AMOUNT.test(max)) errors.maxTotal = 'An amount such as 250.00.';
  if (!errors.minTotal && !errors.maxTotal && min && max && Number(max) < Number(min))
    errors.maxTotal = 'At least the minimum.';
  const limit = Number(draft.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > ANALYTICS_TABLE_MAX_LIMIT)
    errors.limit = `A whole number from 1 to ${ANALYTICS_TABLE_MAX_LIMIT}.`;
  if (draft.skus.length > ANALYTICS_MAX_FILTER_VALUES)
    errors.skus = `At most ${ANALYTICS_MAX_FILTER_VALUES} SKUs.`;
  return errors;
}

/**
 * The body of `POST /filter-advanced` and `/super-filter`. Empty lists and blank amounts are left
 * out (the server reads both as "no condition"), so the cached query is the same for both.
 */
export function toFilterBody(draft: SalesFilterDraft): TSalesFilterRequest {
  const body: TSalesFilterRequest = {
    ...rangeParams(draft.range),
    groupBy: draft.groupBy,
    limit: Number(draft.limit),
  };
  if (draft.storeIds.length) body.storeIds = [...draft.storeIds];
  if (draft.categoryIds.length) body.categoryIds = [...draft.categoryIds];
  if (draft.skus.length) body.skus = [...draft.skus];
  if (draft.minTotal.trim()) body.minTotal = draft.minTotal.trim();
  if (draft.maxTotal.trim()) body.maxTotal = draft.maxTotal.trim();
  return body;
}

/** SKU chips: trimmed, blanks dropped, one chip per SKU whatever its case (the server ignores case). */
export function normaliseSkus(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const skus: string[] = [];
  for (const value of values.flatMap((entry) => entry.split(/[\s,;]+/))) {
    const sku = value.trim();
    if (!sku || seen.has(sku.toLowerCase())) continue;
    seen.add(sku.toLowerCase());
    skus.push(sku);
  }
  return skus;
}

export const NO_DATA = 'No Data';

/** A result row as the table shows it; `id` for the data table. */
export type FilterResultRow = TSalesGroupRow & { id: string; isPlaceholder?: boolean };

/**
 * 001 section 4: an empty answer of the advanced filter shows one placeholder row, product
 * 'No Data' with zero quantity and price, rather than an empty table.
 */
export function withNoDataRow(rows: readonly TSalesGroupRow[] | undefined): FilterResultRow[] {
  if (!rows || rows.length === 0)
    return [
      {
        id: 'no-data',
        key: null,
        label: NO_DATA,
        productName: NO_DATA,
        quantity: 0,
        totalPrice: '0.00',
        cost: '0.00',
        margin: '0.00',
        marginPercent: null,
        isPlaceholder: true,
      },
    ];
  return rows.map((row, index) => ({ ...row, id: `${row.key ?? 'none'}-${index}` }));
}
