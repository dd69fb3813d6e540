import { randomBytes } from 'node:crypto';
import { PAYMENT_RETURN, WEB_ROUTES } from '@app/contracts';
import type { Stripe } from '../../platform/stripe/stripe-client.js';

/**
 * The business's own payment account for card payments in its stores (000 section 7 "Payment
 * provider", DESIGN 7): Stripe Connect Express with STRIPE_SECRET_KEY, else the built-in
 * sandbox, whose onboarding and dashboard are pages of this app.
 */
export type PaymentAccounts = {
  /** true for the built-in sandbox: its accounts are `acct_sandbox_…`. */
  readonly isSandbox: boolean;
  /** Opens the business's account; the same key answers the same account on a retry. */
  createAccount: (input: {
    businessId: string;
    businessName: string;
    email: string | null;
    idempotencyKey: string;
  }) => Promise<string>;
  /** A link to the provider's onboarding for the account (single use, minutes long at Stripe). */
  onboardingLink: (accountId: string) => Promise<string>;
  /** A sign-in link to the provider's dashboard of a completed account. */
  dashboardLink: (accountId: string) => Promise<string>;
};

function returnUrls(appUrl: string, accountId: string): { refresh: string; return: string } {
  const profile = `${appUrl}${WEB_ROUTES.businessProfile}`;
  return {
    refresh: `${profile}?stripe=${PAYMENT_RETURN.refresh}&account=${encodeURIComponent(accountId)}`,
    return: `${profile}?stripe=${PAYMENT_RETURN.returned}`,
  };
}

/** The sandbox: accounts exist only in this database; completion is one click on its page. */
export function createSandboxPaymentAccounts(appUrl: string): PaymentAccounts {
  const page = (path: string, accountId: string) =>
    `${appUrl}${path}?account=${encodeURIComponent(accountId)}`;
  return {
    isSandbox: true,
    createAccount: async () => `acct_sandbox_${randomBytes(8).toString('hex')}`,
    onboardingLink: async (accountId) => page(WEB_ROUTES.paymentsSandboxOnboarding, accountId),
    dashboardLink: async (accountId) => page(WEB_ROUTES.paymentsSandboxDashboard, accountId),
  };
}

/** Stripe Connect Express accounts, onboarded and managed on Stripe's own pages. */
export function createStripePaymentAccounts(stripe: Stripe, appUrl: string): PaymentAccounts {
  return {
    isSandbox: false,
    createAccount: async (input) => {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          ...(input.email ? { email: input.email } : {}),
          business_profile: { name: input.businessName },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { business_id: input.businessId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return account.id;
    },
    onboardingLink: async (accountId) => {
      const urls = returnUrls(appUrl, accountId);
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: urls.refresh,
        return_url: urls.return,
        type: 'account_onboarding',
      });
      return link.url;
    },
    dashboardLink: async (accountId) => (await stripe.accounts.createLoginLink(accountId)).url,
  };
}

/** Stripe's own test of an onboarded account: details given and card payments enabled. */
export function onboardingCompleteOf(account: Stripe.Account): boolean {
  return Boolean(account.details_submitted && account.charges_enabled);
}
