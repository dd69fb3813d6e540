import type { TDiscount, TProduct } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { stockOfProducts } from '../../inventory/inventory.service.js';
import { effectivePrice, isDiscountCurrent, type StoredDiscount } from './product-rules.js';
import type { ProductRow } from './products.repository.js';

/** The stored discount of a row, or null when it has none. */
export function storedDiscountOf(row: ProductRow): StoredDiscount | null {
  if (!row.discountValidFrom || !row.discountValidTo) return null;
  if (row.discountAmount === null && row.discountPercentage === null) return null;
  return {
    amount: row.discountAmount,
    percentage: row.discountPercentage,
    validFrom: row.discountValidFrom,
    validTo: row.discountValidTo,
  };
}

export function toDiscount(discount: StoredDiscount | null, now: Date): TDiscount | null {
  if (!discount) return null;
  return {
    discountAmount: discount.amount,
    discountPercentage: discount.percentage === null ? null : Number(discount.percentage),
    discountValidFrom: discount.validFrom.toISOString(),
    discountValidTo: discount.validTo.toISOString(),
    isCurrent: isDiscountCurrent(discount, now),
  };
}

/** A product answer: the row, its stock at its location, its discount and the price now. */
export function toProduct(row: ProductRow, stock: number, now: Date): TProduct {
  const discount = storedDiscountOf(row);
  return {
    id: row.id,
    productId: row.id,
    sku: row.sku,
    barcode: row.barcode,
    name: row.name,
    description: row.description,
    price: row.price,
    costPrice: row.costPrice,
    effectivePrice: effectivePrice(row.price, discount, now),
    discount: toDiscount(discount, now),
    categoryId: row.categoryId,
    supplierId: row.supplierId,
    locationId: row.locationId,
    unit: row.unit,
    reorderPoint: row.reorderPoint,
    imageUrl: row.imageUrl,
    stock,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Product answers for rows, with their stock read in one query. */
export async function toProducts(scope: TenantScope, rows: ProductRow[], now: Date): Promise<TProduct[]> {
  const stock = await stockOfProducts(
    scope,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProduct(row, stock.get(row.id) ?? 0, now));
}

export async function toProductAnswer(scope: TenantScope, row: ProductRow, now: Date): Promise<TProduct> {
  const [product] = await toProducts(scope, [row], now);
  if (!product) throw new Error('a product answer for one row has one product');
  return product;
}
