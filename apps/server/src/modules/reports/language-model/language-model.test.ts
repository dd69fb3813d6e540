import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TReportChart, TReportTable } from '@app/contracts';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  delayed,
  finalAnswer,
  httpError,
  startFakeOpenAi,
  toolCall,
  toolCalls,
  type FakeOpenAi,
  type FakeOpenAiRequest,
  type FakeScript,
} from '../../../../test/fake-openai-server.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ToolOutcome, ToolSpec } from '../tools/tool-spec.js';
import { askLanguageModel, type LanguageModelConfig } from './language-model.js';

/**
 * A fixed data set of two businesses and a runner bound to the first, with strict arguments like
 * the real tools: the business is the runner's, never an argument, and a store of the other
 * business is as unknown as a made-up one.
 */
const BUSINESS = randomUUID();
const OTHER_BUSINESS = randomUUID();
const HARBOUR = randomUUID();
const MILL = randomUUID();
const RIVAL = randomUUID();
const STORES = [
  { businessId: BUSINESS, id: HARBOUR, name: 'Harbour St' },
  { businessId: BUSINESS, id: MILL, name: 'Mill Lane' },
  { businessId: OTHER_BUSINESS, id: RIVAL, name: 'Rival Corner' },
];
const SALES = [
  { storeId: HARBOUR, product: 'Oat milk 1L', units: 120, cents: 35880 },
  { storeId: HARBOUR, product: 'Sourdough', units: 45, cents: 20250 },
  { storeId: MILL, product: 'Oat milk 1L', units: 80, cents: 23920 },
  { storeId: RIVAL, product: 'Secret blend', units: 777, cents: 987654 },
];
/** What the other business's data looks like on the wire: none of it may reach the model. */
const OTHER_BUSINESS_DATA = ['Rival Corner', 'Secret blend', '777', '9876.54'];

const ZStoreFilter = z.object({ storeId: z.uuid().optional().describe('Only this store') }).strict();
const ZTopProducts = z
  .object({
    limit: z.number().int().min(1).max(10).default(3).describe('How many products'),
    storeId: z.uuid().optional().describe('Only this store'),
  })
  .strict();

const TOOLS: readonly ToolSpec[] = [
  { name: 'sales_by_store', description: 'Units and sales of each store.', parameters: ZStoreFilter },
  { name: 'top_products', description: 'The best-selling products by units.', parameters: ZTopProducts },
];

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function salesOf(businessId: string, storeId: string | undefined) {
  const stores = STORES.filter((store) => store.businessId === businessId);
  return SALES.filter((sale) =>
    storeId ? sale.storeId === storeId : stores.some((store) => store.id === sale.storeId),
  );
}

function fakeRunner(businessId: string) {
  const calls: Array<{ name: string; args: unknown }> = [];
  const runTool = async (name: string, args: unknown): Promise<ToolOutcome> => {
    calls.push({ name, args });
    const spec = TOOLS.find((tool) => tool.name === name);
    if (!spec) return { ok: false, error: `Unknown tool ${name}.` };
    const parsed = spec.parameters.safeParse(args);
    if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
    const storeId = (parsed.data as { storeId?: string }).storeId;
    if (
      storeId !== undefined &&
      !STORES.some((store) => store.id === storeId && store.businessId === businessId)
    )
      return { ok: false, error: 'No store of this business has that id.' };
    const sales = salesOf(businessId, storeId);
    if (name === 'sales_by_store') {
      const rows = STORES.filter((store) => sales.some((sale) => sale.storeId === store.id)).map((store) => {
        const own = sales.filter((sale) => sale.storeId === store.id);
        return [
          store.name,
          own.reduce((sum, sale) => sum + sale.units, 0),
          money(own.reduce((sum, sale) => sum + sale.cents, 0)),
        ];
      });
      const table: TReportTable = {
        title: 'Sales by store',
        columns: [
          { key: 'store', label: 'Store', type: 'text' },
          { key: 'units', label: 'Units', type: 'integer' },
          { key: 'sales', label: 'Sales', type: 'money' },
        ],
        rows,
      };
      const chart: TReportChart = {
        type: 'bar',
        title: 'Sales by store',
        unit: 'money',
        series: [{ name: 'Sales', points: rows.map((row) => ({ x: String(row[0]), y: Number(row[2]) })) }],
      };
      return { ok: true, tables: [table], charts: [chart] };
    }
    const units = new Map<string, number>();
    for (const sale of sales) units.set(sale.product, (units.get(sale.product) ?? 0) + sale.units);
    const limit = (parsed.data as { limit: number }).limit;
    const rows = [...units].sort((a, b) => b[1] - a[1]).slice(0, limit);
    return {
      ok: true,
      tables: [
        {
          title: 'Best sellers',
          columns: [
            { key: 'product', label: 'Product', type: 'text' },
            { key: 'units', label: 'Units', type: 'integer' },
          ],
          rows,
        },
      ],
      charts: [],
    };
  };
  return { runTool, calls };
}

const KEY = `sk-test-${randomBytes(16).toString('hex')}`;
const CONTEXT = 'Stores: Harbour St, Mill Lane. Time zone: Europe/London. Today: 2026-11-02.';

const servers: FakeOpenAi[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function fake(script: FakeScript): Promise<FakeOpenAi> {
  const server = await startFakeOpenAi(script);
  servers.push(server);
  return server;
}

function configFor(server: { url: string }, extra: Partial<LanguageModelConfig> = {}): LanguageModelConfig {
  return { baseUrl: server.url, apiKey: KEY, model: 'test-model', ...extra };
}

async function ask(
  server: { url: string },
  options: Partial<Parameters<typeof askLanguageModel>[0]> = {},
  runner = fakeRunner(BUSINESS),
) {
  return askLanguageModel({
    config: configFor(server),
    question: 'How did the stores do?',
    context: CONTEXT,
    tools: TOOLS,
    runTool: runner.runTool,
    ...options,
  });
}

/** A message's text (the app sends strings; anything else shows as its JSON). */
function textOf(message: ChatCompletionMessageParam | undefined): string {
  const content = message?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

function messagesOf(request: FakeOpenAiRequest | undefined): ChatCompletionMessageParam[] {
  return request?.body?.messages ?? [];
}

/** The tool results the model read in a request, in order, parsed. */
function toolResultsOf(request: FakeOpenAiRequest | undefined): unknown[] {
  return messagesOf(request)
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(textOf(message)) as unknown);
}

async function providerFailure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('PROVIDER_ERROR');
  expect(appError.message).not.toContain(KEY);
  expect(String((appError.cause as Error | undefined)?.message)).not.toContain(KEY);
  return appError;
}

describe('askLanguageModel', () => {
  it('answers with the tables of the tools it called and a summary of their numbers', async () => {
    const server = await fake([
      toolCall('sales_by_store', {}),
      finalAnswer({
        title: 'Sales by store',
        summary: 'Harbour St sold 165 units for 561.30; Mill Lane sold 80 units for 239.20.',
        followUps: ['Best sellers at Harbour St?', 'Sales last week?', 'Stock at Mill Lane?', 'A fourth?'],
      }),
    ]);
    const runner = fakeRunner(BUSINESS);

    const answer = await ask(server, {}, runner);

    const expected = await fakeRunner(BUSINESS).runTool('sales_by_store', {});
    expect(expected.ok).toBe(true);
    if (!expected.ok) return;
    expect(answer.tables).toEqual(expected.tables);
    expect(answer.charts).toEqual(expected.charts);
    expect(answer.title).toBe('Sales by store');
    expect(answer.summary).toBe('Harbour St sold 165 units for 561.30; Mill Lane sold 80 units for 239.20.');
    expect(answer.followUps).toEqual([
      'Best sellers at Harbour St?',
      'Sales last week?',
      'Stock at Mill Lane?',
    ]);
    expect(runner.calls).toEqual([{ name: 'sales_by_store', args: {} }]);
    expect(toolResultsOf(server.requests[1])).toEqual([
      {
        tables: [
          {
            title: 'Sales by store',
            columns: ['Store', 'Units', 'Sales'],
            rows: [
              ['Harbour St', 165, '561.30'],
              ['Mill Lane', 80, '239.20'],
            ],
          },
        ],
        charts: ['Sales by store'],
      },
    ]);
  });

  it('sends the model name, the context, the question, the tools as JSON Schema and the key as bearer only', async () => {
    const server = await fake([finalAnswer({ title: 'Stores', summary: 'Ask me about sales and stock.' })]);

    await ask(server);

    const [request] = server.requests;
    expect(server.requests).toHaveLength(1);
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.headers['openai-organization']).toBeUndefined();
    expect(request?.headers['openai-project']).toBeUndefined();
    expect(JSON.stringify(request?.body)).not.toContain(KEY);
    expect(request?.body?.model).toBe('test-model');
    const [system, user] = messagesOf(request);
    expect(system?.role).toBe('system');
    expect(textOf(system)).toContain(CONTEXT);
    expect(textOf(system)).toMatch(/ONE retail business/);
    expect(textOf(system)).toMatch(/Never state a number that no tool result contains/);
    expect(user).toEqual({ role: 'user', content: 'How did the stores do?' });
    expect(request?.body?.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'sales_by_store',
          description: 'Units and sales of each store.',
          parameters: {
            type: 'object',
            properties: {
              storeId: expect.objectContaining({
                type: 'string',
                format: 'uuid',
                description: 'Only this store',
              }),
            },
            additionalProperties: false,
          },
        },
      },
      {
        type: 'function',
        function: {
          name: 'top_products',
          description: 'The best-selling products by units.',
          parameters: {
            type: 'object',
            properties: {
              limit: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 10, default: 3 }),
              storeId: expect.objectContaining({ type: 'string', format: 'uuid' }),
            },
            additionalProperties: false,
          },
        },
      },
    ]);
  });

  it("refuses another business's id and store: the model reads errors, never their data", async () => {
    const server = await fake([
      toolCall('sales_by_store', { businessId: OTHER_BUSINESS }),
      toolCall('top_products', { storeId: RIVAL }),
      toolCall('sales_by_store', { storeId: randomUUID() }),
      finalAnswer({
        title: 'Other business',
        summary: 'I can only read this business, and found nothing there.',
      }),
    ]);
    const runner = fakeRunner(BUSINESS);

    const answer = await ask(server, { question: `Show me business ${OTHER_BUSINESS}` }, runner);

    expect(runner.calls).toHaveLength(3);
    const results = toolResultsOf(server.requests[3]);
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({ error: expect.stringMatching(/businessId/) });
    expect(results[1]).toEqual({ error: 'No store of this business has that id.' });
    expect(results[2]).toEqual({ error: 'No store of this business has that id.' });
    const seen = JSON.stringify(server.requests.map((request) => request.body));
    for (const data of OTHER_BUSINESS_DATA) expect(seen).not.toContain(data);
    expect(answer.tables).toEqual([]);
    expect(answer.charts).toEqual([]);
    for (const data of OTHER_BUSINESS_DATA) expect(JSON.stringify(answer)).not.toContain(data);
  });

  it('answers an unknown tool and arguments that are not JSON as errors, without calling the runner', async () => {
    const server = await fake([
      toolCalls(['run_sql', { sql: 'SELECT * FROM sales' }], ['top_products', '{"limit": 2']),
      toolCall('top_products', { limit: 2 }),
      finalAnswer({
        title: 'Best sellers',
        summary: 'Oat milk 1L leads with 200 units, then Sourdough with 45.',
      }),
    ]);
    const runner = fakeRunner(BUSINESS);

    const answer = await ask(server, {}, runner);

    expect(runner.calls).toEqual([{ name: 'top_products', args: { limit: 2 } }]);
    const [unknown, malformed] = toolResultsOf(server.requests[1]);
    expect(unknown).toEqual({
      error: expect.stringMatching(/no tool named "run_sql".*sales_by_store, top_products/),
    });
    expect(malformed).toEqual({ error: expect.stringMatching(/not valid JSON/) });
    expect(answer.tables.map((table) => table.title)).toEqual(['Best sellers']);
    expect(answer.summary).toBe('Oat milk 1L leads with 200 units, then Sourdough with 45.');
  });

  it('keeps one copy of a table that two calls returned', async () => {
    const server = await fake([
      toolCalls(['top_products', { limit: 2 }], ['top_products', { limit: 2 }]),
      finalAnswer({ title: 'Best sellers', summary: 'Oat milk 1L sold 200 units.' }),
    ]);

    const answer = await ask(server);

    expect(answer.tables).toHaveLength(1);
  });

  it('asks once again when the answer states a number no tool returned, and takes the corrected answer', async () => {
    const server = await fake([
      toolCall('top_products', { limit: 2 }),
      finalAnswer({
        title: 'Best sellers',
        summary: 'Oat milk 1L sold 200 units, 12% more than Sourdough’s 178.',
      }),
      finalAnswer(
        '```json\n{"title": "Best sellers", "summary": "Oat milk 1L sold 200 units and Sourdough 45."}\n```',
      ),
    ]);

    const answer = await ask(server);

    expect(answer.summary).toBe('Oat milk 1L sold 200 units and Sourdough 45.');
    expect(server.requests).toHaveLength(3);
    const correction = messagesOf(server.requests[2]).at(-1);
    expect(correction?.role).toBe('user');
    expect(textOf(correction)).toMatch(
      /^These numbers are not in any tool result: 12, 178; answer again using only numbers from the tool results/,
    );
    expect(server.requests[2]?.body?.tools).toBeUndefined();
  });

  it('ends in PROVIDER_ERROR when the model insists on numbers that are not in the data', async () => {
    const server = await fake([
      toolCall('top_products', { limit: 2 }),
      finalAnswer({ title: 'Best sellers', summary: 'Oat milk 1L sold 250 units.' }),
      finalAnswer({ title: 'Best sellers', summary: 'Oat milk 1L sold 250 units, really.' }),
    ]);

    const error = await providerFailure(ask(server));

    expect(error.message).toBe(
      'The language model stated numbers that are not in the data, so its answer was not shown.',
    );
    expect(server.requests).toHaveLength(3);
  });

  it('takes an answer without tools only when it states no number (or only those of the question)', async () => {
    const wordsOnly = await fake([finalAnswer('I answer questions about sales, stores and stock.')]);
    const answer = await ask(wordsOnly);
    expect(answer).toEqual({
      title: 'How did the stores do?',
      summary: 'I answer questions about sales, stores and stock.',
      followUps: [],
      tables: [],
      charts: [],
    });

    const questionNumbers = await fake([
      finalAnswer({ title: 'Last 30 days', summary: 'No sales data for the last 30 days was read.' }),
    ]);
    const question = 'Best sellers in the last 30 days';
    expect((await ask(questionNumbers, { question, allowedNumbers: [question] })).title).toBe('Last 30 days');

    // Untitled, the report takes the question as its title, whose numbers the model did not state.
    const untitled = await fake([finalAnswer('I found no sales to rank.')]);
    expect((await ask(untitled, { question: 'Top 5 products?' })).title).toBe('Top 5 products?');

    const guessing = await fake([
      finalAnswer({ title: 'Stores', summary: 'You have 3 stores.' }),
      finalAnswer({ title: 'Stores', summary: 'You have 3 stores.' }),
    ]);
    await providerFailure(ask(guessing));
  });

  it('stops offering tools after maxToolCalls calls, answering calls past it with an error', async () => {
    const server = await fake((request) =>
      request.body?.tools
        ? toolCalls(['top_products', { limit: 1 }], ['sales_by_store', {}])
        : finalAnswer({ title: 'Best seller', summary: 'Oat milk 1L sold 200 units.' }),
    );
    const runner = fakeRunner(BUSINESS);

    const answer = await ask(server, { maxToolCalls: 3 }, runner);

    expect(runner.calls).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1]?.body?.tools).toHaveLength(2);
    expect(server.requests[2]?.body?.tools).toBeUndefined();
    expect(toolResultsOf(server.requests[2]).at(-1)).toEqual({
      error: 'No more tool calls are allowed for this question.',
    });
    expect(textOf(messagesOf(server.requests[2]).at(-1))).toMatch(/last tool call/);
    expect(answer.summary).toBe('Oat milk 1L sold 200 units.');
    expect(answer.tables.map((table) => table.title)).toEqual(['Best sellers', 'Sales by store']);
  });

  it('turns a refused key into PROVIDER_ERROR without the key, not retried', async () => {
    const server = await fake([httpError(401, `Incorrect API key provided: ${KEY}.`)]);

    const error = await providerFailure(ask(server));

    expect(error.message).toMatch(/AI_API_KEY/);
    expect((error.cause as Error).message).toContain('401');
    expect((error.cause as Error).message).toContain('[key]');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a server error into PROVIDER_ERROR after one retry', async () => {
    const server = await fake([httpError(500), httpError(500)]);

    const error = await providerFailure(ask(server));

    expect(error.message).toBe('The language model failed to answer. Try again in a moment.');
    expect(server.requests).toHaveLength(2);
  });

  it('turns too many requests into PROVIDER_ERROR', async () => {
    const server = await fake([httpError(429), httpError(429)]);

    const error = await providerFailure(ask(server));

    expect(error.message).toBe('The language model is busy. Try again in a minute.');
  });

  it('turns a timeout into PROVIDER_ERROR', async () => {
    const late = finalAnswer({ title: 'Late', summary: 'Too late.' });
    const server = await fake([delayed(5_000, late), delayed(5_000, late)]);

    const started = Date.now();
    const error = await providerFailure(
      askLanguageModel({
        config: configFor(server, { timeoutMs: 200 }),
        question: 'How did the stores do?',
        context: CONTEXT,
        tools: TOOLS,
        runTool: fakeRunner(BUSINESS).runTool,
      }),
    );

    expect(error.message).toBe('The language model took too long to answer. Try again in a moment.');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('turns a refused connection into PROVIDER_ERROR that names AI_BASE_URL', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await providerFailure(ask({ url: `http://127.0.0.1:${port}/v1` }));

    expect(error.message).toBe(
      'The language model could not be reached. Try again, or ask your administrator to check AI_BASE_URL.',
    );
  });

  it('lets a caller that gave up end the request without a provider error', async () => {
    const server = await fake([delayed(5_000, finalAnswer('Too late.'))]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);

    const error = await ask(server, { signal: controller.signal }).then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(AppError);
  });
});
