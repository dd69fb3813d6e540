import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TActiveFilter } from '@app/contracts';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import type { LocationRow } from '../locations/locations.repository.js';
import { locations } from '../locations/locations.table.js';
import { warehouses } from './warehouses.table.js';

export type WarehouseRow = typeof warehouses.$inferSelect;
export type WarehouseWithLocation = { warehouse: WarehouseRow; location: LocationRow };
export type WarehouseValues = Pick<
  typeof warehouses.$inferInsert,
  'locationId' | 'name' | 'capacity' | 'managerName'
>;

const ofBusiness = (scope: TenantScope) => eq(warehouses.businessId, scope.businessId);

/** Warehouses with their location; the join keeps to one business on both sides. */
function selectWithLocation(scope: TenantScope) {
  return scope.tx
    .select({ warehouse: warehouses, location: locations })
    .from(warehouses)
    .innerJoin(
      locations,
      and(eq(locations.businessId, warehouses.businessId), eq(locations.id, warehouses.locationId)),
    )
    .$dynamic();
}

export async function findWarehouseWithLocation(
  scope: TenantScope,
  id: string,
): Promise<WarehouseWithLocation | undefined> {
  const [row] = await selectWithLocation(scope).where(and(ofBusiness(scope), eq(warehouses.id, id)));
  return row;
}

export async function listWarehouses(
  scope: TenantScope,
  filter: { active: TActiveFilter },
): Promise<WarehouseWithLocation[]> {
  const conditions: SQL[] = [ofBusiness(scope)];
  if (filter.active !== 'all') conditions.push(eq(warehouses.active, filter.active === 'true'));
  return selectWithLocation(scope)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${warehouses.name})`), asc(warehouses.id));
}

/** Locks the warehouse row to the end of the transaction (updates, deletion). */
export async function lockWarehouse(scope: TenantScope, id: string): Promise<WarehouseRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(warehouses)
    .where(and(ofBusiness(scope), eq(warehouses.id, id)))
    .for('update');
  return row;
}

export async function countActiveWarehouses(scope: TenantScope): Promise<number> {
  const [row] = await scope.tx
    .select({ total: count() })
    .from(warehouses)
    .where(and(ofBusiness(scope), eq(warehouses.active, true)));
  return row?.total ?? 0;
}

export async function insertWarehouse(
  scope: TenantScope,
  row: WarehouseValues & { id: string },
): Promise<WarehouseRow> {
  const [created] = await scope.tx
    .insert(warehouses)
    .values({ ...row, businessId: scope.businessId })
    .returning();
  if (!created) throw new Error('insert into warehouses returned no row');
  return created;
}

export async function updateWarehouse(
  scope: TenantScope,
  id: string,
  values: Partial<WarehouseValues> & { active?: boolean },
): Promise<WarehouseRow | undefined> {
  const [row] = await scope.tx
    .update(warehouses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ofBusiness(scope), eq(warehouses.id, id)))
    .returning();
  return row;
}

export async function deleteWarehouse(scope: TenantScope, id: string): Promise<void> {
  await scope.tx.delete(warehouses).where(and(ofBusiness(scope), eq(warehouses.id, id)));
}
