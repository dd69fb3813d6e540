import type { TReportChart, TReportTable } from '@app/contracts';
import type { z } from 'zod';
import type { ToolContext } from './tool-context.js';

/** A tool with its implementation: the spec a model sees, and the read it runs in the business. */
export type AnalyticsTool<Args extends z.ZodObject = z.ZodObject> = {
  name: string;
  description: string;
  parameters: Args;
  run(
    context: ToolContext,
    args: z.output<Args>,
  ): Promise<{ tables: TReportTable[]; charts: TReportChart[] }>;
};
