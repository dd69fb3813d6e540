import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from './database.js';
import { AppError } from '../http/app-error.js';

/** The database role requests run as: no BYPASSRLS, not the owner of the tables. */
export const APP_ROLE = 'app_tenant';

/** A drizzle handle bound to one connection inside an open transaction. */
export type Tx = NodePgDatabase;

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
  db: Db,
  businessId: string,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  // Checked before it is written into SQL below: only a UUID can pass.
  if (!UUID.test(businessId)) {
    throw new AppError('INTERNAL_ERROR', 'A tenant transaction needs a business id.');
  }
  return inTransaction(
    db,
    `select set_config('role', '${APP_ROLE}', true), set_config('app.business_id', '${businessId}', true)`,
    (tx) => work({ tx, businessId }),
  );
}

/**
 * Runs `work` in one transaction as APP_ROLE with no business set: global tables (users, plans,
 * tokens) are reachable, every tenant table shows no rows at all.
 */
export async function inGlobal<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, `select set_config('role', '${APP_ROLE}', true)`, work);
}

/**
 * BEGIN and the settings travel in one simple-protocol round trip (they carry no parameters),
 * then the work, then COMMIT: three round trips for a one-query request instead of four.
 */
async function inTransaction<T>(db: Db, settings: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const pool = db.$client;
  const client: pg.PoolClient = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(`begin; ${settings}`);
    const result = await work(drizzle({ client }));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((rollbackError: unknown) => {
      // The connection is unusable: the pool must not hand it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
