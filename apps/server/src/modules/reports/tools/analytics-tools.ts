import { REPORT_TABLE_MAX_ROWS, type TReportTable } from '@app/contracts';
import { z } from 'zod';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { AnalyticsTool } from './analytics-tool.js';
import { categoryMarginTool, productRankingTool, storeComparisonTool } from './ranking-tools.js';
import { comparePeriodsTool, salesTotalsTool, salesTrendTool, weekdaySalesTool } from './sales-tools.js';
import { lowStockTool, slowMoversTool, stockValueTool } from './stock-tools.js';
import { ToolRefusal, type ToolContext } from './tool-context.js';
import type { ToolOutcome, ToolRunner, ToolSpec } from './tool-spec.js';

/** The tools of the Ask box (AI_REPORT): every sales and stock read. */
export const REPORT_TOOLS: readonly AnalyticsTool[] = [
  salesTotalsTool,
  comparePeriodsTool,
  productRankingTool,
  salesTrendTool,
  weekdaySalesTool,
  categoryMarginTool,
  storeComparisonTool,
  lowStockTool,
  slowMoversTool,
  stockValueTool,
] as readonly AnalyticsTool[];

export function specsOf(tools: readonly AnalyticsTool[]): ToolSpec[] {
  return tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
}

/** A table cut to the rows a report keeps, saying how many were left out. */
function capped(table: TReportTable): TReportTable {
  if (table.rows.length <= REPORT_TABLE_MAX_ROWS) return table;
  const left = table.rows.length - REPORT_TABLE_MAX_ROWS;
  return {
    ...table,
    rows: table.rows.slice(0, REPORT_TABLE_MAX_ROWS),
    note: [table.note, `${left} more rows are left out.`].filter(Boolean).join(' '),
  };
}

/**
 * Runs the tools by name for one business. Each call is its own tenant transaction (`withScope`):
 * a language model may take a minute between two calls, and no connection waits on it. Arguments
 * are checked by the tool's strict schema; a refusal (a bad argument, an id that is not the
 * business's) is answered as an error the caller can read, never as data.
 */
export function createToolRunner(
  tools: readonly AnalyticsTool[],
  context: Omit<ToolContext, 'scope'>,
  withScope: <T>(work: (scope: TenantScope) => Promise<T>) => Promise<T>,
): ToolRunner {
  return async (name: string, args: unknown): Promise<ToolOutcome> => {
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) return { ok: false, error: `There is no tool named ${name}.` };
    const parsed = tool.parameters.safeParse(args ?? {});
    if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
    try {
      const result = await withScope((scope) => tool.run({ ...context, scope }, parsed.data));
      return { ok: true, tables: result.tables.map(capped), charts: result.charts };
    } catch (error) {
      if (error instanceof ToolRefusal) return { ok: false, error: error.message };
      if (error instanceof AppError && error.code === 'NOT_FOUND') return { ok: false, error: error.message };
      throw error;
    }
  };
}
