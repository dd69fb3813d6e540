import {
  API,
  type Role,
  type TBusiness,
  type TCreateBusinessRequest,
  type TLoginResponse,
  type TUser,
} from '@app/contracts';
import { inject } from 'vitest';
import { findLink, waitForMail } from './mailbox.js';
import { newOwner, newStaff, type Person } from './people.js';

/**
 * Arranges data through the real API, for the steps a test is not about. Every helper fails
 * loudly with the server's answer, so that a broken precondition is not mistaken for a UI bug.
 */

export function baseURL(): string {
  return inject('baseURL');
}

export function dataDir(): string {
  return inject('dataDir');
}

async function expectStatus(response: Response, status: number, what: string): Promise<void> {
  if (response.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${response.status}: ${await response.text()}`);
  }
}

/** A JSON call of the arrange steps; fails loudly with the server's answer. */
export async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function postJson(path: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${baseURL()}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

export async function registerOwner(owner: Person): Promise<void> {
  const response = await postJson(API.auth.register, {
    fullName: owner.fullName,
    email: owner.email,
    password: owner.password,
  });
  await expectStatus(response, 201, `register ${owner.email}`);
}

/** Follows the verification link of the sign-up mail as an API client would. */
export async function verifyEmail(email: string): Promise<void> {
  const mail = await waitForMail(dataDir(), email, 'Verify your e-mail address');
  const response = await fetch(findLink(mail, API.auth.verifyEmail), {
    headers: { Accept: 'application/json' },
  });
  await expectStatus(response, 200, `verify ${email}`);
}

export async function logIn(email: string, password: string): Promise<TLoginResponse> {
  const response = await postJson(API.auth.login, { email, password });
  await expectStatus(response, 200, `log in ${email}`);
  return (await response.json()) as TLoginResponse;
}

export async function createBusiness(token: string, business: TCreateBusinessRequest): Promise<TBusiness> {
  const form = new FormData();
  form.append('business', JSON.stringify(business));
  const response = await fetch(`${baseURL()}${API.businesses.create}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  await expectStatus(response, 201, 'create business');
  return (await response.json()) as TBusiness;
}

export async function getBusiness(token: string, id: string): Promise<TBusiness> {
  const response = await fetch(`${baseURL()}${API.businesses.byId.replace(':id', id)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  await expectStatus(response, 200, 'get business');
  return (await response.json()) as TBusiness;
}

/** The raw answer of POST /api/users, for tests that look at refusals. */
export async function postStaff(
  token: string,
  staff: Pick<Person, 'fullName' | 'email'>,
  roles: Role[],
  locationId?: string,
): Promise<Response> {
  return postJson(
    API.users.root,
    { fullName: staff.fullName, email: staff.email, roles, ...(locationId ? { locationId } : {}) },
    token,
  );
}

export async function createStaff(
  token: string,
  staff: Person,
  roles: Role[],
  locationId?: string,
): Promise<TUser> {
  const response = await postStaff(token, staff, roles, locationId);
  await expectStatus(response, 201, `create staff ${staff.email}`);
  return (await response.json()) as TUser;
}

/** An owner who registered and verified the e-mail address, without a business yet. */
export async function createVerifiedOwner(fullName?: string): Promise<Person> {
  const owner = newOwner(fullName);
  await registerOwner(owner);
  await verifyEmail(owner.email);
  return owner;
}

export type OwnerWithBusiness = Person & { businessId: string; businessName: string; token: string };

/**
 * An owner with a business on the Free plan. The token is from a second login, since only a
 * token issued after the business exists carries its id.
 */
export async function createOwnerWithBusiness(businessName = 'Harbour Goods'): Promise<OwnerWithBusiness> {
  const owner = await createVerifiedOwner();
  const first = await logIn(owner.email, owner.password);
  const business = await createBusiness(first.token, { businessName });
  const second = await logIn(owner.email, owner.password);
  return { ...owner, businessId: business.id, businessName, token: second.token };
}

/** A staff member of the owner's business who accepted the invitation and chose a password. */
export async function createActivatedStaff(
  ownerToken: string,
  roles: Role[],
  locationId?: string,
): Promise<Person> {
  const staff = newStaff();
  await createStaff(ownerToken, staff, roles, locationId);
  const mail = await waitForMail(dataDir(), staff.email, 'You have been invited');
  const token = new URL(findLink(mail, '/validate-account')).searchParams.get('token') ?? '';
  const response = await postJson(`${API.users.validateAccount}?token=${encodeURIComponent(token)}`, {
    newPassword: staff.password,
  });
  await expectStatus(response, 200, `validate ${staff.email}`);
  return staff;
}
