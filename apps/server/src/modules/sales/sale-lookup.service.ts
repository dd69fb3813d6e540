import type { TSaleProduct, TTillMember } from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inTenant } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { stockOfProducts } from '../inventory/inventory.service.js';
import { memberForTill } from '../loyalty/sale-points.service.js';
import { effectivePrice, findProductsForSale, toDiscount } from '../product/products/products.service.js';
import { requireStore } from '../product/stores/stores.service.js';
import type { SalesDeps } from './sales.deps.js';

/**
 * The till's price lookup: what a scanned or typed code sells at a store, priced as a sale
 * recorded now. Anyone who may record a sale may ask (store assistants have no product:read, and
 * would otherwise sell blind); it answers only what a receipt shows, not the cost price or the
 * supplier. The code is read as a sale's line reads it: a barcode when one matches, else a SKU in
 * any case, the exact spelling first; several spellings that differ only in case are 409.
 */
export async function lookUpForSale(
  deps: SalesDeps,
  principal: Principal,
  query: { storeId: string; code: string },
): Promise<TSaleProduct> {
  return inTenant(deps.db, principal, async (scope) => {
    const store = await requireStore(scope, query.storeId);
    if (!store.active) throw new AppError('NOT_FOUND', `The store ${store.name} is not active.`);
    const [byBarcode = [], bySku = []] = await findProductsForSale(scope, store.locationId, [
      { barcode: query.code },
      { sku: query.code },
    ]);
    const matches = byBarcode.length > 0 ? byBarcode : bySku;
    const [product] = matches;
    if (!product) throw new AppError('NOT_FOUND', `No product with the code ${query.code} at ${store.name}.`);
    if (byBarcode.length === 0 && matches.length > 1 && product.sku !== query.code)
      throw new AppError(
        'CONFLICT',
        `The code ${query.code} matches ${matches.map((m) => m.sku).join(', ')} at ${store.name}; type the SKU as written.`,
      );
    if (!product.active)
      throw new AppError(
        'NOT_FOUND',
        `${product.name} (SKU ${product.sku}) is discontinued at ${store.name}.`,
      );
    const now = deps.clock.now();
    const stock = await stockOfProducts(scope, [product.id]);
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      barcode: product.barcode,
      price: product.price,
      effectivePrice: effectivePrice(product.price, product.discount, now),
      discount: toDiscount(product.discount, now),
      stock: stock.get(product.id) ?? 0,
    };
  });
}

/** The till's look-up of a loyalty member (loyalty's memberForTill), at the app's clock. */
export async function loyaltyMemberForTill(
  deps: SalesDeps,
  principal: Principal,
  ref: string,
): Promise<TTillMember> {
  return inTenant(deps.db, principal, (scope) => memberForTill(scope, ref, deps.clock.now()));
}
