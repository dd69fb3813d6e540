import type { TenantScope } from '../../../platform/db/tenancy.js';
import { quoted } from '../../../platform/files/row-errors.js';
import {
  findLocations,
  findProductsByCode,
  type LocationRef,
  type ProductRef,
} from './upload-lookups.repository.js';

export type { LocationRef, ProductRef } from './upload-lookups.repository.js';

/**
 * How the rows of an uploaded sheet (inventory, movements) find what they name: locations by
 * name (trimmed, any case, inside the caller's business only: another business's names are
 * simply unknown), products by SKU or barcode at a location, whole numbers. Each answers either
 * the thing or the sentence that tells the shop owner what to fix in that cell.
 */

export type LocationDirectory = ReadonlyMap<string, LocationRef[]>;

export async function readLocationDirectory(scope: TenantScope): Promise<LocationDirectory> {
  const directory = new Map<string, LocationRef[]>();
  for (const location of await findLocations(scope)) {
    const key = nameKey(location.name);
    directory.set(key, [...(directory.get(key) ?? []), location]);
  }
  return directory;
}

export function resolveLocation(
  directory: LocationDirectory,
  name: string,
): { location: LocationRef } | { problem: string } {
  if (name === '') return { problem: "Enter the location's name." };
  const found = directory.get(nameKey(name)) ?? [];
  const [location] = found;
  if (!location) {
    return { problem: `No location is named ${quoted(name)} in your business. Check the spelling.` };
  }
  if (found.length > 1) {
    return {
      problem: `${found.length} locations are named ${quoted(name)}. Rename all but one, then upload again.`,
    };
  }
  if (!location.active) {
    return { problem: `The location ${quoted(location.name)} is discontinued. Reactivate it first.` };
  }
  return { location };
}

function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Products with these (location, code) pairs, keyed by `productKey`. */
export async function findProducts(
  scope: TenantScope,
  field: 'sku' | 'barcode',
  pairs: ReadonlyArray<{ locationId: string; code: string }>,
): Promise<Map<string, ProductRef>> {
  const unique = new Map(pairs.map((pair) => [productKey(pair.locationId, pair.code), pair]));
  const products = new Map<string, ProductRef>();
  for (const product of await findProductsByCode(scope, field, [...unique.values()])) {
    const code = field === 'sku' ? product.sku : product.barcode;
    if (code !== null) products.set(productKey(product.locationId, code), product);
  }
  return products;
}

export function productKey(locationId: string, code: string): string {
  return `${locationId}\n${code}`;
}

/**
 * The barcode as written, and with the leading zeros a spreadsheet drops when it stores a
 * barcode as a number (012345678905 becomes 12345678905): padded to the lengths of EAN-8,
 * UPC-A, EAN-13 and GTIN-14.
 */
export function barcodeCandidates(barcode: string): string[] {
  if (!/^\d+$/.test(barcode)) return [barcode];
  return [
    barcode,
    ...[8, 12, 13, 14]
      .filter((length) => length > barcode.length)
      .map((length) => barcode.padStart(length, '0')),
  ];
}

/** Whether a barcode from a sheet is the product's, leading zeros a spreadsheet dropped aside. */
export function isSameBarcode(fromSheet: string, product: string | null): boolean {
  if (product === null) return false;
  return barcodeCandidates(fromSheet).includes(product);
}

/** A whole number written plainly (digits only) within the bounds, or undefined. */
export function parseWholeNumber(text: string, min: number, max: number): number | undefined {
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}
