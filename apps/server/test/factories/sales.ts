import type { TSale } from '@app/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../build-app.js';
import { bearer } from './accounts.js';
import { insertStore } from './catalogue.js';
import { insertProductAt } from './inventory.js';
import { insertInventoryItem } from './products.js';

/**
 * Sales fixtures. Sales are recorded through the API (the stock function and the rollups are
 * part of what is tested); stores, products and stock are written straight into the database.
 */

/** POST /api/sales; fails the test on anything but 201. */
export async function recordSale(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<TSale> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...bearer(token), ...headers },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`sale failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A store with products at its location and stock of each: `products` maps a key to its price,
 * stock and optional barcode. Answers the store and the products by key.
 */
export async function saleSetUp<K extends string>(
  t: TestApp,
  businessId: string,
  products: Record<K, { price: string; stock: number; barcode?: string }>,
  storeName = 'Main Street',
): Promise<{
  storeId: string;
  locationId: string;
  products: Record<K, { id: string; sku: string; name: string; inventoryId: string }>;
}> {
  const { storeId, locationId } = await insertStore(t, businessId, { name: storeName });
  const made = {} as Record<K, { id: string; sku: string; name: string; inventoryId: string }>;
  for (const [key, spec] of Object.entries(products) as Array<
    [K, { price: string; stock: number; barcode?: string }]
  >) {
    const product = await insertProductAt(t, businessId, locationId, {
      name: `${key[0]?.toUpperCase()}${key.slice(1)}`,
      barcode: spec.barcode ?? null,
    });
    await t.sql('update products set price = $2 where id = $1', [product.id, spec.price]);
    const inventoryId = await insertInventoryItem(t, businessId, product.id, locationId, spec.stock);
    made[key] = { ...product, inventoryId };
  }
  return { storeId, locationId, products: made };
}

/**
 * The rollups against the history, over the WHOLE schema (every business, as the owner): each
 * product row of a day equals the sums of `sale_lines` of that store, day and product (sales and
 * refunds), each SKU row of a month the sums of that month's lines of the SKU, each store row the
 * sums of `sales` of that store and day, with `transactions` the number of SALE rows; and no sum
 * lacks its row.
 */
export async function expectRollupsBalanced(t: TestApp): Promise<void> {
  const { rows: products } = await t.sql(`
    with sums as (
      select business_id, store_id, day, product_id, sum(quantity)::bigint as quantity, sum(line_total) as total,
             coalesce(sum(round(quantity * unit_cost, 2)), 0) as cost
      from sale_lines group by business_id, store_id, day, product_id
    )
    select coalesce(r.business_id, s.business_id) as business_id, coalesce(r.store_id, s.store_id) as store_id,
           coalesce(r.day, s.day)::text as day, coalesce(r.product_id, s.product_id) as product_id,
           r.quantity as rollup_quantity, s.quantity as line_quantity, r.total as rollup_total, s.total as line_total,
           r.cost as rollup_cost, s.cost as line_cost
    from sales_daily_products r
    full join sums s using (business_id, store_id, day, product_id)
    where r.quantity is distinct from s.quantity or r.total is distinct from s.total or r.cost is distinct from s.cost`);
  expect(products, 'product rollups that differ from the sums of sale_lines').toEqual([]);
  const { rows: months } = await t.sql(`
    with sums as (
      select business_id, date_trunc('month', day)::date as month, sku, sum(quantity)::bigint as quantity,
             sum(line_total) as total, coalesce(sum(round(quantity * unit_cost, 2)), 0) as cost
      from sale_lines group by business_id, date_trunc('month', day), sku
    )
    select coalesce(r.business_id, s.business_id) as business_id, coalesce(r.month, s.month)::text as month,
           coalesce(r.sku, s.sku) as sku, r.quantity as rollup_quantity, s.quantity as line_quantity,
           r.total as rollup_total, s.total as line_total, r.cost as rollup_cost, s.cost as line_cost
    from sales_monthly_skus r
    full join sums s using (business_id, month, sku)
    where r.quantity is distinct from s.quantity or r.total is distinct from s.total or r.cost is distinct from s.cost`);
  expect(months, 'monthly SKU rollups that differ from the sums of sale_lines').toEqual([]);
  const { rows: stores } = await t.sql(`
    with sums as (
      select business_id, store_id, day, sum(total) as total, sum(units)::bigint as units,
             (count(*) filter (where kind = 'SALE'))::int as transactions
      from sales group by business_id, store_id, day
    )
    select coalesce(r.business_id, s.business_id) as business_id, coalesce(r.store_id, s.store_id) as store_id,
           coalesce(r.day, s.day)::text as day, r.total as rollup_total, s.total as sales_total,
           r.units as rollup_units, s.units as sales_units,
           r.transactions as rollup_transactions, s.transactions as sales_transactions
    from sales_daily_stores r
    full join sums s using (business_id, store_id, day)
    where r.total is distinct from s.total or r.units is distinct from s.units
       or r.transactions is distinct from s.transactions`);
  expect(stores, 'store rollups that differ from the sums of sales').toEqual([]);
  const { rows: storeCosts } = await t.sql(`
    with sums as (
      select business_id, store_id, day, coalesce(sum(round(quantity * unit_cost, 2)), 0) as cost
      from sale_lines group by business_id, store_id, day
    )
    select r.business_id, r.store_id, r.day::text as day, r.cost as rollup_cost, s.cost as line_cost
    from sales_daily_stores r
    left join sums s using (business_id, store_id, day)
    where r.cost is distinct from coalesce(s.cost, 0)`);
  expect(storeCosts, 'store rollup costs that differ from the sums of sale_lines').toEqual([]);
}
