/**
 * Generates the purchasing benchmark's business straight into the database, as the owner, in
 * set-based statements (generate_series, never one insert per row):
 *
 * - `locations` (5) locations of `itemsPerLocation` products each, every product with its item
 *   and the item's opening ledger row (COUNT), positions 1..n as the product and item services
 *   hand them out (the location's product counter, the stock table's last position); 90% of the
 *   items carry a moving average cost, 2% of the products no cost price (so a few items are
 *   uncosted for the stock value);
 * - the first location is a store (a `stores` row): its first `suggestionProducts` items are under
 *   their reorder point (0 to 14 units, reorder point 20), the rest above it, and every one of its
 *   products sold on each of the last `historyDays` days (the daily rollups the forecast reads);
 * - every product comes from one supplier with a 7-day lead time (the benchmark changes it to 365
 *   between its two suggestion rows);
 * - `receiptOrders` SENT orders at the second location, `receiptLines` lines of 10 units each,
 *   each order over its own products, numbered 1.. with the business's counter at the last.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type PurchasingShape = {
  suggestionProducts: number;
  locations: number;
  itemsPerLocation: number;
  historyDays: number;
  receiptOrders: number;
  receiptLines: number;
};

export type GeneratedOrder = {
  orderId: string;
  lines: Array<{ lineId: string; productId: string; unitCost: string }>;
};

export type GeneratedPurchasing = {
  storeLocationId: string;
  receivingLocationId: string;
  supplierId: string;
  orders: GeneratedOrder[];
  items: number;
  salesRows: number;
  seconds: number;
};

export const LEAD_TIME_DAYS = 7;
export const RECEIVED_UNITS = 10;

async function insertLocation(
  client: pg.PoolClient,
  businessId: string,
  name: string,
  count: number,
): Promise<string> {
  const id = randomUUID();
  // The location's product counter already at its last product, as the product service leaves it.
  await client.query(
    `insert into locations (business_id, id, name, city, country, product_position_seq)
     values ($1, $2, $3, 'Springfield', 'US', $4)`,
    [businessId, id, name, count],
  );
  return id;
}

/**
 * `count` products at a location with an item each and its opening ledger row. The first
 * `underReorder` items hold fewer units than their reorder point.
 */
async function insertStock(
  client: pg.PoolClient,
  options: {
    businessId: string;
    userId: string;
    locationId: string;
    supplierId: string;
    count: number;
    underReorder: number;
    skuPrefix: string;
  },
): Promise<void> {
  const { businessId, userId, locationId, supplierId, count, underReorder, skuPrefix } = options;
  await client.query(
    `insert into products (business_id, id, location_id, sku, barcode, name, price, cost_price, supplier_id,
                           unit, list_position, active)
     select $1::uuid, gen_random_uuid(), $2::uuid, $4 || '-' || lpad(g::text, 6, '0'), '29' || lpad(g::text, 11, '0'),
            (array['Oat Milk','Green Tea','Olive Oil','Granola','Coffee Beans','Honey','Soap','Socks'])[1 + g % 8]
              || ' ' || g, price, case when g % 50 = 0 then null else round(price * 0.6, 2) end, $5::uuid, 'pcs', g, true
     from generate_series(1, $3::int) g, lateral (select round((1 + (g * 7919) % 9999 / 100.0)::numeric, 2) as price) p`,
    [businessId, locationId, count, skuPrefix, supplierId],
  );
  // Items in the products' order, each at its product's position: no gaps, last position = count.
  await client.query(
    `insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point,
                                  average_unit_cost, active, list_position)
     select p.business_id, gen_random_uuid(), p.location_id, p.id,
            case when p.list_position <= $3 then p.list_position % 15 else 30 + p.list_position % 470 end, 20,
            case when p.list_position % 10 <> 0 then round(p.price * 0.62, 4) end, true, p.list_position
     from products p where p.business_id = $1 and p.location_id = $2`,
    [businessId, locationId, underReorder],
  );
  await client.query(
    `insert into inventory_positions (business_id, location_id, last_position) values ($1, $2, $3)`,
    [businessId, locationId, count],
  );
  await client.query(
    `insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, reference, user_id)
     select business_id, gen_random_uuid(), id, location_id, product_id, quantity, quantity, 'COUNT', 'bench opening', $3
     from inventory_items where business_id = $1 and location_id = $2 and quantity > 0`,
    [businessId, locationId, userId],
  );
}

/** Every product of the store's location sold on each of the last `days` days (UTC, the business's zone). */
async function insertSalesHistory(
  client: pg.PoolClient,
  businessId: string,
  storeId: string,
  locationId: string,
  days: number,
): Promise<void> {
  // 1 to 5 units a day, 2 more on Fridays and Saturdays: a weekly season the forecast can find.
  await client.query(
    `insert into sales_daily_products (business_id, store_id, day, product_id, sku, product_name, barcode,
                                       quantity, total, cost)
     select $1, $2, d.day, p.id, p.sku, p.name, p.barcode, q.units, q.units * p.price, 0
     from generate_series(1, $4::int) g
     cross join lateral (select ((now() at time zone 'UTC')::date - g) as day) d
     cross join products p
     cross join lateral (
       select 1 + (p.list_position * 31 + g * 7) % 5
                + case when extract(isodow from d.day) in (5, 6) then 2 else 0 end as units) q
     where p.business_id = $1 and p.location_id = $3
     order by d.day, p.id`,
    [businessId, storeId, locationId, days],
  );
}

async function insertOrders(
  client: pg.PoolClient,
  options: {
    businessId: string;
    userId: string;
    supplierId: string;
    locationId: string;
    orders: number;
    lines: number;
  },
): Promise<GeneratedOrder[]> {
  const { businessId, userId, supplierId, locationId, orders, lines } = options;
  await client.query(
    `insert into purchase_orders (business_id, id, number, supplier_id, location_id, status, created_by, sent_at, sent_by)
     select $1, gen_random_uuid(), n, $2, $3, 'SENT', $4, now(), $4 from generate_series(1, $5::int) n`,
    [businessId, supplierId, locationId, userId, orders],
  );
  await client.query(
    `insert into purchase_order_counters (business_id, last_number) values ($1, $2)
     on conflict (business_id) do update set last_number = excluded.last_number`,
    [businessId, orders],
  );
  // Order n takes the products at positions (n - 1) * lines + 1 .. n * lines: no two share an item.
  await client.query(
    `insert into purchase_order_lines (business_id, id, order_id, line_no, product_id, quantity, unit_cost)
     select o.business_id, gen_random_uuid(), o.id, p.list_position - (o.number - 1) * $3, p.id, ${RECEIVED_UNITS},
            coalesce(p.cost_price, 1.00)
     from purchase_orders o
     join products p on p.business_id = o.business_id and p.location_id = o.location_id
       and p.list_position between (o.number - 1) * $3 + 1 and o.number * $3
     where o.business_id = $1 and o.location_id = $2`,
    [businessId, locationId, lines],
  );
  const { rows } = await client.query<{
    order_id: string;
    line_id: string;
    product_id: string;
    unit_cost: string;
  }>(
    `select o.id as order_id, l.id as line_id, l.product_id, l.unit_cost::text as unit_cost
     from purchase_orders o join purchase_order_lines l on l.business_id = o.business_id and l.order_id = o.id
     where o.business_id = $1 order by o.number, l.line_no`,
    [businessId],
  );
  const byOrder = new Map<string, GeneratedOrder>();
  for (const row of rows) {
    const order = byOrder.get(row.order_id) ?? { orderId: row.order_id, lines: [] };
    order.lines.push({ lineId: row.line_id, productId: row.product_id, unitCost: row.unit_cost });
    byOrder.set(row.order_id, order);
  }
  return [...byOrder.values()];
}

export async function generatePurchasing(
  ownerUrl: string,
  owner: { businessId: string; userId: string },
  shape: PurchasingShape,
  log: (line: string) => void,
): Promise<GeneratedPurchasing> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  const started = performance.now();
  const client = await pool.connect();
  try {
    const { businessId, userId } = owner;
    // Purchasing, the stock value and any number of products: the top plan.
    await client.query(`update businesses set plan_id = 'SUPREME' where id = $1`, [businessId]);
    const supplierId = randomUUID();
    await client.query(
      `insert into suppliers (business_id, id, name, email, lead_time_days) values ($1, $2, 'Bench Supplies', 'orders@bench.example', $3)`,
      [businessId, supplierId, LEAD_TIME_DAYS],
    );
    const locationIds: string[] = [];
    for (let index = 0; index < shape.locations; index++) {
      const locationId = await insertLocation(
        client,
        businessId,
        index === 0 ? 'Main Store' : `Location ${index + 1}`,
        shape.itemsPerLocation,
      );
      await insertStock(client, {
        businessId,
        userId,
        locationId,
        supplierId,
        count: shape.itemsPerLocation,
        underReorder: index === 0 ? shape.suggestionProducts : 0,
        skuPrefix: `L${index + 1}`,
      });
      locationIds.push(locationId);
    }
    const [storeLocationId = '', receivingLocationId = ''] = locationIds;
    log(`  ${shape.locations} locations of ${shape.itemsPerLocation} items`);
    const storeId = randomUUID();
    await client.query(
      `insert into stores (business_id, id, location_id, name, qr_code) values ($1, $2, $3, 'Main Store', $4)`,
      [businessId, storeId, storeLocationId, `bench-${storeId}`],
    );
    await insertSalesHistory(client, businessId, storeId, storeLocationId, shape.historyDays);
    log(`  ${shape.historyDays} days of sales of ${shape.itemsPerLocation} products at the store`);
    const orders = await insertOrders(client, {
      businessId,
      userId,
      supplierId,
      locationId: receivingLocationId,
      orders: shape.receiptOrders,
      lines: shape.receiptLines,
    });
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans read.
    for (const table of [
      'products',
      'inventory_items',
      'stock_ledger',
      'sales_daily_products',
      'purchase_orders',
      'purchase_order_lines',
    ])
      await client.query(`vacuum analyze ${table}`);
    for (const table of ['locations', 'stores', 'suppliers', 'inventory_positions'])
      await client.query(`analyze ${table}`);
    const counted = await client.query<{ items: number; sales: number }>(
      `select (select count(*)::int from inventory_items where business_id = $1) as items,
              (select count(*)::int from sales_daily_products where business_id = $1) as sales`,
      [businessId],
    );
    return {
      storeLocationId,
      receivingLocationId,
      supplierId,
      orders,
      items: counted.rows[0]?.items ?? 0,
      salesRows: counted.rows[0]?.sales ?? 0,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
    await pool.end();
  }
}
