import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertLocation } from '../../../test/factories/catalogue.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let reader: Awaited<ReturnType<typeof staffMember>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let locationId: string;
const ids: Record<string, string> = {};

/** Members written straight into the table: the lists read rows, not how they came to be. */
async function insertMember(
  businessId: string,
  name: string,
  email: string,
  extra: { passwordHash?: string | null; disabled?: boolean; deleted?: boolean; locationId?: string } = {},
) {
  const id = randomUUID();
  await t.sql(
    `insert into users (id, email, full_name, roles, business_id, password_hash, disabled_at, deleted_at, location_id)
     values ($1, $2, $3, '{ROLE_INVENTORY_READER}', $4, $5, $6, $7, $8)`,
    [
      id,
      email,
      name,
      businessId,
      extra.passwordHash === undefined ? 'hash' : extra.passwordHash,
      extra.disabled ? new Date() : null,
      extra.deleted ? new Date() : null,
      extra.locationId ?? null,
    ],
  );
  return id;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Lists Shop');
  await t.sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
  await t.sql(`update users set full_name = 'Zoe Owner' where id = $1`, [owner.userId]);
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  other = await ownerWithBusiness(t, 'Other Shop');
  locationId = await insertLocation(t, owner.businessId, { name: 'Depot' });
  ids.anna = await insertMember(owner.businessId, 'Anna Able', 'anna@north.test', { locationId });
  ids.bob = await insertMember(owner.businessId, 'Bob Baker', 'bob_100%@south.test', { passwordHash: null });
  ids.carl = await insertMember(owner.businessId, 'Carl Cook', 'carl@north.test', {
    disabled: true,
    locationId,
  });
  ids.gone = await insertMember(owner.businessId, 'Gone Ghost', 'gone@north.test', {
    deleted: true,
    locationId,
  });
  ids.stranger = await insertMember(other.businessId, 'Anna Other', 'anna2@north.test');
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const idsOf = (content: Array<{ id?: string; userId?: string }>) => content.map((u) => u.id ?? u.userId);

describe('member lists', () => {
  it('pages the business users: owners first, then by name; deleted and other businesses left out', async () => {
    const res = await call('GET', '/api/users/business-users?size=2', owner.token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3 });
    expect(idsOf(page.content)).toEqual([owner.userId, ids.anna]);
    const last = await call('GET', '/api/users/business-users?page=2&size=2', owner.token);
    expect(idsOf(last.json().content)).toEqual([reader.userId]);
    const statuses = await call('GET', '/api/users/business-users?size=10', owner.token);
    expect(
      Object.fromEntries(
        statuses.json().content.map((u: { id: string; status: string }) => [u.id, u.status]),
      ),
    ).toMatchObject({ [ids.anna!]: 'ACTIVE', [ids.bob!]: 'INVITED', [ids.carl!]: 'DISABLED' });
  });

  it('filters by status and by part of the name or address, wildcards taken literally', async () => {
    const invited = await call('GET', '/api/users/business-users?status=INVITED', owner.token);
    expect(idsOf(invited.json().content)).toEqual([ids.bob]);
    const north = await call('GET', '/api/users/business-users?search=NORTH', owner.token);
    expect(idsOf(north.json().content)).toEqual([ids.anna, ids.carl]);
    const percent = await call(
      'GET',
      `/api/users/business-users?search=${encodeURIComponent('0%@')}`,
      owner.token,
    );
    expect(idsOf(percent.json().content)).toEqual([ids.bob]);
    // As a wildcard, r%n would match carl@north.test.
    const wildcard = await call(
      'GET',
      `/api/users/business-users?search=${encodeURIComponent('r%n')}`,
      owner.token,
    );
    expect(wildcard.json().totalElements).toBe(0);
    const underscore = await call('GET', '/api/users/business-users?search=n_a', owner.token);
    expect(underscore.json().totalElements).toBe(0);
    expect((await call('GET', '/api/users/business-users?status=GONE', owner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/users/business-users?size=101', owner.token)).statusCode).toBe(400);
  });

  it('answers 401 "Missing authorization token" for an empty or blank bearer', async () => {
    for (const authorization of ['', 'Bearer ', 'Bearer   ']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/users/business-users',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Missing authorization token');
    }
  });

  it('suggests members by part of the e-mail, by address, from 2 characters', async () => {
    const res = await call('GET', '/api/users/search?partialEmail=NORTH.T', owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      content: [
        { userId: ids.anna, fullName: 'Anna Able', email: 'anna@north.test' },
        { userId: ids.carl, fullName: 'Carl Cook', email: 'carl@north.test' },
      ],
      page: 0,
      size: 10,
      totalElements: 2,
      totalPages: 1,
    });
    const second = await call('GET', '/api/users/search?partialEmail=north&page=1&size=1', owner.token);
    expect(idsOf(second.json().content)).toEqual([ids.carl]);
    const short = await call('GET', '/api/users/search?partialEmail=a', owner.token);
    expect(short.statusCode).toBe(400);
    expect(short.json().details.fieldErrors).toHaveProperty('partialEmail');
  });

  it('lists the members of a location; a location of another business answers 404', async () => {
    const res = await call('GET', `/api/users/location/${locationId}`, owner.token);
    expect(idsOf(res.json())).toEqual([ids.anna, ids.carl]);
    const foreign = await insertLocation(t, other.businessId);
    expect((await call('GET', `/api/users/location/${foreign}`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/users/location/not-an-id', owner.token)).statusCode).toBe(400);
  });

  it('answers the ids and the worker count of your business only', async () => {
    const own = await call('GET', '/api/users/ids', owner.token);
    expect(new Set(own.json())).toEqual(new Set([owner.userId, reader.userId, ids.anna, ids.bob, ids.carl]));
    const byBusiness = await call('GET', `/api/users/ids/by-business/${owner.businessId}`, owner.token);
    expect(byBusiness.json()).toEqual(own.json());
    expect(
      (await call('GET', `/api/users/ids/by-business/${other.businessId}`, owner.token)).statusCode,
    ).toBe(404);
    const total = await call('GET', '/api/users/total', owner.token);
    expect(total.json()).toEqual({ total: 4 });
  });

  it('refuses every list to a role without users:read', async () => {
    for (const url of [
      '/api/users/business-users',
      '/api/users/search?partialEmail=north',
      `/api/users/location/${locationId}`,
      '/api/users/ids',
      `/api/users/ids/by-business/${owner.businessId}`,
      '/api/users/total',
    ]) {
      expect((await call('GET', url, reader.token)).statusCode, url).toBe(403);
    }
  });
});
