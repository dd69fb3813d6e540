/**
 * What a subscription needs from a payment provider (DESIGN 7: the built-in sandbox by default,
 * Stripe Billing with STRIPE_SECRET_KEY). The subscriptions service decides the
 * states; a provider only moves money and answers what happened, and the service applies that
 * answer in its transaction. Every answer says whether the sandbox charged it.
 *
 * Calls carry an idempotency key where they take money: the service may call again after a
 * rolled-back transaction (a renewal job retried after a crash), and a real provider must then
 * answer the first result instead of charging twice.
 */
export type BillingProviderName = 'sandbox' | 'stripe';

export type PlanPrice = { id: string; name: string; priceMonthly: string };

type Answer = { sandbox: boolean };

export type StartInput = {
  subscriptionId: string;
  businessId: string;
  plan: PlanPrice;
  periodStart: Date;
  periodEnd: Date;
  idempotencyKey: string;
  /** Where the provider's payment page sends the owner back to. */
  returnUrls: { success: string; cancel: string };
};
/**
 * The first period is paid at once (the sandbox), or the owner pays on the provider's page
 * (Stripe Checkout): the subscription starts when the provider confirms it.
 */
export type StartResult =
  | (Answer & { status: 'paid'; providerRef: string; amountCharged: string })
  | (Answer & { status: 'checkout'; checkoutId: string; checkoutUrl: string; expiresAt: Date });

export type ChangePlanInput = {
  providerRef: string;
  from: PlanPrice;
  to: PlanPrice;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  idempotencyKey: string;
};
/** The prorated difference for the rest of the period: charged now (upgrade) or credited. */
export type ChangePlanResult = Answer & { amountCharged: string; amountCredited: string };

export type RenewalInput = {
  providerRef: string;
  plan: PlanPrice;
  /** The end of the period being paid for: one renewal per period, whatever the retries. */
  periodEnd: Date;
  attempt: number;
  idempotencyKey: string;
};
export type RenewalResult =
  | (Answer & {
      outcome: 'paid';
      amountCharged: string;
      /** The provider's end of the new period; unset, a month after the old one. */
      periodEnd?: Date;
    })
  | (Answer & { outcome: 'declined'; reason: string });

export type BillingProvider = {
  readonly name: BillingProviderName;
  /** true for the built-in sandbox: answers and screens say so. */
  readonly isSandbox: boolean;
  start: (input: StartInput) => Promise<StartResult>;
  changePlan: (input: ChangePlanInput) => Promise<ChangePlanResult>;
  chargeRenewal: (input: RenewalInput) => Promise<RenewalResult>;
  /** Stops renewals; access goes on to the end of the period. */
  cancelAtPeriodEnd: (input: { providerRef: string }) => Promise<Answer>;
  /** Undoes cancelAtPeriodEnd before the period ends. */
  resume: (input: { providerRef: string }) => Promise<Answer>;
  /** Ends it now, without refund: the business is being deleted, or a renewal never came. */
  cancelNow: (input: { providerRef: string }) => Promise<Answer>;
  /** Closes a payment page not used yet (another plan was chosen). */
  expireCheckout: (input: { checkoutId: string }) => Promise<void>;
};
