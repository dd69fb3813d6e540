import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  bearer,
  ownerWithBusiness,
  staffMember,
  uniqueEmail,
  verifiedOwner,
} from '../../../test/factories/accounts.js';
import { tokenOf, waitForLink } from '../../../test/factories/mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const sql = (text: string, values: unknown[] = []) => t.sql(text, values);

const readUserStatus = async (token: string, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) })).statusCode;

const createUser = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

describe('users', () => {
  describe('createStaffUser', () => {
    it('creates a staff member of the business, audits it and mails the invitation', async () => {
      const owner = await ownerWithBusiness(t, 'Riverside Grocers');
      const email = uniqueEmail('clerk');
      const res = await createUser(owner.token, {
        fullName: 'Cleo Clerk',
        email,
        roles: ['ROLE_INVENTORY_READER', 'ROLE_PRODUCT_READER'],
        phoneNumber: '0123 456',
      });
      expect(res.statusCode).toBe(201);
      const user = res.json();
      expect(user).toMatchObject({
        email,
        fullName: 'Cleo Clerk',
        roles: ['ROLE_INVENTORY_READER', 'ROLE_PRODUCT_READER'],
        businessId: owner.businessId,
        business: { businessName: 'Riverside Grocers' },
      });
      const link = await waitForLink(t, email, 'http://app.test/validate-account?token=');
      expect(tokenOf(link).length).toBeGreaterThan(40);
      const { rows } = await sql(`select event_type, user_id from audit_logs where business_id = $1`, [
        owner.businessId,
      ]);
      expect(rows).toEqual([{ event_type: 'USER_CREATION', user_id: owner.userId }]);
    });

    it('lets an admin create staff too', async () => {
      const owner = await ownerWithBusiness(t);
      const admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
      const res = await createUser(admin.token, {
        fullName: 'By Admin',
        email: uniqueEmail(),
        roles: ['ROLE_LOYALTY_READER'],
      });
      expect(res.statusCode).toBe(201);
    });

    it.each([
      ['ROLE_PRODUCT_READER'],
      ['ROLE_INVENTORY_CONTRIBUTOR'],
      ['ROLE_STORE_ASSISTANT'],
      ['ROLE_ANALYTICS_ADMIN'],
    ] as const)('refuses a %s with 403', async (role) => {
      const owner = await ownerWithBusiness(t);
      await sql(`update businesses set plan_id = 'SUPREME' where id = $1`, [owner.businessId]);
      const staff = await staffMember(t, owner.token, [role]);
      const res = await createUser(staff.token, {
        fullName: 'Nope',
        email: uniqueEmail(),
        roles: ['ROLE_PRODUCT_READER'],
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    });

    it('refuses an owner without a business', async () => {
      const owner = await verifiedOwner(t);
      const res = await createUser(owner.token, {
        fullName: 'Early',
        email: uniqueEmail(),
        roles: ['ROLE_PRODUCT_READER'],
      });
      expect(res.statusCode).toBe(403);
    });

    it.each([
      ['the owner role', { roles: ['ROLE_BUSINESS_OWNER'] }, 'roles.0'],
      ['an unknown role', { roles: ['ROLE_KING'] }, 'roles.0'],
      ['no role', { roles: [] }, 'roles'],
      ['a malformed e-mail', { email: 'x@' }, 'email'],
      ['a location that is no id', { locationId: 'store-1' }, 'locationId'],
    ])('refuses %s with 400', async (_name, change, field) => {
      const owner = await ownerWithBusiness(t);
      const res = await createUser(owner.token, {
        fullName: 'Bad',
        email: uniqueEmail(),
        roles: ['ROLE_PRODUCT_READER'],
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('refuses an address of its own staff with 409', async () => {
      const owner = await ownerWithBusiness(t);
      const staff = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
      const res = await createUser(owner.token, {
        fullName: 'Dup',
        email: staff.email.toUpperCase(),
        roles: ['ROLE_PRODUCT_READER'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().details).toEqual({ fieldErrors: { email: [expect.any(String)] } });
    });

    it('answers an address of another account as a new one, creates nothing and tells the holder', async () => {
      const owner = await ownerWithBusiness(t, 'Corner Shop');
      const other = await verifiedOwner(t);
      const res = await createUser(owner.token, {
        fullName: 'Elsewhere',
        email: other.email.toUpperCase(),
        roles: ['ROLE_PRODUCT_READER'],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ email: other.email.toUpperCase(), roles: ['ROLE_PRODUCT_READER'] });
      const rows = await t.sql('select id, business_id from users where lower(email) = lower($1)', [
        other.email,
      ]);
      expect(rows.rows).toEqual([{ id: other.userId, business_id: null }]);
      const mails = (await t.mails()).filter((mail) => mail.includes(`To: ${other.email}`));
      expect(mails.at(-1)).toContain('Subject: Corner Shop tried to add you as staff');
      expect(mails.some((mail) => mail.includes('validate-account'))).toBe(false);
    });

    it('refuses staff beyond the plan with a plan violation, and creates nothing', async () => {
      const owner = await ownerWithBusiness(t);
      for (let i = 0; i < 2; i++) {
        expect(
          (
            await createUser(owner.token, {
              fullName: `S${i}`,
              email: uniqueEmail(),
              roles: ['ROLE_PRODUCT_READER'],
            })
          ).statusCode,
        ).toBe(201);
      }
      const email = uniqueEmail('third');
      const res = await createUser(owner.token, { fullName: 'Third', email, roles: ['ROLE_PRODUCT_READER'] });
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
      expect(res.json()).toMatchObject({
        code: 'PLAN_VIOLATION',
        message: expect.stringContaining('Free plan allows 2 staff users'),
      });
      expect((await sql('select 1 from users where email = $1', [email])).rowCount).toBe(0);

      await sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
      expect(
        (await createUser(owner.token, { fullName: 'Third', email, roles: ['ROLE_PRODUCT_READER'] }))
          .statusCode,
      ).toBe(201);
    });

    it('holds the plan limit when creations race', async () => {
      const owner = await ownerWithBusiness(t);
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          createUser(owner.token, {
            fullName: `R${i}`,
            email: uniqueEmail(),
            roles: ['ROLE_PRODUCT_READER'],
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403]);
    });
  });

  describe('validateAccount', () => {
    it('sets the password with a plain-text answer; then the staff member signs in; the link works once', async () => {
      const owner = await ownerWithBusiness(t);
      const email = uniqueEmail('new');
      await createUser(owner.token, { fullName: 'New Hire', email, roles: ['ROLE_STORE_ASSISTANT'] });
      const before = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(before.statusCode).toBe(401);

      const link = await waitForLink(t, email, 'http://app.test/validate-account?token=');
      const url = `/api/users/validate-account?token=${tokenOf(link)}`;
      const weak = await t.app.inject({ method: 'POST', url, payload: { newPassword: 'short' } });
      expect(weak.statusCode).toBe(400);
      const res = await t.app.inject({ method: 'POST', url, payload: { newPassword: GOOD_PASSWORD } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe('Your account is validated. You can sign in now.');
      const again = await t.app.inject({ method: 'POST', url, payload: { newPassword: GOOD_PASSWORD } });
      expect(again.statusCode).toBe(400);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({
        roles: ['ROLE_STORE_ASSISTANT'],
        businessId: owner.businessId,
      });
    });

    it('refuses an expired invitation', async () => {
      const owner = await ownerWithBusiness(t);
      const email = uniqueEmail('late');
      const created = await createUser(owner.token, {
        fullName: 'Late',
        email,
        roles: ['ROLE_PRODUCT_READER'],
      });
      const link = await waitForLink(t, email, 'http://app.test/validate-account?token=');
      await sql(`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = $1`, [
        created.json().id,
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/users/validate-account?token=${tokenOf(link)}`,
        payload: { newPassword: GOOD_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_TOKEN');
    });
  });

  describe('getUser', () => {
    it('answers the user itself with address and business', async () => {
      const owner = await ownerWithBusiness(t, 'Hill Bakery');
      await sql(`update users set city = 'Leeds', country = 'UK' where id = $1`, [owner.userId]);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/${owner.userId}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: owner.userId,
        address: { city: 'Leeds', country: 'UK', street: null, state: null, zipCode: null },
        business: { businessName: 'Hill Bakery', description: null },
      });
      expect(res.json()).not.toHaveProperty('passwordHash');
    });

    it('lets owner and admin read staff of their business, but not staff each other', async () => {
      const owner = await ownerWithBusiness(t);
      await sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
      const admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
      const reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
      expect(await readUserStatus(owner.token, reader.userId)).toBe(200);
      expect(await readUserStatus(admin.token, reader.userId)).toBe(200);
      expect(await readUserStatus(reader.token, reader.userId)).toBe(200);
      const peek = await t.app.inject({
        method: 'GET',
        url: `/api/users/${admin.userId}`,
        headers: bearer(reader.token),
      });
      expect(peek.statusCode).toBe(404);
    });

    it('answers 404 for a user of another business, never 403', async () => {
      const a = await ownerWithBusiness(t, 'A');
      const b = await ownerWithBusiness(t, 'B');
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/${b.userId}`,
        headers: bearer(a.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      const loner = await verifiedOwner(t);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/users/${a.userId}`, headers: bearer(loner.token) }))
          .statusCode,
      ).toBe(404);
    });

    it('refuses an id that is not a UUID with 400', async () => {
      const owner = await verifiedOwner(t);
      const res = await t.app.inject({ method: 'GET', url: '/api/users/123', headers: bearer(owner.token) });
      expect(res.statusCode).toBe(400);
    });
  });
});
