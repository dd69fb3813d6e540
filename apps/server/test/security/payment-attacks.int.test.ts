import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, GOOD_PASSWORD, ownerWithBusiness, signIn, staffMember } from '../factories/accounts.js';
import { rowsOfBusiness } from '../factories/businesses.js';
import { planIdOf } from '../factories/subscriptions.js';
import { startFakeStripe, type FakeStripe } from '../stripe-fake.js';

/**
 * The payment routes attacked with Stripe configured (the loopback fake, the real SDK): another
 * business, roles below owner, ended sessions, injected account ids, unsigned or forged webhooks,
 * replays and races, Stripe failing half way. Every refusal checks the answer and that nothing
 * changed in the database (and, where it matters, that Stripe was not even asked). Every answer
 * and log line of the file is kept: none may carry the secret key or the webhook secret.
 */
let fake: FakeStripe;
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin = '';
let assistant = '';
let ownerAccount = '';
/** Businesses of one test each, set up together at the start (an owner each, signed in). */
const SHOPS = [
  'flakyLink',
  'retryWebhook',
  'paidTwice',
  'oddPlan',
  'gone',
  'key',
  'doubleClick',
  'refused',
  'changeOfMind',
] as const;
const shops = {} as Record<(typeof SHOPS)[number], Awaited<ReturnType<typeof ownerWithBusiness>>>;
const answers: LightMyRequestResponse[] = [];
let logText = '';

beforeAll(async () => {
  fake = await startFakeStripe();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString('utf8');
      done();
    },
  });
  t = await buildTestApp(
    {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_URL: fake.url,
      LOG_LEVEL: 'debug',
    },
    { logStream },
  );
  [owner, rival] = await Promise.all([
    ownerWithBusiness(t, 'Target Shop'),
    ownerWithBusiness(t, 'Rival Shop'),
  ]);
  const owners = await Promise.all(SHOPS.map((name) => ownerWithBusiness(t, `Shop ${name}`)));
  SHOPS.forEach((name, index) => (shops[name] = owners[index]!));
  admin = (await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN'])).token;
  assistant = (await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT'])).token;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function send(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  answers.push(res);
  return res;
}

function call(method: InjectOptions['method'], url: string, token?: string, payload?: unknown) {
  return send({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function subscribe(token: string, planId: string, key?: string) {
  return send({
    method: 'POST',
    url: '/api/subscriptions',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { planId },
  });
}

function deliver(event: { body: string; headers: Record<string, string> }) {
  return send({ method: 'POST', url: '/api/stripe/webhook', headers: event.headers, payload: event.body });
}

/** Everything a payment route or webhook could write, read as the database owner in one query. */
async function paymentState(): Promise<Record<string, unknown[]>> {
  const all = (select: string, order: string) =>
    `(select coalesce(json_agg(r order by ${order}), '[]') from (${select}) r)`;
  const { rows } = await t.sql(`select json_build_object(
    'businesses', ${all('select id, plan_id, stripe_account_id, stripe_onboarding_complete from businesses', 'id')},
    'subscriptions', ${all('select * from subscriptions', 'id')},
    'checkouts', ${all('select * from subscription_checkouts', 'business_id, id')},
    'events', ${all('select business_id, id, type from payment_events', 'business_id, id')},
    'keys', ${all('select business_id, user_id, key, status_code from idempotency_keys', 'business_id, user_id, key')},
    'cancels', ${all("select id, data from pgboss.job where name = 'subscription-provider-cancel'", 'id')}
  ) as state`);
  return rows[0].state as Record<string, unknown[]>;
}

const stripeRequests = (path: string) =>
  fake.requests.filter((request) => request.method === 'POST' && request.path === path);
const sessionOf = (url: string) => [...fake.sessions.values()].find((session) => session.url === url)!;

describe('the payment account routes', () => {
  it('refuses every role below owner and callers without a session, asking Stripe nothing', async () => {
    const before = await paymentState();
    const asked = fake.requests.length;
    const routes: Array<[InjectOptions['method'], string, unknown?]> = [
      ['GET', '/api/stripe/connect'],
      ['GET', '/api/stripe/reauth?account=acct_anything1'],
      ['GET', '/api/stripe/express-dashboard'],
      ['POST', '/api/stripe/sandbox/onboarding', { account: 'acct_anything1' }],
      ['POST', '/api/subscriptions', { planId: 'BASIC' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [admin, assistant]) {
        expect((await call(method, url, token, payload)).statusCode, `${url} staff`).toBe(403);
      }
      expect((await call(method, url, undefined, payload)).statusCode, `${url} no token`).toBe(401);
      expect((await call(method, url, 'not.a.token', payload)).statusCode, `${url} bad token`).toBe(401);
    }
    expect(fake.requests.length).toBe(asked);
    expect(await paymentState()).toEqual(before);
  });

  it('ends a co-owner at once when demoted or disabled', async () => {
    const partner = await staffMember(t, rival.token, ['ROLE_BUSINESS_ADMIN']);
    const promote = () =>
      call('PUT', `/api/users/${partner.userId}/roles`, rival.token, ['ROLE_BUSINESS_OWNER']);
    expect((await promote()).statusCode).toBe(200);
    const coOwner = (await signIn(t, partner.email, GOOD_PASSWORD)).token;
    // An owner's token reaches the route (409: nothing to show before onboarding).
    expect((await call('GET', '/api/stripe/express-dashboard', coOwner)).statusCode).toBe(409);

    const before = await paymentState();
    await call('PUT', `/api/users/${partner.userId}/roles`, rival.token, ['ROLE_BUSINESS_ADMIN']);
    expect((await call('GET', '/api/stripe/connect', coOwner)).statusCode).toBe(401);
    expect((await subscribe(coOwner, 'BASIC')).statusCode).toBe(401);
    const demoted = (await signIn(t, partner.email, GOOD_PASSWORD)).token;
    expect((await call('GET', '/api/stripe/connect', demoted)).statusCode).toBe(403);

    expect((await promote()).statusCode).toBe(200);
    const again = (await signIn(t, partner.email, GOOD_PASSWORD)).token;
    expect((await call('PUT', `/api/users/${partner.userId}/disable`, rival.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/stripe/connect', again)).statusCode).toBe(401);
    expect((await subscribe(again, 'BASIC')).statusCode).toBe(401);
    expect(await paymentState()).toEqual(before);
  });

  it('opens one Stripe account for concurrent clicks', async () => {
    const links = await Promise.all([1, 2, 3, 4].map(() => call('GET', '/api/stripe/connect', owner.token)));
    expect(links.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const created = stripeRequests('/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]?.params.metadata).toEqual({ business_id: owner.businessId });
    const { rows } = await t.sql('select stripe_account_id from businesses where id = $1', [
      owner.businessId,
    ]);
    ownerAccount = rows[0].stripe_account_id as string;
    expect(ownerAccount).toMatch(/^acct_/);
    for (const res of links) expect(res.json<string>()).toContain(`/connect/onboarding/${ownerAccount}/`);
  });

  it("answers 404 for another business's account id, before Stripe is asked", async () => {
    // The rival holds an account of its own too.
    expect((await call('GET', '/api/stripe/connect', rival.token)).statusCode).toBe(200);
    const before = await paymentState();
    const links = stripeRequests('/v1/account_links').length;
    const foreign = [
      call('GET', `/api/stripe/reauth?account=${ownerAccount}`, rival.token),
      call('POST', '/api/stripe/sandbox/onboarding', rival.token, { account: ownerAccount }),
      // With Stripe configured the sandbox's one-click completion does not exist, not even for the own account.
      call('POST', '/api/stripe/sandbox/onboarding', owner.token, { account: ownerAccount }),
      call('GET', '/api/stripe/reauth?account=acct_sandbox_0123456789abcdef', owner.token),
    ];
    for (const res of await Promise.all(foreign)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This payment account was not found in your business.');
    }
    expect(stripeRequests('/v1/account_links')).toHaveLength(links);
    expect(await paymentState()).toEqual(before);
  });

  it('refuses injected account ids with 400 before Stripe is asked', async () => {
    const before = await paymentState();
    const asked = fake.requests.length;
    const queries = [
      `account=${ownerAccount}/../../v1/charges`,
      `account=${encodeURIComponent(`${ownerAccount}/../../v1/accounts`)}`,
      `account=${ownerAccount}%2F..%2F..%2Fv1%2Fbalance`,
      `account=${ownerAccount}%3Fexpand%5B%5D%3Dexternal_accounts`,
      `account=${ownerAccount}%00`,
      `account=${ownerAccount}%0d%0aX-Injected:%201`,
      `account=${ownerAccount}%20`,
      `account=${encodeURIComponent('acct_ünïcödé')}`,
      `account=${encodeURIComponent('acct_\u0430bc')}`,
      `account=acct_${'a'.repeat(65)}`,
      `account=acct_${'a'.repeat(20_000)}`,
      'account=ACCT_abc',
      'account=acct_',
      'account=',
      '',
      `account=${ownerAccount}&account=${ownerAccount}`,
      `account[]=${ownerAccount}`,
    ];
    for (const query of queries) {
      const res = await call('GET', `/api/stripe/reauth?${query}`, owner.token);
      expect(res.statusCode, query).toBe(400);
    }
    const bodies: unknown[] = [
      { account: `${ownerAccount}/../v1/charges` },
      { account: `${ownerAccount}\u0000` },
      { account: [ownerAccount] },
      { account: { $ne: null } },
      { account: 1 },
      { account: null },
      {},
      [ownerAccount],
      ownerAccount,
      null,
    ];
    for (const body of bodies) {
      const res = await send({
        method: 'POST',
        url: '/api/stripe/sandbox/onboarding',
        headers: { ...bearer(owner.token), 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(fake.requests.length).toBe(asked);
    expect(await paymentState()).toEqual(before);
  });

  it('keeps the account Stripe opened when its onboarding link fails, so a retry finds it', async () => {
    const shop = shops.flakyLink;
    fake.failNext('/v1/account_links', 400, {
      type: 'invalid_request_error',
      message: 'Link service unavailable.',
    });
    const failed = await call('GET', '/api/stripe/connect', shop.token);
    expect(failed.statusCode).toBe(502);
    const created = stripeRequests('/v1/accounts').filter(
      (request) => request.params.metadata?.business_id === shop.businessId,
    );
    expect(created).toHaveLength(1);
    const { rows } = await t.sql('select stripe_account_id from businesses where id = $1', [shop.businessId]);
    const accountId = rows[0].stripe_account_id as string;
    expect(fake.accounts.has(accountId)).toBe(true);

    // The owner renames the business before trying again: the account it holds is asked for a link.
    await t.sql("update businesses set business_name = 'Renamed Shop' where id = $1", [shop.businessId]);
    const retry = await call('GET', '/api/stripe/connect', shop.token);
    expect(retry.statusCode).toBe(200);
    expect(retry.json<string>()).toContain(`/connect/onboarding/${accountId}/`);
    expect(
      stripeRequests('/v1/accounts').filter(
        (request) => request.params.metadata?.business_id === shop.businessId,
      ),
    ).toHaveLength(1);
  });

  it('answers a Stripe refusal without any part of the secret key', async () => {
    const masked = `sk_test_${'*'.repeat(24)}${fake.secretKey.slice(-4)}`;
    fake.failNext('/v1/account_links', 403, {
      type: 'invalid_request_error',
      message: `The provided key '${masked}' does not have access to account '${ownerAccount}' (or that account does not exist). Application access may have been revoked.`,
    });
    const before = await paymentState();
    const res = await call('GET', `/api/stripe/reauth?account=${ownerAccount}`, owner.token);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/does not have access to account/);
    expect(res.body).not.toMatch(/\b(sk|rk)_(test|live)_/);
    expect(res.body).not.toContain(masked);
    expect(await paymentState()).toEqual(before);
  });
});

describe('the webhook', () => {
  let paidSession: Record<string, unknown> & { id: string; subscription: string };

  it('refuses every unsigned, forged, foreign or stale event with 400, reading nothing', async () => {
    const checkout = await subscribe(owner.token, 'BASIC');
    expect(checkout.statusCode).toBe(202);
    paidSession = fake.payCheckout(sessionOf(checkout.json().checkoutUrl).id) as typeof paidSession;
    const before = await paymentState();
    const asked = fake.requests.length;

    const event = fake.event('checkout.session.completed', paidSession);
    const other = fake.event('checkout.session.completed', paidSession);
    const now = Math.floor(Date.now() / 1000);
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(event.body)).reverse()));
    const v1 = event.headers['stripe-signature']!.split(',').find((part) => part.startsWith('v1='))!;
    const cases: Array<[string, Record<string, string>, string]> = [
      ['no signature', { 'content-type': 'application/json' }, event.body],
      ['empty signature', { ...event.headers, 'stripe-signature': '' }, event.body],
      ['garbage signature', { ...event.headers, 'stripe-signature': 'garbage' }, event.body],
      ['no timestamp', { ...event.headers, 'stripe-signature': v1 }, event.body],
      ['v0 only', { ...event.headers, 'stripe-signature': `t=${now},v0=${v1.slice(3)}` }, event.body],
      ['signature of other bytes', other.headers, event.body],
      ['one byte more', event.headers, `${event.body} `],
      ['same JSON, other bytes', event.headers, reordered],
      ['another secret', fake.event('x', {}, { secret: 'whsec_someoneelse' }).headers, event.body],
      [
        'six minutes old',
        fake.event('checkout.session.completed', paidSession, { timestamp: now - 360 }).headers,
        event.body,
      ],
      [
        'not JSON',
        { 'content-type': 'text/plain', 'stripe-signature': event.headers['stripe-signature']! },
        'x',
      ],
      ['form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'id=evt_1&type=account.updated'],
      ['no content type', {}, event.body],
      ['octet stream', { 'content-type': 'application/octet-stream' }, event.body],
    ];
    for (const [name, headers, payload] of cases) {
      const res = await send({ method: 'POST', url: '/api/stripe/webhook', headers, payload });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toMatch(/Stripe-Signature|signature/);
    }
    // A signed event resent after Stripe's five minutes of tolerance is refused like a forgery.
    const old = fake.event('checkout.session.completed', paidSession, { timestamp: now - 400 });
    expect((await deliver(old)).statusCode).toBe(400);
    expect(fake.requests.length).toBe(asked);
    expect(await paymentState()).toEqual(before);
  });

  it('refuses a body over 512 KiB with 413 before reading it', async () => {
    const before = await paymentState();
    const asked = fake.requests.length;
    const event = fake.event('checkout.session.completed', {
      ...paidSession,
      padding: 'x'.repeat(600 * 1024),
    });
    const res = await deliver(event);
    expect(res.statusCode).toBe(413);
    expect(fake.requests.length).toBe(asked);
    expect(await paymentState()).toEqual(before);
  });

  it('ignores signed events that name no business, a non-UUID, or one that does not exist: 200, nothing written', async () => {
    const before = await paymentState();
    const names = [
      undefined,
      '',
      'not-a-uuid',
      `${owner.businessId}' or '1'='1`,
      `${owner.businessId}\u0000`,
    ];
    const events = names.flatMap((businessId) => {
      const metadata = businessId === undefined ? {} : { business_id: businessId };
      return [
        fake.event('checkout.session.completed', { ...paidSession, metadata, client_reference_id: null }),
        fake.event('customer.subscription.updated', {
          ...fake.subscriptions.get(paidSession.subscription),
          metadata,
        }),
        fake.event('account.updated', { ...fake.accounts.get(ownerAccount), metadata }),
      ];
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    events.push(
      fake.event('checkout.session.completed', { ...paidSession, metadata: { business_id: unknown } }),
      fake.event('customer.subscription.updated', {
        ...fake.subscriptions.get(paidSession.subscription),
        metadata: { business_id: unknown },
      }),
      fake.event('account.updated', {
        ...fake.accounts.get(ownerAccount),
        metadata: { business_id: unknown },
      }),
      fake.event('checkout.session.completed', { ...paidSession, mode: 'payment' }),
      fake.event('checkout.session.completed', { ...paidSession, payment_status: 'unpaid' }),
      fake.event('invoice.paid', { id: 'in_1', metadata: { business_id: owner.businessId } }),
    );
    for (const event of events) {
      const res = await deliver(event);
      expect(res.statusCode, event.body.slice(0, 120)).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await paymentState()).toEqual(before);
    // An unknown business named over the owner's subscription does not get it canceled.
    expect(fake.subscriptions.get(paidSession.subscription)?.status).toBe('active');
  });

  it("does not start a business's subscription from a checkout it did not open", async () => {
    const before = await paymentState();
    // The owner's paid page, its metadata naming the rival (or the rival by its reference).
    const cases = [
      { ...paidSession, metadata: { business_id: rival.businessId, plan_id: 'SUPREME' } },
      { ...paidSession, metadata: {}, client_reference_id: rival.businessId },
    ];
    for (const session of cases) {
      const res = await deliver(fake.event('checkout.session.completed', session));
      expect(res.statusCode).toBe(200);
      expect(res.json().outcome).toBe('ignored');
    }
    const after = await paymentState();
    expect(after.subscriptions).toEqual(before.subscriptions);
    expect(after.businesses).toEqual(before.businesses);
    expect(await planIdOf(t, rival.businessId)).toBe('FREE');
  });

  it('applies a paid checkout once when Stripe delivers it many times at once', async () => {
    const event = fake.event('checkout.session.completed', paidSession);
    const twin = fake.event('checkout.session.async_payment_succeeded', paidSession);
    const results = await Promise.all([...Array.from({ length: 5 }, () => deliver(event)), deliver(twin)]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const outcomes = results.map((res) => res.json().outcome as string).sort();
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(4);
    const { rows } = await t.sql('select plan_id, provider_ref from subscriptions where business_id = $1', [
      owner.businessId,
    ]);
    expect(rows).toEqual([{ plan_id: 'BASIC', provider_ref: paidSession.subscription }]);
    expect(await planIdOf(t, owner.businessId)).toBe('BASIC');
    const events = await t.sql('select id from payment_events where business_id = $1 order by id', [
      owner.businessId,
    ]);
    expect(events.rows.map((row) => row.id).sort()).toEqual([event.id, twin.id].sort());

    // Replayed later, within the tolerance: still once.
    const before = await paymentState();
    expect((await deliver(event)).json().outcome).toBe('duplicate');
    expect(await paymentState()).toEqual(before);
  });

  it('leaves the event unrecorded when Stripe fails while it is read, so the retry applies it', async () => {
    const shop = shops.retryWebhook;
    const page = sessionOf((await subscribe(shop.token, 'ADVANCED')).json().checkoutUrl);
    const session = fake.payCheckout(page.id);
    const event = fake.event('checkout.session.completed', session);
    const before = await paymentState();
    fake.failNext(`/v1/subscriptions/${session.subscription}`, 404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such subscription: '${session.subscription}'`,
    });
    const failed = await deliver(event);
    expect(failed.statusCode).toBe(502);
    expect(await paymentState()).toEqual(before);
    expect((await deliver(event)).json().outcome).toBe('applied');
    expect(await planIdOf(t, shop.businessId)).toBe('ADVANCED');
  });

  it('cancels a second paid checkout of one business at Stripe instead of opening a second subscription', async () => {
    const shop = shops.paidTwice;
    const first = sessionOf((await subscribe(shop.token, 'BASIC')).json().checkoutUrl);
    // Paid in one tab while another plan is chosen in another: the first page cannot be expired any more.
    fake.payCheckout(first.id);
    const second = sessionOf((await subscribe(shop.token, 'ADVANCED')).json().checkoutUrl);
    fake.payCheckout(second.id);
    expect((await deliver(fake.event('checkout.session.completed', second))).json().outcome).toBe('applied');
    const late = await deliver(fake.event('checkout.session.completed', first));
    expect(late.statusCode).toBe(200);
    expect(late.json().outcome).toBe('ignored');

    const { rows } = await t.sql('select plan_id, provider_ref from subscriptions where business_id = $1', [
      shop.businessId,
    ]);
    expect(rows).toEqual([{ plan_id: 'ADVANCED', provider_ref: second.subscription }]);
    expect(await planIdOf(t, shop.businessId)).toBe('ADVANCED');
    await t.jobs.drain();
    expect(fake.subscriptions.get(first.subscription)?.status).toBe('canceled');
    expect(fake.subscriptions.get(second.subscription)?.status).toBe('active');
  });

  it('applies no plan from a page whose plan is not a paid plan', async () => {
    const shop = shops.oddPlan;
    const page = sessionOf((await subscribe(shop.token, 'BASIC')).json().checkoutUrl);
    await t.sql("update subscription_checkouts set plan_id = 'FREE' where id = $1", [page.id]);
    const session = fake.payCheckout(page.id);
    const before = await paymentState();
    for (const metadata of [
      { business_id: shop.businessId, plan_id: 'FREE' },
      { business_id: shop.businessId, plan_id: 'PLATINUM' },
    ]) {
      const res = await deliver(fake.event('checkout.session.completed', { ...session, metadata }));
      expect(res.json().outcome).toBe('ignored');
    }
    // Only the two event ids are recorded (so a redelivery is a duplicate): no subscription, no plan.
    const after = await paymentState();
    expect(after.events).toHaveLength(before.events!.length + 2);
    expect({ ...after, events: [] }).toEqual({ ...before, events: [] });
    expect(await planIdOf(t, shop.businessId)).toBe('FREE');
  });

  it('answers 200 for a checkout paid after its business was deleted, writes nothing, and cancels it at Stripe', async () => {
    const shop = shops.gone;
    const page = sessionOf((await subscribe(shop.token, 'SUPREME')).json().checkoutUrl);
    const deleted = await call('DELETE', `/api/businesses/${shop.businessId}`, shop.token, {
      businessName: 'Shop gone',
    });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/stripe/connect', shop.token)).statusCode).toBe(401);
    expect((await subscribe(shop.token, 'BASIC')).statusCode).toBe(401);

    // The page was still open in a tab: paid after the deletion.
    const session = fake.payCheckout(page.id);
    const before = await paymentState();
    const res = await deliver(fake.event('checkout.session.completed', session));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await paymentState()).toEqual(before);
    expect(Object.values(await rowsOfBusiness(t, shop.businessId)).every((count) => count === 0)).toBe(true);
    // Nobody could ever cancel it in the app: the money would be taken every month.
    expect(fake.subscriptions.get(session.subscription)?.status).toBe('canceled');
    // Its later events are acknowledged and change nothing.
    const updated = await deliver(
      fake.event('customer.subscription.deleted', fake.subscriptions.get(session.subscription)!),
    );
    expect(updated.json().outcome).toBe('ignored');
    expect(await paymentState()).toEqual(before);
  });
});

describe('subscribing through Stripe Checkout (202)', () => {
  it('refuses Free, unknown plans and a business that has a subscription, asking Stripe nothing', async () => {
    const before = await paymentState();
    const asked = fake.requests.length;
    for (const planId of ['FREE', 'PLATINUM', 'basic', '', ' BASIC']) {
      expect((await subscribe(rival.token, planId)).statusCode, planId).toBe(400);
    }
    // The owner's subscription started above.
    const again = await subscribe(owner.token, 'SUPREME');
    expect(again.statusCode).toBe(409);
    expect(fake.requests.length).toBe(asked);
    expect(await paymentState()).toEqual(before);
  });

  it('answers a replayed Idempotency-Key with the same page, and 422 for another plan', async () => {
    const shop = shops.key;
    const first = await subscribe(shop.token, 'BASIC', 'checkout-1');
    expect(first.statusCode).toBe(202);
    const sessions = stripeRequests('/v1/checkout/sessions').length;
    const replay = await subscribe(shop.token, 'BASIC', 'checkout-1');
    expect(replay.statusCode).toBe(202);
    expect(replay.json()).toEqual(first.json());
    const before = await paymentState();
    expect((await subscribe(shop.token, 'SUPREME', 'checkout-1')).statusCode).toBe(422);
    expect(stripeRequests('/v1/checkout/sessions')).toHaveLength(sessions);
    expect(await paymentState()).toEqual(before);
  });

  it('opens one page for concurrent clicks on the same plan', async () => {
    const shop = shops.doubleClick;
    const sessions = stripeRequests('/v1/checkout/sessions').length;
    const results = await Promise.all([1, 2, 3].map(() => subscribe(shop.token, 'ADVANCED')));
    expect(results.map((res) => res.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(results.map((res) => res.json().checkoutUrl)).size).toBe(1);
    expect(stripeRequests('/v1/checkout/sessions')).toHaveLength(sessions + 1);
  });

  it('keeps nothing half written when Stripe refuses the page, and the key stays free for the retry', async () => {
    const shop = shops.refused;
    const before = await paymentState();
    fake.failNext('/v1/checkout/sessions', 400, {
      type: 'invalid_request_error',
      message: 'You must activate your account to create live Checkout Sessions.',
    });
    const failed = await subscribe(shop.token, 'BASIC', 'retry-me');
    expect(failed.statusCode).toBe(502);
    expect(await paymentState()).toEqual(before);
    const retry = await subscribe(shop.token, 'BASIC', 'retry-me');
    expect(retry.statusCode).toBe(202);
  });

  it('never answers a page it closed: a failure opening the new one leaves the old one open', async () => {
    const shop = shops.changeOfMind;
    const basic = await subscribe(shop.token, 'BASIC');
    const page = sessionOf(basic.json().checkoutUrl);
    const before = await paymentState();
    fake.failNext('/v1/checkout/sessions', 400, {
      type: 'invalid_request_error',
      message: 'The price is not available.',
    });
    expect((await subscribe(shop.token, 'ADVANCED')).statusCode).toBe(502);
    expect(await paymentState()).toEqual(before);

    const back = await subscribe(shop.token, 'BASIC');
    expect(back.statusCode).toBe(202);
    // Whatever is answered must be payable at Stripe.
    expect(sessionOf(back.json().checkoutUrl).status).toBe('open');
    expect(page.status).toBe('open');
  });
});

describe('secrets', () => {
  it('never puts the secret key or the webhook secret into an answer or a log line', async () => {
    expect(answers.length).toBeGreaterThan(100);
    // The log holds Stripe's refusals (logged with the error), so this reads them too.
    expect(logText).toContain('does not have access to account');
    for (const secret of [fake.secretKey, fake.webhookSecret, fake.webhookSecret.slice('whsec_'.length)]) {
      for (const res of answers) {
        expect(res.body).not.toContain(secret);
        expect(JSON.stringify(res.headers)).not.toContain(secret);
      }
      expect(logText).not.toContain(secret);
    }
    expect(logText).not.toMatch(/\bsk_test_[A-Za-z0-9]{8,}/);
  });
});
