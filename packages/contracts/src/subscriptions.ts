import { z } from 'zod';
import { FEATURES, PLAN_IDS } from './plans.js';

/** Subscription states of DESIGN 6: CANCELED keeps access to `endDate`, EXPIRED is Free again. */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'CANCELED', 'EXPIRED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** The currency plan prices are charged in. */
export const PLAN_CURRENCY = 'USD';

const ZLimit = z.number().int().nullable().describe('At most this many; null is unlimited');

/** `GET /api/subscription-plans` (no token): the four plans of DESIGN 6. */
export const ZSubscriptionPlan = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  priceMonthly: z.string().describe('Decimal string, such as "29.00"'),
  currency: z.string().describe('ISO 4217 code of the price'),
  limits: z.object({
    stores: ZLimit,
    warehouses: ZLimit,
    products: ZLimit,
    staffUsers: ZLimit,
  }),
  features: z.array(z.enum(FEATURES)),
  sandbox: z
    .boolean()
    .describe('true when a new subscription is paid through the built-in sandbox, not a real provider'),
});
export type TSubscriptionPlan = z.infer<typeof ZSubscriptionPlan>;

export const ZSubscription = z.object({
  subscriptionId: z.uuid(),
  id: z.uuid().describe('Same value as subscriptionId'),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  plan: z.object({ name: z.string() }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  startDate: z.string().describe('ISO-8601 start of the subscription'),
  endDate: z.string().describe('ISO-8601 end of the paid period: renewal, or the end of access'),
  autoRenew: z.boolean(),
  sandbox: z.boolean().describe('true when payments go through the built-in sandbox, not a real provider'),
});
export type TSubscription = z.infer<typeof ZSubscription>;

const ZPlanChoice = z.enum(PLAN_IDS, {
  message: 'Choose one of the plans: FREE, BASIC, ADVANCED or SUPREME.',
});

export const ZCreateSubscriptionRequest = z.object({ planId: ZPlanChoice });
export type TCreateSubscriptionRequest = z.infer<typeof ZCreateSubscriptionRequest>;

export const ZChangePlanRequest = z.object({ planId: ZPlanChoice });
export type TChangePlanRequest = z.infer<typeof ZChangePlanRequest>;

export const ZCurrentSubscriptionQuery = z.object({
  businessId: z.uuid({ message: 'Must be a valid id.' }).describe('Your business; any other answers 404'),
});

export const ZAutoRenewQuery = z.object({
  enable: z
    .enum(['true', 'false'], { message: 'enable is true or false.' })
    .transform((value) => value === 'true'),
});

/**
 * `POST /api/subscriptions` with a real provider (Stripe): 202, the first payment is made on the
 * provider's Checkout page. The subscription starts when the provider confirms the payment (its
 * webhook); until then `GET /current` answers 404 and the business stays on its plan.
 */
export const ZSubscriptionCheckout = z.object({
  checkoutUrl: z.url().describe("The provider's payment page: open it in this tab"),
  expiresAt: z.string().describe('ISO-8601 end of the payment page; a later POST opens a new one'),
  sandbox: z.literal(false),
});
export type TSubscriptionCheckout = z.infer<typeof ZSubscriptionCheckout>;

/** What `POST /api/subscriptions` answers: the subscription (201, paid) or a payment page (202). */
export type TCreateSubscriptionAnswer = TSubscription | TSubscriptionCheckout;
