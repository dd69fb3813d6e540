import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Principal } from '../auth/principal.js';
import { AppError } from '../http/app-error.js';
import type { Db } from './database.js';

import { APP_ROLE } from './roles.js';

export { APP_ROLE } from './roles.js';

/** A drizzle handle bound to one connection inside an open transaction. */
export type Tx = NodePgDatabase & { $client: pg.PoolClient };

/** A transaction bound to one business. Every tenant repository takes one as its first argument. */
export type TenantScope = { readonly tx: Tx; readonly businessId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `work` in one transaction as APP_ROLE with `app.business_id` set to the principal's
 * business (from the verified token, never from the request), so the row-level security
 * policies, FORCE'd on every tenant table, admit only its rows. Repositories filter by
 * `scope.businessId` as well: the policies are the second wall.
 *
 * Both settings are transaction-local (`set_config(..., true)`), so a pooled connection never
 * carries one request's tenant into the next.
 */
export async function inTenant<T>(
  db: Db,
  principal: Principal,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  if (!principal.businessId) throw new AppError('FORBIDDEN', 'Set up your business first.');
  return inNewTenant(db, principal, principal.businessId, work);
}

/** As inTenant, for the one case where the business is not in the token yet: its creation. */
export async function inNewTenant<T>(
  db: Db,
  principal: Principal,
  businessId: string,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  return inTransaction(db, principal, businessId, (tx) => work({ tx, businessId }));
}

/**
 * For a job that carries its business id (DESIGN 14): the business's transaction with no user
 * acting. The id comes from a job this server queued, never from a request.
 */
export async function inJobTenant<T>(
  db: Db,
  businessId: string,
  work: (scope: TenantScope) => Promise<T>,
): Promise<T> {
  return inTransaction(db, null, businessId, (tx) => work({ tx, businessId }));
}

/**
 * Runs `work` in one transaction as APP_ROLE with no business set: every tenant table shows no
 * rows at all; of the global ones, plans, and of users and link tokens only what the policies
 * admit (the signed-in user, an account looked up with `lookUpAccount`, a link token presented
 * with `presentTokenHash`). Signed-in callers pass their principal.
 */
export async function inGlobal<T>(db: Db, work: (tx: Tx) => Promise<T>, principal?: Principal): Promise<T> {
  return inTransaction(db, principal ?? null, null, work);
}

/**
 * One transaction per piece of request work. BEGIN, the role, the tenant and the user travel in
 * one simple-protocol round trip: three round trips for a one-query request. The values written
 * into that SQL are UUIDs checked against UUID above, nothing else.
 *
 * Whether the user may still act was checked before the handler ran (platform/auth/guard.ts).
 */
async function inTransaction<T>(
  db: Db,
  principal: Principal | null,
  businessId: string | null,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const settings = [`set_config('role', '${APP_ROLE}', true)`];
  if (businessId !== null) settings.push(`set_config('app.business_id', '${uuid(businessId)}', true)`);
  if (principal) settings.push(`set_config('app.user_id', '${uuid(principal.userId)}', true)`);

  const client: pg.PoolClient = await db.$client.connect();
  let broken: Error | undefined;
  try {
    // Two statements in one simple query: pg answers with one result per statement.
    await client.query(`begin; select ${settings.join(', ')}`);
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

/**
 * Declares, for the rest of the transaction, the account it asks about by e-mail or username
 * (sign-in, registration, reset request): the users policy admits that one row.
 */
export async function lookUpAccount(tx: Tx, login: string): Promise<void> {
  await tx.$client.query("select set_config('app.lookup', lower($1), true)", [login]);
}

/**
 * Presents the hash of a token the caller holds (an e-mailed link, a refresh token): the
 * policies admit that one row. Whoever holds it acts as its user, so `actAsUser` follows once
 * the token proved valid.
 */
export async function presentTokenHash(tx: Tx, tokenHash: string): Promise<void> {
  await tx.$client.query("select set_config('app.token_hash', $1, true)", [tokenHash]);
}

/** The transaction acts as this user from here on (after a link token proved who it is). */
export async function actAsUser(tx: Tx, userId: string): Promise<void> {
  await tx.$client.query("select set_config('app.user_id', $1, true)", [uuid(userId)]);
}

function uuid(value: string): string {
  if (!UUID.test(value))
    throw new AppError('INTERNAL_ERROR', 'A transaction was asked for with an id that is no UUID.');
  return value;
}
