import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { TActiveFilter } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { toContainsPattern } from '../../../platform/db/list-paging.js';
import type { LocationRow } from '../locations/locations.repository.js';
import { locations } from '../locations/locations.table.js';
import { boundingBox, EARTH_RADIUS_KM, type Point } from './geo.js';
import { stores } from './stores.table.js';

export type StoreRow = typeof stores.$inferSelect;
export type StoreWithLocation = { store: StoreRow; location: LocationRow };
export type StoreValues = Pick<
  typeof stores.$inferInsert,
  'locationId' | 'name' | 'phone' | 'email' | 'openingHours' | 'active'
>;

const ofBusiness = (scope: TenantScope) => eq(stores.businessId, scope.businessId);
const BY_NAME = [asc(sql`lower(${stores.name})`), asc(stores.id)];

/** Stores with their location; the join keeps to one business on both sides. */
function selectWithLocation(scope: TenantScope) {
  return scope.tx
    .select({ store: stores, location: locations })
    .from(stores)
    .innerJoin(
      locations,
      and(eq(locations.businessId, stores.businessId), eq(locations.id, stores.locationId)),
    )
    .$dynamic();
}

export async function findStore(scope: TenantScope, id: string): Promise<StoreRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(stores)
    .where(and(ofBusiness(scope), eq(stores.id, id)));
  return row;
}

/** Locks the store row to the end of the transaction (updates, deletion). */
export async function lockStore(scope: TenantScope, id: string): Promise<StoreRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(stores)
    .where(and(ofBusiness(scope), eq(stores.id, id)))
    .for('update');
  return row;
}

export async function findStoreWithLocation(
  scope: TenantScope,
  where: { id: string } | { qrCode: string },
): Promise<StoreWithLocation | undefined> {
  const condition = 'id' in where ? eq(stores.id, where.id) : eq(stores.qrCode, where.qrCode);
  const [row] = await selectWithLocation(scope).where(and(ofBusiness(scope), condition));
  return row;
}

/** Stores by name; `locationNameContains` keeps those whose location's name holds it (any case). */
export async function listStores(
  scope: TenantScope,
  filter: { active: TActiveFilter; locationNameContains?: string },
): Promise<StoreWithLocation[]> {
  const conditions: SQL[] = [ofBusiness(scope)];
  if (filter.active !== 'all') conditions.push(eq(stores.active, filter.active === 'true'));
  if (filter.locationNameContains !== undefined) {
    conditions.push(ilike(locations.name, toContainsPattern(filter.locationNameContains)));
  }
  return selectWithLocation(scope)
    .where(and(...conditions))
    .orderBy(...BY_NAME);
}

/**
 * Active stores whose location lies within `radiusKm` of `center`, nearest first, with the
 * distance rounded to 10 m. The haversine formula is greatCircleKm's (geo.ts); the bounding box
 * narrows the rows before any distance is computed.
 */
export async function findStoresNear(
  scope: TenantScope,
  center: Point,
  radiusKm: number,
): Promise<Array<StoreWithLocation & { distanceKm: number }>> {
  const lat = sql`${center.latitude}::float8`;
  const lon = sql`${center.longitude}::float8`;
  // Qualified by hand: drizzle does not qualify columns inside sql fragments of every query shape.
  const distance = sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(least(1, sqrt(
    power(sin(radians(locations.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(locations.latitude))
      * power(sin(radians(locations.longitude - ${lon}) / 2), 2)))))`;
  const box = boundingBox(center, radiusKm);
  const conditions: SQL[] = [
    ofBusiness(scope),
    eq(stores.active, true),
    sql`locations.latitude between ${box.minLat}::float8 and ${box.maxLat}::float8`,
    sql`locations.longitude is not null`,
    sql`${distance} <= ${radiusKm}::float8`,
  ];
  if (box.minLon !== null && box.maxLon !== null) {
    conditions.push(sql`locations.longitude between ${box.minLon}::float8 and ${box.maxLon}::float8`);
  }
  const rows = await scope.tx
    .select({
      store: stores,
      location: locations,
      distanceKm: sql<string>`round(${distance}::numeric, 2)`,
    })
    .from(stores)
    .innerJoin(
      locations,
      and(eq(locations.businessId, stores.businessId), eq(locations.id, stores.locationId)),
    )
    .where(and(...conditions))
    .orderBy(asc(distance), ...BY_NAME);
  return rows.map((row) => ({ ...row, distanceKm: Number(row.distanceKm) }));
}

export async function countActiveStores(scope: TenantScope): Promise<number> {
  const [row] = await scope.tx
    .select({ total: count() })
    .from(stores)
    .where(and(ofBusiness(scope), eq(stores.active, true)));
  return row?.total ?? 0;
}

export async function existsStore(scope: TenantScope): Promise<boolean> {
  const [row] = await scope.tx.select({ id: stores.id }).from(stores).where(ofBusiness(scope)).limit(1);
  return row !== undefined;
}

/**
 * Inserts a store with the given QR code; `undefined` when that code is taken (by any business:
 * the index is global), so the caller draws another. Only the QR code's index is the arbiter: a
 * location already taken is still a unique violation.
 */
export async function insertStore(
  scope: TenantScope,
  row: StoreValues & { id: string; qrCode: string; imageUrl: string | null },
): Promise<StoreRow | undefined> {
  const [created] = await scope.tx
    .insert(stores)
    .values({ ...row, businessId: scope.businessId })
    .onConflictDoNothing({ target: stores.qrCode })
    .returning();
  return created;
}

export async function updateStore(
  scope: TenantScope,
  id: string,
  values: Partial<StoreValues> & { imageUrl?: string | null; basketWeightEnabled?: boolean },
): Promise<StoreRow | undefined> {
  const [row] = await scope.tx
    .update(stores)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofBusiness(scope), eq(stores.id, id)))
    .returning();
  return row;
}

export async function deleteStore(scope: TenantScope, id: string): Promise<void> {
  await scope.tx.delete(stores).where(and(ofBusiness(scope), eq(stores.id, id)));
}
