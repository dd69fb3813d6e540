import type { TReportChart, TReportTable } from '@app/contracts';
import type { z } from 'zod';

/**
 * An analytics tool: one read-only query of the business's own data, named and described for a
 * language model, with the zod schema of its arguments. The built-in analyst and the language
 * model call the same tools; neither ever writes SQL, and the business is the signed-in user's,
 * never an argument.
 */
export type ToolSpec = {
  name: string;
  description: string;
  /** Strict: an argument the schema does not name (a business id) is refused. */
  parameters: z.ZodObject;
};

/** What a tool answers: tables (and charts) whose numbers the summary may state, or why it could not. */
export type ToolOutcome =
  { ok: true; tables: TReportTable[]; charts: TReportChart[] } | { ok: false; error: string };

/** Runs a tool by name for the signed-in user's business; validates the arguments itself. */
export type ToolRunner = (name: string, args: unknown) => Promise<ToolOutcome>;
