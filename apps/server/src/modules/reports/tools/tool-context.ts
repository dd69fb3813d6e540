import { ANALYTICS_LAST_YEAR } from '@app/contracts';
import { z } from 'zod';
import type { TenantScope } from '../../../platform/db/tenancy.js';

/**
 * What every tool run knows: the tenant transaction of the signed-in user's business, its calendar
 * and what it has by name (stores, categories, locations), read once per report. A tool refuses an
 * id that is not in these lists, so another business's id answers "not found", never data.
 */
export type ToolContext = {
  scope: TenantScope;
  timeZone: string;
  /** Today in the business's time zone, yyyy-MM-dd. */
  today: string;
  stores: ReadonlyArray<{ id: string; name: string; locationId: string; active: boolean }>;
  categories: ReadonlyArray<{ id: string; name: string; locationId: string; locationName: string }>;
  locations: ReadonlyArray<{ id: string; name: string; active: boolean }>;
};

/** A refusal a tool answers to its caller (the analyst or the model): said plainly, no data. */
export class ToolRefusal extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The years a tool reads. A model sends any four digits: year 0 is no date to PostgreSQL and the
 * day after 9999-12-31 has five, and either ended the question in a 500 (security review of issue
 * 14). The first year is well before the analytics' own (1970), so that "the period before" a
 * range starting in 1970 still reads (as nothing), and has four digits, which Date.UTC does not
 * take for 19xx.
 */
const FIRST_YEAR = 1000;

const isRealDay = (text: string) => {
  if (!DAY.test(text) || !new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= FIRST_YEAR && year <= ANALYTICS_LAST_YEAR;
};

export const ZDay = z
  .string()
  .refine(isRealDay, `A day is yyyy-MM-dd from ${FIRST_YEAR} to ${ANALYTICS_LAST_YEAR}, such as 2026-10-31.`)
  .describe("A day of the business's calendar, yyyy-MM-dd");

const MAX_RANGE_DAYS = 3 * 366;

/** `from` to `to`, both included, at most three years. */
export const rangeShape = {
  from: ZDay.describe('The first day, yyyy-MM-dd (included)'),
  to: ZDay.describe('The last day, yyyy-MM-dd (included)'),
};

export function checkRange(range: { from: string; to: string }): void {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  if (days < 0) throw new ToolRefusal('The range ends before it starts.');
  if (days > MAX_RANGE_DAYS) throw new ToolRefusal('A range spans at most 3 years.');
}

export const ZId = z.uuid();

export const ZStoreIdArg = ZId.optional().describe(
  'Only this store (an id from the list of stores); all stores when absent',
);

export function storeOf(context: ToolContext, id: string | undefined) {
  if (id === undefined) return undefined;
  const store = context.stores.find((candidate) => candidate.id === id.toLowerCase());
  if (!store) throw new ToolRefusal(`No store of this business has the id ${id}.`);
  return store;
}

export function categoryOf(context: ToolContext, id: string | undefined) {
  if (id === undefined) return undefined;
  const category = context.categories.find((candidate) => candidate.id === id.toLowerCase());
  if (!category) throw new ToolRefusal(`No category of this business has the id ${id}.`);
  return category;
}

export function locationOf(context: ToolContext, id: string | undefined) {
  if (id === undefined) return undefined;
  const location = context.locations.find((candidate) => candidate.id === id.toLowerCase());
  if (!location) throw new ToolRefusal(`No location of this business has the id ${id}.`);
  return location;
}
