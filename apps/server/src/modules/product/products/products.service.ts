/**
 * What other areas of the catalogue (and the setup checklist) call of products. It imports no
 * other catalogue service, so categories and suppliers can call it without a cycle; the
 * products area's own calls are in product-reads, product-writes and product-lifecycle.
 */
import type { TenantScope } from '../../../platform/db/tenancy.js';
import type { StoredDiscount } from './product-rules.js';
import {
  clearProductReference,
  countDistinctSkus,
  countProductsAt,
  existsProduct,
  findProductsByCodeAt,
  findProductSummaries,
  type CodedProductRow,
} from './products.repository.js';

// The price rule a sale applies at its own instant (product-rules.ts: pure, imports nothing).
export { effectivePrice, type StoredDiscount } from './product-rules.js';
// A discount as the API answers it (valid now or not), for the till's price lookup.
export { toDiscount } from './product-mapper.js';

/** What other areas read of products (store details, stock lists, the setup checklist). */
export async function summarizeProducts(
  scope: TenantScope,
  ids: readonly string[],
): Promise<Map<string, { sku: string; barcode: string | null; name: string }>> {
  const rows = await findProductSummaries(scope, ids);
  return new Map(rows.map((row) => [row.id, { sku: row.sku, barcode: row.barcode, name: row.name }]));
}

export async function countActiveProductsAt(scope: TenantScope, locationId: string): Promise<number> {
  return countProductsAt(scope, locationId, { isActiveOnly: true });
}

export async function existsAnyProduct(scope: TenantScope): Promise<boolean> {
  return existsProduct(scope);
}

/** Whether products are placed at the location (it cannot be deleted then). */
export async function existsProductsAt(scope: TenantScope, locationId: string): Promise<boolean> {
  return existsProduct(scope, { locationId });
}

/** A deleted category leaves its products uncategorised, in the same transaction. */
export async function clearCategoryOfProducts(scope: TenantScope, categoryId: string): Promise<void> {
  await clearProductReference(scope, 'categoryId', categoryId);
}

/** A deleted supplier leaves its products without a supplier, in the same transaction. */
export async function clearSupplierOfProducts(scope: TenantScope, supplierId: string): Promise<void> {
  await clearProductReference(scope, 'supplierId', supplierId);
}

/** What the plan's product limit counts (distinct SKUs): a downgrade checks it. */
export async function countProductsInUse(scope: TenantScope): Promise<number> {
  return countDistinctSkus(scope);
}

/** How a checkout line names its product. */
export type ProductCode = { productId: string } | { sku: string } | { barcode: string };

/** A product as a sale sees it: what the sale copies, its price and its stored discount. */
export type ProductForSale = Omit<
  CodedProductRow,
  'n' | 'discountAmount' | 'discountPercentage' | 'discountValidFrom' | 'discountValidTo'
> & { discount: StoredDiscount | null };

/**
 * The products at a location that each code names, in one query: answer `[i]` holds every match
 * of `codes[i]` (none when unknown; a SKU is compared in any case, so it may match rows that
 * differ only in case, the exact spelling first).
 */
export async function findProductsForSale(
  scope: TenantScope,
  locationId: string,
  codes: readonly ProductCode[],
): Promise<ProductForSale[][]> {
  const ids: Array<[number, string]> = [];
  const skusLower: Array<[number, string]> = [];
  const barcodes: Array<[number, string]> = [];
  codes.forEach((code, n) => {
    if ('productId' in code) ids.push([n, code.productId]);
    else if ('sku' in code) skusLower.push([n, code.sku.toLowerCase()]);
    else barcodes.push([n, code.barcode]);
  });
  const rows = await findProductsByCodeAt(scope, locationId, { ids, skusLower, barcodes });
  const matches: ProductForSale[][] = codes.map(() => []);
  for (const row of rows) matches[row.n]?.push(toProductForSale(row));
  codes.forEach((code, n) => {
    if ('sku' in code) matches[n]?.sort((a, b) => Number(b.sku === code.sku) - Number(a.sku === code.sku));
  });
  return matches;
}

function toProductForSale(row: CodedProductRow): ProductForSale {
  const { discountValidFrom: validFrom, discountValidTo: validTo } = row;
  const hasDiscount = row.discountAmount !== null || row.discountPercentage !== null;
  return {
    id: row.id,
    sku: row.sku,
    barcode: row.barcode,
    name: row.name,
    categoryId: row.categoryId,
    price: row.price,
    active: row.active,
    discount:
      hasDiscount && validFrom && validTo
        ? { amount: row.discountAmount, percentage: row.discountPercentage, validFrom, validTo }
        : null,
  };
}
