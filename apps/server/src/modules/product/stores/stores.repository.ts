import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { stores } from './stores.table.js';

export type StoreRow = typeof stores.$inferSelect;

export async function findStore(scope: TenantScope, id: string): Promise<StoreRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(stores)
    .where(and(eq(stores.businessId, scope.businessId), eq(stores.id, id)));
  return row;
}
