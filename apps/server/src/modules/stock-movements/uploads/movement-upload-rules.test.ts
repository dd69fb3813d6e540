import { describe, expect, it } from 'vitest';
import { productKey, type LocationDirectory } from '../../inventory/uploads/upload-lookups.service.js';
import { checkMovementRows, skusToFind, type MovementColumn } from './movement-upload-rules.js';

const MAIN = { id: 'loc-main', name: 'Main Warehouse', active: true };
const STORE = { id: 'loc-store', name: 'Corner Store', active: true };
const directory: LocationDirectory = new Map([
  ['main warehouse', [MAIN]],
  ['corner store', [STORE]],
]);
const TEA = { id: 'p-tea', locationId: MAIN.id, sku: 'TEA-1', barcode: null };
const lookups = { directory, bySku: new Map([[productKey(MAIN.id, 'TEA-1'), TEA]]) };

const rows = (...values: Array<Partial<Record<MovementColumn, string>>>) =>
  values.map((value, index) => ({
    row: index + 2,
    values: { sku: 'TEA-1', source: 'Main Warehouse', destination: 'Corner Store', quantity: '1', ...value },
  }));

describe('movement upload rules', () => {
  it('turns good rows into movement items with the sheet locations resolved', () => {
    const { items, errors } = checkMovementRows(
      rows({ quantity: '12', destination: 'CORNER STORE ' }),
      lookups,
    );
    expect(errors).toEqual([]);
    expect(items).toEqual([
      { sku: 'TEA-1', sourceLocationId: MAIN.id, destinationLocationId: STORE.id, quantity: 12 },
    ]);
  });

  it('reports each problem of each row', () => {
    const { items, errors } = checkMovementRows(
      rows(
        { source: 'Attic' },
        { destination: 'Main Warehouse' },
        { sku: 'TEA-1', source: 'Corner Store', destination: 'Main Warehouse' },
        { sku: '' },
        { quantity: '0' },
        { quantity: '-4' },
      ),
      lookups,
    );
    expect(items).toEqual([]);
    expect(errors.map((error) => [error.row, error.column])).toEqual([
      [2, 'source'],
      [3, 'destination'],
      [4, 'sku'],
      [5, 'sku'],
      [6, 'quantity'],
      [7, 'quantity'],
    ]);
    expect(errors[2]?.message).toContain('is at Corner Store, the source');
    expect(errors[4]?.message).toContain('from 1 to 1,000,000,000');
  });

  it('refuses more rows than one batch takes, naming the first row too many', () => {
    const many = rows(...Array.from({ length: 501 }, () => ({})));
    expect(checkMovementRows(many, lookups).errors).toEqual([
      { row: 502, column: null, message: expect.stringContaining('at most 500 rows') },
    ]);
  });

  it('looks up SKUs at known sources only', () => {
    expect(skusToFind(rows({}, { source: 'Attic' }, { sku: '' }), directory)).toEqual([
      { locationId: MAIN.id, code: 'TEA-1' },
    ]);
  });
});
