import type pg from 'pg';
import type { Db } from '../platform/db/database.js';
import { inGlobal, inJobTenant, lookUpAccount } from '../platform/db/tenancy.js';

/**
 * Whether the demo owner's account exists with its business, read as a request reads it: the
 * users policy shows the one account the transaction declares it looks up.
 */
export async function demoOwnerExists(db: Db, email: string): Promise<boolean> {
  return inGlobal(db, async (tx) => {
    await lookUpAccount(tx, email);
    const { rows } = await tx.$client.query(
      `select 1 from users where lower(email) = lower($1) and deleted_at is null and business_id is not null`,
      [email],
    );
    return rows.length > 0;
  });
}

/**
 * Whether anyone has signed up yet: the first start of a fresh data folder seeds the demo, a
 * database in use is left alone. Asked as the owner, who sees every account.
 */
export async function hasAnyAccount(owner: pg.Pool): Promise<boolean> {
  const { rows } = await owner.query<{ found: boolean }>(`select exists (select 1 from users) as found`);
  return Boolean(rows[0]?.found);
}

/** Every product row of the business by location and SKU (product rows are per location). */
export async function productIdsByLocation(
  db: Db,
  businessId: string,
): Promise<Map<string, Map<string, string>>> {
  const rows = await inJobTenant(db, businessId, async ({ tx }) => {
    const result = await tx.$client.query<{ location_id: string; sku: string; id: string }>(
      `select location_id, sku, id from products where business_id = $1`,
      [businessId],
    );
    return result.rows;
  });
  const byLocation = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const skus = byLocation.get(row.location_id) ?? new Map<string, string>();
    skus.set(row.sku, row.id);
    byLocation.set(row.location_id, skus);
  }
  return byLocation;
}
