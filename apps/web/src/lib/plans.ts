import type { Feature, TSubscription } from '@app/contracts';

/** The plan features of DESIGN 6 as people read them. */
export const FEATURE_LABELS: Record<Feature, string> = {
  ANALYTICS_BASIC: 'Basic analytics',
  BULK_UPLOAD: 'Bulk upload',
  DISCOUNTS: 'Discounts',
  AUDIT_LOG: 'Audit log',
  LOYALTY: 'Loyalty programs',
  BROADCAST_ALERTS: 'Broadcast alerts',
  ANALYTICS_ADVANCED: 'Advanced analytics',
  AI_REPORT: 'AI reports',
  EXPORT: 'Report export',
  ANALYTICS_SUPREME: 'Supreme analytics',
  FORECAST: 'Forecasts',
};

export const LIMIT_LABELS = {
  stores: 'Stores',
  warehouses: 'Warehouses',
  products: 'Products',
  staffUsers: 'Staff users',
} as const;

/** A limit with its noun: "1 store", "2,000 products", "Unlimited warehouses". */
export function describeLimit(value: number | null, key: keyof typeof LIMIT_LABELS): string {
  const noun = LIMIT_LABELS[key].toLowerCase();
  return value === 1 ? `1 ${noun.replace(/s$/, '')}` : `${formatLimit(value)} ${noun}`;
}

/** A plan limit: null is unlimited. */
export function formatLimit(value: number | null): string {
  return value === null ? 'Unlimited' : value.toLocaleString('en');
}

/** "$29" for a whole amount, "$29.50" otherwise. */
export function formatPrice(amount: string, currency: string): string {
  const value = Number(amount);
  const digits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * The subscription that still gives access (ACTIVE, or CANCELED before its end); none, or an
 * EXPIRED one, is Free (000 section 4).
 */
export function openSubscription(subscription: TSubscription | null | undefined): TSubscription | null {
  return subscription && subscription.status !== 'EXPIRED' ? subscription : null;
}

/** The plan the business is on: Free without an open subscription. */
export function currentPlanId(subscription: TSubscription | null | undefined): TSubscription['planId'] {
  return openSubscription(subscription)?.planId ?? 'FREE';
}

/** The badge of a subscription paid through the built-in sandbox provider. */
export const SANDBOX_LABEL = 'Sandbox';
