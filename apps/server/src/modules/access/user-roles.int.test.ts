import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  apiCaller,
  ownerWithBusiness,
  signIn,
  staffMember,
} from '../../../test/factories/accounts.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let clerk: Awaited<ReturnType<typeof staffMember>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Roles Shop');
  await t.sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  clerk = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
  other = await ownerWithBusiness(t, 'Other Shop');
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const rolesOf = async (id: string) =>
  (await t.sql(`select roles from users where id = $1`, [id])).rows[0].roles as string[];

describe('user roles', () => {
  it('reads the roles of a member; another business answers 404', async () => {
    const res = await call('GET', `/api/users/${clerk.userId}/roles`, admin.token);
    expect(res.json()).toEqual({ userId: clerk.userId, roles: ['ROLE_INVENTORY_READER'] });
    expect((await call('GET', `/api/users/${other.userId}/roles`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${admin.userId}/roles`, clerk.token)).statusCode).toBe(403);
  });

  it('replaces the list (bare array or {roles}), signs the member out, and the next sign-in carries the new roles', async () => {
    const res = await call('PUT', `/api/users/${clerk.userId}/roles`, admin.token, {
      roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_PRODUCT_READER'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: clerk.userId,
      roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_PRODUCT_READER'],
    });
    expect((await call('GET', `/api/users/${clerk.userId}`, clerk.token)).statusCode).toBe(401);
    const session = await signIn(t, clerk.email, GOOD_PASSWORD);
    expect(session.user.roles).toEqual(['ROLE_INVENTORY_ADMIN', 'ROLE_PRODUCT_READER']);
    clerk = { ...clerk, token: session.token };
    const audit = await t.sql(
      `select description from audit_logs where event_type = 'ACCESS_ADJUSTED' and user_id = $1`,
      [admin.userId],
    );
    expect(audit.rows).toEqual([
      {
        description:
          'Changed the roles of Sam Staff from Inventory reader to Inventory admin, Product reader.',
      },
    ]);
  });

  it('removes the roles sent; the last role stays (400)', async () => {
    const res = await call('PUT', `/api/users/${clerk.userId}/roles/remove`, owner.token, [
      'ROLE_PRODUCT_READER',
    ]);
    expect(res.json().roles).toEqual(['ROLE_INVENTORY_ADMIN']);
    const last = await call('PUT', `/api/users/${clerk.userId}/roles/remove`, owner.token, [
      'ROLE_INVENTORY_ADMIN',
    ]);
    expect(last.statusCode).toBe(400);
    expect(last.json().details.fieldErrors).toHaveProperty('roles');
    const empty = await call('PUT', `/api/users/${clerk.userId}/roles`, owner.token, []);
    expect(empty.statusCode).toBe(400);
    const unknown = await call('PUT', `/api/users/${clerk.userId}/roles`, owner.token, ['ROLE_KING']);
    expect(unknown.statusCode).toBe(400);
    expect(await rolesOf(clerk.userId)).toEqual(['ROLE_INVENTORY_ADMIN']);
  });

  it('refuses your own roles, the owner role from an admin, and a lower role, changing nothing', async () => {
    const own = await call('PUT', `/api/users/${admin.userId}/roles`, admin.token, ['ROLE_BUSINESS_OWNER']);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You cannot change your own roles. Ask another owner or an administrator to do it.',
    );
    const grant = await call('PUT', `/api/users/${clerk.userId}/roles`, admin.token, ['ROLE_BUSINESS_OWNER']);
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('Only an owner can give or take the owner role.');
    const strip = await call('PUT', `/api/users/${owner.userId}/roles/remove`, admin.token, [
      'ROLE_BUSINESS_OWNER',
    ]);
    expect(strip.statusCode).toBe(403);
    const selfStrip = await call('PUT', `/api/users/${owner.userId}/roles`, owner.token, [
      'ROLE_BUSINESS_ADMIN',
    ]);
    expect(selfStrip.statusCode).toBe(403);
    // The clerk's roles changed above: a new sign-in, as an inventory admin (no users:update).
    const lower = (await signIn(t, clerk.email, GOOD_PASSWORD)).token;
    expect(
      (await call('PUT', `/api/users/${admin.userId}/roles`, lower, ['ROLE_PRODUCT_READER'])).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/users/${other.userId}/roles`, owner.token, ['ROLE_PRODUCT_READER']))
        .statusCode,
    ).toBe(404);
    expect(await rolesOf(admin.userId)).toEqual(['ROLE_BUSINESS_ADMIN']);
    expect(await rolesOf(owner.userId)).toEqual(['ROLE_BUSINESS_OWNER']);
    expect(await rolesOf(other.userId)).toEqual(['ROLE_BUSINESS_OWNER']);
  });

  it("lets an owner grant and take the owner role; an owner made staff counts against the plan's staff limit", async () => {
    const grant = await call('PUT', `/api/users/${admin.userId}/roles`, owner.token, ['ROLE_BUSINESS_OWNER']);
    expect(grant.statusCode).toBe(200);
    // The staff limit: fill the plan's places, then taking the owner role back is a plan violation.
    const { rows } = await t.sql(`select max_staff_users from plans where id = 'BASIC'`);
    const max = rows[0].max_staff_users as number;
    const staff = Number(
      (
        await t.sql(
          `select count(*) from users where business_id = $1 and deleted_at is null and not ('ROLE_BUSINESS_OWNER' = any(roles))`,
          [owner.businessId],
        )
      ).rows[0].count,
    );
    for (let i = staff; i < max; i++) {
      await t.sql(
        `insert into users (id, email, full_name, roles, business_id) values (gen_random_uuid(), $1, 'Filler', '{ROLE_PRODUCT_READER}', $2)`,
        [`filler${i}@shop.test`, owner.businessId],
      );
    }
    const demote = await call('PUT', `/api/users/${admin.userId}/roles`, owner.token, [
      'ROLE_BUSINESS_ADMIN',
    ]);
    expect(demote.statusCode).toBe(403);
    expect(demote.headers['x-plan-violation']).toBe('1');
    expect(await rolesOf(admin.userId)).toEqual(['ROLE_BUSINESS_OWNER']);
    await t.sql(`delete from users where full_name = 'Filler'`);
    const back = await call('PUT', `/api/users/${admin.userId}/roles/remove`, owner.token, [
      'ROLE_BUSINESS_OWNER',
    ]);
    expect(back.statusCode).toBe(400);
    const swap = await call('PUT', `/api/users/${admin.userId}/roles`, owner.token, ['ROLE_BUSINESS_ADMIN']);
    expect(swap.json().roles).toEqual(['ROLE_BUSINESS_ADMIN']);
  });
});
