import type { Principal } from '../../platform/auth/guard.js';
import { inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError } from '../../platform/http/app-error.js';
import { paymentAccountOfBusiness, setPaymentAccountOfBusiness } from '../access/businesses.service.js';
import type { PaymentsDeps } from './payments.deps.js';

/**
 * `GET /api/stripe/connect`: opens the business's payment account on first use (the business row
 * locked, so two clicks open one account) and answers its onboarding link. The account is recorded
 * as soon as the provider opened it, before the link is asked for: a link that fails leaves the
 * business holding the account it has at the provider, and the next click asks again. Once
 * onboarding is complete there is nothing to connect: 409.
 */
export async function connectPaymentAccount(deps: PaymentsDeps, principal: Principal): Promise<string> {
  const accountId = await inTenant(deps.db, principal, async (scope) => {
    const account = await paymentAccountOfBusiness(scope, { lock: true });
    if (account.onboardingComplete) {
      throw new AppError(
        'CONFLICT',
        'The payment account is connected already: open the Express Dashboard to manage it.',
      );
    }
    if (account.accountId) return account.accountId;
    const created = await deps.accounts.createAccount({
      businessId: scope.businessId,
      businessName: account.businessName,
      email: account.businessEmail,
      idempotencyKey: `connect:${scope.businessId}`,
    });
    await setPaymentAccountOfBusiness(scope, { stripeAccountId: created });
    return created;
  });
  return deps.accounts.onboardingLink(accountId);
}

/** `GET /api/stripe/reauth?account=`: a fresh onboarding link for this business's own account. */
export async function reauthPaymentAccount(
  deps: PaymentsDeps,
  principal: Principal,
  accountId: string,
): Promise<string> {
  // Read in the transaction, ask Stripe after it: no connection waits on the network.
  await inTenant(deps.db, principal, (scope) => ownAccount(scope, accountId));
  return deps.accounts.onboardingLink(accountId);
}

/** `GET /api/stripe/express-dashboard`: a sign-in link; 409 until onboarding is complete. */
export async function paymentDashboardLink(deps: PaymentsDeps, principal: Principal): Promise<string> {
  const accountId = await inTenant(deps.db, principal, async (scope) => {
    const account = await paymentAccountOfBusiness(scope, { lock: false });
    if (!account.accountId || !account.onboardingComplete) {
      throw new AppError(
        'CONFLICT',
        'Finish connecting the payment account first: the Express Dashboard opens once onboarding is complete.',
      );
    }
    return account.accountId;
  });
  return deps.accounts.dashboardLink(accountId);
}

/** The sandbox's onboarding page: one click completes the business's sandbox account. */
export async function completeSandboxOnboarding(
  deps: PaymentsDeps,
  principal: Principal,
  accountId: string,
): Promise<void> {
  if (!deps.accounts.isSandbox) throw accountNotFound();
  await inTenant(deps.db, principal, async (scope) => {
    await ownAccount(scope, accountId, { lock: true });
    await setPaymentAccountOfBusiness(scope, { stripeOnboardingComplete: true });
  });
}

/**
 * The provider says whether the account may take payments (its `account.updated` webhook), in
 * the business's transaction: only the account the business holds is changed.
 */
export async function applyPaymentAccountState(
  scope: TenantScope,
  accountId: string,
  onboardingComplete: boolean,
): Promise<'applied' | 'unchanged' | 'ignored'> {
  const account = await paymentAccountOfBusiness(scope, { lock: true });
  if (account.accountId !== accountId) return 'ignored';
  if (account.onboardingComplete === onboardingComplete) return 'unchanged';
  await setPaymentAccountOfBusiness(scope, { stripeOnboardingComplete: onboardingComplete });
  return 'applied';
}

/** Another business's account id answers as an unknown one. */
async function ownAccount(scope: TenantScope, accountId: string, options = { lock: false }): Promise<void> {
  const account = await paymentAccountOfBusiness(scope, options);
  if (account.accountId !== accountId) throw accountNotFound();
}

function accountNotFound(): AppError {
  return new AppError('NOT_FOUND', 'This payment account was not found in your business.');
}
