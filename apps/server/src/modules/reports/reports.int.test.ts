import { PREDEFINED_REPORTS, ZReport, type TReport } from '@app/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../test/factories/catalogue.js';
import { ask, reportShopClock, seedReportShop, type ReportShop } from '../../../test/factories/reports.js';

/**
 * The reports API (issue 14) through HTTP: predefined reports, the plan gates of each route, the
 * roles, the business's own data only, the stored history, and the export files.
 */

const clock = reportShopClock();
let t: TestApp;
let shop: ReportShop;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let otherStoreId: string;
let analyticsReader: string;
let inventoryReader: string;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  shop = await seedReportShop(t, clock);
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, other.businessId, 'SUPREME');
  otherStoreId = (await insertStore(t, other.businessId, { name: 'Elsewhere' })).storeId;
  analyticsReader = (await staffMember(t, shop.owner.token, ['ROLE_ANALYTICS_READER'])).token;
  inventoryReader = (await staffMember(t, shop.owner.token, ['ROLE_INVENTORY_READER'])).token;
});

afterAll(async () => {
  await t?.close();
});

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
}

describe('GET /api/reports/basic', () => {
  it.each(PREDEFINED_REPORTS)('answers %s as a stored report', async (option) => {
    const res = await call('GET', `/api/reports/basic?predefinedOption=${option}`, analyticsReader);
    expect(res.statusCode, res.body).toBe(200);
    const report = ZReport.parse(res.json());
    expect(report.kind).toBe('BASIC');
    expect(report.reportId).toBe(report.id);
    expect(report.tables.length).toBeGreaterThan(0);
    expect(report.summary.length).toBeGreaterThan(10);
    const again = await call('GET', `/api/reports/${report.id}`, analyticsReader);
    expect(again.json()).toEqual(report);
  });

  it('answers the best sellers of the last 30 days from the data', async () => {
    const res = await call('GET', '/api/reports/basic?predefinedOption=TOP_PRODUCTS', shop.owner.token);
    const report = res.json<TReport>();
    expect(report.tables[0]?.rows.slice(0, 3)).toEqual([
      [1, 'Oat milk', 'OAT-1', 6, '18.60'],
      [2, 'Sourdough', 'BRD-1', 2, '10.00'],
      [3, 'Cold brew', 'CB-1', 1, '4.00'],
    ]);
    expect(report.charts[0]?.type).toBe('bar');
  });

  it('reads one store, and refuses another business’s store as not found', async () => {
    const mine = await call(
      'GET',
      `/api/reports/basic?predefinedOption=SALES_SUMMARY&storeId=${shop.harbour.storeId}`,
      shop.owner.token,
    );
    expect(mine.json<TReport>().tables[0]?.rows[0]).toEqual(['13.60', 2, 4, '6.80']);
    const theirs = await call(
      'GET',
      `/api/reports/basic?predefinedOption=SALES_SUMMARY&storeId=${otherStoreId}`,
      shop.owner.token,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses an unknown option with the list of options', async () => {
    const res = await call('GET', '/api/reports/basic?predefinedOption=EVERYTHING', shop.owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('SALES_SUMMARY');
  });

  it('is for the analytics roles: an inventory reader is refused', async () => {
    const res = await call('GET', '/api/reports/basic?predefinedOption=LOW_STOCK', inventoryReader);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

describe('plan gates', () => {
  it('opens "Feature Locked" for each feature above the plan', async () => {
    const basic = await ownerWithBusiness(t, 'Basic Shop');
    await setPlan(t, basic.businessId, 'BASIC');
    const refusals = [
      await call('POST', '/api/reports/advanced/ai', basic.token, { userQuery: 'best sellers last month' }),
      await call('POST', '/api/reports/supreme/ai?query=best%20sellers', basic.token, {}),
      await call('POST', '/api/reports/predict?forecastPeriod=30', basic.token, {}),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('PLAN_VIOLATION');
      expect(res.headers['x-plan-violation']).toBeDefined();
    }
    const allowed = await call('GET', '/api/reports/basic?predefinedOption=SALES_SUMMARY', basic.token);
    expect(allowed.statusCode).toBe(200);
    const exported = await call(
      'GET',
      `/api/reports/export/final?reportId=${allowed.json<TReport>().id}&format=csv`,
      basic.token,
    );
    expect(exported.statusCode).toBe(403);
    expect(exported.json().code).toBe('PLAN_VIOLATION');
  });

  it('lets Advanced ask and export, and keeps the Supreme page and forecasts locked', async () => {
    const advanced = await ownerWithBusiness(t, 'Advanced Shop');
    await setPlan(t, advanced.businessId, 'ADVANCED');
    const asked = await call('POST', '/api/reports/advanced/ai', advanced.token, {
      userQuery: 'sales this month',
    });
    expect(asked.statusCode).toBe(200);
    const forecast = await call('POST', '/api/reports/advanced/ai', advanced.token, {
      userQuery: 'forecast next month',
    });
    expect(forecast.statusCode).toBe(403);
    expect(forecast.json().code).toBe('PLAN_VIOLATION');
    const supreme = await call(
      'POST',
      '/api/reports/supreme/ai?query=sales%20this%20month',
      advanced.token,
      {},
    );
    expect(supreme.statusCode).toBe(403);
    const exported = await call(
      'GET',
      `/api/reports/export/final?reportId=${asked.json<TReport>().id}&format=pdf`,
      advanced.token,
    );
    expect(exported.statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    [{}, 'userQuery'],
    [{ userQuery: 'hi' }, 'userQuery'],
    [{ userQuery: 'x'.repeat(501) }, 'userQuery'],
    [{ userQuery: 'best sellers', filter: { start: '01-10-2026 00:00' } }, 'end'],
    [{ userQuery: 'best sellers', filter: { start: '31-02-2026 00:00', end: '01-03-2026 00:00' } }, 'start'],
    [{ userQuery: 'best sellers', filter: { businessId: '7b0c3f0e-2b61-4d3b-9a57-7c9d8b0b2c11' } }, 'filter'],
    [{ userQuery: 'best sellers', businessId: '7b0c3f0e-2b61-4d3b-9a57-7c9d8b0b2c11' }, ''],
  ])('refuses %j with 400', async (payload, field) => {
    const res = await call('POST', '/api/reports/advanced/ai', shop.owner.token, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
  });

  it('refuses a range whose end is before its start, or longer than 3 years', async () => {
    for (const filter of [
      { start: '02-10-2026 00:00', end: '01-10-2026 00:00' },
      { start: '01-01-2020 00:00', end: '01-10-2026 00:00' },
    ]) {
      const res = await call('POST', '/api/reports/advanced/ai', shop.owner.token, {
        userQuery: 'sales',
        filter,
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it.each(['6', '181', 'abc', '7.5'])('refuses forecastPeriod=%s', async (period) => {
    const res = await call('POST', `/api/reports/predict?forecastPeriod=${period}`, shop.owner.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/forecastPeriod/);
  });

  it('refuses a NUL character in the question', async () => {
    const res = await call('POST', '/api/reports/advanced/ai', shop.owner.token, {
      userQuery: 'best\u0000sellers',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('another business', () => {
  it('cannot name our store, category or product in a filter', async () => {
    for (const filter of [{ storeId: shop.market.storeId }, { categoryId: shop.categories.bakery }]) {
      const res = await call('POST', '/api/reports/advanced/ai', other.token, {
        userQuery: 'best sellers',
        filter,
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    const predicted = await call('POST', '/api/reports/predict?forecastPeriod=14', other.token, {
      filter: { productId: shop.products.sourdough },
    });
    expect(predicted.statusCode).toBe(404);
  });

  it('cannot open, export or delete our reports', async () => {
    const { report } = await ask(t, shop.owner.token, 'best sellers last month');
    for (const res of [
      await call('GET', `/api/reports/${report.id}`, other.token),
      await call('GET', `/api/reports/export/final?reportId=${report.id}&format=xlsx`, other.token),
      await call('DELETE', `/api/reports/${report.id}`, other.token),
    ])
      expect(res.statusCode).toBe(404);
  });

  it('sees none of our numbers in its own answers', async () => {
    const { report } = await ask(t, other.token, 'best sellers last month');
    expect(report.tables[0]?.rows).toEqual([]);
    expect(report.summary).toMatch(/No products were sold/);
  });
});

describe('history', () => {
  it('lists my reports newest first, and only mine', async () => {
    const reader = (await staffMember(t, shop.owner.token, ['ROLE_ANALYTICS_ADMIN'])).token;
    const first = (await ask(t, reader, 'sales this month')).report;
    clock.advance(1000);
    const second = (await ask(t, reader, 'stock value')).report;
    const res = await call('GET', '/api/reports?size=10', reader);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ content: Array<{ id: string; question: string }>; totalElements: number }>();
    expect(page.content.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(page.totalElements).toBe(2);
    expect(page.content[0]).not.toHaveProperty('tables');
    const beyond = await call('GET', '/api/reports?page=5', reader);
    expect(beyond.json()).toMatchObject({ content: [], totalElements: 2 });
  });

  it('keeps the newest 200 reports of a user', async () => {
    const admin = await staffMember(t, shop.owner.token, ['ROLE_ANALYTICS_ADMIN']);
    await t.sql(
      `insert into reports (business_id, id, kind, title, question, body, provider, created_by, created_at)
       select $1, gen_random_uuid(), 'BASIC', 'Old ' || n, 'Old ' || n, '{"summary":"","tables":[],"charts":[],"followUps":[]}',
              'built-in', $2, now() - make_interval(days => 400 - n)
       from generate_series(1, 200) as n`,
      [shop.owner.businessId, admin.userId],
    );
    await ask(t, admin.token, 'sales this month');
    const titles = (await t.sql('select title from reports where created_by = $1', [admin.userId])).rows.map(
      (row) => String(row.title),
    );
    expect(titles).toHaveLength(200);
    expect(titles).not.toContain('Old 1');
    expect(titles).toContain('Old 2');
  });

  it('lets a colleague open a shared report, and only its author delete it', async () => {
    const { report } = await ask(t, shop.owner.token, 'what is my stock worth');
    const opened = await call('GET', `/api/reports/${report.id}`, analyticsReader);
    expect(opened.statusCode).toBe(200);
    expect((await call('DELETE', `/api/reports/${report.id}`, analyticsReader)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/reports/${report.id}`, shop.owner.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/reports/${report.id}`, shop.owner.token)).statusCode).toBe(404);
  });
});

describe('GET /api/reports/products', () => {
  it("finds a store's products by the start of their name or SKU, for an analytics reader", async () => {
    const url = (storeId: string, query: string) =>
      `/api/reports/products?storeId=${storeId}&query=${encodeURIComponent(query)}`;
    const byName = await call('GET', url(shop.market.storeId, 'sour'), analyticsReader);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toEqual([{ id: shop.products.sourdough, name: 'Sourdough', sku: 'BRD-1' }]);
    const bySku = await call('GET', url(shop.market.storeId, 'oat-'), analyticsReader);
    expect(bySku.json()).toEqual([{ id: shop.products.oatMarket, name: 'Oat milk', sku: 'OAT-1' }]);
    expect((await call('GET', url(shop.harbour.storeId, 'sour'), analyticsReader)).json()).toEqual([]);
    expect((await call('GET', url(shop.market.storeId, '%'), analyticsReader)).json()).toEqual([]);
  });

  it('refuses another business’s store, other roles, and a blank query', async () => {
    expect(
      (await call('GET', `/api/reports/products?storeId=${otherStoreId}&query=a`, shop.owner.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/reports/products?storeId=${shop.market.storeId}&query=a`, inventoryReader))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/api/reports/products?storeId=${shop.market.storeId}&query=%20`, shop.owner.token))
        .statusCode,
    ).toBe(400);
  });
});

describe('GET /api/reports/export/final', () => {
  it('writes the stored report as CSV, XLSX and PDF named after its title and date', async () => {
    const { report } = await ask(t, shop.owner.token, 'best sellers last month');
    const csv = await call(
      'GET',
      `/api/reports/export/final?reportId=${report.id}&format=csv`,
      shop.owner.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="best-sellers-by-units-sold-last-month-2026-11-26.csv"',
    );
    expect(csv.body).toContain('Oat milk,OAT-1,7,21.40');

    const xlsx = await call(
      'GET',
      `/api/reports/export/final?reportId=${report.id}&format=xlsx`,
      shop.owner.token,
    );
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)[0]).toBe('Summary');
    expect(workbook.worksheets.length).toBe(2);

    const pdf = await call(
      'GET',
      `/api/reports/export/final?reportId=${report.id}&format=pdf`,
      shop.owner.token,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('writes a product name that looks like a formula as text', async () => {
    await t.sql('update products set name = \'=HYPERLINK("http://x")\' where id = $1', [
      shop.products.croissant,
    ]);
    try {
      const { report } = await ask(t, shop.owner.token, 'slow movers last 60 days');
      const csv = await call(
        'GET',
        `/api/reports/export/final?reportId=${report.id}&format=csv`,
        shop.owner.token,
      );
      expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    } finally {
      await t.sql("update products set name = 'Croissant' where id = $1", [shop.products.croissant]);
    }
  });

  it('refuses an unknown format and a report that does not exist', async () => {
    const { report } = await ask(t, shop.owner.token, 'sales this month');
    expect(
      (await call('GET', `/api/reports/export/final?reportId=${report.id}&format=docx`, shop.owner.token))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'GET',
          '/api/reports/export/final?reportId=7b0c3f0e-2b61-4d3b-9a57-7c9d8b0b2c11&format=pdf',
          shop.owner.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});
