import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';

export type { Stripe };

/**
 * The one Stripe client of the server (DESIGN 7), from STRIPE_SECRET_KEY. With `apiUrl` it talks
 * to that Stripe-compatible server instead of api.stripe.com (the tests' loopback fake): the
 * SDK's own host, port and protocol options, so every call goes through the real SDK.
 */
export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'retail-back-office' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Seconds since the epoch, as Stripe counts them, to a Date. */
export function fromStripeTime(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** A Stripe subscription's current period: on its items since the 2025 API versions. */
export function periodOfStripeSubscription(subscription: Stripe.Subscription): { start: Date; end: Date } {
  const items = subscription.items.data;
  if (items.length === 0) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return {
    start: fromStripeTime(Math.min(...items.map((item) => item.current_period_start))),
    end: fromStripeTime(Math.max(...items.map((item) => item.current_period_end))),
  };
}

/** An id field that the API answers as an id or, expanded, as the object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}
