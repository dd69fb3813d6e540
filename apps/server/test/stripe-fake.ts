import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A Stripe API on loopback for the tests (DESIGN 7: "Stripe through its SDK against a loopback
 * fake"). The app's real Stripe SDK is pointed at it with STRIPE_API_URL (the SDK's host, port and
 * protocol options), so requests go over HTTP in Stripe's own wire format: form-encoded bodies with
 * bracketed keys, `Authorization: Bearer sk_…`, `Idempotency-Key`, JSON answers and Stripe's error
 * shape. It keeps the few objects the app uses (products, prices, Checkout sessions, subscriptions,
 * Express accounts and their links) and lets a test do what Stripe's side would: pay a Checkout
 * page, renew or fail a renewal, finish onboarding, and sign the events it sends.
 */
/**
 * An object on Stripe's wire: JSON the fake builds and tests read field by field, as loosely typed
 * as the form-encoded parameters it comes from.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped wire JSON, see above
type Wire = Record<string, any>;

export type FakeStripe = {
  /** The base URL to give the app as STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every request, in order: method, path (no query), idempotency key, parsed params. */
  requests: FakeRequest[];
  sessions: Map<string, Wire>;
  subscriptions: Map<string, Wire>;
  accounts: Map<string, Wire>;
  /** The owner paid on the Checkout page: a subscription exists; answers the session. */
  payCheckout: (sessionId: string) => Wire;
  /** Stripe's renewal at the end of the period: paid (the period moves a month) or failed. */
  renew: (subscriptionId: string, outcome: 'paid' | 'failed') => Wire;
  /** Stripe ended the subscription (all retries failed, or canceled in its dashboard). */
  end: (subscriptionId: string) => Wire;
  /** The owner finished Stripe's onboarding form. */
  finishOnboarding: (accountId: string) => Wire;
  /** An event as Stripe sends it, with its signed header for the app's webhook secret. */
  event: (
    type: string,
    object: Wire,
    options?: { id?: string; secret?: string; timestamp?: number },
  ) => { body: string; headers: Record<string, string>; id: string };
  /** The next request to `path` answers this status and Stripe error (then normal again). */
  failNext: (path: string, status: number, error: { type: string; code?: string; message: string }) => void;
  close: () => Promise<void>;
};

export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Wire;
};

const MONTH_S = 30 * 24 * 3600;

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: FakeRequest[] = [];
  const products = new Map<string, Wire>();
  const prices = new Map<string, Wire>();
  const sessions = new Map<string, Wire>();
  const subscriptions = new Map<string, Wire>();
  const invoices = new Map<string, Wire>();
  const accounts = new Map<string, Wire>();
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  const failures = new Map<string, { status: number; error: Record<string, unknown> }>();
  let base = '';

  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
  const now = () => Math.floor(Date.now() / 1000);
  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (what: string, key: string) =>
    error(404, 'invalid_request_error', `No such ${what}: '${key}'`, 'resource_missing');

  function newInvoice(subscription: Wire, paid: boolean, reason: string) {
    const price = prices.get(subscription.items.data[0].price.id)!;
    const invoice = {
      id: id('in'),
      object: 'invoice',
      status: paid ? 'paid' : 'open',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      billing_reason: reason,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function view(subscription: Wire, expand: string[]) {
    const copy = structuredClone(subscription);
    if (expand.includes('latest_invoice') && copy.latest_invoice)
      copy.latest_invoice = invoices.get(copy.latest_invoice);
    return copy;
  }

  type Answer = { status: number; body: unknown };
  function route(method: string, path: string, params: Wire): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/products') {
      if (products.has(params.id)) {
        return error(400, 'invalid_request_error', `Product already exists.`, 'resource_already_exists');
      }
      const product = { id: params.id ?? id('prod'), object: 'product', name: params.name, active: true };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = params.lookup_keys ?? [];
      const data = [...prices.values()].filter(
        (price) =>
          keys.includes(price.lookup_key) &&
          (params.active === undefined || String(price.active) === params.active),
      );
      return {
        status: 200,
        body: {
          object: 'list',
          data: data.slice(0, Number(params.limit ?? 10)),
          has_more: false,
          url: '/v1/prices',
        },
      };
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!products.has(params.product)) return missing('product', params.product);
      if (params.transfer_lookup_key === 'true') {
        for (const price of prices.values())
          if (price.lookup_key === params.lookup_key) price.lookup_key = null;
      }
      const price = {
        id: id('price'),
        object: 'price',
        active: true,
        product: params.product,
        currency: params.currency,
        unit_amount: Number(params.unit_amount),
        recurring: { interval: params.recurring?.interval },
        lookup_key: params.lookup_key ?? null,
        metadata: params.metadata ?? {},
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const line = params.line_items?.[0];
      if (!line || !prices.has(line.price)) return missing('price', line?.price);
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/pay/${randomBytes(6).toString('hex')}`,
        expires_at: Number(params.expires_at ?? now() + 24 * 3600),
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription: null as string | null,
        _price: line.price,
        _subscriptionMetadata: params.subscription_data?.metadata ?? {},
      };
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') {
      const session = sessions.get(m[1]!);
      return session ? { status: 200, body: session } : missing('checkout.session', m[1]!);
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') {
      const session = sessions.get(m[1]!);
      if (!session) return missing('checkout.session', m[1]!);
      if (session.status !== 'open') {
        return error(
          400,
          'invalid_request_error',
          `Only Checkout Sessions with a status of open can be expired.`,
        );
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(m[1]!);
      if (!subscription) return missing('subscription', m[1]!);
      if (method === 'GET') return { status: 200, body: view(subscription, params.expand ?? []) };
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        subscription.canceled_at = now();
        return { status: 200, body: view(subscription, []) };
      }
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
        }
        if (params.metadata) Object.assign(subscription.metadata, params.metadata);
        for (const item of params.items ?? []) {
          const target = subscription.items.data.find((existing: Wire) => existing.id === item.id);
          if (!target) return missing('subscription_item', item.id);
          const price = prices.get(item.price);
          if (!price) return missing('price', item.price);
          target.price = price;
          if (params.proration_behavior === 'always_invoice')
            newInvoice(subscription, true, 'subscription_update');
        }
        return { status: 200, body: view(subscription, []) };
      }
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: id('acct'),
        object: 'account',
        type: params.type,
        email: params.email ?? null,
        business_profile: params.business_profile ?? {},
        metadata: params.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    if ((m = path.match(/^\/v1\/accounts\/([^/]+)$/)) && method === 'GET') {
      const account = accounts.get(m[1]!);
      return account ? { status: 200, body: account } : missing('account', m[1]!);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(params.account)) return missing('account', params.account);
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `${base}/connect/onboarding/${params.account}/${randomBytes(4).toString('hex')}`,
          expires_at: now() + 300,
          _refresh_url: params.refresh_url,
          _return_url: params.return_url,
        },
      };
    }
    if ((m = path.match(/^\/v1\/accounts\/([^/]+)\/login_links$/)) && method === 'POST') {
      const account = accounts.get(m[1]!);
      if (!account) return missing('account', m[1]!);
      if (!account.details_submitted) {
        return error(
          400,
          'invalid_request_error',
          'Cannot create a login link for an account that has not completed onboarding.',
        );
      }
      return { status: 200, body: { object: 'login_link', url: `${base}/express/${account.id}` } };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const params = parseForm(
        request.method === 'GET' || request.method === 'DELETE' ? url.search.slice(1) : raw,
      );
      const key = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey: key, params });
      const send = ({ status, body }: Answer) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(body, (name, value) => (name.startsWith('_') ? undefined : value)));
      };
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        send(error(401, 'invalid_request_error', 'Invalid API Key provided.'));
        return;
      }
      const failure = failures.get(url.pathname);
      if (failure) {
        failures.delete(url.pathname);
        send({ status: failure.status, body: { error: failure.error } });
        return;
      }
      if (key && request.method === 'POST') {
        const seen = idempotent.get(`${url.pathname}:${key}`);
        if (seen) {
          send(
            seen.params === raw
              ? seen
              : error(
                  400,
                  'idempotency_error',
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
                ),
          );
          return;
        }
        const answer = route(request.method, url.pathname, params);
        idempotent.set(`${url.pathname}:${key}`, { params: raw, ...answer });
        send(answer);
        return;
      }
      send(route(request.method ?? '', url.pathname, params));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe(secretKey);

  return {
    url: base,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    accounts,
    payCheckout: (sessionId) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const start = now();
      const price = prices.get(session._price)!;
      const subscription = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        cancel_at_period_end: false,
        metadata: { ...session._subscriptionMetadata },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              price,
              current_period_start: start,
              current_period_end: start + MONTH_S,
            },
          ],
        },
        latest_invoice: null as string | null,
      };
      subscriptions.set(subscription.id, subscription);
      newInvoice(subscription, true, 'subscription_create');
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
      return session;
    },
    renew: (subscriptionId, outcome) => {
      const subscription = subscriptions.get(subscriptionId)!;
      if (outcome === 'paid') {
        for (const item of subscription.items.data) {
          item.current_period_start = item.current_period_end;
          item.current_period_end += MONTH_S;
        }
        subscription.status = 'active';
      } else {
        subscription.status = 'past_due';
      }
      newInvoice(subscription, outcome === 'paid', 'subscription_cycle');
      return view(subscription, []);
    },
    end: (subscriptionId) => {
      const subscription = subscriptions.get(subscriptionId)!;
      subscription.status = 'canceled';
      return view(subscription, []);
    },
    finishOnboarding: (accountId) => {
      const account = accounts.get(accountId)!;
      Object.assign(account, { details_submitted: true, charges_enabled: true });
      return account;
    },
    event: (type, object, options = {}) => {
      const eventId = options.id ?? id('evt');
      const body = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          type,
          api_version: '2026-10-28.endive',
          created: now(),
          livemode: false,
          data: { object },
        },
        (name, value) => (name.startsWith('_') ? undefined : value),
      );
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      });
      return {
        body,
        id: eventId,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      };
    },
    failNext: (path, status, error) => failures.set(path, { status, error }),
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/** Stripe's form encoding: `a[b][0][c]=v` into nested objects, numeric keys into arrays. */
export function parseForm(text: string): Wire {
  const root: Wire = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const keys = name.split(/\[|\]\[|\]/).filter((key) => key !== '');
    let node: Wire = root;
    keys.forEach((key, index) => {
      const last = index === keys.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(keys[index + 1]!);
      if (last) {
        node[key] = value;
      } else {
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}
