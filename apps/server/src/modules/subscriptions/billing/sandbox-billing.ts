import { randomUUID } from 'node:crypto';
import type { BillingProvider, ChangePlanInput } from './billing-provider.js';

export type SandboxBillingOptions = {
  /** Renewal charges are declined while this is true (tests of the retry and expiry rules). */
  declineRenewals?: boolean;
};

export type SandboxBilling = BillingProvider & {
  /** Switches declining renewals on or off, for tests; real code never calls it. */
  setDeclineRenewals: (decline: boolean) => void;
};

/**
 * The built-in billing provider (DESIGN 7): no set-up, nothing leaves the machine, every payment
 * succeeds at once unless renewals are set to be declined. References look like
 * `sandbox_sub_<uuid>`; every answer carries `sandbox: true`.
 */
export function createSandboxBilling(options: SandboxBillingOptions = {}): SandboxBilling {
  let declineRenewals = options.declineRenewals ?? false;
  return {
    name: 'sandbox',
    isSandbox: true,
    setDeclineRenewals: (decline) => {
      declineRenewals = decline;
    },
    start: async (input) => ({
      sandbox: true,
      status: 'paid',
      providerRef: `sandbox_sub_${randomUUID()}`,
      amountCharged: input.plan.priceMonthly,
    }),
    changePlan: async (input) => ({ sandbox: true, ...prorate(input) }),
    chargeRenewal: async (input) =>
      declineRenewals
        ? { sandbox: true, outcome: 'declined', reason: 'The sandbox declined the card (set for a test).' }
        : { sandbox: true, outcome: 'paid', amountCharged: input.plan.priceMonthly },
    cancelAtPeriodEnd: async () => ({ sandbox: true }),
    resume: async () => ({ sandbox: true }),
    cancelNow: async () => ({ sandbox: true }),
    // The sandbox pays at once: it never opens a payment page.
    expireCheckout: async () => undefined,
  };
}

/** The price difference for the part of the period left, in cents, as Stripe prorates. */
export function prorate(input: Pick<ChangePlanInput, 'from' | 'to' | 'periodStart' | 'periodEnd' | 'at'>): {
  amountCharged: string;
  amountCredited: string;
} {
  const total = input.periodEnd.getTime() - input.periodStart.getTime();
  const left = Math.max(0, Math.min(total, input.periodEnd.getTime() - input.at.getTime()));
  const cents = (price: string) => Math.round(Number(price) * 100);
  const difference = Math.round(
    ((cents(input.to.priceMonthly) - cents(input.from.priceMonthly)) * left) / total,
  );
  const money = (value: number) => (value / 100).toFixed(2);
  return {
    amountCharged: money(Math.max(0, difference)),
    amountCredited: money(Math.max(0, -difference)),
  };
}
