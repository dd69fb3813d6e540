import {
  fromStripeTime,
  periodOfStripeSubscription,
  type Stripe,
} from '../../../platform/stripe/stripe-client.js';
import type { BillingProvider, PlanPrice, RenewalResult } from './billing-provider.js';
import { prorate } from './sandbox-billing.js';

/** Checkout pages last 30 minutes (Stripe's shortest): a stale one is not paid by surprise. */
const CHECKOUT_LIFETIME_MS = 30 * 60 * 1000;

/**
 * The state of a subscription at the provider, as the subscriptions service reads it (webhooks
 * and renewals): provider words, mapped by `readStripeSubscription`.
 */
export type ProviderSubscriptionState = {
  providerRef: string;
  /** active (paid up), past_due (a renewal charge failed, Stripe retries), ended, or pending. */
  status: 'active' | 'past_due' | 'ended' | 'pending';
  cancelAtPeriodEnd: boolean;
  periodStart: Date;
  periodEnd: Date;
  /** The plan the subscription's price stands for (its metadata), when Stripe says it. */
  planId: string | null;
  /** The business this server wrote into the subscription's metadata when it opened the page. */
  businessId: string | null;
};

/**
 * Stripe Billing (DESIGN 7, STRIPE_SECRET_KEY): the first payment on Stripe Checkout, renewals
 * charged by Stripe itself, changes prorated by Stripe. Plans become Stripe prices found by their
 * lookup key (`retail_plan_<ID>_monthly`), created on first use, so a new Stripe account needs no
 * set-up. Every call that moves money carries the service's idempotency key.
 */
export function createStripeBilling(stripe: Stripe): BillingProvider {
  const prices = new Map<string, string>();

  async function priceOf(plan: PlanPrice): Promise<string> {
    const cents = Math.round(Number(plan.priceMonthly) * 100);
    const cached = prices.get(`${plan.id}:${cents}`);
    if (cached) return cached;
    const lookupKey = `retail_plan_${plan.id}_monthly`;
    const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    let price = found.data.find((candidate) => candidate.unit_amount === cents);
    if (!price) {
      const productId = `retail_plan_${plan.id.toLowerCase()}`;
      try {
        await stripe.products.create({ id: productId, name: `${plan.name} plan` });
      } catch (error) {
        if (!isStripeError(error, 'resource_already_exists')) throw error;
      }
      price = await stripe.prices.create(
        {
          product: productId,
          currency: 'usd',
          unit_amount: cents,
          recurring: { interval: 'month' },
          lookup_key: lookupKey,
          transfer_lookup_key: true,
          metadata: { plan_id: plan.id },
        },
        { idempotencyKey: `price:${plan.id}:${cents}` },
      );
    }
    prices.set(`${plan.id}:${cents}`, price.id);
    return price.id;
  }

  return {
    name: 'stripe',
    isSandbox: false,
    start: async (input) => {
      const price = await priceOf(input.plan);
      const metadata = { business_id: input.businessId, plan_id: input.plan.id };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          client_reference_id: input.businessId,
          metadata,
          subscription_data: { metadata },
          success_url: input.returnUrls.success,
          cancel_url: input.returnUrls.cancel,
          expires_at: Math.floor((Date.now() + CHECKOUT_LIFETIME_MS) / 1000),
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
      return {
        sandbox: false,
        status: 'checkout',
        checkoutId: session.id,
        checkoutUrl: session.url,
        expiresAt: fromStripeTime(session.expires_at),
      };
    },
    changePlan: async (input) => {
      const current = await stripe.subscriptions.retrieve(input.providerRef);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${input.providerRef} has no items`);
      await stripe.subscriptions.update(
        input.providerRef,
        {
          items: [{ id: item.id, price: await priceOf(input.to) }],
          proration_behavior: 'always_invoice',
          metadata: { plan_id: input.to.id },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      // Stripe invoices the prorated difference itself; the answer says what that comes to.
      return { sandbox: false, ...prorate(input) };
    },
    chargeRenewal: async (input) =>
      renewalOf(await retrieveWithInvoice(stripe, input.providerRef), input.periodEnd),
    cancelAtPeriodEnd: async ({ providerRef }) => {
      await stripe.subscriptions.update(providerRef, { cancel_at_period_end: true });
      return { sandbox: false };
    },
    resume: async ({ providerRef }) => {
      await stripe.subscriptions.update(providerRef, { cancel_at_period_end: false });
      return { sandbox: false };
    },
    cancelNow: async ({ providerRef }) => {
      try {
        await stripe.subscriptions.cancel(providerRef);
      } catch (error) {
        // Already gone at Stripe: what this call wants is true.
        if (!isStripeError(error, 'resource_missing')) throw error;
      }
      return { sandbox: false };
    },
    expireCheckout: async ({ checkoutId }) => {
      try {
        await stripe.checkout.sessions.expire(checkoutId);
      } catch (error) {
        // Completed or expired meanwhile is what Stripe refuses here (a completed one is applied by
        // its webhook); any other refusal, or a page still open, is a failure.
        const page = await stripe.checkout.sessions.retrieve(checkoutId).catch(() => null);
        if (!page || page.status === 'open') throw error;
      }
    },
  };
}

/** The subscription as Stripe holds it now (webhooks re-read it: events may come out of order). */
export async function readStripeSubscription(
  stripe: Stripe,
  providerRef: string,
): Promise<ProviderSubscriptionState> {
  return stateOf(await stripe.subscriptions.retrieve(providerRef));
}

function stateOf(subscription: Stripe.Subscription): ProviderSubscriptionState {
  const period = periodOfStripeSubscription(subscription);
  const planId =
    subscription.items.data[0]?.price.metadata?.plan_id ?? subscription.metadata?.plan_id ?? null;
  return {
    providerRef: subscription.id,
    status: statusOf(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodStart: period.start,
    periodEnd: period.end,
    planId: planId || null,
    businessId: subscription.metadata?.business_id || null,
  };
}

function statusOf(status: Stripe.Subscription.Status): ProviderSubscriptionState['status'] {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return 'pending';
  }
}

async function retrieveWithInvoice(stripe: Stripe, providerRef: string): Promise<Stripe.Subscription> {
  return stripe.subscriptions.retrieve(providerRef, { expand: ['latest_invoice'] });
}

/**
 * Stripe charges renewals itself; at the period's end the renewal job asks what came of it. The
 * period moved on and the subscription is paid up: paid. Otherwise declined, with the reason,
 * and the job asks again a day later, up to the 3 days of grace.
 */
function renewalOf(subscription: Stripe.Subscription, periodEnd: Date): RenewalResult {
  const state = stateOf(subscription);
  if (state.status === 'active' && state.periodEnd.getTime() > periodEnd.getTime()) {
    const invoice = subscription.latest_invoice;
    const paid = invoice && typeof invoice === 'object' ? invoice.amount_paid : 0;
    return {
      sandbox: false,
      outcome: 'paid',
      amountCharged: (paid / 100).toFixed(2),
      periodEnd: state.periodEnd,
    };
  }
  const reason =
    state.status === 'ended'
      ? 'The subscription has ended at Stripe.'
      : state.status === 'past_due'
        ? 'Stripe could not charge the card; it tries again.'
        : 'Stripe has not renewed the subscription yet.';
  return { sandbox: false, outcome: 'declined', reason };
}

export function isStripeError(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && (error as { code?: unknown }).code === code;
}
