import { randomUUID } from 'node:crypto';
import type { Role, TLoginResponse, TUser } from '@app/contracts';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../build-app.js';
import { tokenOf, waitForLink } from './mail.js';
import { multipart } from './multipart.js';

export const GOOD_PASSWORD = 'plum-Orchard-47-lantern';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@shop.test`;
}

export async function registerOwner(
  t: TestApp,
  overrides: { email?: string; password?: string; fullName?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail('owner');
  const password = overrides.password ?? GOOD_PASSWORD;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { fullName: overrides.fullName ?? 'Olivia Owner', email, password },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { email, password, userId: res.json<{ userId: string }>().userId };
}

export async function verifyEmailOf(t: TestApp, email: string): Promise<void> {
  const link = await waitForLink(t, email, 'http://app.test/api/auth/verify-email');
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}

export async function signIn(t: TestApp, email: string, password: string): Promise<TLoginResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function verifiedOwner(t: TestApp) {
  const owner = await registerOwner(t);
  await verifyEmailOf(t, owner.email);
  const session = await signIn(t, owner.email, owner.password);
  return { ...owner, token: session.token };
}

/** An owner whose business is set up, signed in again so the token carries the business. */
export async function ownerWithBusiness(t: TestApp, businessName = 'Corner Shop') {
  const owner = await verifiedOwner(t);
  const form = multipart([{ name: 'business', value: JSON.stringify({ businessName }) }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/businesses/create',
    headers: { ...form.headers, authorization: `Bearer ${owner.token}` },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`business create failed: ${res.statusCode} ${res.body}`);
  const session = await signIn(t, owner.email, owner.password);
  return { ...owner, token: session.token, businessId: res.json<{ id: string }>().id };
}

/** A staff member created by `ownerToken`, invitation accepted, signed in. */
export async function staffMember(t: TestApp, ownerToken: string, roles: Role[]) {
  const email = uniqueEmail('staff');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: { fullName: 'Sam Staff', email, roles },
  });
  if (res.statusCode !== 201) throw new Error(`staff create failed: ${res.statusCode} ${res.body}`);
  const user: TUser = res.json();
  const link = await waitForLink(t, email, 'http://app.test/validate-account');
  const validated = await t.app.inject({
    method: 'POST',
    url: `/api/users/validate-account?token=${tokenOf(link)}`,
    payload: { newPassword: GOOD_PASSWORD },
  });
  if (validated.statusCode !== 200)
    throw new Error(`validate failed: ${validated.statusCode} ${validated.body}`);
  const session = await signIn(t, email, GOOD_PASSWORD);
  return { email, password: GOOD_PASSWORD, userId: user.id, token: session.token };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * Signed-in staff of the owner's business, one per role, keyed as asked:
 * `await staffTokensByRole(t, owner.token, { reader: 'ROLE_INVENTORY_READER' })` gives
 * `{ reader: '<token>' }`. Created one after another (each waits for its invitation mail).
 */
export async function staffTokensByRole<K extends string>(
  t: TestApp,
  ownerToken: string,
  roles: Record<K, Role>,
): Promise<Record<K, string>> {
  const tokens = {} as Record<K, string>;
  for (const [key, role] of Object.entries(roles) as Array<[K, Role]>) {
    tokens[key] = (await staffMember(t, ownerToken, [role])).token;
  }
  return tokens;
}

/** `call(method, url, token?, payload?)` through `app.inject`, for the test app `getApp()` answers. */
export function apiCaller(getApp: () => TestApp) {
  return (method: InjectOptions['method'], url: string, token?: string, payload?: unknown) =>
    getApp().app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}
