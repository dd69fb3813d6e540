import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { AppError } from '../http/app-error.js';

/** The database role requests run as: no BYPASSRLS, not the owner of the tables. */
export const APP_ROLE = 'app_tenant';

export type Tx = Parameters<Parameters<NodePgDatabase['transaction']>[0]>[0];

/** A transaction bound to one business. Every tenant repository takes one as its first argument. */
export type TenantScope = { readonly tx: Tx; readonly businessId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in one transaction as APP_ROLE with `app.business_id` set, so the row-level
 * security policies (FORCE'd on every tenant table) admit only this business's rows. The
 * repositories filter by `scope.businessId` as well: the policies are the second wall.
 *
 * Both settings are transaction-local (`set_config(..., true)`), so a pooled connection never
 * carries one request's tenant into the next.
 */
export async function inTenant<T>(
  db: NodePgDatabase,
  businessId: string,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  if (!UUID.test(businessId)) {
    throw new AppError('INTERNAL_ERROR', 'A tenant transaction needs a business id.');
  }
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.business_id', ${businessId}, true)`,
    );
    return work({ tx, businessId });
  });
}

/**
 * Runs `work` in one transaction as APP_ROLE with no business set: global tables (users, plans,
 * tokens) are reachable, every tenant table shows no rows at all.
 */
export async function inGlobal<T>(db: NodePgDatabase, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', ${APP_ROLE}, true)`);
    return work(tx);
  });
}
