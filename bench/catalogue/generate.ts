/**
 * Generates the catalogue of the benchmark straight into the database, as the owner, in a few
 * set-based statements (generate_series, never one insert per row): one big business with
 * `locations` locations of `productsPerLocation` products each, plus `otherBusinesses` small
 * businesses so that every query has other tenants' rows beside it.
 *
 * Rows look like a shop's: SKUs `<3 letters>-<6 digits>`, names "<adjective> <noun> <size>",
 * prices, 1% discontinued and 0.1% deleted (their positions recorded as gaps, as the product
 * service does), so the position paging meets the holes it has to step over.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export type CatalogueShape = { locations: number; productsPerLocation: number; otherBusinesses: number };

export type GeneratedCatalogue = {
  businessId: string;
  locationIds: string[];
  products: number;
  seconds: number;
};

const ADJECTIVES = [
  'Organic',
  'Fresh',
  'Classic',
  'Premium',
  'Everyday',
  'Crunchy',
  'Smooth',
  'Spicy',
  'Sweet',
  'Salted',
  'Roasted',
  'Golden',
  'Wild',
  'Natural',
  'Rustic',
  'Creamy',
  'Zesty',
  'Mild',
  'Hearty',
  'Light',
  'Dark',
  'Whole',
  'Baked',
  'Frozen',
  'Chilled',
  'Pure',
  'Rich',
  'Tangy',
  'Toasted',
  'Gentle',
  'Bold',
  'Tender',
  'Crisp',
  'Juicy',
  'Mellow',
  'Nutty',
  'Soft',
  'Sparkling',
  'Savory',
  'Vintage',
];
const NOUNS = [
  'Apple Juice',
  'Oat Milk',
  'Coffee Beans',
  'Green Tea',
  'Dark Chocolate',
  'Granola',
  'Pasta',
  'Rice',
  'Olive Oil',
  'Honey',
  'Peanut Butter',
  'Cheddar',
  'Yoghurt',
  'Bread',
  'Crackers',
  'Almonds',
  'Salsa',
  'Tomato Sauce',
  'Soup',
  'Cereal',
  'Cookies',
  'Lemonade',
  'Sparkling Water',
  'Ice Cream',
  'Butter',
  'Jam',
  'Muesli',
  'Hummus',
  'Pesto',
  'Noodles',
  'Chips',
  'Popcorn',
  'Kombucha',
  'Cocoa',
  'Mustard',
  'Vinegar',
  'Soap',
  'Shampoo',
  'Candles',
  'Notebook',
  'Dish Brush',
  'Batteries',
  'Socks',
  'T-Shirt',
  'Mug',
  'Tote Bag',
  'Sunscreen',
  'Toothpaste',
  'Dog Treats',
  'Flowers',
];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '330 ml', '500 ml', '1 l', 'pack of 6', 'single', 'large'];

function sqlArray(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;
}

/** Inserts one business with its owner-less row (the benchmark's own business exists already). */
async function insertBusiness(client: pg.PoolClient, id: string, name: string): Promise<void> {
  await client.query(
    `insert into businesses (id, owner_user_id, business_name, plan_id) values ($1, $2, $3, 'SUPREME')`,
    [id, randomUUID(), name],
  );
}

async function insertProducts(
  client: pg.PoolClient,
  businessId: string,
  locationId: string,
  count: number,
): Promise<void> {
  await client.query(
    `insert into products (business_id, id, location_id, sku, barcode, name, price, cost_price, unit,
                           list_position, active, created_at, updated_at)
     select $1::uuid, gen_random_uuid(), $2::uuid,
            upper(substr(md5(g::text || $2::text), 1, 3)) || '-' || lpad(g::text, 6, '0'),
            '29' || lpad(g::text, 11, '0'),
            (${sqlArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' ||
            (${sqlArray(NOUNS)})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' ||
            (${sqlArray(SIZES)})[1 + (g / 7) % ${SIZES.length}],
            round((1 + (g * 7919) % 9999 / 100.0)::numeric, 2),
            round((0.5 + (g * 7919) % 9999 / 250.0)::numeric, 2),
            'pcs', g, g % 100 <> 37, now(), now()
     from generate_series(1, $3::int) g`,
    [businessId, locationId, count],
  );
  // 0.1% deleted, as the product service deletes: the row goes, its position becomes a gap.
  await client.query(
    `with gone as (
       delete from products where business_id = $1 and location_id = $2 and list_position % 1000 = 500
       returning list_position)
     insert into product_position_gaps (business_id, location_id, list_position)
     select $1, $2, list_position from gone`,
    [businessId, locationId],
  );
  await client.query(`update locations set product_position_seq = $3 where business_id = $1 and id = $2`, [
    businessId,
    locationId,
    count,
  ]);
}

async function insertLocation(client: pg.PoolClient, businessId: string, index: number): Promise<string> {
  const id = randomUUID();
  await client.query(
    `insert into locations (business_id, id, name, city, country, latitude, longitude)
     values ($1, $2, $3, 'Springfield', 'US', $4, $5)`,
    [businessId, id, `Location ${String(index + 1).padStart(2, '0')}`, 40 + index / 100, -74 - index / 100],
  );
  return id;
}

export async function generateCatalogue(
  ownerUrl: string,
  businessId: string,
  shape: CatalogueShape,
  log: (line: string) => void,
): Promise<GeneratedCatalogue> {
  const pool = new pg.Pool({ connectionString: ownerUrl, max: 2 });
  const started = performance.now();
  const client = await pool.connect();
  try {
    // The benchmark's business may hold any number of products.
    await client.query(`update businesses set plan_id = 'SUPREME' where id = $1`, [businessId]);
    const locationIds: string[] = [];
    for (let index = 0; index < shape.locations; index++) {
      const locationId = await insertLocation(client, businessId, index);
      await insertProducts(client, businessId, locationId, shape.productsPerLocation);
      locationIds.push(locationId);
      log(`  location ${index + 1}/${shape.locations}: ${shape.productsPerLocation} products`);
    }
    for (let index = 0; index < shape.otherBusinesses; index++) {
      const otherId = randomUUID();
      await insertBusiness(client, otherId, `Other business ${index + 1}`);
      const locationId = await insertLocation(client, otherId, index);
      await insertProducts(client, otherId, locationId, Math.ceil(shape.productsPerLocation / 5));
    }
    // As autovacuum would after a bulk load: statistics, and the visibility map index-only scans read.
    await client.query('vacuum analyze products');
    await client.query('analyze product_position_gaps; analyze locations');
    const { rows } = await client.query<{ count: string }>(
      'select count(*) as count from products where business_id = $1',
      [businessId],
    );
    return {
      businessId,
      locationIds,
      products: Number(rows[0]?.count ?? 0),
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.release();
    await pool.end();
  }
}
