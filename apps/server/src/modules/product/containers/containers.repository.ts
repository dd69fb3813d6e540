import { and, count, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { carryingContainers } from './containers.table.js';

export type ContainerRow = typeof carryingContainers.$inferSelect;

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
