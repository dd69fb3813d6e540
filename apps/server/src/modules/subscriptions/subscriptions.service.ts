import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_RETURN,
  PLAN_CURRENCY,
  WEB_ROUTES,
  type PlanLimits,
  type TCreateSubscriptionAnswer,
  type TSubscription,
  type TSubscriptionPlan,
} from '@app/contracts';
import type { Principal } from '../../platform/auth/guard.js';
import { inGlobal, inTenant, type TenantScope } from '../../platform/db/tenancy.js';
import { AppError, fieldError, notFound } from '../../platform/http/app-error.js';
import { once, type Answer, type IdempotencyClaim } from '../../platform/idempotency/idempotency.js';
import { countStaffOfBusiness, planOfBusiness, setPlanOfBusiness } from '../access/businesses.service.js';
import { getPlan, listPlans, type Plan } from '../plans/plans.service.js';
import { countProductsInUse } from '../product/products/products.service.js';
import { countStoresInUse } from '../product/stores/stores.service.js';
import { countWarehousesInUse } from '../product/warehouses/warehouses.service.js';
import { addMonth } from './subscription-period.js';
import type { SubscriptionsDeps } from './subscriptions.deps.js';
import {
  findOpenCheckouts,
  findOpenSubscription,
  findSubscription,
  insertCheckout,
  insertSubscription,
  setCheckoutStatus,
  lockSubscription,
  updateSubscription,
  type SubscriptionRow,
} from './subscriptions.repository.js';
import { PROVIDER_CANCEL_QUEUE } from './subscriptions.queues.js';

const FREE = 'FREE';

export async function listSubscriptionPlans(deps: SubscriptionsDeps): Promise<TSubscriptionPlan[]> {
  const plans = await inGlobal(deps.db, (tx) => listPlans(tx));
  return plans.map((plan) => ({
    id: plan.id as TSubscriptionPlan['id'],
    name: plan.name,
    priceMonthly: plan.priceMonthly,
    currency: PLAN_CURRENCY,
    limits: plan.limits,
    features: plan.features,
    // Said before paying too (issue 11: every answer and screen shows the sandbox).
    sandbox: deps.billing.isSandbox,
  }));
}

/**
 * Subscribes the business to a paid plan. With the sandbox the first month is paid at once and
 * the business is on the plan in the same transaction (201). With Stripe the owner pays on
 * Checkout (202 and its page; a second call for the same plan while it is open answers it
 * again, another plan closes it): the subscription starts when Stripe's webhook confirms the
 * payment (`startPaidCheckout`). One open subscription per business.
 */
export async function createSubscription(
  deps: SubscriptionsDeps,
  principal: Principal,
  planId: string,
  claim: IdempotencyClaim | null,
): Promise<Answer<TCreateSubscriptionAnswer>> {
  if (planId === FREE) {
    throw fieldError('planId', 'The Free plan needs no subscription: without one, a business is on Free.');
  }
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      await planOfBusiness(scope, { lock: true });
      if (await findOpenSubscription(scope, { lock: true })) {
        throw new AppError('CONFLICT', 'This business already has a subscription: change the plan instead.');
      }
      const plan = await getPlan(scope.tx, planId);
      await assertBusinessFits(scope, plan);
      const now = deps.clock.now();
      const openPages = await findOpenCheckouts(scope);
      const samePlan = openPages.find(
        (page) => page.planId === plan.id && page.expiresAt.getTime() > now.getTime() + 60_000,
      );
      if (samePlan) return { statusCode: 202, body: toCheckout(samePlan.url, samePlan.expiresAt) };
      const id = randomUUID();
      const startDate = now;
      const endDate = addMonth(startDate);
      const paid = await deps.billing.start({
        subscriptionId: id,
        businessId: scope.businessId,
        plan,
        periodStart: startDate,
        periodEnd: endDate,
        idempotencyKey: `start:${id}`,
        returnUrls: {
          success: `${deps.appUrl}${WEB_ROUTES.businessProfile}?checkout=${CHECKOUT_RETURN.success}`,
          cancel: `${deps.appUrl}${WEB_ROUTES.subscribe}?plan=${plan.id}&checkout=${CHECKOUT_RETURN.canceled}`,
        },
      });
      // The other pages close only once the new one exists: had the provider refused it, they would
      // be expired there while this rollback keeps them open here, and be answered again, unpayable.
      for (const page of openPages) {
        await deps.billing.expireCheckout({ checkoutId: page.id });
        await setCheckoutStatus(scope, page.id, 'expired');
      }
      if (paid.status === 'checkout') {
        await insertCheckout(scope, {
          id: paid.checkoutId,
          planId: plan.id,
          url: paid.checkoutUrl,
          expiresAt: paid.expiresAt,
        });
        return { statusCode: 202, body: toCheckout(paid.checkoutUrl, paid.expiresAt) };
      }
      const row = await insertSubscription(scope, {
        id,
        planId: plan.id,
        status: 'ACTIVE',
        startDate,
        endDate,
        autoRenew: true,
        provider: deps.billing.name,
        providerRef: paid.providerRef,
      });
      await setPlanOfBusiness(scope, plan.id);
      return { statusCode: 201, body: toSubscription(row, plan) };
    }),
  );
}

/** The business's open subscription; another business's id, or none (the web reads Free): 404. */
export async function getCurrentSubscription(
  deps: SubscriptionsDeps,
  principal: Principal,
  businessId: string,
): Promise<TSubscription> {
  if (principal.businessId !== businessId) throw noSubscription();
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findOpenSubscription(scope, { lock: false });
    if (!row) throw noSubscription();
    return toSubscription(row, await getPlan(scope.tx, row.planId));
  });
}

export async function getSubscription(
  deps: SubscriptionsDeps,
  principal: Principal,
  id: string,
): Promise<TSubscription> {
  return inTenant(deps.db, principal, async (scope) => {
    const row = await findSubscription(scope, id);
    if (!row) throw notFound('The subscription');
    return toSubscription(row, await getPlan(scope.tx, row.planId));
  });
}

/**
 * Moves an ACTIVE subscription to another paid plan for the rest of its period; the provider
 * prorates. A plan below what the business uses is refused, naming what to remove first.
 */
export async function changePlan(
  deps: SubscriptionsDeps,
  principal: Principal,
  id: string,
  planId: string,
  claim: IdempotencyClaim | null,
): Promise<Answer<TSubscription>> {
  if (planId === FREE) {
    throw fieldError(
      'planId',
      'To go back to Free, cancel the subscription: it ends with the period you paid for.',
    );
  }
  return inTenant(deps.db, principal, (scope) =>
    once(scope, claim, async () => {
      const current = await lockedSubscription(scope, id);
      if (current.status !== 'ACTIVE') {
        throw new AppError(
          'CONFLICT',
          current.status === 'CANCELED'
            ? 'This subscription is canceled: reactivate it before changing its plan.'
            : 'This subscription has ended: subscribe again.',
        );
      }
      const from = await getPlan(scope.tx, current.planId);
      if (from.id === planId) return { statusCode: 200, body: toSubscription(current, from) };
      const to = await getPlan(scope.tx, planId);
      await assertBusinessFits(scope, to);
      if (current.providerRef) {
        await deps.billing.changePlan({
          providerRef: current.providerRef,
          from,
          to,
          periodStart: current.startDate,
          periodEnd: current.endDate,
          at: deps.clock.now(),
          idempotencyKey: `change:${current.id}:${current.updatedAt.toISOString()}:${to.id}`,
        });
      }
      const row = await updateSubscription(scope, id, { planId: to.id });
      await setPlanOfBusiness(scope, to.id);
      return { statusCode: 200, body: toSubscription(row, to) };
    }),
  );
}

/** Cancels: no more renewals, access to `endDate` (the renewal job expires it then). */
export async function cancelSubscription(
  deps: SubscriptionsDeps,
  principal: Principal,
  id: string,
): Promise<TSubscription> {
  return inTenant(deps.db, principal, async (scope) => {
    const current = await lockedSubscription(scope, id);
    if (current.status === 'EXPIRED') throw ended();
    let row = current;
    if (current.status === 'ACTIVE') {
      if (current.providerRef) await deps.billing.cancelAtPeriodEnd({ providerRef: current.providerRef });
      row = await updateSubscription(scope, id, {
        status: 'CANCELED',
        autoRenew: false,
        canceledAt: deps.clock.now(),
        nextChargeAt: null,
        failedCharges: 0,
      });
    }
    await setPlanOfBusiness(scope, row.planId);
    return toSubscription(row, await getPlan(scope.tx, row.planId));
  });
}

/** A CANCELED subscription before its end is ACTIVE again, renewing; after its end: 409. */
export async function reactivateSubscription(
  deps: SubscriptionsDeps,
  principal: Principal,
  id: string,
): Promise<TSubscription> {
  return inTenant(deps.db, principal, async (scope) => {
    const current = await lockedSubscription(scope, id);
    let row = current;
    if (current.status === 'EXPIRED' || current.endDate.getTime() <= deps.clock.now().getTime()) {
      throw ended();
    }
    if (current.status === 'CANCELED') {
      if (current.providerRef) await deps.billing.resume({ providerRef: current.providerRef });
      row = await updateSubscription(scope, id, { status: 'ACTIVE', autoRenew: true, canceledAt: null });
    }
    await setPlanOfBusiness(scope, row.planId);
    return toSubscription(row, await getPlan(scope.tx, row.planId));
  });
}

/** Turns renewal at the period's end on or off (ACTIVE only; a canceled one is reactivated). */
export async function setAutoRenew(
  deps: SubscriptionsDeps,
  principal: Principal,
  id: string,
  enable: boolean,
): Promise<TSubscription> {
  return inTenant(deps.db, principal, async (scope) => {
    const current = await lockedSubscription(scope, id);
    if (current.status === 'EXPIRED') throw ended();
    if (current.status === 'CANCELED') {
      throw new AppError('CONFLICT', 'This subscription is canceled: reactivate it to renew it.');
    }
    let row = current;
    if (current.autoRenew !== enable) {
      if (current.providerRef) {
        const ref = { providerRef: current.providerRef };
        await (enable ? deps.billing.resume(ref) : deps.billing.cancelAtPeriodEnd(ref));
      }
      row = await updateSubscription(scope, id, { autoRenew: enable });
    }
    await setPlanOfBusiness(scope, row.planId);
    return toSubscription(row, await getPlan(scope.tx, row.planId));
  });
}

/**
 * The business is being deleted (access's business-lifecycle, through AccessDeps): the
 * provider's cancellation is queued in the deleting transaction, so it exists exactly when the
 * deletion commits, and is retried by the job queue. The rows go with the business.
 */
export async function cancelSubscriptionOfDeletedBusiness(
  deps: SubscriptionsDeps,
  scope: TenantScope,
): Promise<void> {
  const open = await findOpenSubscription(scope, { lock: true });
  if (!open?.providerRef) return;
  await deps.jobs.enqueue(scope.tx, PROVIDER_CANCEL_QUEUE, {
    provider: open.provider as 'sandbox' | 'stripe',
    providerRef: open.providerRef,
  });
}

/** The provider's side of a deleted business's subscription; the sandbox has nothing to do. */
export async function cancelAtProvider(
  deps: SubscriptionsDeps,
  job: { provider: 'sandbox' | 'stripe'; providerRef: string },
): Promise<void> {
  if (job.provider !== deps.billing.name) {
    deps.log.warn(
      { provider: job.provider },
      'a subscription of another billing provider was not canceled there',
    );
    return;
  }
  await deps.billing.cancelNow({ providerRef: job.providerRef });
}

/** The business row, then the subscription, locked in that order (as every change takes them). */
async function lockedSubscription(scope: TenantScope, id: string): Promise<SubscriptionRow> {
  await planOfBusiness(scope, { lock: true });
  const row = await lockSubscription(scope, id);
  if (!row) throw notFound('The subscription');
  return row;
}

const USAGE: Array<{ limit: keyof PlanLimits; one: string; many: string }> = [
  { limit: 'stores', one: 'store', many: 'stores' },
  { limit: 'warehouses', one: 'warehouse', many: 'warehouses' },
  { limit: 'products', one: 'product', many: 'products' },
  { limit: 'staffUsers', one: 'staff user', many: 'staff users' },
];

/**
 * Refuses a plan below what the business uses, counted as the plan gate counts: active stores
 * and warehouses, distinct SKUs, staff users. "Free allows 1 store; remove 2 stores first."
 */
async function assertBusinessFits(scope: TenantScope, plan: Plan): Promise<void> {
  const used: Record<keyof PlanLimits, number> = {
    stores: await countStoresInUse(scope),
    warehouses: await countWarehousesInUse(scope),
    products: await countProductsInUse(scope),
    staffUsers: await countStaffOfBusiness(scope),
  };
  const excess: Partial<Record<keyof PlanLimits, number>> = {};
  const sentences: string[] = [];
  for (const { limit, one, many } of USAGE) {
    const max = plan.limits[limit];
    if (max === null || used[limit] <= max) continue;
    const over = used[limit] - max;
    excess[limit] = over;
    sentences.push(
      `${plan.name} allows ${max} ${max === 1 ? one : many}; remove ${over} ${over === 1 ? one : many} first.`,
    );
  }
  if (sentences.length > 0) throw new AppError('CONFLICT', sentences.join(' '), { excess });
}

function toCheckout(checkoutUrl: string, expiresAt: Date): TCreateSubscriptionAnswer {
  return { checkoutUrl, expiresAt: expiresAt.toISOString(), sandbox: false };
}

function noSubscription(): AppError {
  return new AppError('NOT_FOUND', 'This business has no subscription: it is on the Free plan.');
}

function ended(): AppError {
  return new AppError('CONFLICT', 'This subscription has ended: subscribe again to choose a plan.');
}

export function toSubscription(row: SubscriptionRow, plan: Plan): TSubscription {
  return {
    subscriptionId: row.id,
    id: row.id,
    planId: plan.id as TSubscription['planId'],
    planName: plan.name,
    plan: { name: plan.name },
    status: row.status as TSubscription['status'],
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    autoRenew: row.autoRenew,
    sandbox: row.provider === 'sandbox',
  };
}
