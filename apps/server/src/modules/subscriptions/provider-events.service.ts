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
 * business is on the plan of the page. The business row is locked first, as every subscription
 * change does. Only a page this business opened counts (its row in `subscription_checkouts`, with
 * the plan it was opened for): the metadata the event carries names the business, never the plan,
 * and cannot make one business's payment another's subscription. A business that got a
 * subscription meanwhile (two pages paid) keeps it; the second one is canceled at the provider by
 * a job and logged.
 */
export async function startPaidCheckout(
  deps: SubscriptionsDeps,
  scope: TenantScope,
  input: { checkoutId: string; state: ProviderSubscriptionState },
): Promise<ProviderEventOutcome> {
  await planOfBusiness(scope, { lock: true });
  const page = await lockCheckout(scope, input.checkoutId);
  if (!page) {
    deps.log.warn(
      { businessId: scope.businessId, checkoutId: input.checkoutId },
      'a paid checkout this business did not open: not applied',
    );
    return 'ignored';
  }
  if (page.status === 'complete') return 'unchanged';
  const planId = page.planId;
  if (!isPaidPlan(planId)) {
    deps.log.warn({ checkoutId: input.checkoutId }, 'a paid checkout names no plan: not applied');
    return 'ignored';
  }
  const open = await findOpenSubscription(scope, { lock: true });
  await setCheckoutStatus(scope, page.id, 'complete');
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

/**
 * A subscription the provider holds for a business that is gone (deleted while its Checkout page
 * was still open, and paid after): nobody can cancel it in the app any more, so it is canceled at
 * the provider now, or Stripe would charge the card every month. Only a subscription whose own
 * metadata names that business; the webhook answers an error if the provider fails, so Stripe
 * sends the event again.
 */
export async function cancelSubscriptionOfGoneBusiness(
  deps: SubscriptionsDeps,
  businessId: string,
  state: ProviderSubscriptionState,
): Promise<void> {
  if (state.status === 'ended' || state.businessId?.toLowerCase() !== businessId.toLowerCase()) return;
  await deps.billing.cancelNow({ providerRef: state.providerRef });
  deps.log.warn(
    { businessId, providerRef: state.providerRef },
    'a subscription paid for a deleted business was canceled at the provider (refund it there)',
  );
}

function isPaidPlan(planId: string): boolean {
  return planId !== 'FREE' && (PLAN_IDS as readonly string[]).includes(planId);
}

export { readStripeSubscription } from './billing/stripe-billing.js';
export type { ProviderSubscriptionState } from './billing/stripe-billing.js';
export type { SubscriptionsDeps } from './subscriptions.deps.js';
