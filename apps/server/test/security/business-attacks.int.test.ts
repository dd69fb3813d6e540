/**
 * Security review of the business API: edit, close, activate and delete.
 *
 * Threats: another business's owner or admin who knows (or guesses) this business's id and edits,
 * closes, reopens or deletes it; staff of the business whose roles belong to other areas; an admin,
 * who edits the business but may not close or delete it; an owner whose business is not set up
 * yet. Each refusal answers 404 (another business, never 403) or 403 (a role of this business) and
 * changes nothing: every row of both businesses, the business row itself and the stored files are
 * compared before and after. Below the API, the deletion function and the trigger that keeps users
 * in their business refuse a request role that calls them for another business or as a non-owner.
 */
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { STAFF_ROLES, type Role } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember, verifiedOwner } from '../factories/accounts.js';
import { putBusiness, rowsOfBusiness } from '../factories/businesses.js';
import { setPlan } from '../factories/catalogue.js';
import { movementSetUp } from '../factories/movements.js';
import { PNG_1X1 } from '../factories/multipart.js';
import { expectError } from './catalogue-kit.js';

/** Every role outside the business group, held by one member: together they still grant nothing here. */
const OTHER_AREAS = STAFF_ROLES.filter((role) => role !== 'ROLE_BUSINESS_ADMIN') as Role[];

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let rivalAdmin: Awaited<ReturnType<typeof staffMember>>;
let areas: Awaited<ReturnType<typeof staffMember>>;
let unset: Awaited<ReturnType<typeof verifiedOwner>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Target Shop');
  rival = await ownerWithBusiness(t, 'Rival Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  areas = await staffMember(t, owner.token, OTHER_AREAS);
  rivalAdmin = await staffMember(t, rival.token, ['ROLE_BUSINESS_ADMIN']);
  unset = await verifiedOwner(t);
  await movementSetUp(t, owner);
  await movementSetUp(t, rival);
  expect((await putBusiness(t, owner.token, owner.businessId, {}, [logo()])).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

function logo() {
  return { name: 'logo', value: PNG_1X1, filename: 'logo.png', contentType: 'image/png' };
}

/** Everything both businesses hold: their rows, their business rows as answered, their files. */
async function fingerprint() {
  const files = async (businessId: string) =>
    (
      await readdir(path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', businessId), {
        recursive: true,
      }).catch(() => [])
    ).sort();
  const business = async (token: string, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/businesses/${id}`, headers: bearer(token) })).json();
  return {
    target: await rowsOfBusiness(t, owner.businessId),
    rival: await rowsOfBusiness(t, rival.businessId),
    targetBusiness: await business(owner.token, owner.businessId),
    rivalBusiness: await business(rival.token, rival.businessId),
    targetFiles: await files(owner.businessId),
    rivalFiles: await files(rival.businessId),
  };
}

type Route = { name: string; send: (token: string, id: string) => ReturnType<typeof putBusiness> };

const ROUTES: Route[] = [
  {
    name: 'update',
    send: (token, id) =>
      putBusiness(t, token, id, { businessName: 'Taken over', removeLogo: true }, [logo()]),
  },
  {
    name: 'close',
    send: (token, id) =>
      t.app.inject({ method: 'PUT', url: `/api/businesses/${id}/close`, headers: bearer(token) }),
  },
  {
    name: 'activate',
    send: (token, id) =>
      t.app.inject({ method: 'PUT', url: `/api/businesses/${id}/activate`, headers: bearer(token) }),
  },
  {
    name: 'delete',
    send: (token, id) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/businesses/${id}`,
        headers: bearer(token),
        payload: { businessName: id === owner.businessId ? 'Target Shop' : 'Rival Shop' },
      }),
  },
];

describe('the business API under attack', () => {
  it("answers 404 to another business's owner and admin, and to an owner without a business, on every route", async () => {
    const before = await fingerprint();
    for (const route of ROUTES) {
      expectError(await route.send(rival.token, owner.businessId), 404, 'NOT_FOUND');
      // Another business's admin may edit a business, so the id decides (404); closing and deleting
      // are refused by the role before any id is looked at (403, which tells nothing about the id).
      const byAdmin = await route.send(rivalAdmin.token, owner.businessId);
      if (route.name === 'update') expectError(byAdmin, 404, 'NOT_FOUND');
      else expectError(byAdmin, 403, 'FORBIDDEN');
      expectError(await route.send(owner.token, randomUUID()), 404, 'NOT_FOUND');
      // An owner before business setup holds the owner role and no business.
      expectError(await route.send(unset.token, owner.businessId), 404, 'NOT_FOUND');
      expectError(await route.send(owner.token, 'not-an-id'), 400, 'VALIDATION_ERROR');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses staff of other areas everything, and an admin closing, reopening or deleting', async () => {
    const before = await fingerprint();
    for (const route of ROUTES) {
      expectError(await route.send(areas.token, owner.businessId), 403, 'FORBIDDEN');
      if (route.name !== 'update')
        expectError(await route.send(admin.token, owner.businessId), 403, 'FORBIDDEN');
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('keeps a closed business closed when another business tries to reopen it', async () => {
    expect((await ROUTES[1]?.send(rival.token, rival.businessId))?.statusCode).toBe(200);
    const before = await fingerprint();
    expect(before.rivalBusiness).toMatchObject({ active: false });
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: `/api/businesses/${rival.businessId}/activate`,
        headers: bearer(owner.token),
      }),
      404,
      'NOT_FOUND',
    );
    expect(await fingerprint()).toEqual(before);
    expect((await ROUTES[2]?.send(rival.token, rival.businessId))?.statusCode).toBe(200);
  });
});

describe('below the API', () => {
  /** Runs the statements as the request role, in one transaction of `businessId` and `userId`. */
  async function asTenant(businessId: string, userId: string, ...statements: Array<[string, unknown[]]>) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        "select set_config('role', 'app_tenant', true), set_config('app.business_id', $1, true), set_config('app.user_id', $2, true)",
        [businessId, userId],
      );
      for (const [statement, values] of statements) await client.query(statement, values);
      await client.query('commit');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  it('app_delete_business refuses another business, and a member who is not an owner', async () => {
    const before = await fingerprint();
    // The rival's transaction names the target: refused before anything is read.
    await expect(
      asTenant(rival.businessId, rival.userId, ['select app_delete_business($1)', [owner.businessId]]),
    ).rejects.toMatchObject({ code: '42501' });
    // The target's admin in a transaction of the target: not an owner.
    await expect(
      asTenant(owner.businessId, admin.userId, ['select app_delete_business($1)', [owner.businessId]]),
    ).rejects.toMatchObject({ code: '42501' });
    // The target's owner, claiming the target in a transaction of the rival.
    await expect(
      asTenant(rival.businessId, owner.userId, ['select app_delete_business($1)', [owner.businessId]]),
    ).rejects.toMatchObject({ code: '42501' });
    expect(await fingerprint()).toEqual(before);
  });

  it('the request role cannot detach a user from the business, even declaring a deletion', async () => {
    await expect(
      asTenant(
        owner.businessId,
        owner.userId,
        ["select set_config('app.deleting_business', $1, true)", [owner.businessId]],
        ['update users set business_id = null where id = $1', [admin.userId]],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    const { rows } = await t.sql('select business_id from users where id = $1', [admin.userId]);
    expect(rows[0]).toEqual({ business_id: owner.businessId });
  });
});
