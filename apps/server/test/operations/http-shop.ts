import type pg from 'pg';
import type { TestApp } from '../build-app.js';
import { GOOD_PASSWORD, bearer, uniqueEmail } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { multipart } from '../factories/multipart.js';

/**
 * Accounts and calls against real server processes over HTTP, for the tests of several
 * processes and of crashes, where no in-process app exists to inject into.
 */

export type Reply = { status: number; body: unknown; headers: Headers };

/** One HTTP call; a JSON body is sent as JSON, a Buffer as is (with its own content type). */
export async function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const isRaw = Buffer.isBuffer(options.body);
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? bearer(options.token) : {}),
      ...(options.body !== undefined && !isRaw ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    body:
      options.body === undefined
        ? undefined
        : isRaw
          ? (options.body as Buffer)
          : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * The shop's fixtures that write straight into the database (stores, products, stock) read only
 * `t.sql`: this hands them the cluster's SQL in that shape.
 */
export function sqlOnlyTestApp(sql: (text: string, values?: unknown[]) => Promise<pg.QueryResult>): TestApp {
  return { sql } as Pick<TestApp, 'sql'> as TestApp;
}

/**
 * An owner with a business on the SUPREME plan, made through the server's routes (register, sign
 * in, create the business, sign in again for a token that carries it); the e-mail is marked
 * verified in SQL instead of following the mailed link.
 */
export async function ownerOverHttp(
  base: string,
  t: TestApp,
  businessName: string,
): Promise<{ email: string; password: string; userId: string; businessId: string; token: string }> {
  const email = uniqueEmail('owner');
  const password = GOOD_PASSWORD;
  const registered = await call(base, 'POST', '/api/auth/register', {
    body: { fullName: 'Olivia Owner', email, password },
  });
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  await t.sql('update users set email_verified_at = now() where email = $1', [email]);
  const signIn = async () => {
    const res = await call(base, 'POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body as { token: string }).token;
  };
  const form = multipart([{ name: 'business', value: JSON.stringify({ businessName }) }]);
  const created = await call(base, 'POST', '/api/businesses/create', {
    token: await signIn(),
    body: form.payload,
    headers: form.headers,
  });
  if (created.status !== 201) throw new Error(`business: ${created.status} ${JSON.stringify(created.body)}`);
  const businessId = (created.body as { id: string }).id;
  await setPlan(t, businessId, 'SUPREME');
  const { rows } = await t.sql('select id from users where email = $1', [email]);
  return { email, password, userId: String(rows[0]?.id), businessId, token: await signIn() };
}
