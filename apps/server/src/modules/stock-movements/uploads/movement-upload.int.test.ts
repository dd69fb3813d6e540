import ExcelJS from 'exceljs';
import { API, CSV_CONTENT_TYPE, XLSX_CONTENT_TYPE, type TCreatedMovements } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import {
  csvOf,
  expectLedgersBalanced,
  insertStock,
  rowErrors,
  shopWithProducts,
  stockOf,
  upload,
  xlsxOf,
  type Shop,
} from '../../../../test/fixtures/spreadsheets/spreadsheet-kit.js';

const URL = API.stockMovements.bulkUpload;
const HEADER = ['sku', 'source', 'destination', 'quantity'];

let t: TestApp;
let shop: Shop;
let staff: Record<'assistant' | 'reader' | 'productAdmin', string>;

async function movementCount(): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from stock_movements where business_id = $1', [
    shop.owner.businessId,
  ]);
  return (rows[0] as { n: number }).n;
}

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
  const { businessId } = shop.owner;
  await insertStock(t, businessId, shop.warehouseId, shop.products['TEA-0001']!.warehouse, 50);
  await insertStock(t, businessId, shop.warehouseId, shop.products['TEA-0002']!.warehouse, 50);
  staff = await staffTokensByRole(t, shop.owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
  const other = await ownerWithBusiness(t, 'Other Shop');
  await insertLocation(t, other.businessId, { name: 'Far Away' });
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  await t.close();
});

describe('POST /api/stock-movement/bulk-upload', () => {
  it('creates one batch of pending movements from an XLSX, with its codes once, moving nothing yet', async () => {
    const stock = await stockOf(t, shop.owner.businessId);
    const file = await xlsxOf([
      HEADER,
      ['TEA-0001', 'Main Warehouse', 'corner store', 5],
      ['TEA-0002', ' MAIN WAREHOUSE', 'Corner Store', 7],
    ]);
    const res = await upload(t, staff.assistant, URL, file, { fields: { note: 'Weekly restock' } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TCreatedMovements>();
    expect(created.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.sourceValidationCode).toMatch(/^\d{6}$/);
    expect(created.destinationValidationCode).toMatch(/^\d{6}$/);
    expect(
      created.movements.map((m) => [
        m.sku,
        m.sourceLocationId,
        m.destinationLocationId,
        m.quantity,
        m.status,
        m.note,
      ]),
    ).toEqual([
      ['TEA-0001', shop.warehouseId, shop.storeId, 5, 'PENDING', 'Weekly restock'],
      ['TEA-0002', shop.warehouseId, shop.storeId, 7, 'PENDING', 'Weekly restock'],
    ]);
    expect(new Set(created.movements.map((m) => m.batchId))).toEqual(new Set([created.batchId]));
    expect(await stockOf(t, shop.owner.businessId)).toEqual(stock);

    // A real batch: its source code takes the stock out of the warehouse.
    const validated = await t.app.inject({
      method: 'PUT',
      url: `${API.stockMovements.batchValidateSource}?batchId=${created.batchId}&validationCode=${created.sourceValidationCode}`,
      headers: bearer(shop.owner.token),
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await stockOf(t, shop.owner.businessId))['Main Warehouse/TEA-0001']).toBe(45);
  });

  it('takes the note from ?note= for a CSV, and refuses two different notes', async () => {
    const file = csvOf([HEADER, ['TEA-0001', 'Main Warehouse', 'Corner Store', '1']]);
    const res = await upload(t, shop.owner.token, `${URL}?note=From%20the%20till`, file, {
      filename: 'moves.csv',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TCreatedMovements>().movements[0]?.note).toBe('From the till');
    const both = await upload(t, shop.owner.token, `${URL}?note=a`, file, { fields: { note: 'b' } });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.fieldErrors).toHaveProperty('note');
  });

  it('lists every bad row and creates nothing', async () => {
    const before = await movementCount();
    const file = csvOf([
      HEADER,
      ['TEA-0001', 'Nowhere', 'Corner Store', '1'],
      ['TEA-0001', 'Main Warehouse', 'Far Away', '1'],
      ['TEA-0001', 'Main Warehouse', 'main warehouse', '1'],
      ['NOPE', 'Main Warehouse', 'Corner Store', '1'],
      ['', 'Main Warehouse', 'Corner Store', '1'],
      ['TEA-0001', 'Main Warehouse', 'Corner Store', '0'],
      ['TEA-0001', 'Main Warehouse', 'Corner Store', 'five'],
      ['TEA-0001', 'Main Warehouse', 'Corner Store', ''],
      ['TEA-0002', 'Main Warehouse', 'Corner Store', '2'],
    ]);
    const errors = rowErrors(await upload(t, shop.owner.token, URL, file));
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'source'],
      [3, 'destination'],
      [4, 'destination'],
      [5, 'sku'],
      [6, 'sku'],
      [7, 'quantity'],
      [8, 'quantity'],
      [9, 'quantity'],
    ]);
    expect(errors[1]?.message).toContain('No location is named "Far Away"');
    expect(errors[2]?.message).toContain('The destination is the source');
    expect(errors[3]?.message).toBe('No product with the SKU "NOPE" is at Main Warehouse, the source.');
    expect(await movementCount()).toBe(before);
  });

  it('refuses a sheet of more than one batch (500 rows)', async () => {
    const rows = Array.from({ length: 501 }, () => ['TEA-0001', 'Main Warehouse', 'Corner Store', '1']);
    const errors = rowErrors(await upload(t, shop.owner.token, URL, csvOf([HEADER, ...rows])));
    expect(errors).toEqual([
      { row: 502, column: null, message: expect.stringContaining('at most 500 rows') },
    ]);
  });

  it('answers a retry with the same Idempotency-Key with the same batch and codes, creating nothing more', async () => {
    const file = csvOf([HEADER, ['TEA-0002', 'Main Warehouse', 'Corner Store', '3']]);
    const headers = { 'idempotency-key': 'movement-upload-1' };
    const first = await upload(t, shop.owner.token, URL, file, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const count = await movementCount();
    const retry = await upload(t, shop.owner.token, URL, file, { headers });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await movementCount()).toBe(count);
    const { rows } = await t.sql('select response::text as r from idempotency_keys where key = $1', [
      'movement-upload-1',
    ]);
    expect((rows[0] as { r: string }).r).not.toContain(first.json<TCreatedMovements>().sourceValidationCode);
    const other = await upload(t, shop.owner.token, URL, file, { headers, fields: { note: 'other' } });
    expect(other.statusCode).toBe(422);
  });

  it('refuses a file that is not a spreadsheet (415)', async () => {
    const res = await upload(t, shop.owner.token, URL, Buffer.from('%PDF-1.4 not a sheet'));
    expect(res.statusCode).toBe(415);
  });

  it('refuses inventory readers and product roles (403), anonymous callers (401), nothing created', async () => {
    const before = await movementCount();
    const file = csvOf([HEADER, ['TEA-0001', 'Main Warehouse', 'Corner Store', '1']]);
    for (const token of [staff.reader, staff.productAdmin]) {
      expect((await upload(t, token, URL, file)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: URL })).statusCode).toBe(401);
    expect(await movementCount()).toBe(before);
  });

  it('refuses a business without bulk upload with a plan violation', async () => {
    await setPlan(t, shop.owner.businessId, 'FREE');
    try {
      const file = csvOf([HEADER, ['TEA-0001', 'Main Warehouse', 'Corner Store', '1']]);
      const res = await upload(t, shop.owner.token, URL, file);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
    } finally {
      await setPlan(t, shop.owner.businessId, 'BASIC');
    }
  });
});

describe('GET /api/stock-movement/template/excel and /csv', () => {
  it('answers both templates with their names, types, header and example row', async () => {
    const excel = await t.app.inject({
      method: 'GET',
      url: API.stockMovements.templateExcel,
      headers: bearer(staff.assistant),
    });
    expect(excel.statusCode).toBe(200);
    expect(excel.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(excel.headers['content-disposition']).toBe('attachment; filename="stock_movement_template.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(workbook.worksheets[0]?.getRow(2).values).toEqual([
      undefined,
      'SKU-001',
      'Main Warehouse',
      'Corner Store',
      5,
    ]);

    const csv = await t.app.inject({
      method: 'GET',
      url: API.stockMovements.templateCsv,
      headers: bearer(shop.owner.token),
    });
    expect(csv.headers['content-type']).toBe(CSV_CONTENT_TYPE);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="stock_movement_template.csv"');
    expect(csv.rawPayload.toString()).toBe(
      '\ufeffsku,source,destination,quantity\r\nSKU-001,Main Warehouse,Corner Store,5\r\n',
    );
    const errors = rowErrors(await upload(t, shop.owner.token, URL, csv.rawPayload));
    expect(errors).toEqual([{ row: 2, column: 'sku', message: expect.stringContaining('"SKU-001"') }]);
  });

  it('refuses those who cannot create movements', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.stockMovements.templateCsv,
      headers: bearer(staff.reader),
    });
    expect(res.statusCode).toBe(403);
  });
});
