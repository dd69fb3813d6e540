/**
 * Security review of the reports API (issue 14) with a language model (AI_BASE_URL): the model is
 * an outside party the question steers, so whatever it sends is hostile input. A scripted
 * OpenAI-compatible server on loopback plays it: it reaches for another business's stores,
 * categories, locations and products, calls tools in a loop, sends SQL, formulas and dates outside
 * the calendar as arguments, answers megabytes, numbers that are not in the data, titles with
 * control characters; it is slow while several businesses ask at once. The API key must appear in
 * no answer, log line, stored report or request body.
 */
import { Writable } from 'node:stream';
import { SINGLE_LINE_TEXT, type TReport } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../factories/catalogue.js';
import { insertProductAt } from '../factories/inventory.js';
import { insertCategory, insertInventoryItem } from '../factories/products.js';
import { REPORT_SHOP_NOW, reportShopClock, seedReportShop, type ReportShop } from '../factories/reports.js';
import { recordSale } from '../factories/sales.js';
import {
  delayed,
  finalAnswer,
  httpError,
  startFakeOpenAi,
  toolCall,
  toolCalls,
  type FakeOpenAi,
  type FakeOpenAiRequest,
  type FakeStep,
} from '../fake-openai-server.js';
import { bytesOf, formulaCellsOfXlsx, formulaFieldsOfCsv, reportRows } from './reports-kit.js';

const KEY = 'sk-test-model-attacks-7f3a9c2e51b04d68';
const october = { from: '2026-10-01', to: '2026-10-31' };
/** What of the rival's an answer to the shop may never show. */
const RIVAL_WORDS = /Rival|13\.37/;

let t: TestApp;
let fake: FakeOpenAi;
let logText = '';
/** How the fake answers in the running test: a list in order, or a function of the request. */
let script: FakeStep[] | ((request: FakeOpenAiRequest) => FakeStep) = [];
let cursor = 0;
let shop: ReportShop;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>> & {
  storeId: string;
  locationId: string;
  categoryId: string;
  productId: string;
};
let third: Awaited<ReturnType<typeof ownerWithBusiness>>;
let advanced: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  fake = await startFakeOpenAi((request) =>
    typeof script === 'function' ? script(request) : (script[cursor++] ?? httpError(400, 'no step')),
  );
  const clock = reportShopClock();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString('utf8');
      done();
    },
  });
  t = await buildTestApp(
    { AI_BASE_URL: fake.url, AI_API_KEY: KEY, AI_MODEL: 'shop-analyst-1', LOG_LEVEL: 'debug' },
    { clock, logStream },
  );
  shop = await seedReportShop(t, clock);
  const owner = await ownerWithBusiness(t, 'Rival Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  const locationId = await insertLocation(t, owner.businessId, { name: 'Rival Lane' });
  const { storeId } = await insertStore(t, owner.businessId, { name: 'Rival Store', locationId });
  const categoryId = await insertCategory(t, owner.businessId, locationId, 'Rival Teas');
  const product = await insertProductAt(t, owner.businessId, locationId, { name: 'Rival Tea', categoryId });
  await t.sql("update products set price = '13.37' where id = $1", [product.id]);
  await insertInventoryItem(t, owner.businessId, product.id, locationId, 40);
  clock.set(new Date('2026-10-10T10:01:00Z'));
  await recordSale(t, owner.token, {
    storeId,
    soldAt: '2026-10-10T10:00:00Z',
    paymentMethod: 'CARD',
    lines: [{ productId: product.id, quantity: 1 }],
  });
  clock.set(REPORT_SHOP_NOW);
  rival = { ...owner, storeId, locationId, categoryId, productId: product.id };
  third = await ownerWithBusiness(t, 'Third Shop');
  await setPlan(t, third.businessId, 'SUPREME');
  advanced = await ownerWithBusiness(t, 'Advanced Shop');
  await setPlan(t, advanced.businessId, 'ADVANCED');
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  cursor = 0;
});

function ask(
  question: string,
  options: { token?: string; tier?: 'advanced' | 'supreme' } = {},
): Promise<LightMyRequestResponse> {
  const token = options.token ?? shop.owner.token;
  return options.tier === 'supreme'
    ? t.app.inject({
        method: 'POST',
        url: `/api/reports/supreme/ai?query=${encodeURIComponent(question)}`,
        headers: bearer(token),
        payload: {},
      })
    : t.app.inject({
        method: 'POST',
        url: '/api/reports/advanced/ai',
        headers: bearer(token),
        payload: { userQuery: question },
      });
}

const messagesOf = (request: FakeOpenAiRequest | undefined): ChatCompletionMessageParam[] =>
  request?.body?.messages ?? [];

/** The tool results the model read, in order (the last request carries the whole conversation). */
function toolResults(): string[] {
  return messagesOf(fake.requests[fake.requests.length - 1])
    .filter((message) => message.role === 'tool')
    .map((message) =>
      typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    );
}

const toolNamesOffered = (request: FakeOpenAiRequest | undefined): string[] =>
  (request?.body?.tools ?? []).map((tool) => (tool.type === 'function' ? tool.function.name : tool.type));

describe('SECURITY model: another business through the tools', () => {
  it("answers every reach for another business's store, category, location and product with an error", async () => {
    script = [
      toolCalls(
        ['sales_totals', { ...october, storeId: rival.storeId }],
        ['sales_totals', { ...october, storeId: rival.storeId.toUpperCase() }],
        ['product_ranking', { ...october, categoryId: rival.categoryId }],
        ['stock_value', { locationId: rival.locationId }],
        ['low_stock', { locationId: rival.locationId }],
        ['forecast_demand', { days: 14, productId: rival.productId }],
        ['forecast_demand', { days: 14, storeId: rival.storeId }],
        [
          'store_comparison',
          `{"from":"2026-10-01","to":"2026-10-31","__proto__":{"businessId":"${rival.businessId}"}}`,
        ],
      ),
      finalAnswer({
        title: 'Nothing to show',
        summary: 'Those stores and products are not in this business.',
      }),
    ];
    const res = await ask('compare us with the rival shop', { tier: 'supreme' });
    expect(res.statusCode, res.body).toBe(200);
    const results = toolResults();
    expect(results).toHaveLength(8);
    for (const result of results) {
      expect(Object.keys(JSON.parse(result) as object), result).toEqual(['error']);
      expect(result).not.toMatch(RIVAL_WORDS);
    }
    expect(res.json<TReport>().tables).toEqual([]);
    expect(res.body).not.toMatch(RIVAL_WORDS);
    // What the model was told of the business holds none of the rival's ids or names.
    const system = JSON.stringify(messagesOf(fake.requests[0])[0]);
    for (const id of [rival.storeId, rival.locationId, rival.categoryId, rival.businessId])
      expect(system).not.toContain(id);
    expect(system).not.toMatch(RIVAL_WORDS);
  });

  it('offers no forecast tool below FORECAST, and a model calling it anyway gets an error', async () => {
    script = [
      toolCall('forecast_demand', { days: 30 }),
      finalAnswer({ title: 'No forecast', summary: 'Forecasts are not available here.' }),
    ];
    for (const [token, tier] of [
      [advanced.token, 'advanced'],
      [shop.owner.token, 'advanced'],
    ] as const) {
      fake.requests.length = 0;
      cursor = 0;
      const res = await ask('what will we sell next month', { token, tier });
      expect(res.statusCode, res.body).toBe(200);
      expect(toolNamesOffered(fake.requests[0])).not.toContain('forecast_demand');
      expect(JSON.parse(toolResults()[0] ?? '{}')).toMatchObject({
        error: expect.stringMatching(/^There is no tool named "forecast_demand"/),
      });
      expect(res.json<TReport>().tables).toEqual([]);
    }
  });

  it('answers SQL, formulas and days outside the calendar in tool arguments as errors, never a 5xx', async () => {
    script = [
      toolCalls(
        ['sales_totals', { from: "2026-10-01'; drop table reports; --", to: '2026-10-31' }],
        ['sales_totals', { ...october, storeId: "' or 1=1 --" }],
        ['sales_totals', { from: '0000-01-01', to: '0000-12-31' }],
        ['sales_totals', { from: '9999-12-30', to: '9999-12-31' }],
        ['sales_trend', { from: '0001-12-01', to: '0002-01-31' }],
        ['product_ranking', { ...october, limit: 1e9 }],
        ['low_stock', { limit: -1 }],
        [
          'compare_periods',
          {
            ...october,
            compareFrom: '2026-09-01',
            compareTo: '2026-09-30',
            label: "'); delete from reports; --",
          },
        ],
      ),
      finalAnswer({ title: 'October', summary: 'Here is what could be read.' }),
    ];
    const before = await reportRows(t);
    const res = await ask('sales in October');
    expect(res.statusCode, res.body).toBe(200);
    const results = toolResults();
    expect(
      results.slice(0, 7).every((result) => result.startsWith('{"error"')),
      results.join('\n'),
    ).toBe(true);
    // The label is only a label: the comparison ran and named its column so.
    expect(results[7]).toContain("'); delete from reports; --");
    expect(await reportRows(t)).toBe(before + 1);
  });
});

describe('SECURITY model: what the model answers', () => {
  it('ends a model that calls tools in a loop after 8 calls, without tools on the last request', async () => {
    for (const [perMessage, requestsAtMost] of [
      [1, 9],
      [20, 2],
    ] as const) {
      fake.requests.length = 0;
      script = () =>
        toolCalls(
          ...Array.from({ length: perMessage }, (): [string, Record<string, unknown>] => [
            'sales_totals',
            october,
          ]),
        );
      const before = await reportRows(t);
      const res = await ask('sales in October, again and again');
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('PROVIDER_ERROR');
      expect(fake.requests.length).toBeLessThanOrEqual(requestsAtMost);
      const last = fake.requests[fake.requests.length - 1];
      expect(last?.body?.tools).toBeUndefined();
      const ran = toolResults().filter((result) => result.startsWith('{"tables"'));
      expect(ran.length).toBeLessThanOrEqual(8);
      expect(await reportRows(t)).toBe(before);
    }
  });

  it('keeps a megabyte answer to a short title, summary and follow-ups, in bounded time', async () => {
    script = [
      toolCall('sales_totals', october),
      finalAnswer({
        title: 'T'.repeat(100_000),
        summary: `Sales in October came to 61.40. ${'Words without figures. '.repeat(200_000)}`,
        followUps: [
          '🍵'.repeat(200),
          ...Array.from({ length: 1000 }, () => `What next ${'?'.repeat(10_000)}`),
        ],
      }),
    ];
    const started = performance.now();
    const res = await ask('sales in October');
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const report = res.json<TReport>();
    expect(report.title.length).toBeLessThanOrEqual(120);
    expect(report.summary.length).toBeLessThanOrEqual(2000);
    expect(report.summary).toMatch(/^Sales in October came to 61\.40\./);
    expect(report.followUps.length).toBeLessThanOrEqual(3);
    for (const followUp of report.followUps) expect(followUp.length).toBeLessThanOrEqual(120);
    const { rows } = await t.sql('select pg_column_size(body) as size from reports where id = $1', [
      report.id,
    ]);
    expect((rows[0] as { size: number }).size).toBeLessThan(20_000);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('shows no number that is not in the data: not in the summary, the title nor the follow-ups', async () => {
    script = [
      toolCall('sales_totals', october),
      finalAnswer({
        title: 'October sales',
        summary: 'Sales in October came to 61.40 from 4 transactions.',
        followUps: [
          'Why did sales fall 45% at Harbour Side?',
          'Which products sold best in the last 60 days?',
          'What made the 61.40?',
          'Will we reach 1,000,000 next year?',
        ],
      }),
    ];
    const res = await ask('sales in October');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TReport>().followUps).toEqual([
      'Which products sold best in the last 60 days?',
      'What made the 61.40?',
    ]);
    fake.requests.length = 0;
    cursor = 0;
    script = [
      toolCall('sales_totals', october),
      finalAnswer({ title: 'October: 99,999 sold', summary: 'Sales in October came to 61.40.' }),
      finalAnswer({ title: 'October: 88,888 sold', summary: 'Sales in October came to 61.40.' }),
    ];
    const invented = await ask('sales in October');
    expect(invented.statusCode).toBe(502);
    expect(invented.json().message).toMatch(/numbers that are not in the data/);
  });

  it('stores a title and summary with control characters and direction overrides as plain text', async () => {
    script = [
      toolCall('sales_totals', october),
      finalAnswer(
        JSON.stringify({
          title: '\u0000Sales\u001b[2J\r\nReport\u202Efdp.exe\u2066',
          summary: 'Sales in October came to 61.40.\u0000\u0007 Done\u202E.\nNext line\u2028.',
          followUps: ['\u0000What next?\u001b', '\u202Ereversed?'],
          __proto__: { polluted: 'yes' },
        }),
      ),
    ];
    const res = await ask('sales in October');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TReport>();
    expect(report.title).toMatch(SINGLE_LINE_TEXT);
    expect(report.title).toContain('Sales');
    expect(report.summary).toMatch(/^Sales in October came to 61\.40\./);
    expect(report.summary).not.toMatch(/[^\P{Cc}\n]|[\u202A-\u202E\u2066-\u2069]/u);
    for (const followUp of report.followUps) expect(followUp).toMatch(SINGLE_LINE_TEXT);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reports/export/final?reportId=${report.id}&format=csv`,
      headers: bearer(shop.owner.token),
    });
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="[a-z0-9-]+\.csv"$/);
  });

  it("writes a model's formula-like title, summary, labels and follow-ups as text in every export", async () => {
    script = [
      toolCall('compare_periods', {
        ...october,
        compareFrom: '2026-09-01',
        compareTo: '2026-09-30',
        label: '=HYPERLINK("http://evil.test","x")',
        compareLabel: '+1+1',
      }),
      finalAnswer({
        title: "=cmd|' /C calc'!A0",
        summary: '@SUM(1) Sales in October came to 61.40.',
        followUps: ['-2+3?', '=1+1'],
      }),
    ];
    const res = await ask('October against September');
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<TReport>();
    const file = (format: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reports/export/final?reportId=${id}&format=${format}`,
        headers: bearer(shop.owner.token),
      });
    const csv = await file('csv');
    expect(formulaFieldsOfCsv(csv.body)).toEqual([]);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    const xlsx = await file('xlsx');
    expect(await formulaCellsOfXlsx(bytesOf(xlsx))).toEqual([]);
    expect((await file('pdf')).statusCode).toBe(200);
  });
});

describe('SECURITY model: connections, concurrency and the key', () => {
  /** Waits until the fake has received `count` requests (the questions reached the model). */
  async function untilRequests(count: number): Promise<void> {
    for (let waited = 0; fake.requests.length < count; waited += 10) {
      if (waited > 10_000)
        throw new Error(`only ${fake.requests.length} of ${count} requests reached the model`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** A slow model: each answer after `ms`; a tool call first, then an answer without figures. */
  const slowModel =
    (ms: number) =>
    (request: FakeOpenAiRequest): FakeStep =>
      messagesOf(request).some((message) => message.role === 'tool')
        ? delayed(ms, finalAnswer({ title: 'October', summary: 'October was read.' }))
        : delayed(ms, toolCall('sales_totals', october));

  it('answers a third question of a business 429 at once, without asking the model, and frees its slots after failures', async () => {
    script = slowModel(1500);
    const running = [ask('sales in October'), ask('sales in October')];
    await untilRequests(2);
    const started = performance.now();
    const third = await ask('sales in October');
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(fake.requests).toHaveLength(2);
    // Another business asks meanwhile: the limit is per business.
    const other = ask('sales in October', { token: rival.token });
    for (const res of await Promise.all([...running, other])) expect(res.statusCode, res.body).toBe(200);
    script = () => httpError(500, 'upstream down');
    for (const res of await Promise.all([ask('sales in October'), ask('sales in October')]))
      expect(res.statusCode).toBe(502);
    script = slowModel(0);
    for (const res of await Promise.all([ask('sales in October'), ask('sales in October')]))
      expect(res.statusCode, res.body).toBe(200);
  });

  it('holds no database connection while the model thinks: six slow questions, and the pool of 5 still serves', async () => {
    script = slowModel(2000);
    const askers = [shop.owner.token, rival.token, third.token];
    const questions = askers.flatMap((token) => [
      ask('sales in October', { token }),
      ask('sales in October', { token }),
    ]);
    await untilRequests(6);
    // Six questions wait on the model; the pool (5 connections) answers everyone else at once.
    const started = performance.now();
    const quick = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        t.app.inject({
          method: 'GET',
          url: index % 2 === 0 ? '/api/reports?size=5' : '/api/reports/basic?predefinedOption=STOCK_VALUE',
          headers: bearer(advanced.token),
        }),
      ),
    );
    const quickMs = performance.now() - started;
    for (const res of quick) expect(res.statusCode, res.body).toBe(200);
    expect(quickMs).toBeLessThan(1800);
    for (const res of await Promise.all(questions)) expect(res.statusCode, res.body).toBe(200);
  });

  it('never shows, logs or stores the API key, even when the provider quotes it', async () => {
    logText = '';
    script = [
      httpError(401, `Incorrect API key provided: ${KEY}. You can find your key at https://example.test.`),
      httpError(500, `Internal error while checking ${KEY}`),
      httpError(500, `Internal error while checking ${KEY}`),
      toolCall('sales_totals', october),
      finalAnswer({ title: 'October', summary: 'Sales in October came to 61.40.' }),
    ];
    const answers = [
      await ask('sales in October'),
      await ask('sales in October'),
      await ask('sales in October'),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([502, 502, 200]);
    for (const res of answers) {
      expect(res.body).not.toContain(KEY);
      expect(JSON.stringify(res.headers)).not.toContain(KEY);
    }
    expect(logText).toContain('request failed');
    expect(logText).not.toContain(KEY);
    const { rows } = await t.sql("select coalesce(string_agg(r::text, ''), '') as text from reports r");
    expect((rows[0] as { text: string }).text).not.toContain(KEY);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify(request.body)).not.toContain(KEY);
    }
  });
});
