import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';

/** The payment account with the built-in sandbox (no STRIPE_SECRET_KEY): pages of the app. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin = '';
let reader = '';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Sandbox Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  ({ admin, reader } = await staffTokensByRole(t, owner.token, {
    admin: 'ROLE_BUSINESS_ADMIN',
    reader: 'ROLE_ANALYTICS_READER',
  }));
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const business = async (token: string, id: string) =>
  (await call('GET', `/api/businesses/${id}`, token)).json();

describe('the sandbox payment account', () => {
  let accountId = '';

  it('answers the onboarding page of the app, opening one sandbox account', async () => {
    const res = await call('GET', '/api/stripe/connect', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const link: string = res.json();
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://app.test/dashboard/payments/sandbox-onboarding');
    accountId = url.searchParams.get('account') ?? '';
    expect(accountId).toMatch(/^acct_sandbox_[0-9a-f]{16}$/);
    expect(await business(owner.token, owner.businessId)).toMatchObject({
      stripeAccountId: accountId,
      stripeOnboardingComplete: false,
    });
    // A second click opens the same account.
    const again = new URL((await call('GET', '/api/stripe/connect', owner.token)).json<string>());
    expect(again.searchParams.get('account')).toBe(accountId);
  });

  it('is managed by the owner only: admin, other roles and no token are refused', async () => {
    for (const token of [admin, reader]) {
      expect((await call('GET', '/api/stripe/connect', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/stripe/reauth?account=${accountId}`, token)).statusCode).toBe(403);
      expect((await call('GET', '/api/stripe/express-dashboard', token)).statusCode).toBe(403);
      const complete = await call('POST', '/api/stripe/sandbox/onboarding', token, { account: accountId });
      expect(complete.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/stripe/connect')).statusCode).toBe(401);
    expect((await business(owner.token, owner.businessId)).stripeOnboardingComplete).toBe(false);
  });

  it('keeps the dashboard closed until the one-click onboarding, which only the account’s business completes', async () => {
    expect((await call('GET', '/api/stripe/express-dashboard', owner.token)).statusCode).toBe(409);
    const foreign = await call('POST', '/api/stripe/sandbox/onboarding', other.token, { account: accountId });
    expect(foreign.statusCode).toBe(404);
    const bad = await call('POST', '/api/stripe/sandbox/onboarding', owner.token, {
      account: 'not-an-account',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors.account).toEqual(['Must be a payment account id (acct_…).']);
    expect((await business(owner.token, owner.businessId)).stripeOnboardingComplete).toBe(false);

    const done = await call('POST', '/api/stripe/sandbox/onboarding', owner.token, { account: accountId });
    expect(done.statusCode).toBe(204);
    expect((await business(owner.token, owner.businessId)).stripeOnboardingComplete).toBe(true);

    const dashboard = await call('GET', '/api/stripe/express-dashboard', owner.token);
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toBe(
      `http://app.test/dashboard/payments/sandbox-dashboard?account=${accountId}`,
    );
    const connect = await call('GET', '/api/stripe/connect', owner.token);
    expect(connect.statusCode).toBe(409);
    const reauth = await call('GET', `/api/stripe/reauth?account=${accountId}`, owner.token);
    expect(reauth.statusCode).toBe(200);
    expect((await call('GET', `/api/stripe/reauth?account=${accountId}`, other.token)).statusCode).toBe(404);
  });

  it('answers 400 to every webhook: Stripe is not configured', async () => {
    for (const headers of [
      { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      { 'content-type': 'text/plain' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers,
        payload: '{"id":"evt_1"}',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Stripe is not configured on this server: no webhook is accepted.');
    }
    const { rows } = await t.sql('select count(*)::int as n from payment_events');
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});
