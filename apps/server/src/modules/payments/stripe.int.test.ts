import type { TSubscription, TSubscriptionCheckout } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';
import {
  planIdOf,
  runRenewals,
  settableClock,
  subscriptionRow,
} from '../../../test/factories/subscriptions.js';
import { startFakeStripe, type FakeStripe } from '../../../test/stripe-fake.js';

/**
 * The Stripe path end to end: the app's real Stripe SDK against the loopback fake (STRIPE_API_URL),
 * webhooks signed with the endpoint's secret as Stripe signs them.
 */
const clock = settableClock(new Date());
let fake: FakeStripe;
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin = '';

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await buildTestApp(
    {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
    },
    { clock },
  );
  owner = await ownerWithBusiness(t, 'Stripe Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  ({ admin } = await staffTokensByRole(t, owner.token, { admin: 'ROLE_BUSINESS_ADMIN' }));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const call = apiCaller(() => t);
const calls = (path: string) => fake.requests.filter((request) => request.path === path);

function deliver(event: { body: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: event.headers,
    payload: event.body,
  });
}

async function subscriptionRows(businessId: string): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from subscriptions where business_id = $1', [
    businessId,
  ]);
  return (rows[0] as { n: number }).n;
}

describe('subscriptions through Stripe Checkout and Billing', () => {
  let checkout: TSubscriptionCheckout;
  let sessionId = '';
  let paidEvent: ReturnType<FakeStripe['event']>;
  let current: TSubscription;

  it('answers 202 and the Checkout page; the plan waits for the payment', async () => {
    const plans = await call('GET', '/api/subscription-plans');
    expect(plans.json()[1].sandbox).toBe(false);

    const res = await call('POST', '/api/subscriptions', owner.token, { planId: 'BASIC' });
    expect(res.statusCode).toBe(202);
    checkout = res.json();
    expect(checkout).toMatchObject({ sandbox: false, checkoutUrl: expect.stringContaining(fake.url) });
    const session = [...fake.sessions.values()].find((s) => s.url === checkout.checkoutUrl)!;
    sessionId = session.id;
    expect(session).toMatchObject({
      mode: 'subscription',
      metadata: { business_id: owner.businessId, plan_id: 'BASIC' },
      success_url: 'http://app.test/dashboard/business-profile?checkout=success',
      cancel_url: 'http://app.test/dashboard/subscribe?plan=BASIC&checkout=canceled',
    });
    // The plan became a Stripe price of 29.00 a month, found by its lookup key from now on.
    const price = calls('/v1/prices').find((request) => request.params.unit_amount);
    expect(price?.params).toMatchObject({
      unit_amount: '2900',
      currency: 'usd',
      lookup_key: 'retail_plan_BASIC_monthly',
    });
    expect(calls('/v1/checkout/sessions')[0]?.idempotencyKey).toMatch(/^start:/);

    expect(
      (await call('GET', `/api/subscriptions/current?businessId=${owner.businessId}`, owner.token))
        .statusCode,
    ).toBe(404);
    expect(await planIdOf(t, owner.businessId)).toBe('FREE');
  });

  it('answers the open page again for the same plan, and closes it for another', async () => {
    const again = await call('POST', '/api/subscriptions', owner.token, { planId: 'BASIC' });
    expect(again.statusCode).toBe(202);
    expect(again.json().checkoutUrl).toBe(checkout.checkoutUrl);
    expect(calls('/v1/checkout/sessions')).toHaveLength(1);

    const advanced = await call('POST', '/api/subscriptions', owner.token, { planId: 'ADVANCED' });
    expect(advanced.statusCode).toBe(202);
    expect(fake.sessions.get(sessionId)?.status).toBe('expired');
    // Back to Basic: the Advanced page closes, a new Basic one opens and is the one paid.
    const basic = await call('POST', '/api/subscriptions', owner.token, { planId: 'BASIC' });
    checkout = basic.json();
    sessionId = [...fake.sessions.values()].find((s) => s.url === checkout.checkoutUrl)!.id;
    const { rows } = await t.sql(
      "select count(*)::int as n from subscription_checkouts where business_id = $1 and status = 'open'",
      [owner.businessId],
    );
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('starts the subscription when Stripe confirms the payment, once', async () => {
    const session = fake.payCheckout(sessionId);
    paidEvent = fake.event('checkout.session.completed', session);
    const res = await deliver(paidEvent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });

    const got = await call('GET', `/api/subscriptions/current?businessId=${owner.businessId}`, owner.token);
    expect(got.statusCode).toBe(200);
    current = got.json();
    const stripeSubscription = fake.subscriptions.get(session.subscription)!;
    expect(current).toMatchObject({ planId: 'BASIC', status: 'ACTIVE', autoRenew: true, sandbox: false });
    expect(new Date(current.endDate).getTime()).toBe(
      stripeSubscription.items.data[0].current_period_end * 1000,
    );
    expect(await planIdOf(t, owner.businessId)).toBe('BASIC');

    // The same event again (Stripe redelivers, or someone replays it): nothing changes.
    const replay = await deliver(paidEvent);
    expect(replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    // The same payment under another event id (async_payment_succeeded after completed): unchanged.
    const twin = await deliver(fake.event('checkout.session.async_payment_succeeded', session));
    expect(twin.json().outcome).toBe('unchanged');
    expect(await subscriptionRows(owner.businessId)).toBe(1);
  });

  it('refuses events whose signature is missing, wrong, of another secret or too old: 400, nothing applied', async () => {
    const session = fake.sessions.get(sessionId)!;
    const event = fake.event('checkout.session.completed', session);
    const before = await t.sql('select count(*)::int as n from payment_events');
    const tampered = event.body.replace('"paid"', '"PAID"');
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: event.body },
      { headers: event.headers, payload: tampered },
      {
        headers: fake.event('checkout.session.completed', session, { secret: 'whsec_someoneelse' }).headers,
        payload: event.body,
      },
      {
        headers: fake.event('checkout.session.completed', session, {
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }).headers,
        payload: event.body,
      },
      { headers: { ...event.headers, 'content-type': 'text/plain' }, payload: 'not json' },
    ];
    for (const { headers, payload } of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Stripe-Signature|signature/);
    }
    const after = await t.sql('select count(*)::int as n from payment_events');
    expect(after.rows).toEqual(before.rows);
  });

  it('changes the plan at Stripe with proration, and cancels and resumes there', async () => {
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/subscriptions/${current.id}`,
      headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': 'change-to-advanced-1' },
      payload: { planId: 'ADVANCED' },
    });
    expect(change.statusCode).toBe(200);
    const update = calls(`/v1/subscriptions/${fake.sessions.get(sessionId)!.subscription}`).find(
      (request) => request.method === 'POST',
    );
    expect(update?.params).toMatchObject({
      proration_behavior: 'always_invoice',
      metadata: { plan_id: 'ADVANCED' },
    });
    expect(update?.idempotencyKey).toMatch(/^change:/);
    expect(await planIdOf(t, owner.businessId)).toBe('ADVANCED');

    const stripeId = fake.sessions.get(sessionId)!.subscription as string;
    expect((await call('DELETE', `/api/subscriptions/${current.id}`, owner.token)).json().status).toBe(
      'CANCELED',
    );
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(true);
    expect(
      (await call('POST', `/api/subscriptions/${current.id}/reactivate`, owner.token)).json().status,
    ).toBe('ACTIVE');
    expect(fake.subscriptions.get(stripeId)?.cancel_at_period_end).toBe(false);
  });

  it('follows Stripe: a renewal it charged moves the period; a failed one is retried, then expires and is canceled there', async () => {
    const stripeId = fake.sessions.get(sessionId)!.subscription as string;
    // Renewed at Stripe, announced by its webhook.
    const renewed = fake.renew(stripeId, 'paid');
    const res = await deliver(fake.event('customer.subscription.updated', renewed));
    expect(res.json().outcome).toBe('applied');
    const end = (await subscriptionRow(t, current.id)).end_date;
    expect(end.getTime()).toBe(renewed.items.data[0].current_period_end * 1000);

    // The next renewal fails and no webhook arrives: the renewal job asks Stripe.
    fake.renew(stripeId, 'failed');
    clock.set(new Date(end.getTime() + 60_000));
    await runRenewals(t);
    expect(await subscriptionRow(t, current.id)).toMatchObject({ status: 'ACTIVE', failed_charges: 1 });
    // Still unpaid after the 3 days of grace: EXPIRED, Free, and canceled at Stripe.
    clock.set(new Date(end.getTime() + 3 * 24 * 3600 * 1000 + 60_000));
    await runRenewals(t);
    expect((await subscriptionRow(t, current.id)).status).toBe('EXPIRED');
    expect(await planIdOf(t, owner.businessId)).toBe('FREE');
    await t.jobs.drain();
    expect(fake.subscriptions.get(stripeId)?.status).toBe('canceled');
    clock.set(new Date());
  });
});

describe('a renewal paid at Stripe without its webhook', () => {
  it('is found by the renewal job, which takes Stripe’s period', async () => {
    const session = fake.sessions.get(
      [...fake.sessions.values()].find((s) => s.metadata.business_id === other.businessId)?.id ?? '',
    );
    expect(session).toBeUndefined();
    const res = await call('POST', '/api/subscriptions', other.token, { planId: 'SUPREME' });
    const page = [...fake.sessions.values()].find((s) => s.url === res.json().checkoutUrl)!;
    await deliver(fake.event('checkout.session.completed', fake.payCheckout(page.id)));
    const sub: TSubscription = (
      await call('GET', `/api/subscriptions/current?businessId=${other.businessId}`, other.token)
    ).json();
    const renewed = fake.renew(page.subscription, 'paid');
    clock.set(new Date(new Date(sub.endDate).getTime() + 60_000));
    await runRenewals(t);
    const row = await subscriptionRow(t, sub.id);
    expect(row.status).toBe('ACTIVE');
    expect(row.end_date.getTime()).toBe(renewed.items.data[0].current_period_end * 1000);

    // Ended at Stripe (its dashboard): the webhook puts the business back on Free.
    const ended = await deliver(fake.event('customer.subscription.deleted', fake.end(page.subscription)));
    expect(ended.json().outcome).toBe('applied');
    expect((await subscriptionRow(t, sub.id)).status).toBe('EXPIRED');
    expect(await planIdOf(t, other.businessId)).toBe('FREE');
    clock.set(new Date());
  });
});

describe('the payment account through Stripe Connect Express', () => {
  let accountId = '';

  it('is the owner’s: an admin and another business are refused', async () => {
    expect((await call('GET', '/api/stripe/connect', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/stripe/express-dashboard', admin)).statusCode).toBe(403);
  });

  it('opens the Express account once and answers its onboarding link as a string', async () => {
    const res = await call('GET', '/api/stripe/connect', owner.token);
    expect(res.statusCode).toBe(200);
    const link: string = res.json();
    expect(link).toMatch(new RegExp(`^${fake.url}/connect/onboarding/acct_`));
    const created = calls('/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]?.params).toMatchObject({
      type: 'express',
      metadata: { business_id: owner.businessId },
    });
    expect(created[0]?.idempotencyKey).toBe(`connect:${owner.businessId}`);
    accountId = created[0]!.params.metadata && [...fake.accounts.keys()][0]!;
    const linkRequest = calls('/v1/account_links')[0]!;
    expect(linkRequest.params).toMatchObject({
      account: accountId,
      type: 'account_onboarding',
      return_url: 'http://app.test/dashboard/business-profile?stripe=return',
      refresh_url: `http://app.test/dashboard/business-profile?stripe=refresh&account=${accountId}`,
    });

    const again = await call('GET', '/api/stripe/connect', owner.token);
    expect(again.statusCode).toBe(200);
    expect(calls('/v1/accounts')).toHaveLength(1);
    const business = await call('GET', `/api/businesses/${owner.businessId}`, owner.token);
    expect(business.json()).toMatchObject({ stripeAccountId: accountId, stripeOnboardingComplete: false });
  });

  it('answers a fresh link for the own account only; the dashboard waits for onboarding', async () => {
    const own = await call('GET', `/api/stripe/reauth?account=${accountId}`, owner.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toContain(accountId);
    const others = await call('GET', `/api/stripe/reauth?account=${accountId}`, other.token);
    expect(others.statusCode).toBe(404);
    expect((await call('GET', '/api/stripe/reauth?account=acct_unknown1', owner.token)).statusCode).toBe(404);
    const bad = await call('GET', '/api/stripe/reauth?account=../v1/charges', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors.account).toBeDefined();

    const early = await call('GET', '/api/stripe/express-dashboard', owner.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/onboarding/);
    // The sandbox's one-click completion does not exist next to Stripe.
    const sandbox = await call('POST', '/api/stripe/sandbox/onboarding', owner.token, { account: accountId });
    expect(sandbox.statusCode).toBe(404);
  });

  it('records completed onboarding from account.updated, once, and then opens the dashboard', async () => {
    // Stripe announces an update before the form is finished: still incomplete.
    const early = await deliver(fake.event('account.updated', fake.accounts.get(accountId)!));
    expect(early.json().outcome).toBe('unchanged');

    const event = fake.event('account.updated', fake.finishOnboarding(accountId));
    expect((await deliver(event)).json().outcome).toBe('applied');
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    const business = await call('GET', `/api/businesses/${owner.businessId}`, owner.token);
    expect(business.json().stripeOnboardingComplete).toBe(true);

    const dashboard = await call('GET', '/api/stripe/express-dashboard', owner.token);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toBe(`${fake.url}/express/${accountId}`);
    expect((await call('GET', '/api/stripe/connect', owner.token)).statusCode).toBe(409);
  });

  it('leaves a business alone when an event names an account it does not hold', async () => {
    const stranger = fake.event('account.updated', {
      ...fake.accounts.get(accountId)!,
      metadata: { business_id: other.businessId },
    });
    expect((await deliver(stranger)).json().outcome).toBe('ignored');
    const business = await call('GET', `/api/businesses/${other.businessId}`, other.token);
    expect(business.json()).toMatchObject({ stripeAccountId: null, stripeOnboardingComplete: false });
  });

  it('answers a Stripe failure as a clear error and keeps nothing half written', async () => {
    fake.failNext('/v1/accounts', 400, {
      type: 'invalid_request_error',
      message: 'Your platform is not enabled for Connect.',
    });
    const res = await call('GET', '/api/stripe/connect', other.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'The payment provider refused the request: Your platform is not enabled for Connect.',
    );
    const business = await call('GET', `/api/businesses/${other.businessId}`, other.token);
    expect(business.json().stripeAccountId).toBeNull();
  });
});
