/**
 * Generates the sales history of the benchmark straight into the database, as the owner, in
 * set-based statements (generate_series, never one insert per row): `stores` stores, each with
 * the same `products` SKUs at its location (a product's id is per location, its SKU is the
 * business's), and `lines` sale lines of three lines a sale over the last `days` days, spread over
 * the stores, with a skewed choice of products (the square of a uniform draw: the first tenth of
 * the catalogue sells about a third of the lines), then the daily (and monthly SKU) rollups computed from the lines
 * as the sales service keeps them (the benchmark checks they balance).
 *
 * The sale and line rows are what POST /api/sales writes, without the stock ledger (history only;
 * the stock of the products the POST measurement sells is set through the API).
 */

import pg from 'pg';

export type SalesShape = {
  stores: number;
  products: number;
  lines: number;
  days: number;
  categories: number;
};

export type GeneratedSales = {
  storeIds: string[];
  locationIds: string[];
  /** The busiest store (the first): the store-level calls read it. */
  storeId: string;
  /** A well-selling product of that store, for /product-trend. */
  product: { id: string; sku: string };
  categoryIds: string[];
  /** Three products of the first store for the POST /api/sales measurement. */
  saleProductIds: string[];
  saleIds: string[];
  lines: number;
  rollupRows: number;
  seconds: number;
};

const LINES_PER_SALE = 3;
/** A deterministic draw in [0, 1) from an integer: PostgreSQL's own hash of it. */
const draw = (expression: string) => `((hashint8(${expression}) & 2147483647)::float8 / 2147483648)`;

async function step(
  client: pg.PoolClient,
  log: (line: string) => void,
  label: string,
  sql: string,
  values: unknown[],
) {
  const started = performance.now();
  const result = await client.query(sql, values);
  log(`  ${label}: ${result.rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

export async function generateSales(
  ownerUrl: string,
  businessId: string,
  shape: SalesShape,
  log: (line: string) => void,
): Promise<GeneratedSales> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  const started = performance.now();
  const client = await pool.connect();
  const sales = Math.ceil(shape.lines / LINES_PER_SALE);
  try {
    await client.query(
      `set work_mem = '512MB'; set maintenance_work_mem = '1GB'; set synchronous_commit = off`,
    );
    // Every tier of the analytics, and any number of stores and products.
    await client.query(`update businesses set plan_id = 'SUPREME' where id = $1`, [businessId]);
    const { rows: zone } = await client.query<{ tz: string }>(
      'select time_zone as tz from businesses where id = $1',
      [businessId],
    );
    const timeZone = zone[0]?.tz ?? 'UTC';
    await client.query(
      `create temp table bench_stores as
       select g - 1 as idx, gen_random_uuid() as id, gen_random_uuid() as location_id
       from generate_series(1, $1::int) g`,
      [shape.stores],
    );
    await client.query(
      `insert into locations (business_id, id, name, city, country, latitude, longitude)
       select $1, location_id, 'Store ' || lpad((idx + 1)::text, 2, '0'), 'Springfield', 'US', 40 + idx / 100.0, -74
       from bench_stores`,
      [businessId],
    );
    await client.query(
      `insert into stores (business_id, id, location_id, name, qr_code)
       select $1, id, location_id, 'Store ' || lpad((idx + 1)::text, 2, '0'), 'bench-' || id from bench_stores`,
      [businessId],
    );
    await client.query(
      `create temp table bench_categories as
       select s.idx as store_idx, c - 1 as idx, gen_random_uuid() as id, s.location_id
       from bench_stores s cross join generate_series(1, $1::int) c`,
      [shape.categories],
    );
    await client.query(
      `insert into categories (business_id, id, location_id, name)
       select $1, id, location_id, 'Category ' || lpad((idx + 1)::text, 2, '0') from bench_categories`,
      [businessId],
    );
    await step(
      client,
      log,
      'products',
      `insert into products (business_id, id, location_id, sku, barcode, name, price, category_id, unit,
                             list_position, active, cost_price)
       select $1::uuid, gen_random_uuid(), s.location_id, 'SKU-' || lpad(g::text, 6, '0'),
              '20' || lpad(g::text, 11, '0'), 'Product ' || lpad(g::text, 6, '0'),
              round((1 + (g * 7919) % 4999 / 100.0)::numeric, 2), c.id, 'pcs', g, true,
              -- Nine products in ten have a cost price (55% to 85% of the price), as report-targets.ts
              -- sets them: the lines record it as their unit cost, the rest stay uncosted.
              case when g % 10 <> 0
                   then round(round((1 + (g * 7919) % 4999 / 100.0)::numeric, 2) * (0.55 + 0.3 * ${draw('g * 13 + 5')})::numeric, 2)
              end
       from bench_stores s cross join generate_series(1, $2::int) g
       join bench_categories c on c.store_idx = s.idx and c.idx = g % $3::int`,
      [businessId, shape.products, shape.categories],
    );
    await client.query(
      `update locations set product_position_seq = $2 where business_id = $1 and id in (select location_id from bench_stores)`,
      [businessId, shape.products],
    );
    await client.query(
      `create temp table bench_products as
       select s.idx as store_idx, p.list_position::int as product_idx, p.id, p.sku, p.name, p.barcode, p.category_id, p.price,
              p.cost_price
       from products p join bench_stores s on s.location_id = p.location_id where p.business_id = $1`,
      [businessId],
    );
    await client.query('alter table bench_products add primary key (store_idx, product_idx)');
    // Sales: evenly over the days up to an hour ago, the stores in turn (store 1 twice as often).
    await step(
      client,
      log,
      'sales to generate',
      `create temp table bench_sales as
       select g as idx, gen_random_uuid() as id, st.idx as store_idx, st.id as store_id, st.location_id, t.sold_at,
              (t.sold_at at time zone $4)::date as day
       from generate_series(1, $1::int) g
       cross join lateral (select now() - interval '1 hour'
              - ($2::float8 * ($1 - g) / $1) * interval '1 day' as sold_at) t
       join bench_stores st on st.idx = greatest(0, (g % ($3 + 1)) - 1)`,
      [sales, shape.days, shape.stores, timeZone],
    );
    await step(
      client,
      log,
      'sale lines to generate',
      `create temp table bench_lines as
       select sa.idx as sale_idx, l as line_no, p.id as product_id, p.name, p.sku, p.barcode, p.category_id,
              p.price, p.cost_price, 1 + (hashint8(sa.idx * 7 + l) & 3) as quantity
       from bench_sales sa cross join generate_series(1, ${LINES_PER_SALE}) l
       join bench_products p on p.store_idx = sa.store_idx
        and p.product_idx = 1 + floor(power(${draw(`sa.idx * ${LINES_PER_SALE} + l`)}, 2) * $1)::int`,
      [shape.products],
    );
    await step(
      client,
      log,
      'sale_lines',
      `insert into sale_lines (business_id, sale_id, line_no, store_id, sold_at, day, product_id, product_name,
                               sku, barcode, category_id, quantity, unit_price, discount, line_total, unit_cost)
       select $1, sa.id, l.line_no, sa.store_id, sa.sold_at, sa.day, l.product_id, l.name, l.sku, l.barcode,
              l.category_id, l.quantity, l.price, 0, l.price * l.quantity, l.cost_price
       from bench_lines l join bench_sales sa on sa.idx = l.sale_idx`,
      [businessId],
    );
    await step(
      client,
      log,
      'sales',
      `insert into sales (business_id, id, kind, store_id, location_id, sold_at, day, payment_method,
                          subtotal, discount_total, total, units)
       select $1, sa.id, 'SALE', sa.store_id, sa.location_id, sa.sold_at, sa.day,
              (array['CASH','CARD','OTHER'])[1 + sa.idx % 3], t.total, 0, t.total, t.units
       from bench_sales sa join (
         select sale_idx, sum(price * quantity) as total, sum(quantity)::int as units from bench_lines group by sale_idx
       ) t on t.sale_idx = sa.idx`,
      [businessId],
    );
    await step(
      client,
      log,
      'sales_daily_products',
      `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, barcode,
                                         category_id, quantity, total, cost)
       select $1, store_id, day, product_id, sku, product_name, barcode, category_id, sum(quantity), sum(line_total),
              coalesce(sum(round(quantity * unit_cost, 2)), 0)
       from sale_lines where business_id = $1
       group by store_id, day, product_id, sku, product_name, barcode, category_id
       -- In the order sales write them (day after day), not the hash's: a day's rows lie together.
       order by day, store_id, product_id`,
      [businessId],
    );
    await step(client, log, 'sales_monthly_skus', 'select app_fill_sku_months($1)', [businessId]);
    await step(
      client,
      log,
      'sales_daily_stores',
      `insert into sales_daily_stores (business_id, store_id, day, total, transactions, units, cost)
       select $1, s.store_id, s.day, sum(s.total), count(*) filter (where s.kind = 'SALE'), sum(s.units),
              coalesce(min(c.cost), 0)
       from sales s
       left join (select store_id, day, sum(cost) as cost from sales_daily_products where business_id = $1
                  group by store_id, day) c on c.store_id = s.store_id and c.day = s.day
       where s.business_id = $1 group by s.store_id, s.day`,
      [businessId],
    );
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans read.
    const vacuumStarted = performance.now();
    await client.query(
      'vacuum analyze sale_lines, sales, sales_daily_products, sales_monthly_skus, sales_daily_stores, products',
    );
    log(`  vacuum analyze: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);

    const { rows: stores } = await client.query<{ id: string; location_id: string }>(
      'select id, location_id from bench_stores order by idx',
    );
    const { rows: picks } = await client.query<{ id: string; sku: string }>(
      'select id, sku from bench_products where store_idx = 0 and product_idx between 1 and 4 order by product_idx',
    );
    const { rows: categories } = await client.query<{ id: string }>(
      'select id from bench_categories where store_idx = 0 order by idx limit 5',
    );
    const { rows: someSales } = await client.query<{ id: string }>(
      'select id from bench_sales where store_idx = 0 order by idx desc limit 50',
    );
    const { rows: counts } = await client.query<{ lines: string; rollups: string }>(
      `select (select count(*) from sale_lines where business_id = $1) as lines,
              (select count(*) from sales_daily_products where business_id = $1) as rollups`,
      [businessId],
    );
    const first = stores[0];
    const product = picks[0];
    if (!first || !product) throw new Error('The generation made no store or product.');
    return {
      storeIds: stores.map((row) => row.id),
      locationIds: stores.map((row) => row.location_id),
      storeId: first.id,
      product,
      categoryIds: categories.map((row) => row.id),
      saleProductIds: picks.slice(1, 4).map((row) => row.id),
      saleIds: someSales.map((row) => row.id),
      lines: Number(counts[0]?.lines ?? 0),
      rollupRows: Number(counts[0]?.rollups ?? 0),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
    await pool.end();
  }
}
