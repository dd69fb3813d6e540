/**
 * The catalogue the upload benchmark writes stock for, generated as the database owner in
 * set-based statements: in the benchmark's business and in a reference business beside it, the
 * same locations each holding `productsPerLocation` products (SKUs BNC-000001 ...) and no stock.
 * The upload goes to the first, the bare reference (reference.ts) to the second.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const LOCATIONS = ['Bench Warehouse', 'Bench Store'] as const;

export function benchSku(index: number): string {
  return `BNC-${String(index).padStart(6, '0')}`;
}

export async function generateProducts(
  ownerUrl: string,
  businessId: string,
  productsPerLocation: number,
): Promise<{ referenceBusinessId: string }> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const referenceBusinessId = randomUUID();
    await client.query(
      `insert into businesses (id, owner_user_id, business_name, plan_id) values ($1, $2, 'Bench reference', 'SUPREME')`,
      [referenceBusinessId, randomUUID()],
    );
    await client.query(`update businesses set plan_id = 'SUPREME' where id = $1`, [businessId]);
    for (const business of [businessId, referenceBusinessId]) {
      for (const name of LOCATIONS) {
        const locationId = randomUUID();
        await client.query(
          `insert into locations (business_id, id, name, product_position_seq) values ($1, $2, $3, $4)`,
          [business, locationId, name, productsPerLocation],
        );
        await client.query(
          `insert into products (business_id, id, location_id, sku, name, price, list_position)
           select $1, gen_random_uuid(), $2, 'BNC-' || lpad(g::text, 6, '0'), 'Bench product ' || g, 1.00, g
           from generate_series(1, $3::int) g`,
          [business, locationId, productsPerLocation],
        );
      }
    }
    await client.query('vacuum analyze products');
    await client.query('analyze locations');
    return { referenceBusinessId };
  } finally {
    await client.end();
  }
}
