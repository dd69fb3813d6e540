import { z } from 'zod';

/**
 * The business's payment account (000 section 7 "Payment provider"): Stripe Connect Express, or
 * the built-in sandbox. Account ids look like Stripe's (`acct_…`; the sandbox's `acct_sandbox_…`).
 */
export const ZPaymentAccountId = z
  .string()
  .regex(/^acct_[A-Za-z0-9_]{1,64}$/, { message: 'Must be a payment account id (acct_…).' });

/** `GET /api/stripe/reauth?account=`: a fresh onboarding link for this business's own account. */
export const ZReauthQuery = z.object({ account: ZPaymentAccountId });

/**
 * The answer of connect, reauth and express-dashboard: the link itself, a JSON string, which the
 * web opens in a new tab (the specification reads the answer as a link string).
 */
export const ZPaymentLink = z.url().describe('The link to open in a new tab');

/** `POST /api/stripe/sandbox/onboarding`: the sandbox's onboarding page completes its account. */
export const ZSandboxOnboardingRequest = z.object({ account: ZPaymentAccountId });
export type TSandboxOnboardingRequest = z.infer<typeof ZSandboxOnboardingRequest>;

/** Where the payment provider sends the owner back to (query on the business profile). */
export const PAYMENT_RETURN = {
  /** Onboarding left or finished: the profile reloads the business. */
  returned: 'return',
  /** The onboarding link expired: Re-auth Stripe gives a fresh one. */
  refresh: 'refresh',
} as const;

/** Where Checkout sends the owner back to (query `checkout` on the business profile). */
export const CHECKOUT_RETURN = { success: 'success', canceled: 'canceled' } as const;

/** The sandbox's accounts are `acct_sandbox_…`: screens mark them as sandbox. */
export function isSandboxAccount(accountId: string | null | undefined): boolean {
  return accountId?.startsWith('acct_sandbox_') ?? false;
}
