import { and, eq, ne, sql } from 'drizzle-orm';
import type { TenantScope, Tx } from '../../platform/db/tenancy.js';
import { subscriptionCheckouts, subscriptions } from './subscriptions.table.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = Omit<typeof subscriptions.$inferInsert, 'businessId'>;
export type SubscriptionChanges = Partial<
  Pick<
    SubscriptionRow,
    | 'planId'
    | 'status'
    | 'startDate'
    | 'endDate'
    | 'autoRenew'
    | 'failedCharges'
    | 'nextChargeAt'
    | 'canceledAt'
  >
>;

const ofBusiness = (scope: TenantScope) => eq(subscriptions.businessId, scope.businessId);

export async function insertSubscription(
  scope: TenantScope,
  row: NewSubscriptionRow,
): Promise<SubscriptionRow> {
  const [created] = await scope.tx
    .insert(subscriptions)
    .values({ ...row, businessId: scope.businessId })
    .returning();
  if (!created) throw new Error('insert into subscriptions returned no row');
  return created;
}

export async function findSubscription(scope: TenantScope, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(subscriptions)
    .where(and(ofBusiness(scope), eq(subscriptions.id, id)));
  return row;
}

/** The one subscription that is not EXPIRED (a unique index keeps it one), locked if asked. */
export async function findOpenSubscription(
  scope: TenantScope,
  options: { lock: boolean },
): Promise<SubscriptionRow | undefined> {
  const query = scope.tx
    .select()
    .from(subscriptions)
    .where(and(ofBusiness(scope), ne(subscriptions.status, 'EXPIRED')));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The business's latest subscription, open or not, for GET /current. */
export async function findLatestSubscription(scope: TenantScope): Promise<SubscriptionRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(subscriptions)
    .where(ofBusiness(scope))
    .orderBy(sql`${subscriptions.status} = 'EXPIRED'`, sql`${subscriptions.createdAt} desc`)
    .limit(1);
  return row;
}

export async function lockSubscription(scope: TenantScope, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(subscriptions)
    .where(and(ofBusiness(scope), eq(subscriptions.id, id)))
    .for('update');
  return row;
}

export async function updateSubscription(
  scope: TenantScope,
  id: string,
  changes: SubscriptionChanges,
): Promise<SubscriptionRow> {
  const [row] = await scope.tx
    .update(subscriptions)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(ofBusiness(scope), eq(subscriptions.id, id)))
    .returning();
  if (!row) throw new Error(`subscription ${id} vanished under its lock`);
  return row;
}

/**
 * Open subscriptions of every business whose end of period (or next retry) has passed: through
 * app_due_subscriptions (migration 0014), which answers ids only, past row-level security.
 */
export async function findDueSubscriptions(
  tx: Tx,
  at: Date,
  limit: number,
): Promise<Array<{ businessId: string; id: string }>> {
  const result = await tx.$client.query<{ business_id: string; id: string }>(
    'select business_id, id from app_due_subscriptions($1, $2)',
    [at.toISOString(), limit],
  );
  return result.rows.map((row) => ({ businessId: row.business_id, id: row.id }));
}

export type CheckoutRow = typeof subscriptionCheckouts.$inferSelect;

export async function insertCheckout(
  scope: TenantScope,
  row: Pick<CheckoutRow, 'id' | 'planId' | 'url' | 'expiresAt'>,
): Promise<CheckoutRow> {
  const [created] = await scope.tx
    .insert(subscriptionCheckouts)
    .values({ ...row, businessId: scope.businessId })
    .returning();
  if (!created) throw new Error('insert into subscription_checkouts returned no row');
  return created;
}

/** The business's payment pages still open, newest first. */
export async function findOpenCheckouts(scope: TenantScope): Promise<CheckoutRow[]> {
  return scope.tx
    .select()
    .from(subscriptionCheckouts)
    .where(
      and(eq(subscriptionCheckouts.businessId, scope.businessId), eq(subscriptionCheckouts.status, 'open')),
    )
    .orderBy(sql`${subscriptionCheckouts.createdAt} desc`);
}

export async function lockCheckout(scope: TenantScope, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(subscriptionCheckouts)
    .where(and(eq(subscriptionCheckouts.businessId, scope.businessId), eq(subscriptionCheckouts.id, id)))
    .for('update');
  return row;
}

export async function setCheckoutStatus(
  scope: TenantScope,
  id: string,
  status: 'complete' | 'expired',
): Promise<void> {
  await scope.tx
    .update(subscriptionCheckouts)
    .set({ status })
    .where(and(eq(subscriptionCheckouts.businessId, scope.businessId), eq(subscriptionCheckouts.id, id)));
}

/** The business's subscription the provider knows by `providerRef`, locked. */
export async function lockSubscriptionByProviderRef(
  scope: TenantScope,
  providerRef: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await scope.tx
    .select()
    .from(subscriptions)
    .where(and(ofBusiness(scope), eq(subscriptions.providerRef, providerRef)))
    .for('update');
  return row;
}
