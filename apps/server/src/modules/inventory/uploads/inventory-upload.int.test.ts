import { API } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { positionsOutOfLine } from '../../../../test/factories/inventory.js';
import { auditEvents } from '../../../../test/factories/products.js';
import {
  csvOf,
  expectLedgersBalanced,
  insertStock,
  ledgerRows,
  shopWithProducts,
  stockOf,
  upload,
  xlsxOf,
  type Shop,
} from '../../../../test/fixtures/spreadsheets/spreadsheet-kit.js';

const URL = API.inventory.bulkUpload;
const HEADER = ['sku', 'barcode', 'quantity', 'location'];

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  // Items an upload creates take their places in the stock table like any other.
  expect(await positionsOutOfLine(t)).toEqual([]);
  await t.close();
});

describe('POST /api/inventory/bulk-upload', () => {
  it('adds the rows of an XLSX, creating the items that are missing, and records each row in the ledger', async () => {
    const { businessId, token } = shop.owner;
    await insertStock(t, businessId, shop.warehouseId, shop.products['TEA-0002']!.warehouse, 10);
    const before = await ledgerRows(t, businessId);
    const file = await xlsxOf([
      HEADER,
      ['TEA-0001', 4006381333931, 5, 'Main Warehouse'],
      ['TEA-0002', null, 7, 'main warehouse '],
      ['TEA-0001', null, 3, 'Main Warehouse'],
      [null, '4006381333931', 4, 'Corner Store'],
    ]);
    const res = await upload(t, token, URL, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 4, created: 2, changed: 3 });
    const stock = await stockOf(t, businessId);
    expect(stock).toMatchObject({
      'Main Warehouse/TEA-0001': 8,
      'Main Warehouse/TEA-0002': 17,
      'Corner Store/TEA-0001': 4,
    });
    expect(await ledgerRows(t, businessId)).toBe(before + 4);
    const { rows } = await t.sql(
      `select delta, quantity_after, reason, note, reference, user_id from stock_ledger
       where business_id = $1 and product_id = $2 order by created_at`,
      [businessId, shop.products['TEA-0001']!.warehouse],
    );
    expect(rows).toEqual([
      expect.objectContaining({ delta: 5, quantity_after: 5, reason: 'UPLOAD', note: 'Spreadsheet row 2' }),
      expect.objectContaining({ delta: 3, quantity_after: 8, reason: 'UPLOAD', note: 'Spreadsheet row 4' }),
    ]);
    expect(rows[0].user_id).toBe(shop.owner.userId);
    expect(rows[0].reference).toMatch(/^[0-9a-f-]{36}$/);
    const audit = await auditEvents(t, businessId, 'INVENTORY_CREATION');
    expect(audit.at(-1)?.description).toContain('4 rows, 2 items created, 3 quantities changed');
  });

  it('sets the quantities of a CSV in set mode, the ledger holding the difference', async () => {
    const { businessId, token } = shop.owner;
    await insertStock(t, businessId, shop.storeId, shop.products['TEA-0003']!.store, 40);
    const file = csvOf([
      HEADER,
      ['TEA-0003', '', '12', 'Corner Store'],
      ['TEA-0004', '', '0', 'Corner Store'],
    ]);
    const res = await upload(t, token, URL, file, { filename: 'count.csv', fields: { mode: 'set' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 2, created: 1, changed: 1 });
    const stock = await stockOf(t, businessId);
    expect(stock['Corner Store/TEA-0003']).toBe(12);
    expect(stock['Corner Store/TEA-0004']).toBe(0);
    const { rows } = await t.sql(
      `select delta, quantity_after from stock_ledger where business_id = $1 and product_id = $2 and reason = 'UPLOAD'`,
      [businessId, shop.products['TEA-0003']!.store],
    );
    expect(rows).toEqual([{ delta: -28, quantity_after: 12 }]);
    const audit = await auditEvents(t, businessId, 'INVENTORY_CREATION');
    expect(audit.at(-1)?.description).toContain('set mode');
  });

  it('takes the mode from ?mode= and records a count that confirms the quantity as a row of 0', async () => {
    const { businessId, token } = shop.owner;
    const before = await stockOf(t, businessId);
    const file = csvOf([HEADER, ['TEA-0003', '', '12', 'Corner Store']]);
    const res = await upload(t, token, `${URL}?mode=set`, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rows: 1, created: 0, changed: 0 });
    expect(await stockOf(t, businessId)).toEqual(before);
    const audit = await auditEvents(t, businessId, 'INVENTORY_ADJUSTMENT');
    expect(audit.at(-1)?.description).toContain('1 rows, 0 items created, 0 quantities changed');
  });

  it('refuses a mode other than add or set, and two modes that disagree', async () => {
    const file = csvOf([HEADER, ['TEA-0003', '', '1', 'Corner Store']]);
    const bad = await upload(t, shop.owner.token, URL, file, { fields: { mode: 'replace' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors).toHaveProperty('mode');
    const query = await upload(t, shop.owner.token, `${URL}?mode=everything`, file);
    expect(query.statusCode).toBe(400);
    const both = await upload(t, shop.owner.token, `${URL}?mode=add`, file, { fields: { mode: 'set' } });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.fieldErrors).toHaveProperty('mode');
  });

  it('answers a retry with the same Idempotency-Key and file without adding twice; another file with it is 422', async () => {
    const { businessId, token } = shop.owner;
    const file = csvOf([HEADER, ['TEA-0005', '', '6', 'Main Warehouse']]);
    const headers = { 'idempotency-key': 'upload-retry-1' };
    const first = await upload(t, token, URL, file, { headers });
    expect(first.statusCode, first.body).toBe(200);
    const ledger = await ledgerRows(t, businessId);
    const retry = await upload(t, token, URL, file, { headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(await ledgerRows(t, businessId)).toBe(ledger);
    expect((await stockOf(t, businessId))['Main Warehouse/TEA-0005']).toBe(6);
    const other = await upload(t, token, URL, file, { headers, fields: { mode: 'set' } });
    expect(other.statusCode).toBe(422);
  });

  it('applies two uploads at once over the same new and existing items, in any row order, without deadlock', async () => {
    const { businessId, token } = shop.owner;
    const before = await stockOf(t, businessId);
    const rows = [
      ['TEA-0004', '', '2', 'Main Warehouse'],
      ['TEA-0005', '', '3', 'Corner Store'],
      ['TEA-0001', '', '1', 'Main Warehouse'],
    ];
    const [first, second] = await Promise.all([
      upload(t, token, URL, csvOf([HEADER, ...rows])),
      upload(t, token, URL, csvOf([HEADER, ...[...rows].reverse()])),
    ]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([200, 200]);
    const created = first.json<{ created: number }>().created + second.json<{ created: number }>().created;
    expect(created).toBe(2); // TEA-0004 at the warehouse and TEA-0005 at the store, each created once
    const after = await stockOf(t, businessId);
    expect(after['Main Warehouse/TEA-0004']).toBe((before['Main Warehouse/TEA-0004'] ?? 0) + 4);
    expect(after['Corner Store/TEA-0005']).toBe((before['Corner Store/TEA-0005'] ?? 0) + 6);
    expect(after['Main Warehouse/TEA-0001']).toBe((before['Main Warehouse/TEA-0001'] ?? 0) + 2);
  });
});
