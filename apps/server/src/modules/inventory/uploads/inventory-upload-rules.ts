import { MAX_STOCK_QUANTITY, type UploadMode } from '@app/contracts';
import { quoted, type RowError } from '../../../platform/files/row-errors.js';
import type { SheetRow } from '../../../platform/files/spreadsheet-reader.js';
import {
  barcodeCandidates,
  isSameBarcode,
  parseWholeNumber,
  productKey,
  resolveLocation,
  type LocationDirectory,
  type ProductRef,
} from './upload-lookups.service.js';

/**
 * The rules of an inventory sheet (columns sku, barcode, quantity, location), without the
 * database: each row names a location of the business, a product at that location (by SKU; a
 * barcode given beside it must be that product's; by barcode alone when the SKU is empty) and a
 * whole quantity from 0 to MAX_STOCK_QUANTITY. In set mode a product appears once per location.
 * Every problem is reported with its row, so one upload shows them all.
 */

export type InventoryColumn = 'sku' | 'barcode' | 'quantity' | 'location';

export type InventoryLine = { row: number; locationId: string; productId: string; quantity: number };

export type InventoryLookups = {
  directory: LocationDirectory;
  bySku: ReadonlyMap<string, ProductRef>;
  byBarcode: ReadonlyMap<string, ProductRef>;
};

/** The (location, code) pairs to look up for these rows: SKUs, and barcodes of rows without one. */
export function codesToFind(
  rows: ReadonlyArray<SheetRow<InventoryColumn>>,
  directory: LocationDirectory,
): {
  skus: Array<{ locationId: string; code: string }>;
  barcodes: Array<{ locationId: string; code: string }>;
} {
  const skus: Array<{ locationId: string; code: string }> = [];
  const barcodes: Array<{ locationId: string; code: string }> = [];
  for (const { values } of rows) {
    const found = resolveLocation(directory, values.location);
    if (!('location' in found)) continue;
    const locationId = found.location.id;
    if (values.sku !== '') skus.push({ locationId, code: values.sku });
    else if (values.barcode !== '') {
      for (const code of barcodeCandidates(values.barcode)) barcodes.push({ locationId, code });
    }
  }
  return { skus, barcodes };
}

export function checkInventoryRows(
  rows: ReadonlyArray<SheetRow<InventoryColumn>>,
  mode: UploadMode,
  lookups: InventoryLookups,
): { lines: InventoryLine[]; errors: RowError[] } {
  const lines: InventoryLine[] = [];
  const errors: RowError[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, values } of rows) {
    const problems: RowError[] = [];
    const quantity = parseWholeNumber(values.quantity, 0, MAX_STOCK_QUANTITY);
    if (quantity === undefined)
      problems.push({ row, column: 'quantity', message: quantityProblem(values.quantity) });
    const found = resolveLocation(lookups.directory, values.location);
    let product: ProductRef | undefined;
    if (!('location' in found)) {
      problems.push({ row, column: 'location', message: found.problem });
    } else {
      const located = findProduct(values, found.location, lookups);
      if ('problem' in located) problems.push({ row, ...located.problem });
      else product = located.product;
    }
    if (product && mode === 'set') {
      const key = `${product.locationId}/${product.id}`;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, row);
      else {
        problems.push({
          row,
          column: 'sku',
          message: `${quoted(product.sku)} is set in row ${first} already. In set mode a product appears once per location.`,
        });
      }
    }
    errors.push(...problems);
    if (problems.length === 0 && product && quantity !== undefined) {
      lines.push({ row, locationId: product.locationId, productId: product.id, quantity });
    }
  }
  return { lines, errors };
}

function findProduct(
  values: Record<InventoryColumn, string>,
  location: { id: string; name: string },
  lookups: InventoryLookups,
): { product: ProductRef } | { problem: Omit<RowError, 'row'> } {
  const at = `at ${location.name}`;
  if (values.sku !== '') {
    const product = lookups.bySku.get(productKey(location.id, values.sku));
    if (!product)
      return {
        problem: { column: 'sku', message: `No product with the SKU ${quoted(values.sku)} is ${at}.` },
      };
    if (values.barcode !== '' && !isSameBarcode(values.barcode, product.barcode)) {
      const has = product.barcode === null ? 'has no barcode' : `has the barcode ${quoted(product.barcode)}`;
      return {
        problem: {
          column: 'barcode',
          message: `The barcode ${quoted(values.barcode)} is not the barcode of ${quoted(values.sku)} ${at}, which ${has}.`,
        },
      };
    }
    return { product };
  }
  if (values.barcode === '')
    return { problem: { column: 'sku', message: 'Enter the SKU or the barcode of the product.' } };
  for (const code of barcodeCandidates(values.barcode)) {
    const product = lookups.byBarcode.get(productKey(location.id, code));
    if (product) return { product };
  }
  return {
    problem: {
      column: 'barcode',
      message: `No product with the barcode ${quoted(values.barcode)} is ${at}.`,
    },
  };
}

function quantityProblem(text: string): string {
  if (text === '') return 'Enter the quantity.';
  return `The quantity must be a whole number from 0 to ${MAX_STOCK_QUANTITY.toLocaleString('en')}, not ${quoted(text)}.`;
}
