import type { TenantScope } from '../../platform/db/tenancy.js';
import type { ProductRollup } from './sale-pricing.js';

/**
 * The daily rollups (DESIGN 9), kept in the sale's own transaction: one upsert per table that adds
 * what a sale or refund brings to its store's day. Refunds bring negative quantities and money,
 * and no transaction.
 *
 * Locking: a sale takes its inventory rows first (the stock function, in (location, product)
 * order), then these rows, the products' in product id order and the store's last, so two sales
 * never hold these in opposite orders; the store's row of the day is the one every sale of that
 * store waits for, for the few statements up to COMMIT.
 */

export type RollupKey = { storeId: string; day: string };

/** Adds each product's units and money to its row of the day; a sale (not a refund) renames it. */
export async function addToProductRollups(
  scope: TenantScope,
  key: RollupKey,
  products: readonly ProductRollup[],
): Promise<void> {
  if (products.length === 0) return;
  await scope.tx.$client.query({
    name: 'sales_rollup_products',
    text: `
      insert into sales_daily_products as r
        (business_id, store_id, day, product_id, sku, product_name, barcode, category_id, quantity, total)
      select $1, $2, $3::date, p.product_id, p.sku, p.product_name, p.barcode, p.category_id, p.quantity, p.total
      from json_to_recordset($4::json) as p(product_id uuid, sku text, product_name text, barcode text,
             category_id uuid, quantity bigint, total numeric)
      order by p.product_id
      on conflict (business_id, store_id, day, product_id) do update set
        quantity = r.quantity + excluded.quantity,
        total = r.total + excluded.total,
        sku = case when excluded.quantity > 0 then excluded.sku else r.sku end,
        product_name = case when excluded.quantity > 0 then excluded.product_name else r.product_name end,
        barcode = case when excluded.quantity > 0 then excluded.barcode else r.barcode end,
        category_id = case when excluded.quantity > 0 then excluded.category_id else r.category_id end`,
    values: [
      scope.businessId,
      key.storeId,
      key.day,
      JSON.stringify(
        products.map((p) => ({
          product_id: p.productId,
          sku: p.sku,
          product_name: p.productName,
          barcode: p.barcode,
          category_id: p.categoryId,
          quantity: p.quantity,
          total: p.total,
        })),
      ),
    ],
  });
}

/** Adds a sale's (or refund's) money, units and transactions to its store's row of the day. */
export async function addToStoreRollup(
  scope: TenantScope,
  key: RollupKey,
  amounts: { total: string; units: number; transactions: number },
): Promise<void> {
  await scope.tx.$client.query({
    name: 'sales_rollup_store',
    text: `
      insert into sales_daily_stores as r (business_id, store_id, day, total, transactions, units)
      values ($1, $2, $3::date, $4::numeric, $5::int, $6::bigint)
      on conflict (business_id, store_id, day) do update set
        total = r.total + excluded.total,
        transactions = r.transactions + excluded.transactions,
        units = r.units + excluded.units`,
    values: [scope.businessId, key.storeId, key.day, amounts.total, amounts.transactions, amounts.units],
  });
}
