import type { TReportCell, TReportChart, TReportTable } from '@app/contracts';
import { AppError } from '../../../platform/http/app-error.js';
import type { ToolRunner } from '../tools/tool-spec.js';
import type { ParsedQuestion } from './question-parser.js';

/** What the analyst's writers share: the answer's shape, the tool call, and the cells' readers. */

export type AnalystAnswer = {
  title: string;
  summary: string;
  tables: TReportTable[];
  charts: TReportChart[];
  followUps: string[];
};

export type Result = { tables: TReportTable[]; charts: TReportChart[] };

export async function call(run: ToolRunner, name: string, args: Record<string, unknown>): Promise<Result> {
  const outcome = await run(name, args);
  if (!outcome.ok) throw new AppError('UNPROCESSABLE', outcome.error);
  return outcome;
}

export const text = (cell: TReportCell | undefined) =>
  cell === null || cell === undefined ? '' : String(cell);
export const num = (cell: TReportCell | undefined) => Number(cell ?? 0);

/**
 * " at Market Row" for sentences. Only the product ranking reads a category, so only its
 * sentences name one (whereOfProducts): a total "in Bakery" would be the whole business's total
 * under the category's name (security review of issue 14).
 */
export function whereOf(parsed: ParsedQuestion): string {
  return parsed.store ? ` at ${parsed.store.name}` : '';
}

/** " at Market Row in Bakery": where the product ranking looked. */
export function whereOfProducts(parsed: ParsedQuestion): string {
  return `${whereOf(parsed)}${parsed.category ? ` in ${parsed.category.name}` : ''}`;
}

export const range = (parsed: ParsedQuestion) => ({ from: parsed.range.from, to: parsed.range.to });
export const storeArg = (parsed: ParsedQuestion) => (parsed.store ? { storeId: parsed.store.id } : {});
export const locationArg = (parsed: ParsedQuestion) =>
  parsed.store ? { locationId: parsed.store.locationId } : {};

export type Writer = (parsed: ParsedQuestion, run: ToolRunner) => Promise<AnalystAnswer>;

export function capitalised(value: string): string {
  return value.length === 0 ? value : `${value[0]?.toUpperCase()}${value.slice(1)}`;
}
