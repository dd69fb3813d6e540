import ExcelJS from 'exceljs';
import { API, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import {
  csvOf,
  expectLedgersBalanced,
  ledgerRows,
  rowErrors,
  shopWithProducts,
  stockOf,
  upload,
  type Shop,
} from '../../../../test/fixtures/spreadsheets/spreadsheet-kit.js';

const URL = API.inventory.bulkUpload;
const HEADER = ['sku', 'barcode', 'quantity', 'location'];
const oneRow = (quantity: number) => csvOf([HEADER, ['TEA-0001', '', String(quantity), 'Main Warehouse']]);

let t: TestApp;
let shop: Shop;
let staff: Record<'admin' | 'contributor' | 'reader' | 'assistant' | 'productAdmin', string>;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
  staff = await staffTokensByRole(t, shop.owner.token, {
    admin: 'ROLE_INVENTORY_ADMIN',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
    reader: 'ROLE_INVENTORY_READER',
    assistant: 'ROLE_STORE_ASSISTANT',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  await t.close();
});

describe('inventory spreadsheets: access', () => {
  it('lets inventory admins and contributors upload', async () => {
    for (const token of [staff.admin, staff.contributor]) {
      const res = await upload(t, token, URL, oneRow(1));
      expect(res.statusCode, res.body).toBe(200);
    }
    const { rows } = await t.sql(
      `select distinct user_id from stock_ledger where business_id = $1 and reason = 'UPLOAD'`,
      [shop.owner.businessId],
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses readers, store assistants, product roles (403) and anonymous callers (401)', async () => {
    const before = await ledgerRows(t, shop.owner.businessId);
    for (const token of [staff.reader, staff.assistant, staff.productAdmin]) {
      expect((await upload(t, token, URL, oneRow(1))).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(await ledgerRows(t, shop.owner.businessId)).toBe(before);
  });

  it('refuses a business without bulk upload with a plan violation, before reading the file', async () => {
    await setPlan(t, shop.owner.businessId, 'FREE');
    try {
      const before = await stockOf(t, shop.owner.businessId);
      for (const file of [oneRow(1), Buffer.from('not a sheet \u0000')]) {
        const res = await upload(t, shop.owner.token, URL, file);
        expect(res.statusCode).toBe(403);
        expect(res.headers['x-plan-violation']).toBe('1');
        expect(res.json().code).toBe('PLAN_VIOLATION');
      }
      expect(await stockOf(t, shop.owner.businessId)).toEqual(before);
    } finally {
      await setPlan(t, shop.owner.businessId, 'BASIC');
    }
  });

  it('keeps idempotency keys per user: the same key of another user is another request', async () => {
    const headers = { 'idempotency-key': 'same-key' };
    const mine = await upload(t, staff.admin, URL, oneRow(2), { headers });
    const theirs = await upload(t, staff.contributor, URL, oneRow(2), { headers });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    const { rows } = await t.sql(
      `select count(*)::int as n from stock_ledger where business_id = $1 and delta = 2 and reason = 'UPLOAD'`,
      [shop.owner.businessId],
    );
    expect(rows[0]).toEqual({ n: 2 });
  });
});

describe('GET /api/inventory/template/excel and /csv', () => {
  it('answers the Excel template: its name, type, header and example row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.inventory.templateExcel,
      headers: bearer(staff.reader),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory_template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, 'sku', 'barcode', 'quantity', 'location']);
    expect(sheet?.getRow(2).values).toEqual([undefined, 'SKU-001', '4006381333931', 25, 'Main Warehouse']);
    expect(sheet?.rowCount).toBe(2);
  });

  it('answers the CSV template with a BOM, CRLF and the same rows', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.inventory.templateCsv,
      headers: bearer(staff.assistant),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="inventory_template.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.rawPayload.subarray(3).toString()).toBe(
      'sku,barcode,quantity,location\r\nSKU-001,4006381333931,25,Main Warehouse\r\n',
    );
  });

  it('gives templates that the upload reads back (its example SKU is unknown here)', async () => {
    for (const url of [API.inventory.templateExcel, API.inventory.templateCsv]) {
      const template = await t.app.inject({ method: 'GET', url, headers: bearer(shop.owner.token) });
      const errors = rowErrors(await upload(t, shop.owner.token, URL, template.rawPayload));
      expect(errors).toEqual([
        { row: 2, column: 'sku', message: 'No product with the SKU "SKU-001" is at Main Warehouse.' },
      ]);
    }
  });

  it('refuses product roles (403) and anonymous callers (401)', async () => {
    const refused = await t.app.inject({
      method: 'GET',
      url: API.inventory.templateCsv,
      headers: bearer(staff.productAdmin),
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: API.inventory.templateExcel })).statusCode).toBe(401);
  });
});
