import { PLAN_IDS } from '@app/contracts';
import type { TenantScope } from '../../platform/db/tenancy.js';
import { planOfBusiness, setPlanOfBusiness } from '../access/businesses.service.js';
import type { ProviderSubscriptionState } from './billing/stripe-billing.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import { PROVIDER_CANCEL_QUEUE } from './subscriptions.queues.js';
import {
  findOpenSubscription,
  insertSubscription,
  lockCheckout,
  lockSubscriptionByProviderRef,
  setCheckoutStatus,
  updateSubscription,
} from './subscriptions.repository.js';
import { randomUUID } from 'node:crypto';

export type ProviderEventOutcome = 'applied' | 'unchanged' | 'ignored';

/**
 * The provider confirmed the payment of a Checkout page (its webhook, in the business's
 * transaction, once per event): the subscription starts with the provider's period and the
 * business is on the plan. The business row is locked first, as every subscription change does.
 * A business that got a subscription meanwhile (two pages paid) keeps it; the second one is
 * canceled at the provider by a job and logged.
 */
export async function startPaidCheckout(
  deps: SubscriptionsDeps,
  scope: TenantScope,
  input: { checkoutId: string; planId: string | null; state: ProviderSubscriptionState },
): Promise<ProviderEventOutcome> {
  await planOfBusiness(scope, { lock: true });
  const page = await lockCheckout(scope, input.checkoutId);
  if (page?.status === 'complete') return 'unchanged';
  const planId = page?.planId ?? input.planId;
  if (!planId || !isPaidPlan(planId)) {
    deps.log.warn({ checkoutId: input.checkoutId }, 'a paid checkout names no plan: not applied');
    return 'ignored';
  }
  const open = await findOpenSubscription(scope, { lock: true });
  if (page) await setCheckoutStatus(scope, page.id, 'complete');
  if (open) {
    if (open.providerRef === input.state.providerRef) return 'unchanged';
    await deps.jobs.enqueue(scope.tx, PROVIDER_CANCEL_QUEUE, {
      provider: 'stripe',
      providerRef: input.state.providerRef,
    });
    deps.log.warn(
      { businessId: scope.businessId, checkoutId: input.checkoutId },
      'a second subscription was paid while one is open: the new one is canceled at the provider',
    );
    return 'ignored';
  }
  await insertSubscription(scope, {
    id: randomUUID(),
    planId,
    status: 'ACTIVE',
    startDate: input.state.periodStart,
    endDate: input.state.periodEnd,
    autoRenew: !input.state.cancelAtPeriodEnd,
    provider: 'stripe',
    providerRef: input.state.providerRef,
  });
  await setPlanOfBusiness(scope, planId);
  return 'applied';
}

/**
 * The provider's subscription changed (renewed, canceled or resumed at the end of the period,
 * ended, plan changed in its dashboard): the business's subscription follows the provider's
 * state as it is now, so events that arrive out of order or twice leave the same result.
 */
export async function syncProviderSubscription(
  deps: SubscriptionsDeps,
  scope: TenantScope,
  state: ProviderSubscriptionState,
): Promise<ProviderEventOutcome> {
  await planOfBusiness(scope, { lock: true });
  const row = await lockSubscriptionByProviderRef(scope, state.providerRef);
  if (!row || row.status === 'EXPIRED') return 'ignored';
  if (state.status === 'ended') {
    await updateSubscription(scope, row.id, { status: 'EXPIRED', autoRenew: false, nextChargeAt: null });
    await setPlanOfBusiness(scope, 'FREE');
    return 'applied';
  }
  const now = deps.clock.now();
  const changes: Parameters<typeof updateSubscription>[2] = {};
  if (state.periodEnd.getTime() > row.endDate.getTime() && state.status === 'active') {
    Object.assign(changes, { endDate: state.periodEnd, failedCharges: 0, nextChargeAt: null });
  }
  if (state.cancelAtPeriodEnd && row.status === 'ACTIVE') {
    Object.assign(changes, { status: 'CANCELED', autoRenew: false, canceledAt: now, nextChargeAt: null });
  } else if (!state.cancelAtPeriodEnd && row.status === 'CANCELED' && row.endDate.getTime() > now.getTime()) {
    Object.assign(changes, { status: 'ACTIVE', autoRenew: true, canceledAt: null });
  }
  if (state.planId && state.planId !== row.planId && isPaidPlan(state.planId)) changes.planId = state.planId;
  if (Object.keys(changes).length === 0) return 'unchanged';
  const updated = await updateSubscription(scope, row.id, changes);
  await setPlanOfBusiness(scope, updated.planId);
  return 'applied';
}

function isPaidPlan(planId: string): boolean {
  return planId !== 'FREE' && (PLAN_IDS as readonly string[]).includes(planId);
}

export { readStripeSubscription } from './billing/stripe-billing.js';
export type { ProviderSubscriptionState } from './billing/stripe-billing.js';
export type { SubscriptionsDeps } from './subscriptions.deps.js';
