import type { TReport } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import {
  delayed,
  finalAnswer,
  httpError,
  startFakeOpenAi,
  toolCall,
  type FakeOpenAi,
  type FakeStep,
} from '../../../../test/fake-openai-server.js';
import { reportShopClock, seedReportShop, type ReportShop } from '../../../../test/factories/reports.js';

/**
 * The app with AI_BASE_URL set: questions go to a language model (a scripted OpenAI-compatible
 * server on loopback) that may only call the business's read-only tools. The shop is the
 * hand-worked one of test/factories/reports.ts; another business has a store the model tries.
 */

const KEY = 'sk-test-reports-0123456789';
let t: TestApp;
let fake: FakeOpenAi;
/** The steps of the running test, answered in order from `cursor` (reset before each test). */
let steps: FakeStep[] = [];
let cursor = 0;
let shop: ReportShop;
let rivalStoreId: string;
let rivalBusinessId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => steps[cursor++] ?? httpError(400, 'no step'));
  const clock = reportShopClock();
  t = await buildTestApp({ AI_BASE_URL: fake.url, AI_API_KEY: KEY, AI_MODEL: 'shop-analyst-1' }, { clock });
  shop = await seedReportShop(t, clock);
  const rival = await ownerWithBusiness(t, 'Rival Shop');
  rivalBusinessId = rival.businessId;
  rivalStoreId = (await insertStore(t, rival.businessId, { name: 'Rival Store' })).storeId;
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
  cursor = 0;
});

async function askModel(question: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports/advanced/ai',
    headers: bearer(shop.owner.token),
    payload: { userQuery: question },
  });
}

const october = { from: '2026-10-01', to: '2026-10-31' };

describe('questions answered by a language model', () => {
  it('answers from the tools it called, and stores who answered', async () => {
    steps = [
      toolCall('product_ranking', { ...october, rankBy: 'units', limit: 3 }),
      finalAnswer({
        title: 'Best sellers in October',
        summary: 'Oat milk led October with 7 units sold for 21.40; Cold brew followed with 5 units.',
        followUps: ['What sells on weekends?'],
      }),
    ];
    const res = await askModel('best sellers last month');
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TReport>();
    expect(report).toMatchObject({ provider: 'language-model', model: 'shop-analyst-1', kind: 'ADVANCED' });
    expect(report.tables[0]?.rows.slice(0, 2)).toEqual([
      [1, 'Oat milk', 'OAT-1', 7, '21.40'],
      [2, 'Cold brew', 'CB-1', 5, '20.00'],
    ]);
    const first = fake.requests[0];
    expect(first?.headers.authorization).toBe(`Bearer ${KEY}`);
    const system = JSON.stringify(first?.body?.messages[0]);
    expect(system).toContain('Market Row');
    expect(system).toContain('2026-11-26');
    expect(first?.body?.tools?.map((tool) => (tool.type === 'function' ? tool.function.name : ''))).toContain(
      'product_ranking',
    );
  });

  it("gives a model that asks for another business's data an error, never the data", async () => {
    steps = [
      toolCall('store_comparison', { ...october, businessId: rivalBusinessId }),
      toolCall('sales_totals', { ...october, storeId: rivalStoreId }),
      toolCall('sales_totals', october),
      finalAnswer({ title: 'October', summary: 'Sales in October came to 61.40 from 4 transactions.' }),
    ];
    const res = await askModel('sales last month');
    expect(res.statusCode, res.body).toBe(200);
    // The last request carries the whole conversation, each tool result once.
    const toolResults = (fake.requests[fake.requests.length - 1]?.body?.messages ?? [])
      .filter((message) => message.role === 'tool')
      .map((message) =>
        typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
      );
    expect(toolResults[0]).toMatch(/businessId|Unrecognized/i);
    expect(toolResults[1]).toContain(`No store of this business has the id ${rivalStoreId}`);
    expect(toolResults[2]).toContain('61.40');
    expect(res.json<TReport>().tables).toHaveLength(1);
    expect(JSON.stringify(res.json())).not.toContain('Rival');
  });

  it('refuses to show an answer whose numbers are not in the data', async () => {
    steps = [
      toolCall('sales_totals', october),
      finalAnswer({ title: 'October', summary: 'Sales were 99,999.00 in October.' }),
      finalAnswer({ title: 'October', summary: 'Sales were 88,888.00 in October.' }),
    ];
    const res = await askModel('what were sales in October?');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PROVIDER_ERROR' });
    expect(res.json().message).toMatch(/numbers that are not in the data/);
    const stored = await t.sql('select count(*)::int as n from reports where question = $1', [
      'what were sales in October?',
    ]);
    expect(stored.rows[0]).toEqual({ n: 0 });
  });

  it('answers 502 without the key when the model server fails', async () => {
    steps = [httpError(500), httpError(500)];
    const res = await askModel('sales last month');
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain(KEY);
  });

  it('still answers the predefined reports without the model', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/basic?predefinedOption=LOW_STOCK',
      headers: bearer(shop.owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TReport>().provider).toBe('built-in');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a plan without AI_REPORT', () => {
  it('never calls the model', async () => {
    const free = await ownerWithBusiness(t, 'Free Shop');
    await setPlan(t, free.businessId, 'FREE');
    steps = [finalAnswer({ title: 'x', summary: 'y' })];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports/advanced/ai',
      headers: bearer(free.token),
      payload: { userQuery: 'best sellers' },
    });
    expect(res.statusCode).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('AI_TIMEOUT_SECONDS', () => {
  it('ends a question the model takes too long over with 502, and frees its slot', async () => {
    const slow = await startFakeOpenAi(() =>
      delayed(3_000, finalAnswer({ title: 'Late', summary: 'Too late.' })),
    );
    const app = await buildTestApp({
      AI_BASE_URL: slow.url,
      AI_API_KEY: KEY,
      AI_MODEL: 'slow-model',
      AI_TIMEOUT_SECONDS: '1',
    });
    try {
      const owner = await ownerWithBusiness(app, 'Slow Shop');
      await setPlan(app, owner.businessId, 'ADVANCED');
      const ask = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/reports/advanced/ai',
          headers: bearer(owner.token),
          payload: { userQuery: 'sales this week' },
        });
      const started = Date.now();
      const answers = await Promise.all([ask(), ask()]);
      expect(Date.now() - started).toBeLessThan(2_900);
      for (const res of answers) {
        expect(res.statusCode).toBe(502);
        expect(res.json().message).toMatch(/took too long/);
      }
      // Both slots are free again: a third question is not refused as too many.
      expect((await ask()).statusCode).toBe(502);
    } finally {
      await app.close();
      await slow.close();
    }
  });
});
