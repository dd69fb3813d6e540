import type { TReportTable } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/app-error.js';
import { MODEL_TABLE_ROWS, outcomeForModel, runToolCall, ToolResults } from './language-model-tools.js';
import { z } from 'zod';

const LONG: TReportTable = {
  title: 'Daily sales',
  columns: [
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'sales', label: 'Sales', type: 'money' },
  ],
  rows: Array.from({ length: 60 }, (_, index) => [
    `2026-10-${String(index + 1).padStart(2, '0')}`,
    `${index}.00`,
  ]),
};

describe('outcomeForModel', () => {
  it(`sends the model the first ${MODEL_TABLE_ROWS} rows and says how many there are`, () => {
    const sent = JSON.parse(outcomeForModel({ ok: true, tables: [LONG], charts: [] })) as {
      tables: Array<{ rows: unknown[]; rowCount: number; rowsShown: number; columns: string[] }>;
    };
    expect(sent.tables[0]?.rows).toHaveLength(MODEL_TABLE_ROWS);
    expect(sent.tables[0]?.rowCount).toBe(60);
    expect(sent.tables[0]?.rowsShown).toBe(MODEL_TABLE_ROWS);
    expect(sent.tables[0]?.columns).toEqual(['Day', 'Sales']);
  });

  it('sends a refusal as {error}', () => {
    expect(JSON.parse(outcomeForModel({ ok: false, error: 'No such store.' }))).toEqual({
      error: 'No such store.',
    });
  });
});

describe('ToolResults', () => {
  it('keeps the full table for the report, once', () => {
    const results = new ToolResults();
    results.add({ ok: true, tables: [LONG], charts: [] });
    results.add({ ok: true, tables: [structuredClone(LONG)], charts: [] });
    results.add({ ok: false, error: 'x' });
    expect(results.tables).toHaveLength(1);
    expect(results.tables[0]?.rows).toHaveLength(60);
  });
});

describe('runToolCall', () => {
  const specs = [{ name: 'sales', description: 'Sales.', parameters: z.object({}).strict() }];

  it("answers the runner's 4xx refusal to the model and lets its other failures through", async () => {
    const refusing = () => Promise.reject(new AppError('NOT_FOUND', 'Store was not found.'));
    expect(await runToolCall(specs, refusing, 'sales', '{}')).toEqual({
      ok: false,
      error: 'Store was not found.',
    });
    const broken = () => Promise.reject(new Error('connection lost'));
    await expect(runToolCall(specs, broken, 'sales', '{}')).rejects.toThrow('connection lost');
  });

  it('reads empty arguments as {}', async () => {
    const seen: unknown[] = [];
    const runner = (_name: string, args: unknown) => {
      seen.push(args);
      return Promise.resolve({ ok: true as const, tables: [], charts: [] });
    };
    await runToolCall(specs, runner, 'sales', '');
    expect(seen).toEqual([{}]);
  });
});
