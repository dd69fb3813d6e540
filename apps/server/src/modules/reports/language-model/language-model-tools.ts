import type { TReportChart, TReportTable } from '@app/contracts';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.js';
import type { ToolOutcome, ToolRunner, ToolSpec } from '../tools/tool-spec.js';

/** Rows of a table the model reads; the report keeps them all. Enough to rank and compare. */
export const MODEL_TABLE_ROWS = 50;

/**
 * The tools as function tools. The schema is the input side of the zod schema: the model writes
 * the arguments, so a defaulted field is optional to it. Something JSON Schema cannot say (a
 * refinement) is left open there and still checked by the runner's own parse.
 */
export function functionTools(specs: readonly ToolSpec[]): ChatCompletionFunctionTool[] {
  return specs.map((spec) => {
    const { $schema: _dialect, ...parameters } = z.toJSONSchema(spec.parameters, {
      io: 'input',
      unrepresentable: 'any',
    });
    return {
      type: 'function',
      function: { name: spec.name, description: spec.description, parameters },
    };
  });
}

/** The tables and charts the tool calls returned, each once: the report's tables and the check's numbers. */
export class ToolResults {
  readonly tables: TReportTable[] = [];
  readonly charts: TReportChart[] = [];
  private readonly seen = new Set<string>();

  add(outcome: ToolOutcome): void {
    if (!outcome.ok) return;
    for (const table of outcome.tables) if (this.isNew('table', table)) this.tables.push(table);
    for (const chart of outcome.charts) if (this.isNew('chart', chart)) this.charts.push(chart);
  }

  private isNew(kind: string, value: unknown): boolean {
    const key = `${kind}:${JSON.stringify(value)}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

/**
 * What the model reads of an outcome: compact JSON, tables as labels and rows (the first
 * MODEL_TABLE_ROWS, saying how many there are), charts by title only since their points come
 * from the tables; a refusal as {error}.
 */
export function outcomeForModel(outcome: ToolOutcome): string {
  if (!outcome.ok) return JSON.stringify({ error: outcome.error });
  return JSON.stringify({
    tables: outcome.tables.map((table) => ({
      title: table.title,
      columns: table.columns.map((column) => column.label),
      rows: table.rows.slice(0, MODEL_TABLE_ROWS),
      ...(table.rows.length > MODEL_TABLE_ROWS
        ? { rowCount: table.rows.length, rowsShown: MODEL_TABLE_ROWS }
        : {}),
      ...(table.note ? { note: table.note } : {}),
    })),
    ...(outcome.charts.length > 0 ? { charts: outcome.charts.map((chart) => chart.title) } : {}),
  });
}

/**
 * One tool call of the model. Whatever the model sends (an unknown tool, JSON that does not
 * parse, arguments the runner refuses) becomes an error for it to read, never a throw; only a
 * failure of the runner itself (a 5xx) ends the report.
 */
export async function runToolCall(
  specs: readonly ToolSpec[],
  runTool: ToolRunner,
  name: string,
  argumentsJson: string,
): Promise<ToolOutcome> {
  if (!specs.some((spec) => spec.name === name))
    return {
      ok: false,
      error: `There is no tool named "${name}". The tools are: ${specs.map((spec) => spec.name).join(', ')}.`,
    };
  let args: unknown;
  try {
    // Some servers send "" for a call without arguments.
    args = argumentsJson.trim() === '' ? {} : JSON.parse(argumentsJson);
  } catch {
    return { ok: false, error: 'The arguments are not valid JSON. Send them as one JSON object.' };
  }
  try {
    return await runTool(name, args);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return { ok: false, error: error.message };
    throw error;
  }
}
