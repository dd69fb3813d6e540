import { API } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import { insertProducts } from '../../../../test/factories/products.js';
import {
  expectLedgersBalanced,
  fixture,
  shopWithProducts,
  stockOf,
  upload,
  type Shop,
} from '../../../../test/fixtures/spreadsheets/spreadsheet-kit.js';

/**
 * The files of test/fixtures/spreadsheets (see its README): saved by LibreOffice, and laid out as
 * Excel writes them. Each upload must add exactly what the sheet says.
 */

const FROM_LIBREOFFICE = {
  'Main Warehouse/TEA-0001': 12,
  'Main Warehouse/TEA-0002': 15,
  'Corner Store/TEA-0003': 7,
  'Corner Store/TEA-0001': 2,
};

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await shopWithProducts(t);
  const backRoom = await insertLocation(t, shop.owner.businessId, { name: 'Back Room; "B"' });
  await insertProducts(t, shop.owner.businessId, backRoom, 2, 'TEA');
});
afterAll(async () => {
  await expectLedgersBalanced(t);
  await t.close();
});

/** Uploads a fixture and answers what it added to each item. */
async function added(name: string): Promise<Record<string, number>> {
  const before = await stockOf(t, shop.owner.businessId);
  const res = await upload(t, shop.owner.token, API.inventory.bulkUpload, await fixture(name), {
    filename: name,
  });
  expect(res.statusCode, res.body).toBe(200);
  const after = await stockOf(t, shop.owner.businessId);
  return Object.fromEntries(
    Object.entries(after)
      .map(([key, quantity]) => [key, quantity - (before[key] ?? 0)] as const)
      .filter(([, delta]) => delta !== 0),
  );
}

describe('spreadsheets saved by LibreOffice and Excel', () => {
  it.each(['libreoffice.xlsx', 'libreoffice.csv', 'libreoffice-semicolon.csv'])(
    'reads %s: a formula by its value, a barcode stored as a number, a blank row, quotes',
    async (name) => {
      expect(await added(name)).toEqual(FROM_LIBREOFFICE);
    },
  );

  it('reads an XLSX in the layout Excel writes: shared and rich strings, numbers, a cached formula', async () => {
    expect(await added('excel-style.xlsx')).toEqual({
      'Main Warehouse/TEA-0001': 5,
      'Main Warehouse/TEA-0002': 8,
      'Corner Store/TEA-0003': 4,
    });
  });

  it('reads a CSV as Excel saves it in Europe: BOM, ";", CRLF, a quoted field with ";" and a quote', async () => {
    expect(await added('excel.csv')).toEqual({
      'Main Warehouse/TEA-0001': 6,
      'Back Room; "B"/TEA-0002': 3,
      'Corner Store/TEA-0001': 1,
    });
  });

  it('refuses an OpenDocument sheet saved by LibreOffice with 415 and a way out', async () => {
    const res = await upload(t, shop.owner.token, API.inventory.bulkUpload, await fixture('libreoffice.ods'));
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toContain('Save the sheet as Excel (.xlsx) or CSV');
  });
});
