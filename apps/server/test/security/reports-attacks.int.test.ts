/**
 * Security review of the reports API (issue 14) with the built-in analyst: who may call what, and
 * what hostile input does.
 *
 * Threat: the owner of business M (Mallory) who learned the ids of business V (the hand-worked
 * report shop) and aims every query, filter and path at them, in any letter case; M's staff whose
 * roles do not reach analytics (a store assistant), a disabled member, a member whose roles were
 * cut mid-session; a colleague who deletes or reads what is not theirs; a business whose plan
 * lacks a feature (or was downgraded) smuggling it through another route; a product contributor
 * who names products, stores and categories as formulas, SQL, regex bombs or time phrases; a
 * question built to make the parser backtrack. Each refusal names nothing of V's and stores
 * nothing; nothing answers 5xx.
 */
import { PREDEFINED_REPORTS, STAFF_ROLES, isPermitted, type Feature, type TReport } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuestion, type ParserContext } from '../../src/modules/reports/analyst/question-parser.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember, verifiedOwner } from '../factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../factories/catalogue.js';
import { insertProductAt } from '../factories/inventory.js';
import { createProduct, insertCategory, insertInventoryItem } from '../factories/products.js';
import {
  ask,
  REPORT_SHOP_NOW,
  reportShopClock,
  seedReportShop,
  type ReportShop,
} from '../factories/reports.js';
import { recordSale } from '../factories/sales.js';
import { expectRefusal, sendAs, type Call } from './inventory-kit.js';
import {
  bytesOf,
  csvFields,
  expectNoServerError,
  FORMULAS,
  formulaCellsOfXlsx,
  formulaFieldsOfCsv,
  reportRows,
  textCellsOfXlsx,
} from './reports-kit.js';

const clock = reportShopClock();
const MISSING = '0190c6a0-0000-7000-8000-00000000abcd';
/** What of V's an answer to M may never show: its names, SKUs and figures. */
const VICTIM_WORDS =
  /Market Row|Harbour Side|Oat milk|Sourdough|Croissant|Cold brew|Dairy|Bakery|OAT-1|61\.40|21\.40/;

let t: TestApp;
let v: ReportShop;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
/** M's stores: a kiosk whose name holds a number (its location is named otherwise) and a bar. */
let kiosk: { storeId: string; locationId: string };
let bar: { storeId: string; locationId: string };
let aisle7: string;
/** A report of V's, asked by its owner. */
let victimReport: TReport;

async function sell(storeId: string, soldAt: string, lines: Array<[string, number]>): Promise<void> {
  clock.set(new Date(Date.parse(soldAt) + 60_000));
  await recordSale(t, mallory.token, {
    storeId,
    soldAt,
    paymentMethod: 'CARD',
    lines: lines.map(([productId, quantity]) => ({ productId, quantity })),
  });
  clock.set(REPORT_SHOP_NOW);
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  v = await seedReportShop(t, clock, { name: 'Victim Shop' });
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  await setPlan(t, mallory.businessId, 'SUPREME');
  // "Kiosk 24" stands at "Pier Road": the store's name is in no table a stock report writes.
  kiosk = await insertStore(t, mallory.businessId, {
    name: 'Kiosk 24',
    locationId: await insertLocation(t, mallory.businessId, { name: 'Pier Road' }),
  });
  bar = await insertStore(t, mallory.businessId, {
    name: '+SUM(1,2)',
    locationId: await insertLocation(t, mallory.businessId, { name: '@Depot' }),
  });
  aisle7 = await insertCategory(t, mallory.businessId, kiosk.locationId, 'Aisle 7');
  const formulaCategory = await insertCategory(t, mallory.businessId, bar.locationId, '-Spirits');
  const tea = await insertProductAt(t, mallory.businessId, kiosk.locationId, {
    name: 'Kiosk tea',
    sku: 'KT-1',
    categoryId: aisle7,
  });
  await insertInventoryItem(t, mallory.businessId, tea.id, kiosk.locationId, 3);
  await t.sql('update inventory_items set reorder_point = 10 where product_id = $1', [tea.id]);
  const hostile: string[] = [];
  for (const [index, name] of FORMULAS.entries()) {
    const product = await insertProductAt(t, mallory.businessId, bar.locationId, {
      sku: `=F${index}`,
      categoryId: formulaCategory,
    });
    // Straight into the table: names a catalogue form would trim (a leading tab or CR) too.
    await t.sql('update products set name = $2, cost_price = 1.00 where id = $1', [product.id, name]);
    await insertInventoryItem(t, mallory.businessId, product.id, bar.locationId, 20);
    hostile.push(product.id);
  }
  await t.sql('update inventory_items set reorder_point = 50 where location_id = $1', [bar.locationId]);
  await sell(kiosk.storeId, '2026-11-20T10:00:00Z', [[tea.id, 2]]);
  await sell(
    bar.storeId,
    '2026-11-21T10:00:00Z',
    hostile.map((id, index) => [id, index + 1]),
  );
  victimReport = (await ask(t, v.owner.token, 'best sellers last month')).report;
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string): Call => ({ method: 'GET', url });
const post = (url: string, json: unknown = {}): Call => ({ method: 'POST', url, json });

/** Every route of the module once, aimed at `reportId`. */
function everyRoute(reportId: string): Array<[string, Call]> {
  return [
    ['basic', get('/api/reports/basic?predefinedOption=SALES_SUMMARY')],
    ['advanced', post('/api/reports/advanced/ai', { userQuery: 'best sellers last month' })],
    ['supreme', post('/api/reports/supreme/ai?query=best%20sellers')],
    ['predict', post('/api/reports/predict?forecastPeriod=14')],
    ['export', get(`/api/reports/export/final?reportId=${reportId}&format=csv`)],
    ['history', get('/api/reports')],
    ['open', get(`/api/reports/${reportId}`)],
    ['delete', { method: 'DELETE', url: `/api/reports/${reportId}` }],
  ];
}

describe("SECURITY reports: another business's ids", () => {
  it("answers 404 for V's store, category and product in every query and filter, in either case", async () => {
    const before = await reportRows(t);
    const ids = [
      ['storeId', v.market.storeId],
      ['categoryId', v.categories.bakery],
      // Read by forecasts only, but another business's id is 404 wherever it is sent.
      ['productId', v.products.croissant],
    ] as const;
    for (const cased of [(id: string) => id, (id: string) => id.toUpperCase()]) {
      const calls: Array<[string, Call]> = [
        ['basic', get(`/api/reports/basic?predefinedOption=TOP_PRODUCTS&storeId=${cased(v.market.storeId)}`)],
        [
          'basic stock',
          get(`/api/reports/basic?predefinedOption=LOW_STOCK&storeId=${cased(v.harbour.storeId)}`),
        ],
        [
          'predict product',
          post('/api/reports/predict?forecastPeriod=14', {
            filter: { productId: cased(v.products.sourdough) },
          }),
        ],
        [
          'predict store',
          post('/api/reports/predict?forecastPeriod=14', { filter: { storeId: cased(v.market.storeId) } }),
        ],
        [
          'supreme forecast of a product',
          post('/api/reports/supreme/ai?query=forecast%20next%20month', {
            filter: { productId: cased(v.products.oatMarket) },
          }),
        ],
        ...ids.flatMap(([key, id]): Array<[string, Call]> => [
          [
            `advanced ${key}`,
            post('/api/reports/advanced/ai', { userQuery: 'best sellers', filter: { [key]: cased(id) } }),
          ],
          [
            `supreme ${key}`,
            post('/api/reports/supreme/ai?query=best%20sellers', { filter: { [key]: cased(id) } }),
          ],
        ]),
      ];
      for (const [name, call] of calls) {
        const res = await sendAs(t, mallory.token, call);
        expectRefusal(res, 404, 'NOT_FOUND', name);
        expect(res.body, name).not.toMatch(VICTIM_WORDS);
      }
    }
    expect(await reportRows(t)).toBe(before);
  });

  it("opens, exports and deletes none of V's reports, answering as for an id that never was", async () => {
    const missing = await sendAs(t, mallory.token, get(`/api/reports/${MISSING}`));
    expectRefusal(missing, 404, 'NOT_FOUND');
    for (const id of [victimReport.id, victimReport.id.toUpperCase()]) {
      for (const call of [
        get(`/api/reports/${id}`),
        ...(['pdf', 'xlsx', 'csv'] as const).map((format) =>
          get(`/api/reports/export/final?reportId=${id}&format=${format}`),
        ),
        { method: 'DELETE', url: `/api/reports/${id}` } satisfies Call,
      ]) {
        const res = await sendAs(t, mallory.token, call);
        expectRefusal(res, 404, 'NOT_FOUND', call.url);
        // No oracle: the same answer as for a report that does not exist.
        expect(res.json(), call.url).toEqual(missing.json());
      }
    }
    // Neighbouring ids (the last digit walked) are no way in either.
    for (const digit of '0123456789abcdef') {
      const res = await sendAs(t, mallory.token, get(`/api/reports/${victimReport.id.slice(0, -1)}${digit}`));
      expect(res.statusCode).toBe(404);
    }
    expect((await sendAs(t, v.owner.token, get(`/api/reports/${victimReport.id}`))).statusCode).toBe(200);
  });

  it("shows nothing of V's in any of M's answers, V's names in the question included", async () => {
    for (const option of PREDEFINED_REPORTS) {
      const res = await sendAs(t, mallory.token, get(`/api/reports/basic?predefinedOption=${option}`));
      expect(res.statusCode, option).toBe(200);
      expect(res.body, option).not.toMatch(VICTIM_WORDS);
    }
    for (const question of [
      'best sellers at Market Row last month',
      'margin by category Bakery last 60 days',
      'sales in October at Harbour Side',
      'which store sold the most in October',
      'what is my stock worth at Market Row',
    ]) {
      const { statusCode, report } = await ask(t, mallory.token, question);
      expect(statusCode, question).toBe(200);
      // The question is M's own words; what the report found must hold nothing of V's.
      const { question: _asked, ...found } = report;
      expect(JSON.stringify(found), question).not.toMatch(VICTIM_WORDS);
    }
    const history = await sendAs(t, mallory.token, get('/api/reports?size=100'));
    expect(history.body).not.toContain(victimReport.id);
  });
});

describe('SECURITY reports: roles', () => {
  it('refuses every route to each role outside analytics (a store assistant too), storing nothing', async () => {
    const refused = STAFF_ROLES.filter((role) => !isPermitted([role], 'analytics:read'));
    expect(refused).toContain('ROLE_STORE_ASSISTANT');
    expect(refused).not.toContain('ROLE_BUSINESS_ADMIN');
    const mine = (await ask(t, mallory.token, 'sales last month')).report;
    const before = await reportRows(t);
    for (const role of refused) {
      const { token } = await staffMember(t, mallory.token, [role]);
      for (const [name, call] of everyRoute(mine.id))
        expectRefusal(await sendAs(t, token, call), 403, 'FORBIDDEN', `${role} ${name}`);
    }
    expect(await reportRows(t)).toBe(before);
    expect((await sendAs(t, mallory.token, get(`/api/reports/${mine.id}`))).statusCode).toBe(200);
  });

  it('ends a disabled member, and one whose analytics role was taken away mid-session (401)', async () => {
    const disabled = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_ADMIN']);
    const reduced = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_ADMIN']);
    const theirs = (await ask(t, disabled.token, 'sales last month')).report;
    expect(
      (await sendAs(t, mallory.token, { method: 'PUT', url: `/api/users/${disabled.userId}/disable` }))
        .statusCode,
    ).toBe(200);
    const cut = await sendAs(t, mallory.token, {
      method: 'PUT',
      url: `/api/users/${reduced.userId}/roles`,
      json: ['ROLE_INVENTORY_READER'],
    });
    expect(cut.statusCode, cut.body).toBe(200);
    const before = await reportRows(t);
    for (const token of [disabled.token, reduced.token])
      for (const [name, call] of everyRoute(theirs.id))
        expectRefusal(await sendAs(t, token, call), 401, 'UNAUTHENTICATED', name);
    expect(await reportRows(t)).toBe(before);
  });

  it('refuses an owner whose business is not set up yet, with no 5xx', async () => {
    const owner = await verifiedOwner(t);
    for (const [name, call] of everyRoute(victimReport.id)) {
      const res = await sendAs(t, owner.token, call);
      expectNoServerError(res, name);
      expect(res.statusCode, name).toBe(403);
      expect(res.body, name).not.toMatch(VICTIM_WORDS);
    }
  });

  it("lets a colleague open a shared report but delete, export-as-author or list none of another's", async () => {
    const author = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_READER']);
    const colleague = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_ADMIN']);
    const admin = await staffMember(t, mallory.token, ['ROLE_BUSINESS_ADMIN']);
    const report = (await ask(t, author.token, 'stock value')).report;
    expect((await sendAs(t, colleague.token, get(`/api/reports/${report.id}`))).statusCode).toBe(200);
    for (const token of [colleague.token, admin.token, mallory.token]) {
      const res = await sendAs(t, token, { method: 'DELETE', url: `/api/reports/${report.id}` });
      expectRefusal(res, 404, 'NOT_FOUND');
      const list = await sendAs(t, token, get('/api/reports?size=100'));
      expect(list.body).not.toContain(report.id);
    }
    expect((await sendAs(t, author.token, get(`/api/reports/${report.id}`))).statusCode).toBe(200);
    expect(
      (await sendAs(t, author.token, { method: 'DELETE', url: `/api/reports/${report.id.toUpperCase()}` }))
        .statusCode,
    ).toBe(204);
    expect((await sendAs(t, colleague.token, get(`/api/reports/${report.id}`))).statusCode).toBe(404);
  });

  it("keeps a deleted member's reports for colleagues, and the member's token opens nothing", async () => {
    const leaver = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_READER']);
    const report = (await ask(t, leaver.token, 'sales this month')).report;
    const deleted = await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/users/${leaver.userId}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    for (const [name, call] of everyRoute(report.id))
      expectRefusal(await sendAs(t, leaver.token, call), 401, 'UNAUTHENTICATED', name);
    const opened = await sendAs(t, mallory.token, get(`/api/reports/${report.id}`));
    expect(opened.statusCode).toBe(200);
    expect(opened.json<TReport>().createdBy).toBe(leaver.userId);
  });
});

describe('SECURITY reports: plans', () => {
  /** A Supreme plan without FORECAST: the forecast may not come in through the Supreme question. */
  const NO_FORECAST = 'SUPREME_NO_FORECAST';

  async function featuresOf(planId: string): Promise<Feature[]> {
    const { rows } = await t.sql('select features from plans where id = $1', [planId]);
    return (rows[0] as { features: Feature[] }).features;
  }

  it('opens each route on the plans with its feature only, and stores nothing when it refuses', async () => {
    await t.sql(
      `insert into plans (id, name, price_monthly, max_stores, max_warehouses, max_products, max_staff_users, features)
       select $1, 'Supreme without forecasts', price_monthly, max_stores, max_warehouses, max_products, max_staff_users,
              array_remove(features, 'FORECAST')
       from plans where id = 'SUPREME' on conflict (id) do nothing`,
      [NO_FORECAST],
    );
    const outcome: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const planId of ['FREE', 'BASIC', 'ADVANCED', 'SUPREME', NO_FORECAST]) {
      const owner = await ownerWithBusiness(t, `${planId} Shop`);
      await setPlan(t, owner.businessId, planId as 'FREE');
      const features = await featuresOf(planId);
      const basic = await sendAs(t, owner.token, get('/api/reports/basic?predefinedOption=STOCK_VALUE'));
      const reportId = basic.json<TReport>().id;
      const calls: Array<[string, Feature[], Call]> = [
        ['basic', ['ANALYTICS_BASIC'], get('/api/reports/basic?predefinedOption=SALES_SUMMARY')],
        ['advanced', ['AI_REPORT'], post('/api/reports/advanced/ai', { userQuery: 'sales last month' })],
        [
          'advanced forecast',
          ['AI_REPORT', 'FORECAST'],
          post('/api/reports/advanced/ai', { userQuery: 'what will we sell next week?' }),
        ],
        ['supreme', ['ANALYTICS_SUPREME'], post('/api/reports/supreme/ai?query=sales%20last%20month')],
        [
          'supreme forecast',
          ['ANALYTICS_SUPREME', 'FORECAST'],
          post('/api/reports/supreme/ai?query=predict%20the%20next%2014%20days'),
        ],
        ['predict', ['FORECAST'], post('/api/reports/predict?forecastPeriod=7')],
        ...(['pdf', 'xlsx', 'csv'] as const).map((format): [string, Feature[], Call] => [
          `export ${format}`,
          ['EXPORT'],
          get(`/api/reports/export/final?reportId=${reportId}&format=${format}`),
        ]),
      ];
      for (const [name, needs, call] of calls) {
        const before = await reportRows(t);
        const res = await sendAs(t, owner.token, call);
        const isOpen = needs.every((feature) => features.includes(feature));
        const key = `${planId} ${name}`;
        // The advanced page sends forecasts to the Supreme page (422) on plans that have them.
        expected[key] = isOpen ? (name === 'advanced forecast' ? 422 : 200) : 403;
        outcome[key] = res.statusCode;
        if (res.statusCode === 403) {
          expect(res.json().code, key).toBe('PLAN_VIOLATION');
          expect(res.headers['x-plan-violation'], key).toBe('1');
        }
        if (res.statusCode !== 200 || name.startsWith('export'))
          expect(await reportRows(t), key).toBe(before);
      }
    }
    expect(outcome).toEqual(expected);
  });

  it('closes the routes of a downgraded plan at once; its stored reports stay readable', async () => {
    const owner = await ownerWithBusiness(t, 'Downgraded Shop');
    await setPlan(t, owner.businessId, 'SUPREME');
    const forecast = await sendAs(t, owner.token, post('/api/reports/predict?forecastPeriod=7'));
    expect(forecast.statusCode).toBe(200);
    const { id } = forecast.json<TReport>();
    await setPlan(t, owner.businessId, 'FREE');
    for (const call of [
      post('/api/reports/predict?forecastPeriod=7'),
      post('/api/reports/supreme/ai?query=forecast%20next%20month'),
      post('/api/reports/advanced/ai', { userQuery: 'sales last month' }),
      get(`/api/reports/export/final?reportId=${id}&format=pdf`),
    ])
      expectRefusal(await sendAs(t, owner.token, call), 403, 'PLAN_VIOLATION', call.url);
    expect((await sendAs(t, owner.token, get(`/api/reports/${id}`))).statusCode).toBe(200);
  });
});

describe('SECURITY reports: hostile input', () => {
  it('refuses bodies of 2 and 10 MB before reading them into a question (413)', async () => {
    for (const megabytes of [2, 10]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/advanced/ai',
        headers: { ...bearer(mallory.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ userQuery: 'x'.repeat(megabytes * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
    }
  });

  it('refuses arrays, wrong types, extra keys and repeated query keys (400), storing nothing', async () => {
    const before = await reportRows(t);
    const bodies: unknown[] = [
      [],
      'best sellers',
      null,
      [{ userQuery: 'best sellers' }],
      { userQuery: ['best sellers'] },
      { userQuery: { toString: 'best sellers' } },
      { userQuery: 12345 },
      { userQuery: 'best sellers', filter: [] },
      { userQuery: 'best sellers', filter: 'all' },
      { userQuery: 'best sellers', filter: { storeId: [kiosk.storeId] } },
      { userQuery: 'best sellers', filter: { storeId: `${kiosk.storeId}' or '1'='1` } },
      { userQuery: 'best sellers', filter: { start: '01-10-2026 00:00', end: '31-10-2026 23:59', extra: 1 } },
      { userQuery: 'best sellers', role: 'ROLE_BUSINESS_OWNER' },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/advanced/ai',
        headers: { ...bearer(mallory.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const url of [
      '/api/reports/basic?predefinedOption=SALES_SUMMARY&predefinedOption=LOW_STOCK',
      `/api/reports/basic?predefinedOption=SALES_SUMMARY&storeId=${kiosk.storeId}&storeId=${bar.storeId}`,
      '/api/reports/export/final?reportId=a&reportId=b&format=csv',
      '/api/reports/export/final?format=csv',
      `/api/reports/export/final?reportId=${MISSING}&format=PDF`,
      '/api/reports/not-a-uuid',
    ])
      expect((await sendAs(t, mallory.token, get(url))).statusCode, url).toBe(400);
    for (const call of [
      post('/api/reports/supreme/ai?query=best%20sellers&query=sales'),
      post('/api/reports/predict?forecastPeriod=7&forecastPeriod=180'),
      post('/api/reports/supreme/ai', {}),
    ])
      expect((await sendAs(t, mallory.token, call)).statusCode, call.url).toBe(400);
    expect(await reportRows(t)).toBe(before);
  });

  it('refuses __proto__ and constructor keys (400) and pollutes no prototype', async () => {
    for (const payload of [
      '{"userQuery":"best sellers","__proto__":{"polluted":"yes"}}',
      '{"userQuery":"best sellers","filter":{"__proto__":{"storeId":"x"}}}',
      '{"userQuery":"best sellers","constructor":{"prototype":{"polluted":"yes"}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reports/advanced/ai',
        headers: { ...bearer(mallory.token), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers unicode, control characters and direction overrides in a question, never a 5xx', async () => {
    const questions = [
      `best sellers ${'🍵'.repeat(200)}`,
      'best sellers \u202Ehtnom tsal\u202C',
      'sales\u0007 last\u001b[31m month',
      'stock\u200B value',
      'best sellers \uFFFE\uFFFF last month',
      'ｂｅｓｔ ｓｅｌｌｅｒｓ',
      `${'é'.repeat(250)} sales`,
      'best\u0085sellers\u2028last month',
    ];
    for (const question of questions) {
      const { statusCode, body } = await ask(t, mallory.token, question);
      expect([200, 422], `${JSON.stringify(question)} ${JSON.stringify(body)}`).toContain(statusCode);
      if (statusCode === 200) expect(typeof body.question).toBe('string');
    }
    // Half a surrogate pair is no text: refused before it is stored.
    expect((await ask(t, mallory.token, 'sales last month \uD800')).statusCode).toBe(400);
    // 501 characters counted as a person counts them is still too long.
    expect((await ask(t, mallory.token, `sales ${'x'.repeat(495)}`)).statusCode).toBe(400);
  });

  it('reads filters at the ends of the calendar (1970, 9998) and refuses beyond them or over 3 years', async () => {
    const cases: Array<[Record<string, string>, number]> = [
      [{ start: '01-01-1970 00:00', end: '31-12-1972 23:59' }, 200],
      [{ start: '01-01-9996 00:00', end: '31-12-9998 23:59' }, 200],
      [{ start: '31-12-1969 23:59', end: '01-01-1970 00:00' }, 400],
      [{ start: '31-12-9998 00:00', end: '01-01-9999 00:00' }, 400],
      [{ start: '01-01-2020 00:00', end: '02-01-2023 23:59' }, 200],
      [{ start: '01-01-2020 00:00', end: '03-01-2023 00:00' }, 400],
      [{ start: '29-02-2023 00:00', end: '01-03-2023 00:00' }, 400],
      [{ start: '01-10-2026 24:00', end: '02-10-2026 00:00' }, 400],
    ];
    for (const [filter, status] of cases) {
      for (const question of [
        'sales',
        'sales compared with the period before',
        'best sellers by weekday',
        'sales per month',
      ]) {
        const { statusCode, body } = await ask(t, mallory.token, question, filter);
        expect(statusCode, `${question} ${JSON.stringify(filter)} ${JSON.stringify(body)}`).toBe(status);
      }
    }
  });

  it('forecasts the edge periods 7 and 180 and refuses every other shape of the number', async () => {
    for (const period of ['7', '180']) {
      const res = await sendAs(t, mallory.token, post(`/api/reports/predict?forecastPeriod=${period}`));
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const period of [
      '6',
      '181',
      '-7',
      '0',
      '',
      '7.5',
      'NaN',
      'Infinity',
      '1e3',
      '9'.repeat(400),
      '%00',
    ]) {
      const res = await sendAs(t, mallory.token, post(`/api/reports/predict?forecastPeriod=${period}`));
      expect(res.statusCode, period).toBe(400);
    }
  });

  it('answers a question of the last 999 years or a year 0 month with a refusal or an answer, never a 5xx', async () => {
    // Year 0 is no month of sales (Date.UTC would have read it as 1900 under the label "0000").
    expect((await ask(t, mallory.token, 'sales in january 0000')).report.title).not.toContain('0000');
    for (const question of [
      'sales in the last 999 years',
      'sales in the last 999 months',
      'sales in january 0000',
      'sales in may 9999',
      'sales this year vs last year',
      'forecast the next 999 days',
    ]) {
      const { statusCode, body } = await ask(t, mallory.token, question);
      expect(statusCode, `${question} ${JSON.stringify(body)}`).toBeLessThan(500);
    }
  });
});

describe('SECURITY reports: the analyst and hostile names', () => {
  /** Names a product contributor may give, and questions built to make a regex backtrack. */
  const NASTY_NAMES = [
    '(a+)+$',
    '.*',
    '%',
    '_',
    '\\',
    "'; drop table reports; --",
    'Last month',
    'Today',
    '[',
    '$1',
  ];
  const ADVERSARIAL = [
    'stock '.repeat(83),
    `${'stock '.repeat(80)}worth`,
    'a'.repeat(500),
    `${'best '.repeat(99)}x`,
    `${'next '.repeat(99)}x`,
    `${'last '.repeat(99)}days`,
    `${'in '.repeat(166)}`,
    `${'1,'.repeat(249)}x`,
    `${'may '.repeat(124)}`,
    `${'slow-'.repeat(99)}x`,
    `${'the last '.repeat(55)}x`,
    `${'(a+)+'.repeat(100)}`,
    `${'not selling '.repeat(41)}`,
    `${' '.repeat(499)}x`,
    `${'top 1'.repeat(100)}`,
  ].map((question) => question.slice(0, 500));

  it('parses 500-character adversarial questions against 2,000 names in milliseconds', () => {
    const names = Array.from({ length: 2000 }, (_, index) => ({
      id: `id-${index}`,
      name:
        index < NASTY_NAMES.length
          ? (NASTY_NAMES[index] ?? '')
          : `Name ${'(x+)+'.repeat(index % 7)} ${index}`,
      locationId: 'loc',
    }));
    const context: ParserContext = {
      today: '2026-11-26',
      stores: names,
      categories: names,
      defaultRange: { from: '2026-10-28', to: '2026-11-26', label: 'last 30 days' },
    };
    let slowest = 0;
    for (const question of ADVERSARIAL) {
      const started = performance.now();
      parseQuestion(question, context);
      slowest = Math.max(slowest, performance.now() - started);
    }
    // Linear matching takes about a millisecond here; catastrophic backtracking takes seconds.
    expect(slowest).toBeLessThan(250);
  });

  it('answers adversarial questions through the API quickly, never a 5xx', async () => {
    for (const question of ADVERSARIAL) {
      const started = performance.now();
      const { statusCode } = await ask(t, mallory.token, question);
      expect([200, 400, 422], question.slice(0, 40)).toContain(statusCode);
      expect(performance.now() - started, question.slice(0, 40)).toBeLessThan(3000);
    }
  });

  it('finds stores and categories named like regexes, SQL or time phrases by their names, never a 5xx', async () => {
    for (const name of NASTY_NAMES) {
      const { locationId } = await insertStore(t, mallory.businessId, { name });
      await insertCategory(t, mallory.businessId, locationId, `${name} goods`);
    }
    for (const name of NASTY_NAMES) {
      for (const question of [
        `sales at ${name} last month`,
        `best sellers in ${name} goods`,
        `stock value at ${name}`,
      ]) {
        const { statusCode, body } = await ask(t, mallory.token, question);
        expect(statusCode, `${question} ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      }
    }
    // A store named like a time phrase does not take over the phrase in everyone's questions.
    for (const question of ['sales last month', 'best sellers today', 'stock value at Today']) {
      const { report } = await ask(t, mallory.token, question);
      expect(report.title, question).not.toMatch(/at (Last month|Today)/);
    }
    const sales = await ask(t, mallory.token, "sales at '; drop table reports; -- last month");
    expect(sales.report.title).toContain("'; drop table reports; --");
    expect(await reportRows(t)).toBeGreaterThan(0);
  });

  it('writes the stock reports of a store whose name holds a number its location lacks', async () => {
    for (const option of [
      'LOW_STOCK',
      'SLOW_MOVERS',
      'STOCK_VALUE',
      'SALES_SUMMARY',
      'TOP_PRODUCTS',
    ] as const) {
      const res = await sendAs(
        t,
        mallory.token,
        get(`/api/reports/basic?predefinedOption=${option}&storeId=${kiosk.storeId}`),
      );
      expect(res.statusCode, `${option} ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.json<TReport>().title).toContain('Kiosk 24');
    }
    const low = await sendAs(
      t,
      mallory.token,
      get(`/api/reports/basic?predefinedOption=LOW_STOCK&storeId=${kiosk.storeId}`),
    );
    // 3 in stock, 2 sold on 20 November.
    expect(low.json<TReport>().tables[0]?.rows).toEqual([['Kiosk tea', 'KT-1', 'Pier Road', 1, 10, 9]]);
  });

  it('answers a question filtered by a category whose name holds a number, and claims no category it did not read', async () => {
    for (const question of [
      'sales last 30 days',
      'sales per day last 30 days',
      'what sells on weekends',
      'best sellers',
    ]) {
      const { statusCode, report, body } = await ask(t, mallory.token, question, { categoryId: aisle7 });
      expect(statusCode, `${question} ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      // A sentence about "Aisle 7" must be about its sales: only a table that read it may.
      if (`${report.title} ${report.summary}`.includes('Aisle 7'))
        expect(report.tables[0]?.title, question).toContain('Aisle 7');
    }
    const best = await ask(t, mallory.token, 'best sellers last 30 days', { categoryId: aisle7 });
    expect(best.report.tables[0]?.rows).toEqual([[1, 'Kiosk tea', 'KT-1', 2, '5.00']]);
  });
});

describe('SECURITY reports: export', () => {
  async function exported(reportId: string, format: 'csv' | 'xlsx' | 'pdf') {
    const res = await sendAs(
      t,
      mallory.token,
      get(`/api/reports/export/final?reportId=${reportId}&format=${format}`),
    );
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res;
  }

  it('writes every formula-like name, question and title as text in CSV and XLSX', async () => {
    const reports: TReport[] = [];
    for (const question of [
      '=1+1 best sellers last 30 days',
      '@SUM(1) margin by category last 30 days',
      'which store sold the most last 30 days',
      'what is my stock worth',
      'slow movers in the last 60 days',
      'which products are running out',
      '+sales per day last 30 days',
    ]) {
      const { statusCode, report } = await ask(t, mallory.token, question);
      expect(statusCode, question).toBe(200);
      reports.push(report);
    }
    // A title or question that is itself a formula: the stored report as a model might title it.
    const titled = reports[0];
    if (!titled) throw new Error('no report');
    await t.sql('update reports set title = $2 where id = $1', [titled.id, FORMULAS[1]]);
    const shown = new Set<string>();
    const shownInCsv = new Set<string>();
    for (const report of reports) {
      const csv = (await exported(report.id, 'csv')).body;
      expect(formulaFieldsOfCsv(csv), `${report.question} csv`).toEqual([]);
      for (const field of csvFields(csv)) shownInCsv.add(field);
      const workbook = bytesOf(await exported(report.id, 'xlsx'));
      expect(await formulaCellsOfXlsx(workbook), `${report.question} xlsx`).toEqual([]);
      for (const cell of (await textCellsOfXlsx(workbook)).cells) shown.add(cell);
      expect((await exported(report.id, 'pdf')).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Each hostile name reached a cell, escaped: the test looked where the attack lands.
    // (XML reads a carriage return as a line feed: the cell is the same text to a spreadsheet.)
    for (const formula of FORMULAS) {
      expect([...shownInCsv], formula).toContain(`'${formula}`);
      expect([...shown], formula).toContain(`'${formula.replace('\r', '\n')}`);
    }
    for (const name of ["'+SUM(1,2)", "'-Spirits", "'@Depot", "'=1+1 best sellers last 30 days"])
      expect([...shown], name).toContain(name);
  });

  it('writes a workbook Excel can open when a product name holds characters XML forbids', async () => {
    const contributor = await staffMember(t, mallory.token, ['ROLE_PRODUCT_CONTRIBUTOR']);
    // Through the catalogue's own form: U+FFFE and U+FFFF are text to it.
    const product = await createProduct(t, contributor.token, {
      locationId: kiosk.locationId,
      name: 'Bad\uFFFE name\uFFFF \u0001',
      price: '1.00',
    });
    await insertInventoryItem(t, mallory.businessId, product.id, kiosk.locationId, 5);
    const question = 'what is my stock worth \uFFFE';
    const stock = await ask(t, mallory.token, 'slow movers at Kiosk 24 \uFFFF last 60 days');
    expect(stock.statusCode).toBe(200);
    expect(JSON.stringify(stock.report.tables)).toContain('Bad\uFFFE name');
    const valued = await ask(t, mallory.token, question);
    for (const report of [stock.report, valued.report]) {
      const workbook = await textCellsOfXlsx(bytesOf(await exported(report.id, 'xlsx')));
      expect(workbook.sheets[0]).toBe('Summary');
      expect(workbook.cells.join('\n')).not.toMatch(/[\uFFFE\uFFFF]/);
      expect((await exported(report.id, 'csv')).statusCode).toBe(200);
      expect((await exported(report.id, 'pdf')).statusCode).toBe(200);
    }
    const names = (await textCellsOfXlsx(bytesOf(await exported(stock.report.id, 'xlsx')))).cells;
    expect(names.some((cell) => cell.startsWith('Bad\uFFFD name\uFFFD'))).toBe(true);
  });

  it('renders a PDF of long, right-to-left, emoji and control-character text in bounded time', async () => {
    const report = (await ask(t, mallory.token, 'what is my stock worth')).report;
    const hostileText = [
      `\u202E${'gnol '.repeat(400)}`,
      '🍵'.repeat(2000),
      '商品名 '.repeat(500),
      'a'.repeat(20_000),
      '\u0000\u0007\u001b[2J\r\n'.repeat(100),
    ].join('\n');
    await t.sql(
      `update reports set title = $2, body = jsonb_set(body, '{summary}', to_jsonb($3::text)) where id = $1`,
      [report.id, hostileText.slice(0, 2000).replaceAll('\u0000', ''), hostileText.replaceAll('\u0000', '')],
    );
    const started = performance.now();
    const pdf = await exported(report.id, 'pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('names the file after a hostile title with a plain ASCII name: no header injection', async () => {
    const report = (await ask(t, mallory.token, 'sales this month')).report;
    for (const title of [
      "a\"; filename*=UTF-8''evil.exe\r\nSet-Cookie: session=stolen",
      '..\\..\\Windows\\evil.bat',
      '../../etc/passwd',
      '\u202Efdp.exe',
      '日本語のタイトル',
      '"',
      '\r\n\r\n<html>',
    ]) {
      await t.sql('update reports set title = $2 where id = $1', [report.id, title]);
      for (const format of ['csv', 'xlsx', 'pdf'] as const) {
        const res = await exported(report.id, format);
        expect(res.headers['content-disposition'], title).toMatch(
          new RegExp(`^attachment; filename="[a-z0-9-]+-2026-11-26\\.${format}"$`),
        );
        expect(res.headers['set-cookie'], title).toBeUndefined();
      }
    }
  });
});

describe('SECURITY reports: history', () => {
  it('refuses paging out of bounds (400) and answers far pages empty', async () => {
    for (const query of [
      'page=-1',
      'size=0',
      'size=101',
      'page=1000001',
      'page=1.5',
      'size=abc',
      'page=1e400',
      'size=-5',
    ])
      expect((await sendAs(t, mallory.token, get(`/api/reports?${query}`))).statusCode, query).toBe(400);
    const far = await sendAs(t, mallory.token, get('/api/reports?page=1000000&size=100'));
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ content: [], page: 1000000, size: 100 });
    expect(far.json<{ totalElements: number }>().totalElements).toBeGreaterThan(0);
  });

  it("lists only the caller's own reports, however a colleague's or another business's were made", async () => {
    const colleague = await staffMember(t, mallory.token, ['ROLE_ANALYTICS_READER']);
    const mine = (await ask(t, colleague.token, 'stock value')).report;
    const list = await sendAs(t, colleague.token, get('/api/reports?size=100'));
    expect(list.json<{ content: Array<{ id: string }> }>().content.map((row) => row.id)).toEqual([mine.id]);
    const owners = await sendAs(t, mallory.token, get('/api/reports?size=100'));
    const ids = owners.json<{ content: Array<{ id: string }> }>().content.map((row) => row.id);
    expect(ids).not.toContain(mine.id);
    const { rows } = await t.sql(
      'select distinct business_id, created_by from reports where id = any($1::uuid[])',
      [ids],
    );
    expect(rows).toEqual([{ business_id: mallory.businessId, created_by: mallory.userId }]);
  });
});
