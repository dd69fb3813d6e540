import {
  PLANS,
  PLAN_CURRENCY,
  PLAN_IDS,
  type PlanId,
  type TSubscription,
  type TSubscriptionPlan,
} from '@app/contracts';

export const SUBSCRIPTION_ID = '0b7e2a4c-2f55-4c1e-9a51-1f1f7d7a05b1';

/** `GET /api/subscription-plans` as the server answers it (the plans of DESIGN 6). */
export function planList(): TSubscriptionPlan[] {
  return PLAN_IDS.map((id) => ({ id, currency: PLAN_CURRENCY, ...PLANS[id], sandbox: true }));
}

/** A subscription as the subscriptions API answers it. */
export function subscriptionRecord(
  planId: PlanId = 'BASIC',
  overrides: Partial<TSubscription> = {},
): TSubscription {
  const planName = PLANS[planId].name;
  return {
    subscriptionId: SUBSCRIPTION_ID,
    id: SUBSCRIPTION_ID,
    planId,
    planName,
    plan: { name: planName },
    status: 'ACTIVE',
    startDate: '2026-11-01T10:00:00.000Z',
    endDate: '2026-12-01T10:00:00.000Z',
    autoRenew: true,
    sandbox: true,
    ...overrides,
  };
}
