import { describe, expect, it } from 'vitest';
import { checkInventoryRows, codesToFind, type InventoryColumn } from './inventory-upload-rules.js';
import { productKey, type LocationDirectory, type ProductRef } from './upload-lookups.service.js';

const MAIN = { id: 'loc-main', name: 'Main Warehouse', active: true };
const STORE = { id: 'loc-store', name: 'Corner Store', active: true };
const OLD = { id: 'loc-old', name: 'Old Depot', active: false };
const TWIN_A = { id: 'loc-twin-a', name: 'Kiosk', active: true };
const TWIN_B = { id: 'loc-twin-b', name: 'kiosk', active: true };

const directory: LocationDirectory = new Map([
  ['main warehouse', [MAIN]],
  ['corner store', [STORE]],
  ['old depot', [OLD]],
  ['kiosk', [TWIN_A, TWIN_B]],
]);

const TEA: ProductRef = { id: 'p-tea', locationId: MAIN.id, sku: 'TEA-1', barcode: '012345678905' };
const JAM: ProductRef = { id: 'p-jam', locationId: MAIN.id, sku: 'JAM-1', barcode: null };
const TEA_AT_STORE: ProductRef = {
  id: 'p-tea-store',
  locationId: STORE.id,
  sku: 'TEA-1',
  barcode: '4006381333931',
};
const bySku = new Map([TEA, JAM, TEA_AT_STORE].map((p) => [productKey(p.locationId, p.sku), p]));
const byBarcode = new Map([TEA, TEA_AT_STORE].map((p) => [productKey(p.locationId, p.barcode ?? ''), p]));
const lookups = { directory, bySku, byBarcode };

let nextRow = 2;
function row(values: Partial<Record<InventoryColumn, string>>) {
  return {
    row: nextRow++,
    values: { sku: '', barcode: '', quantity: '1', location: 'Main Warehouse', ...values },
  };
}

describe('inventory upload rules', () => {
  describe('checkInventoryRows', () => {
    it('turns good rows into lines: by SKU, SKU with its barcode, barcode alone, location in any case', () => {
      const rows = [
        row({ sku: 'TEA-1', quantity: '5' }),
        row({ sku: 'TEA-1', barcode: '012345678905', quantity: '0' }),
        row({ barcode: '4006381333931', location: '  corner STORE ', quantity: '1000000000' }),
      ];
      const { lines, errors } = checkInventoryRows(rows, 'add', lookups);
      expect(errors).toEqual([]);
      expect(lines).toEqual([
        { row: rows[0]!.row, locationId: MAIN.id, productId: TEA.id, quantity: 5 },
        { row: rows[1]!.row, locationId: MAIN.id, productId: TEA.id, quantity: 0 },
        { row: rows[2]!.row, locationId: STORE.id, productId: TEA_AT_STORE.id, quantity: 1_000_000_000 },
      ]);
    });

    it('accepts a barcode whose leading zeros a spreadsheet dropped, by SKU and alone', () => {
      const rows = [row({ sku: 'TEA-1', barcode: '12345678905' }), row({ barcode: '12345678905' })];
      expect(codesToFind(rows, directory).barcodes).toContainEqual({
        locationId: MAIN.id,
        code: '012345678905',
      });
      const { lines, errors } = checkInventoryRows(rows, 'add', lookups);
      expect(errors).toEqual([]);
      expect(lines.map((line) => line.productId)).toEqual([TEA.id, TEA.id]);
    });

    it('reports every problem of every row with its row and column', () => {
      const rows = [
        row({ sku: 'TEA-1', location: 'Nowhere' }),
        row({ sku: 'TEA-1', location: '' }),
        row({ sku: 'TEA-1', location: 'Old Depot' }),
        row({ sku: 'TEA-1', location: 'KIOSK' }),
        row({ sku: 'NOPE' }),
        row({ sku: 'JAM-1', barcode: '123' }),
        row({ sku: 'TEA-1', barcode: '999' }),
        row({ barcode: '55555' }),
        row({}),
        row({ sku: 'TEA-1', quantity: '' }),
        row({ sku: 'TEA-1', quantity: '-1' }),
        row({ sku: 'TEA-1', quantity: '2.5' }),
        row({ sku: 'TEA-1', quantity: 'ten' }),
        row({ sku: 'TEA-1', quantity: '1000000001' }),
        row({ sku: 'NOPE', quantity: 'x', location: 'Corner Store' }),
      ];
      const first = rows[0]!.row;
      const { lines, errors } = checkInventoryRows(rows, 'add', lookups);
      expect(lines).toEqual([]);
      const at = (offset: number) => errors.filter((error) => error.row === first + offset);
      expect(at(0)).toEqual([
        {
          row: first,
          column: 'location',
          message: expect.stringContaining('No location is named "Nowhere"'),
        },
      ]);
      expect(at(1)[0]?.message).toBe("Enter the location's name.");
      expect(at(2)[0]?.message).toContain('discontinued');
      expect(at(3)[0]?.message).toContain('2 locations are named "KIOSK"');
      expect(at(4)).toEqual([
        { row: first + 4, column: 'sku', message: 'No product with the SKU "NOPE" is at Main Warehouse.' },
      ]);
      expect(at(5)[0]).toMatchObject({
        column: 'barcode',
        message: expect.stringContaining('which has no barcode'),
      });
      expect(at(6)[0]?.message).toContain('which has the barcode "012345678905"');
      expect(at(7)[0]).toMatchObject({
        column: 'barcode',
        message: expect.stringContaining('No product with the barcode "55555"'),
      });
      expect(at(8)[0]).toMatchObject({
        column: 'sku',
        message: 'Enter the SKU or the barcode of the product.',
      });
      expect(at(9)[0]).toMatchObject({ column: 'quantity', message: 'Enter the quantity.' });
      for (const offset of [10, 11, 12, 13]) {
        expect(at(offset)[0]).toMatchObject({
          column: 'quantity',
          message: expect.stringContaining('whole number from 0 to 1,000,000,000'),
        });
      }
      expect(at(14).map((error) => error.column)).toEqual(['quantity', 'sku']);
      expect(errors).toHaveLength(16);
    });

    it('refuses a product twice at one location in set mode, and allows it in add mode', () => {
      const rows = [
        row({ sku: 'TEA-1' }),
        row({ sku: 'TEA-1', location: 'Corner Store' }),
        row({ barcode: '012345678905' }),
      ];
      expect(checkInventoryRows(rows, 'add', lookups).errors).toEqual([]);
      const { errors } = checkInventoryRows(rows, 'set', lookups);
      expect(errors).toEqual([
        {
          row: rows[2]!.row,
          column: 'sku',
          message: `"TEA-1" is set in row ${rows[0]!.row} already. In set mode a product appears once per location.`,
        },
      ]);
    });
  });

  describe('codesToFind', () => {
    it('asks for SKUs, and barcodes only of rows without a SKU, at known locations only', () => {
      const rows = [
        row({ sku: 'A', barcode: '1' }),
        row({ barcode: 'X-9' }),
        row({ sku: 'B', location: 'Nowhere' }),
      ];
      expect(codesToFind(rows, directory)).toEqual({
        skus: [{ locationId: MAIN.id, code: 'A' }],
        barcodes: [{ locationId: MAIN.id, code: 'X-9' }],
      });
    });
  });
});
