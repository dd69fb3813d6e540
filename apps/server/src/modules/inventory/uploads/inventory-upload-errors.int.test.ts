import { crc32, deflateRawSync } from 'node:zlib';
import { API } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import { insertProducts } from '../../../../test/factories/products.js';
import { forgedZip } from '../../../../test/fixtures/spreadsheets/forged-zip.js';
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

const URL = API.inventory.bulkUpload;
const HEADER = ['sku', 'barcode', 'quantity', 'location'];

let t: TestApp;
let shop: Shop;

/** Everything an upload could write: stock, ledger, audit. */
async function written(): Promise<unknown> {
  const { rows } = await t.sql(
    `select (select count(*) from inventory_items) as items, (select count(*) from stock_ledger) as ledger,
            (select coalesce(sum(quantity), 0) from inventory_items) as units, (select count(*) from audit_logs) as audit`,
  );
  return rows[0];
}

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
  const { businessId } = shop.owner;
  await insertLocation(t, businessId, { name: 'Old Depot', active: false });
  await insertLocation(t, businessId, { name: 'Kiosk' });
  await insertLocation(t, businessId, { name: 'KIOSK' });
  await insertStock(t, businessId, shop.warehouseId, shop.products['TEA-0005']!.warehouse, 999_999_999);
  // Another business with a location of its own: its name means nothing to the first.
  const other = await ownerWithBusiness(t, 'Other Shop');
  const farAway = await insertLocation(t, other.businessId, { name: 'Far Away' });
  await insertProducts(t, other.businessId, farAway, 2, 'TEA');
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  await t.close();
});

describe('POST /api/inventory/bulk-upload refusals', () => {
  it('lists every bad row with its row number and column, and writes nothing', async () => {
    const before = await written();
    const file = csvOf([
      HEADER,
      ['TEA-0001', '', '5', 'Main Warehouse'],
      ['TEA-0001', '', '5', 'Far Away'],
      ['TEA-0001', '', '5', 'Old Depot'],
      ['TEA-0001', '', '5', 'kiosk'],
      ['NOT-A-SKU', '', '5', 'Main Warehouse'],
      ['TEA-0001', '111', '5', 'Main Warehouse'],
      ['', '999999', '5', 'Corner Store'],
      ['', '', '5', 'Corner Store'],
      [],
      ['TEA-0002', '', '-3', 'Corner Store'],
      ['TEA-0002', '', '1.5', 'Corner Store'],
      ['TEA-0002', '', '', 'Corner Store'],
      ['TEA-0002', '', '2000000000', 'Corner Store'],
    ]);
    const res = await upload(t, shop.owner.token, URL, file, { filename: 'stock.csv' });
    const errors = rowErrors(res);
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [3, 'location'],
      [4, 'location'],
      [5, 'location'],
      [6, 'sku'],
      [7, 'barcode'],
      [8, 'barcode'],
      [9, 'sku'],
      [11, 'quantity'],
      [12, 'quantity'],
      [13, 'quantity'],
      [14, 'quantity'],
    ]);
    expect(errors[0]?.message).toContain('No location is named "Far Away"');
    expect(errors[1]?.message).toContain('discontinued');
    expect(errors[2]?.message).toContain('2 locations are named "kiosk"');
    expect(res.json().details.totalErrors).toBe(11);
    expect(res.json().message).toMatch(/^The sheet has 11 problems, the first in row 3, column location: /);
    expect(await written()).toEqual(before);
  });

  it('refuses a product twice at one location in set mode', async () => {
    const before = await written();
    const file = csvOf([
      HEADER,
      ['TEA-0003', '', '1', 'Corner Store'],
      ['TEA-0003', '', '2', 'Corner Store'],
    ]);
    const errors = rowErrors(await upload(t, shop.owner.token, `${URL}?mode=set`, file));
    expect(errors).toEqual([
      { row: 3, column: 'sku', message: expect.stringContaining('set in row 2 already') },
    ]);
    expect(await written()).toEqual(before);
  });

  it('lists the first 200 problems and counts them all', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => [`NOPE-${i}`, '', '1', 'Main Warehouse']);
    const res = await upload(t, shop.owner.token, URL, csvOf([HEADER, ...rows]));
    expect(rowErrors(res)).toHaveLength(200);
    expect(res.json().details.totalErrors).toBe(250);
    expect(rowErrors(res).at(-1)?.row).toBe(201);
  });

  it('refuses a quantity that would pass the most an item may hold, naming its row', async () => {
    const before = await written();
    const file = csvOf([
      HEADER,
      ['TEA-0001', '', '1', 'Main Warehouse'],
      ['TEA-0005', '', '5', 'Main Warehouse'],
    ]);
    const errors = rowErrors(await upload(t, shop.owner.token, URL, file));
    expect(errors).toEqual([
      { row: 3, column: 'quantity', message: expect.stringContaining('999999999 in stock') },
    ]);
    expect(await written()).toEqual(before);
  });

  it('refuses a header without quantity or location, and one with neither sku nor barcode', async () => {
    const noQuantity = rowErrors(
      await upload(
        t,
        shop.owner.token,
        URL,
        csvOf([
          ['sku', 'location'],
          ['A', 'B'],
        ]),
      ),
    );
    expect(noQuantity).toEqual([
      { row: 1, column: 'quantity', message: expect.stringContaining('no column quantity') },
    ]);
    const noCode = rowErrors(
      await upload(
        t,
        shop.owner.token,
        URL,
        csvOf([
          ['quantity', 'location'],
          ['1', 'B'],
        ]),
      ),
    );
    expect(noCode[0]?.message).toContain('neither a column sku nor a column barcode');
  });

  it('uses the cached value of a formula cell and never its formula', async () => {
    const file = await xlsxOf([
      HEADER,
      [
        { formula: 'CONCAT("TEA-","0004")', result: 'TEA-0004' },
        null,
        { formula: '2+2', result: 9 },
        'Corner Store',
      ],
    ]);
    const res = await upload(t, shop.owner.token, URL, file);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stockOf(t, shop.owner.businessId))['Corner Store/TEA-0004']).toBe(9);
  });

  describe('hostile files', () => {
    it('refuses a file that is not a spreadsheet by its content (415), whatever its name', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
      const res = await upload(t, shop.owner.token, URL, png, { filename: 'stock.xlsx' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.stringContaining('PNG'),
      });
    });

    it('refuses a zip bomb with 413 without unpacking it', async () => {
      const part = (name: string, text: string) => ({
        name,
        data: deflateRawSync(Buffer.from(text)),
        size: text.length,
        crc: crc32(Buffer.from(text)),
      });
      const bomb = forgedZip([
        part(
          'xl/workbook.xml',
          '<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        part(
          'xl/_rels/workbook.xml.rels',
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        {
          name: 'xl/worksheets/sheet1.xml',
          data: deflateRawSync(Buffer.alloc(100 * 1024 * 1024)),
          size: 3 * 1024 ** 3,
        },
      ]);
      const res = await upload(t, shop.owner.token, URL, bomb);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('unpacks to more than 64 MB');
    });

    it('refuses 10 MB + 1 byte with 413 and 50,001 rows with 413', async () => {
      const big = await upload(t, shop.owner.token, URL, Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toContain('larger than 10 MB');
      const rows = Array.from({ length: 50_001 }, () => ['TEA-0001', '', '1', 'Main Warehouse']);
      const many = await upload(t, shop.owner.token, URL, csvOf([HEADER, ...rows]));
      expect(many.statusCode).toBe(413);
      expect(many.json().message).toContain('more than 50,000 rows');
    });

    it('refuses a NUL character with its row', async () => {
      const file = csvOf([
        HEADER,
        ['TEA-0001', '', '1', 'Main Warehouse'],
        ['TEA-0001\u0000', '', '1', 'Main Warehouse'],
      ]);
      expect(rowErrors(await upload(t, shop.owner.token, URL, file))).toEqual([
        { row: 3, column: 'sku', message: expect.stringContaining('NUL') },
      ]);
    });

    it('refuses a form without the file, with another part, and a body that is not a form', async () => {
      const form = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...bearer(shop.owner.token), 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="mode"\r\n\r\nadd\r\n--x--\r\n',
      });
      expect(form.statusCode).toBe(400);
      expect(form.json().details.fieldErrors).toHaveProperty('file');
      const extra = await upload(t, shop.owner.token, URL, csvOf([HEADER]), { fields: { businessId: 'x' } });
      expect(extra.statusCode).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: URL,
        headers: bearer(shop.owner.token),
        payload: {},
      });
      expect(json.statusCode).toBe(415);
    });
  });
});
