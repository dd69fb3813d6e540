/**
 * Generates the inventory benchmark's stock straight into the database, as the owner, in a few
 * set-based statements (generate_series, never one insert per row):
 *
 * - a "hot" location with two items of a billion units: one the stock function decrements, one
 *   the bare UPDATE decrements (each side has rows of its own, so the stock function's items
 *   keep quantity == ledger sum, which the benchmark checks at the end);
 * - a warehouse of `itemsPerLocation` (50,000) products, each with its item and its opening
 *   ledger row (COUNT, balancing) but 0.1% whose item was deleted (a gap in the stock table's
 *   positions), 1% retired, 10% under their reorder point, 1% with a movement on its way out
 *   (IN_TRANSIT, its MOVEMENT_OUT ledger row written) and 0.5% PENDING: the page of the stock
 *   table is read from here, and the items of its first 2 x 10,000 products are the spread
 *   decrements' (the stock function's, then the bare UPDATE's);
 * - `otherBusinesses` businesses of 10,000 items, so every query has other tenants' rows beside it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type InventoryShape = { itemsPerLocation: number; spreadItems: number; otherBusinesses: number };

export type GeneratedInventory = {
  /** The stock function's hot item and the bare UPDATE's, at the same location. */
  hot: { locationId: string; functionProductId: string; bareProductId: string };
  warehouseId: string;
  /** Product ids of the spread decrements, `spreadItems` each, disjoint. */
  spread: { functionProductIds: string[]; bareProductIds: string[] };
  items: number;
  seconds: number;
};

/** Units of the hot items: no benchmark run can take them all. */
export const HOT_STOCK = 1_000_000_000;

/** Which of a fresh location's positions g lost their item (0.1%; not among the first two). */
const DELETED_SQL = '(g % 1000 = 500)';

async function insertLocation(client: pg.PoolClient, businessId: string, name: string): Promise<string> {
  const id = randomUUID();
  await client.query(
    `insert into locations (business_id, id, name, city, country) values ($1, $2, $3, 'Springfield', 'US')`,
    [businessId, id, name],
  );
  return id;
}

/**
 * `count` products at a location with an item each (quantity from `quantitySql`, over g) and the
 * item's opening ledger row; positions 1..count continue nothing (a fresh location).
 */
async function insertStock(
  client: pg.PoolClient,
  businessId: string,
  userId: string | null,
  locationId: string,
  count: number,
  skuPrefix: string,
  quantitySql: string,
): Promise<void> {
  await client.query(
    `insert into products (business_id, id, location_id, sku, barcode, name, price, unit, list_position, active)
     select $1::uuid, gen_random_uuid(), $2::uuid, $4 || '-' || lpad(g::text, 6, '0'), '29' || lpad(g::text, 11, '0'),
            (array['Oat Milk','Green Tea','Olive Oil','Granola','Coffee Beans','Honey','Soap','Socks'])[1 + g % 8]
              || ' ' || g, round((1 + (g * 7919) % 9999 / 100.0)::numeric, 2), 'pcs', g, true
     from generate_series(1, $3::int) g`,
    [businessId, locationId, count, skuPrefix],
  );
  await client.query(`update locations set product_position_seq = $3 where business_id = $1 and id = $2`, [
    businessId,
    locationId,
    count,
  ]);
  // Items in SKU order of their products, each at its product's position in the stock table;
  // 10% under their reorder point, 1% retired; 0.1% deleted, their positions left as gaps (as
  // the item service does), so the page's arithmetic steps over both.
  await client.query(
    `insert into inventory_items (business_id, id, location_id, product_id, quantity, reorder_point, active, list_position)
     select p.business_id, gen_random_uuid(), p.location_id, p.id, ${quantitySql},
            case when g % 10 = 3 then ${quantitySql} + 5 else 20 end, g % 100 <> 42, g
     from (select *, list_position as g from products where business_id = $1 and location_id = $2) p
     where ${DELETED_SQL} is not true`,
    [businessId, locationId],
  );
  await client.query(
    `insert into inventory_position_gaps (business_id, location_id, list_position)
     select business_id, location_id, g from (select *, list_position as g from products where business_id = $1 and location_id = $2) p
     where ${DELETED_SQL}`,
    [businessId, locationId],
  );
  await client.query(
    `insert into inventory_positions (business_id, location_id, last_position) values ($1, $2, $3)`,
    [businessId, locationId, count],
  );
  await client.query(
    `insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, reference, user_id)
     select business_id, gen_random_uuid(), id, location_id, product_id, quantity, quantity, 'COUNT', 'bench opening', $3
     from inventory_items where business_id = $1 and location_id = $2`,
    [businessId, locationId, userId],
  );
}

/**
 * Movements out of the warehouse to the hot location: every 100th item has 5 units IN_TRANSIT
 * (taken from its quantity with their MOVEMENT_OUT row, as validation at the source does),
 * every 200th (offset) a PENDING movement of 3.
 */
async function insertMovements(
  client: pg.PoolClient,
  businessId: string,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  await client.query(
    `insert into stock_movements (business_id, id, product_id, sku, source_location_id, destination_location_id,
                                  quantity, status, source_code_hash, destination_code_hash, created_by,
                                  source_validated_at, source_validated_by)
     select p.business_id, gen_random_uuid(), p.id, p.sku, $2, $3,
            case when p.list_position % 100 = 7 then 5 else 3 end,
            case when p.list_position % 100 = 7 then 'IN_TRANSIT' else 'PENDING' end,
            'bench', 'bench', $4,
            case when p.list_position % 100 = 7 then now() end,
            case when p.list_position % 100 = 7 then $4::uuid end
     from products p
     where p.business_id = $1 and p.location_id = $2 and (p.list_position % 100 = 7 or p.list_position % 200 = 57)`,
    [businessId, from, to, userId],
  );
  await client.query(
    `with moved as (
       update inventory_items i set quantity = i.quantity - m.quantity
       from stock_movements m
       where m.business_id = $1 and m.status = 'IN_TRANSIT' and i.business_id = $1
         and i.location_id = m.source_location_id and i.product_id = m.product_id
       returning i.business_id, i.id, i.location_id, i.product_id, m.quantity as moved, i.quantity, m.id as movement_id)
     insert into stock_ledger (business_id, id, inventory_id, location_id, product_id, delta, quantity_after, reason, reference, user_id)
     select business_id, gen_random_uuid(), id, location_id, product_id, -moved, quantity, 'MOVEMENT_OUT', movement_id::text, $2
     from moved`,
    [businessId, userId],
  );
}

async function productIdsByPosition(
  client: pg.PoolClient,
  businessId: string,
  locationId: string,
  from: number,
  to: number,
): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `select p.id from products p
     join inventory_items i on i.business_id = p.business_id and i.product_id = p.id
     where p.business_id = $1 and p.location_id = $2 and p.list_position between $3 and $4
     order by p.list_position`,
    [businessId, locationId, from, to],
  );
  return rows.map((row) => row.id);
}

export async function generateInventory(
  ownerUrl: string,
  owner: { businessId: string; userId: string },
  shape: InventoryShape,
  log: (line: string) => void,
): Promise<GeneratedInventory> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  const started = performance.now();
  const client = await pool.connect();
  try {
    const { businessId, userId } = owner;
    // The benchmark's business may hold any number of products.
    await client.query(`update businesses set plan_id = 'SUPREME' where id = $1`, [businessId]);
    const hotId = await insertLocation(client, businessId, 'Hot corner');
    await insertStock(client, businessId, userId, hotId, 2, 'HOT', String(HOT_STOCK));
    const [functionProductId = '', bareProductId = ''] = await productIdsByPosition(
      client,
      businessId,
      hotId,
      1,
      2,
    );
    const warehouseId = await insertLocation(client, businessId, 'Main warehouse');
    await insertStock(
      client,
      businessId,
      userId,
      warehouseId,
      shape.itemsPerLocation,
      'WH',
      '1000 + g % 500',
    );
    await insertMovements(client, businessId, userId, warehouseId, hotId);
    log(`  warehouse: ${shape.itemsPerLocation} items`);
    for (let index = 0; index < shape.otherBusinesses; index++) {
      const otherId = randomUUID();
      await client.query(
        `insert into businesses (id, owner_user_id, business_name, plan_id) values ($1, $2, $3, 'SUPREME')`,
        [otherId, randomUUID(), `Other business ${index + 1}`],
      );
      const locationId = await insertLocation(client, otherId, 'Their shop');
      await insertStock(client, otherId, null, locationId, 10_000, 'OT', '50 + g % 100');
    }
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans read.
    await client.query('vacuum analyze products');
    await client.query('vacuum analyze inventory_items');
    await client.query('vacuum analyze stock_ledger');
    await client.query('vacuum analyze stock_movements');
    await client.query('analyze locations');
    const spread = shape.spreadItems;
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from inventory_items',
    );
    return {
      hot: { locationId: hotId, functionProductId, bareProductId },
      warehouseId,
      spread: {
        functionProductIds: await productIdsByPosition(client, businessId, warehouseId, 1, spread),
        bareProductIds: await productIdsByPosition(client, businessId, warehouseId, spread + 1, 2 * spread),
      },
      items: rows[0]?.count ?? 0,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
    await pool.end();
  }
}
