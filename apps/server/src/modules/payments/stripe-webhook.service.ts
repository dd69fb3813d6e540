import { inJobTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { idOf, type Stripe } from '../../platform/stripe/stripe-client.js';
import {
  cancelSubscriptionOfGoneBusiness,
  readStripeSubscription,
  startPaidCheckout,
  syncProviderSubscription,
  type ProviderEventOutcome,
} from '../subscriptions/provider-events.service.js';
import { onboardingCompleteOf } from './payment-accounts.js';
import { recordPaymentEvent } from './payment-events.repository.js';
import type { PaymentsDeps } from './payments.deps.js';
import { applyPaymentAccountState } from './payments.service.js';

export type WebhookAnswer = { received: true; outcome: ProviderEventOutcome | 'duplicate' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The event applied to one business, after what it needs was read from Stripe; `whenGone` runs
 * when that business no longer exists.
 */
type Target = {
  businessId: string;
  apply: (scope: TenantScope) => Promise<ProviderEventOutcome>;
  whenGone?: () => Promise<void>;
};

/**
 * `POST /api/stripe/webhook`. The signature (`Stripe-Signature`, HMAC of the raw body under
 * STRIPE_WEBHOOK_SECRET, 5 minutes of tolerance) is checked before anything is read; without
 * Stripe configured every call is 400. The business is the `business_id` this server wrote into
 * the metadata of what it created at Stripe (Checkout sessions, subscriptions, accounts), which
 * only a signed event can carry here. The objects are read again from Stripe (events come out of
 * order), then the event id is recorded and the change applied in one transaction of that
 * business: a replayed event finds its id and changes nothing. Events this app does not use,
 * and events of a business that is gone, are acknowledged (200) so Stripe stops sending them.
 */
export async function receiveStripeWebhook(
  deps: PaymentsDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookAnswer> {
  if (!deps.stripe) {
    throw new AppError('BAD_REQUEST', 'Stripe is not configured on this server: no webhook is accepted.');
  }
  if (!signature) throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  let event: Stripe.Event;
  try {
    event = deps.stripe.client.webhooks.constructEvent(rawBody, signature, deps.stripe.webhookSecret);
  } catch {
    throw new AppError('BAD_REQUEST', 'The Stripe signature does not match this endpoint, or is too old.');
  }
  const target = await targetOf(deps, deps.stripe.client, event);
  if (!target) return { received: true, outcome: 'ignored' };
  try {
    return await inJobTenant(deps.db, target.businessId, async (scope) => {
      if (!(await recordPaymentEvent(scope, event.id, event.type))) {
        return { received: true as const, outcome: 'duplicate' as const };
      }
      return { received: true as const, outcome: await target.apply(scope) };
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      deps.log.info({ eventId: event.id, type: event.type }, 'a payment event of a business that is gone');
      await target.whenGone?.();
      return { received: true, outcome: 'ignored' };
    }
    throw error;
  }
}

async function targetOf(deps: PaymentsDeps, stripe: Stripe, event: Stripe.Event): Promise<Target | null> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const subscriptionId = idOf(session.subscription);
      const businessId = businessOf(session.metadata) ?? uuidOrNull(session.client_reference_id);
      if (session.mode !== 'subscription' || !paid || !subscriptionId || !businessId) return null;
      const state = await readStripeSubscription(stripe, subscriptionId);
      return {
        businessId,
        apply: (scope) => startPaidCheckout(deps.subscriptions, scope, { checkoutId: session.id, state }),
        whenGone: () => cancelSubscriptionOfGoneBusiness(deps.subscriptions, businessId, state),
      };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const businessId = businessOf(subscription.metadata);
      if (!businessId) return null;
      const state = await readStripeSubscription(stripe, subscription.id);
      return {
        businessId,
        apply: (scope) => syncProviderSubscription(deps.subscriptions, scope, state),
        whenGone: () => cancelSubscriptionOfGoneBusiness(deps.subscriptions, businessId, state),
      };
    }
    case 'account.updated': {
      const account = event.data.object;
      const businessId = businessOf(account.metadata);
      if (!businessId) return null;
      const complete = onboardingCompleteOf(await stripe.accounts.retrieve(account.id));
      return { businessId, apply: (scope) => applyPaymentAccountState(scope, account.id, complete) };
    }
    default:
      return null;
  }
}

function businessOf(metadata: Stripe.Metadata | null | undefined): string | null {
  return uuidOrNull(metadata?.business_id);
}

function uuidOrNull(value: string | null | undefined): string | null {
  return value && UUID.test(value) ? value : null;
}
