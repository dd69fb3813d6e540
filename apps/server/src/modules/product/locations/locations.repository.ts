import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../../platform/db/tenancy.js';
import { locations } from './locations.table.js';

export type LocationRow = typeof locations.$inferSelect;

export async function findLocation(scope: TenantScope, id: string): Promise<LocationRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, scope.businessId), eq(locations.id, id)));
  return row;
}

/** Locks the location row to the end of the transaction (what it serves, its product positions). */
export async function lockLocation(scope: TenantScope, id: string): Promise<LocationRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, scope.businessId), eq(locations.id, id)))
    .for('update');
  return row;
}
