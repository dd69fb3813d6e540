import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { carryingContainers } from './containers.table.js';

export type ContainerRow = typeof carryingContainers.$inferSelect;
export type ContainerValues = Pick<
  ContainerRow,
  'storeId' | 'name' | 'type' | 'capacityKg' | 'tareWeightKg' | 'code'
>;

export async function countContainersOf(
  scope: TenantScope,
  storeId: string,
  options: { isActiveOnly: boolean },
): Promise<number> {
  const conditions = [
    eq(carryingContainers.businessId, scope.businessId),
    eq(carryingContainers.storeId, storeId),
  ];
  if (options.isActiveOnly) conditions.push(eq(carryingContainers.active, true));
  const [row] = await scope.tx
    .select({ total: count() })
    .from(carryingContainers)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/** The containers of a store by name, whatever the case (a store has tens, not thousands). */
export async function findContainersOf(
  scope: TenantScope,
  storeId: string,
  options: { isActiveOnly: boolean },
): Promise<ContainerRow[]> {
  const conditions = [
    eq(carryingContainers.businessId, scope.businessId),
    eq(carryingContainers.storeId, storeId),
  ];
  if (options.isActiveOnly) conditions.push(eq(carryingContainers.active, true));
  return scope.tx
    .select()
    .from(carryingContainers)
    .where(and(...conditions))
    .orderBy(sql`lower(${carryingContainers.name})`, asc(carryingContainers.id));
}

export async function findContainer(scope: TenantScope, id: string): Promise<ContainerRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(carryingContainers)
    .where(and(eq(carryingContainers.businessId, scope.businessId), eq(carryingContainers.id, id)));
  return row;
}

export async function insertContainer(
  scope: TenantScope,
  id: string,
  values: ContainerValues,
): Promise<ContainerRow> {
  const [row] = await scope.tx
    .insert(carryingContainers)
    .values({ ...values, id, businessId: scope.businessId })
    .returning();
  if (!row) throw new Error('insert into carrying_containers returned no row');
  return row;
}

/** Changes the container; with `storeId` in `where`, only while it is at that store. */
export async function updateContainer(
  scope: TenantScope,
  where: { id: string; storeId?: string },
  values: Partial<ContainerValues> & { active?: boolean },
): Promise<ContainerRow | undefined> {
  const conditions = [
    eq(carryingContainers.businessId, scope.businessId),
    eq(carryingContainers.id, where.id),
  ];
  if (where.storeId !== undefined) conditions.push(eq(carryingContainers.storeId, where.storeId));
  const [row] = await scope.tx
    .update(carryingContainers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return row;
}

/** Deletes the container and answers the deleted row (for the audit entry), or undefined. */
export async function deleteContainer(scope: TenantScope, id: string): Promise<ContainerRow | undefined> {
  const [row] = await scope.tx
    .delete(carryingContainers)
    .where(and(eq(carryingContainers.businessId, scope.businessId), eq(carryingContainers.id, id)))
    .returning();
  return row;
}
