import { API, type TInventoryItem, type TPage, type TProduct, type TSkuSuggestion } from '@app/contracts';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { sessionBaseQuery } from '../../api/base-api';
import type { ApiError } from '../../api/api-error';
import type { TillProduct } from './basket';
import { TILL_MESSAGES } from './messages';
import { fillPath } from '../../api/request-details';

export type LookupArgs = {
  locationId: string;
  code: string;
  /**
   * product:read: the catalogue's answer carries the price and the discount valid now. Without it
   * (inventory roles, store assistants) the stock records name the product, and the server prices
   * the sale when it is recorded.
   */
  canReadPrices: boolean;
};

export type LookupResult =
  | { kind: 'found'; product: TillProduct }
  | { kind: 'unknown' }
  | { kind: 'discontinued'; name: string; sku: string }
  | { kind: 'ambiguous'; skus: string[] };

/** EAN-8, UPC-A, EAN-13 or GTIN-14: what a scanner types. An all-digit SKU is tried as a SKU next. */
const BARCODE = /^[0-9]{8,14}$/;
/** Enough rows of a prefix search to hold the SKU itself, which sorts before its longer neighbours. */
const SEARCH_SIZE = 50;

function fromProduct(product: TProduct): TillProduct {
  return {
    productId: product.id,
    name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    price: product.price,
    effectivePrice: product.effectivePrice,
    discount: product.discount?.isCurrent ? product.discount : null,
    stock: product.stock,
  };
}

function fromStock(item: Pick<TInventoryItem, 'productId' | 'productName' | 'sku' | 'barcode' | 'quantity'>) {
  return {
    productId: item.productId,
    name: item.productName,
    sku: item.sku,
    barcode: item.barcode,
    price: null,
    effectivePrice: null,
    discount: null,
    stock: item.quantity,
  } satisfies TillProduct;
}

/**
 * The SKU among a prefix search's rows, the way the server reads a sale's line: any case, the
 * exact spelling first; several other spellings are ambiguous.
 */
export function pickBySku<Row extends { sku: string }>(
  rows: readonly Row[],
  code: string,
): Row | { ambiguous: string[] } | null {
  const exact = rows.find((row) => row.sku === code);
  if (exact) return exact;
  const lower = code.toLowerCase();
  const matches = rows.filter((row) => row.sku.toLowerCase() === lower);
  if (matches.length > 1) return { ambiguous: matches.map((row) => row.sku) };
  return matches[0] ?? null;
}

/** 404 (nothing there) and 400 (not a valid SKU or barcode) both mean: no such product. */
function isMiss(error: ApiError): boolean {
  return error.status === 404 || error.status === 400;
}

/**
 * Finds what a scanned or typed code names at the store's location: a barcode first when the code
 * looks like one, then a SKU in any case. Reads only: the catalogue with prices for product:read,
 * else the location's stock records (inventory:read).
 */
export async function lookUpProduct(
  { locationId, code, canReadPrices }: LookupArgs,
  api: BaseQueryApi,
): Promise<{ data: LookupResult } | { error: ApiError }> {
  const options = {
    service: canReadPrices ? ('product' as const) : ('inventory' as const),
    fallbackMessage: TILL_MESSAGES.lookup,
  };
  const get = (url: string, params?: Record<string, string | number>) =>
    sessionBaseQuery({ url, ...(params && { params }) }, api, options);

  if (BARCODE.test(code)) {
    const path = canReadPrices ? API.products.byBarcode : API.inventory.byBarcode;
    const found = await get(fillPath(path, { barcode: code, locationId }));
    if (found.error && !isMiss(found.error)) return { error: found.error };
    if (!found.error) {
      if (!canReadPrices)
        return { data: { kind: 'found', product: fromStock(found.data as TInventoryItem) } };
      const product = found.data as TProduct;
      return product.active
        ? { data: { kind: 'found', product: fromProduct(product) } }
        : { data: { kind: 'discontinued', name: product.name, sku: product.sku } };
    }
  }

  // Both searches list active rows only, by SKU, matching its start in any case.
  const searched = canReadPrices
    ? await get(fillPath(API.products.search, { locationId }), { query: code, page: 0, size: SEARCH_SIZE })
    : await get(API.inventory.skuSuggestions, { query: code, locationId, page: 0, size: SEARCH_SIZE });
  if (searched.error)
    return isMiss(searched.error) ? { data: { kind: 'unknown' } } : { error: searched.error };
  const rows = (searched.data as TPage<TProduct> | TPage<TSkuSuggestion>).content;
  const picked = pickBySku<TProduct | TSkuSuggestion>(rows, code);
  if (picked === null) return { data: { kind: 'unknown' } };
  if ('ambiguous' in picked) return { data: { kind: 'ambiguous', skus: picked.ambiguous } };
  const product = canReadPrices ? fromProduct(picked as TProduct) : fromStock(picked as TSkuSuggestion);
  return { data: { kind: 'found', product } };
}
