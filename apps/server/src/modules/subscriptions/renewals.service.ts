import { inGlobal, inJobTenant } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { planOfBusiness, setPlanOfBusiness } from '../access/businesses.service.js';
import { alertKeys, raiseRenewalFailed, resolveSystemAlert } from '../alerts/system-alerts.service.js';
import { getPlan } from '../plans/plans.service.js';
import { DAY_MS, RENEWAL_GRACE_MS, addMonth } from './subscription-period.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import { PROVIDER_CANCEL_QUEUE, RENEWAL_QUEUE, type RenewalJob } from './subscriptions.queues.js';
import { findDueSubscriptions, lockSubscription, updateSubscription } from './subscriptions.repository.js';

/** Due subscriptions queued per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 1000;

export type RenewalOutcome = 'renewed' | 'declined' | 'expired' | 'not-due';

/**
 * The sweep: queues one renewal job per due subscription, in one transaction. A subscription
 * queued twice (two sweeps before its job ran) is harmless: the job re-reads it under its lock.
 */
export async function queueDueRenewals(deps: SubscriptionsDeps): Promise<number> {
  return inGlobal(deps.db, async (tx) => {
    const due = await findDueSubscriptions(tx, deps.clock.now(), SWEEP_BATCH);
    for (const { businessId, id } of due) {
      await deps.jobs.enqueue(tx, RENEWAL_QUEUE, { businessId, subscriptionId: id });
    }
    return due.length;
  });
}

/**
 * One due subscription, in its business's transaction (business row, then subscription, locked as
 * the API locks them). Its state decides, so running it again changes nothing:
 * - not due (already renewed, or EXPIRED): nothing;
 * - ACTIVE and auto-renewing: charged; paid, the period moves on a month; declined, it is tried
 *   again a day later, and a decline 3 days past the period's end EXPIRES it;
 * - ACTIVE without auto-renew, or CANCELED: EXPIRED at its end.
 * EXPIRED puts the business on Free: its data stays; new items beyond Free's limits are refused.
 */
export async function renewSubscription(deps: SubscriptionsDeps, job: RenewalJob): Promise<RenewalOutcome> {
  return inJobTenant(deps.db, job.businessId, async (scope) => {
    try {
      await planOfBusiness(scope, { lock: true });
    } catch (error) {
      // The business was deleted after the sweep: its subscriptions went with it.
      if (error instanceof AppError && error.code === 'NOT_FOUND') return 'not-due';
      throw error;
    }
    const row = await lockSubscription(scope, job.subscriptionId);
    const now = deps.clock.now();
    if (!row || row.status === 'EXPIRED' || (row.nextChargeAt ?? row.endDate).getTime() > now.getTime()) {
      return 'not-due';
    }
    const expire = async (): Promise<RenewalOutcome> => {
      await updateSubscription(scope, row.id, { status: 'EXPIRED', autoRenew: false, nextChargeAt: null });
      if (row.provider === 'stripe' && row.providerRef) {
        // Stripe would go on retrying a subscription the business no longer has.
        await deps.jobs.enqueue(scope.tx, PROVIDER_CANCEL_QUEUE, {
          provider: 'stripe',
          providerRef: row.providerRef,
        });
      }
      await setPlanOfBusiness(scope, 'FREE');
      return 'expired';
    };
    const plan = await getPlan(scope.tx, row.planId);
    if (row.status !== 'ACTIVE' || !row.autoRenew || !row.providerRef) return expire();

    const result = await deps.billing.chargeRenewal({
      providerRef: row.providerRef,
      plan,
      periodEnd: row.endDate,
      attempt: row.failedCharges + 1,
      idempotencyKey: `renewal:${row.id}:${row.endDate.toISOString()}:${row.failedCharges + 1}`,
    });
    if (result.outcome === 'paid') {
      await updateSubscription(scope, row.id, {
        endDate: result.periodEnd ?? addMonth(row.endDate),
        failedCharges: 0,
        nextChargeAt: null,
      });
      await setPlanOfBusiness(scope, row.planId);
      await resolveSystemAlert(scope, deps, alertKeys.renewalFailed(row.id));
      return 'renewed';
    }
    deps.log.info(
      { businessId: scope.businessId, subscriptionId: row.id, attempt: row.failedCharges + 1 },
      'renewal charge declined',
    );
    // The owner and admins hear of the first decline (CRITICAL: by e-mail too); the alert stays
    // open through the retries and ends when a charge is paid.
    if (now.getTime() - row.endDate.getTime() >= RENEWAL_GRACE_MS) {
      await updateSubscription(scope, row.id, { failedCharges: row.failedCharges + 1 });
      // The open alert promised another try: it ends, and the last word is that the plan ended.
      await resolveSystemAlert(scope, deps, alertKeys.renewalFailed(row.id));
      await raiseRenewalFailed(scope, deps, { id: row.id, planName: plan.name, retryAt: null });
      return expire();
    }
    const retryAt = new Date(now.getTime() + DAY_MS);
    await updateSubscription(scope, row.id, { failedCharges: row.failedCharges + 1, nextChargeAt: retryAt });
    await raiseRenewalFailed(scope, deps, { id: row.id, planName: plan.name, retryAt });
    return 'declined';
  });
}
