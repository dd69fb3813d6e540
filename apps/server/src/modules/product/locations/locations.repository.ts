import { and, asc, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TActiveFilter } from '@app/contracts';
import { toContainsPattern } from '../../../platform/db/list-paging.js';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { stores } from '../stores/stores.table.js';
import { warehouses } from '../warehouses/warehouses.table.js';
import { locations, posReaders } from './locations.table.js';

export type LocationRow = typeof locations.$inferSelect;
export type LocationUsage = 'STORE' | 'WAREHOUSE';
/** A location with what it serves (`usedBy` of the answers). */
export type LocationUsageRow = LocationRow & { usedBy: LocationUsage | null };
export type LocationValues = Pick<
  typeof locations.$inferInsert,
  'name' | 'street' | 'city' | 'state' | 'zipCode' | 'country' | 'latitude' | 'longitude' | 'phone'
>;

/*
 * What a location serves, read beside it. Written out with its own aliases: drizzle leaves the
 * columns of a one-table select unqualified, and inside these subqueries "location_id" or
 * "business_id" would then name the store's column instead of the location's.
 */
const USED_BY = sql<LocationUsage | null>`case
  when exists (select 1 from stores s where s.business_id = locations.business_id and s.location_id = locations.id) then 'STORE'
  when exists (select 1 from warehouses w where w.business_id = locations.business_id and w.location_id = locations.id) then 'WAREHOUSE'
end`;
const WITH_USAGE = { ...getTableColumns(locations), usedBy: USED_BY };
const BY_NAME = [asc(sql`lower(${locations.name})`), asc(locations.id)];

const ofBusiness = (scope: TenantScope) => eq(locations.businessId, scope.businessId);

export async function findLocation(scope: TenantScope, id: string): Promise<LocationRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(locations)
    .where(and(ofBusiness(scope), eq(locations.id, id)));
  return row;
}

/** Locks the location row to the end of the transaction (what it serves, its product positions). */
export async function lockLocation(scope: TenantScope, id: string): Promise<LocationRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(locations)
    .where(and(ofBusiness(scope), eq(locations.id, id)))
    .for('update');
  return row;
}

export async function findLocationWithUsage(
  scope: TenantScope,
  id: string,
): Promise<LocationUsageRow | undefined> {
  const [row] = await scope.tx
    .select(WITH_USAGE)
    .from(locations)
    .where(and(ofBusiness(scope), eq(locations.id, id)));
  return row;
}

/** Locations by name; `isUnreferencedOnly` keeps those no store or warehouse uses. */
export async function listLocations(
  scope: TenantScope,
  filter: { active: TActiveFilter; isUnreferencedOnly?: boolean },
): Promise<LocationUsageRow[]> {
  const conditions: SQL[] = [ofBusiness(scope)];
  if (filter.active !== 'all') conditions.push(eq(locations.active, filter.active === 'true'));
  if (filter.isUnreferencedOnly) conditions.push(sql`${USED_BY} is null`);
  return scope.tx
    .select(WITH_USAGE)
    .from(locations)
    .where(and(...conditions))
    .orderBy(...BY_NAME);
}

/** Active locations whose name or address contains `text` (any case), by name. */
export async function searchLocations(
  scope: TenantScope,
  text: string,
  limit: number,
): Promise<LocationUsageRow[]> {
  const pattern = toContainsPattern(text);
  return scope.tx
    .select(WITH_USAGE)
    .from(locations)
    .where(
      and(
        ofBusiness(scope),
        eq(locations.active, true),
        or(
          ilike(locations.name, pattern),
          ilike(locations.street, pattern),
          ilike(locations.city, pattern),
          ilike(locations.state, pattern),
          ilike(locations.zipCode, pattern),
          ilike(locations.country, pattern),
        ),
      ),
    )
    .orderBy(...BY_NAME)
    .limit(limit);
}

export async function existsLocation(scope: TenantScope): Promise<boolean> {
  const [row] = await scope.tx.select({ id: locations.id }).from(locations).where(ofBusiness(scope)).limit(1);
  return row !== undefined;
}

export async function insertLocation(
  scope: TenantScope,
  id: string,
  values: LocationValues,
): Promise<LocationRow> {
  const [row] = await scope.tx
    .insert(locations)
    .values({ ...values, businessId: scope.businessId, id })
    .returning();
  if (!row) throw new Error('insert into locations returned no row');
  return row;
}

export async function updateLocation(
  scope: TenantScope,
  id: string,
  values: Partial<LocationValues> & { active?: boolean },
): Promise<LocationRow | undefined> {
  const [row] = await scope.tx
    .update(locations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofBusiness(scope), eq(locations.id, id)))
    .returning();
  return row;
}

/**
 * Deletes the location and its card readers. `false` when a row of another table still refers to
 * it (a foreign key violation, 23503): the service's checks name the usual ones, and this keeps
 * any other (stock, sales) a 409 rather than a 500.
 */
export async function deleteLocation(scope: TenantScope, id: string): Promise<boolean> {
  await scope.tx.$client.query('savepoint delete_location');
  try {
    await scope.tx
      .delete(posReaders)
      .where(and(eq(posReaders.businessId, scope.businessId), eq(posReaders.locationId, id)));
    await scope.tx.delete(locations).where(and(ofBusiness(scope), eq(locations.id, id)));
    await scope.tx.$client.query('release savepoint delete_location');
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== '23503' && causeCode(error) !== '23503') throw error;
    await scope.tx.$client.query('rollback to savepoint delete_location');
    return false;
  }
}

/** The store and the warehouse at the location, if any (one at most of each: unique indexes). */
export async function findLocationUsers(
  scope: TenantScope,
  locationId: string,
): Promise<{
  store: { id: string; name: string; active: boolean } | undefined;
  warehouse: { id: string; name: string; active: boolean } | undefined;
}> {
  const [store] = await scope.tx
    .select({ id: stores.id, name: stores.name, active: stores.active })
    .from(stores)
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.locationId, locationId)));
  const [warehouse] = await scope.tx
    .select({ id: warehouses.id, name: warehouses.name, active: warehouses.active })
    .from(warehouses)
    .where(and(eq(warehouses.businessId, scope.businessId), eq(warehouses.locationId, locationId)));
  return { store, warehouse };
}

function causeCode(error: unknown): unknown {
  return (error as { cause?: { code?: unknown } }).cause?.code;
}
