import { randomUUID } from 'node:crypto';
import type { PlanId } from '@app/contracts';
import type { TestApp } from '../build-app.js';

/**
 * Catalogue fixtures written straight into the database (as the owner), for tests of one area
 * that need another's rows to exist. Tests of an area's own rules go through its API.
 */
export async function insertLocation(
  t: TestApp,
  businessId: string,
  values: { name?: string; latitude?: number; longitude?: number; active?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `insert into locations (business_id, id, name, latitude, longitude, active) values ($1, $2, $3, $4, $5, $6)`,
    [
      businessId,
      id,
      values.name ?? `Location ${id.slice(0, 6)}`,
      values.latitude ?? null,
      values.longitude ?? null,
      values.active ?? true,
    ],
  );
  return id;
}

export async function insertStore(
  t: TestApp,
  businessId: string,
  values: { name?: string; locationId?: string } = {},
): Promise<{ storeId: string; locationId: string }> {
  const locationId = values.locationId ?? (await insertLocation(t, businessId));
  const storeId = randomUUID();
  await t.sql(
    `insert into stores (business_id, id, location_id, name, qr_code) values ($1, $2, $3, $4, $5)`,
    [businessId, storeId, locationId, values.name ?? `Store ${storeId.slice(0, 6)}`, `test-${storeId}`],
  );
  return { storeId, locationId };
}

/** Moves a business to another plan (the subscriptions issue adds the real way). */
export async function setPlan(t: TestApp, businessId: string, planId: PlanId): Promise<void> {
  await t.sql(`update businesses set plan_id = $2 where id = $1`, [businessId, planId]);
}
