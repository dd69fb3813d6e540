import type { TenantScope } from '../../platform/db/tenancy.js';
import type { ProductRollup } from './sale-pricing.js';

/**
 * The daily rollups (DESIGN 9), kept in the sale's own transaction: one upsert per table that adds
 * what a sale or refund brings to its store's day. Refunds bring negative quantities and money,
 * and no transaction.
 *
 * Locking: a sale takes its inventory rows first (the stock function, in (location, product)
 * order), then these rows (in one statement that every sale runs alike: the SKUs' months in SKU
 * order, the products' days in product id order) and the store's last, so two sales never hold
 * these in opposite orders; the store's row of the day is the one every sale of that
 * store waits for, for the few statements up to COMMIT.
 */

/** A sale of the month's last day or later names the SKU's month, as the latest sale names a day. */
const RENAMES = 'excluded.quantity > 0 and excluded.last_day >= m.last_day';

export type RollupKey = { storeId: string; day: string };

/**
 * Adds each product's units, money and cost to its row of the day, and each SKU's to its row of the
 * month (one statement: the monthly upsert is a data-modifying CTE). A sale (not a refund) renames
 * the day's row, and the month's when it is of the SKU's latest day of the month. Rows of a statement are upserted once each: the products are distinct, their
 * SKUs are summed first.
 */
export async function addToProductRollups(
  scope: TenantScope,
  key: RollupKey,
  products: readonly ProductRollup[],
): Promise<void> {
  if (products.length === 0) return;
  await scope.tx.$client.query({
    name: 'sales_rollup_products',
    text: `
      with p as (
        select * from json_to_recordset($4::json) as p(product_id uuid, sku text, product_name text, barcode text,
               category_id uuid, quantity bigint, total numeric, cost numeric)
      ),
      monthly as (
        insert into sales_monthly_skus as m (business_id, month, sku, product_name, barcode, last_day, quantity, total, cost)
        select $1, date_trunc('month', $3::date)::date, sku,
               (array_agg(product_name order by product_name desc))[1],
               (array_agg(barcode order by product_name desc))[1],
               $3::date, sum(quantity), sum(total), sum(cost)
        from p group by sku order by sku
        on conflict (business_id, month, sku) do update set
          quantity = m.quantity + excluded.quantity,
          total = m.total + excluded.total,
          cost = m.cost + excluded.cost,
          product_name = case when ${RENAMES} then excluded.product_name else m.product_name end,
          barcode = case when ${RENAMES} then excluded.barcode else m.barcode end,
          last_day = case when ${RENAMES} then excluded.last_day else m.last_day end
      )
      insert into sales_daily_products as r
        (business_id, store_id, day, product_id, sku, product_name, barcode, category_id, quantity, total, cost)
      select $1, $2, $3::date, p.product_id, p.sku, p.product_name, p.barcode, p.category_id, p.quantity, p.total,
             p.cost
      from p order by p.product_id
      on conflict (business_id, store_id, day, product_id) do update set
        quantity = r.quantity + excluded.quantity,
        total = r.total + excluded.total,
        cost = r.cost + excluded.cost,
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
          cost: p.cost,
        })),
      ),
    ],
  });
}

/** Adds a sale's (or refund's) money, cost, units and transactions to its store's row of the day. */
export async function addToStoreRollup(
  scope: TenantScope,
  key: RollupKey,
  amounts: { total: string; cost: string; units: number; transactions: number },
): Promise<void> {
  await scope.tx.$client.query({
    name: 'sales_rollup_store',
    text: `
      insert into sales_daily_stores as r (business_id, store_id, day, total, transactions, units, cost)
      values ($1, $2, $3::date, $4::numeric, $5::int, $6::bigint, $7::numeric)
      on conflict (business_id, store_id, day) do update set
        total = r.total + excluded.total,
        transactions = r.transactions + excluded.transactions,
        units = r.units + excluded.units,
        cost = r.cost + excluded.cost`,
    values: [
      scope.businessId,
      key.storeId,
      key.day,
      amounts.total,
      amounts.transactions,
      amounts.units,
      amounts.cost,
    ],
  });
}
