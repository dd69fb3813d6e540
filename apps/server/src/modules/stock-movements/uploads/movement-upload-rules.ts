import { MAX_BATCH_ITEMS, MAX_STOCK_QUANTITY, type TMovementItem } from '@app/contracts';
import { quoted, type RowError } from '../../../platform/files/row-errors.js';
import type { SheetRow } from '../../../platform/files/spreadsheet-reader.js';
import {
  parseWholeNumber,
  productKey,
  resolveLocation,
  type LocationDirectory,
  type ProductRef,
} from '../../inventory/uploads/upload-lookups.service.js';

/**
 * The rules of a movement sheet (columns sku, source, destination, quantity), without the
 * database: each row moves a product of its source location (by SKU) to another location of the
 * business, at least one unit. The whole sheet is one batch, so it has at most MAX_BATCH_ITEMS
 * rows, as a batch created by hand. Every problem is reported with its row.
 */

export type MovementColumn = 'sku' | 'source' | 'destination' | 'quantity';

export type MovementLookups = {
  directory: LocationDirectory;
  /** Products by productKey(source location, SKU). */
  bySku: ReadonlyMap<string, ProductRef>;
};

/** The (source, SKU) pairs to look up. */
export function skusToFind(
  rows: ReadonlyArray<SheetRow<MovementColumn>>,
  directory: LocationDirectory,
): Array<{ locationId: string; code: string }> {
  return rows.flatMap(({ values }) => {
    const source = resolveLocation(directory, values.source);
    return 'location' in source && values.sku !== ''
      ? [{ locationId: source.location.id, code: values.sku }]
      : [];
  });
}

export function checkMovementRows(
  rows: ReadonlyArray<SheetRow<MovementColumn>>,
  lookups: MovementLookups,
): { items: TMovementItem[]; errors: RowError[] } {
  const extra = rows[MAX_BATCH_ITEMS];
  if (extra) {
    return {
      items: [],
      errors: [
        {
          row: extra.row,
          column: null,
          message: `A movement sheet is one batch of at most ${MAX_BATCH_ITEMS} rows. Split it into several files.`,
        },
      ],
    };
  }
  const items: TMovementItem[] = [];
  const errors: RowError[] = [];
  for (const { row, values } of rows) {
    const problems: RowError[] = [];
    const quantity = parseWholeNumber(values.quantity, 1, MAX_STOCK_QUANTITY);
    if (quantity === undefined)
      problems.push({ row, column: 'quantity', message: quantityProblem(values.quantity) });
    const source = resolveLocation(lookups.directory, values.source);
    const destination = resolveLocation(lookups.directory, values.destination);
    if (!('location' in source)) problems.push({ row, column: 'source', message: source.problem });
    if (!('location' in destination))
      problems.push({ row, column: 'destination', message: destination.problem });
    if ('location' in source && 'location' in destination && source.location.id === destination.location.id) {
      problems.push({
        row,
        column: 'destination',
        message: 'The destination is the source. Stock moves between two different locations.',
      });
    }
    let product: ProductRef | undefined;
    if (values.sku === '')
      problems.push({ row, column: 'sku', message: 'Enter the SKU of the product to move.' });
    else if ('location' in source) {
      product = lookups.bySku.get(productKey(source.location.id, values.sku));
      if (!product) {
        problems.push({
          row,
          column: 'sku',
          message: `No product with the SKU ${quoted(values.sku)} is at ${source.location.name}, the source.`,
        });
      }
    }
    errors.push(...problems);
    if (problems.length === 0 && product && quantity !== undefined && 'location' in destination) {
      items.push({
        sku: product.sku,
        sourceLocationId: product.locationId,
        destinationLocationId: destination.location.id,
        quantity,
      });
    }
  }
  return { items, errors };
}

function quantityProblem(text: string): string {
  if (text === '') return 'Enter the quantity to move.';
  return `The quantity must be a whole number from 1 to ${MAX_STOCK_QUANTITY.toLocaleString('en')}, not ${quoted(text)}.`;
}
