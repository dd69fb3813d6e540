import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  apiCaller,
  ownerWithBusiness,
  staffMember,
  uniqueEmail,
} from '../../../test/factories/accounts.js';
import { tokenOf, waitForLink } from '../../../test/factories/mail.js';
import { multipart, PNG_1X1 } from '../../../test/factories/multipart.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Admin Shop');
  await t.sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  other = await ownerWithBusiness(t, 'Other Shop');
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const rowOf = async (id: string) => (await t.sql(`select * from users where id = $1`, [id])).rows[0];
const countAudit = async (eventType: string) =>
  Number(
    (
      await t.sql(`select count(*) from audit_logs where business_id = $1 and event_type = $2`, [
        owner.businessId,
        eventType,
      ])
    ).rows[0].count,
  );

/** An invited member who has not accepted yet (no password). */
async function invite(roles = ['ROLE_PRODUCT_READER']) {
  const email = uniqueEmail('invitee');
  const res = await call('POST', '/api/users', owner.token, { fullName: 'Ivy Invitee', email, roles });
  expect(res.statusCode).toBe(201);
  return { email, userId: res.json<{ id: string }>().id };
}

describe('PUT /api/users/:id/disable and /enable', () => {
  it('disables (the old token is refused at once), enables, and audits both', async () => {
    const member = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
    const res = await call('PUT', `/api/users/${member.userId}/disable`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.userId, status: 'DISABLED' });
    expect((await call('GET', `/api/users/${member.userId}`, member.token)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: GOOD_PASSWORD },
    });
    expect(login.statusCode).not.toBe(200);
    const page = await call('GET', '/api/users/business-users?status=DISABLED', owner.token);
    expect(page.json().content.map((u: { id: string }) => u.id)).toContain(member.userId);
    const enabled = await call('PUT', `/api/users/${member.userId}/enable`, owner.token);
    expect(enabled.json().status).toBe('ACTIVE');
    expect(await countAudit('ACCESS_ADJUSTED')).toBe(2);
    // Enabling an enabled member changes and audits nothing.
    expect((await call('PUT', `/api/users/${member.userId}/enable`, owner.token)).statusCode).toBe(200);
    expect(await countAudit('ACCESS_ADJUSTED')).toBe(2);
  });

  it('refuses yourself, an admin acting on the owner, and another business (404)', async () => {
    const self = await call('PUT', `/api/users/${admin.userId}/disable`, admin.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot disable your own account.');
    expect((await call('PUT', `/api/users/${owner.userId}/disable`, admin.token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/${other.userId}/disable`, owner.token)).statusCode).toBe(404);
    expect((await rowOf(owner.userId)).disabled_at).toBeNull();
    expect((await rowOf(other.userId)).disabled_at).toBeNull();
  });
});

describe('DELETE /api/users/:id', () => {
  it('anonymises a member: the row stays, tokens and links end, the address is free, the picture goes', async () => {
    const member = await staffMember(t, owner.token, ['ROLE_INVENTORY_READER']);
    const form = multipart([
      { name: 'picture', value: PNG_1X1, filename: 'me.png', contentType: 'image/png' },
    ]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}/picture`,
      headers: { ...form.headers, authorization: `Bearer ${member.token}` },
      payload: form.payload,
    });
    const picture: string = uploaded.json().picture;
    const res = await call('DELETE', `/api/users/${member.userId}`, admin.token);
    expect(res.statusCode).toBe(204);
    expect(await rowOf(member.userId)).toMatchObject({
      email: `deleted-${member.userId}@deleted.invalid`,
      full_name: 'Deleted user',
      picture: null,
      password_hash: null,
      pending_email: null,
      city: null,
    });
    expect((await rowOf(member.userId)).deleted_at).not.toBeNull();
    expect((await call('GET', `/api/users/${member.userId}`, member.token)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${member.userId}`, owner.token)).statusCode).toBe(404);
    const image = await call(
      'GET',
      `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(picture)}`,
      owner.token,
    );
    expect(image.statusCode).toBe(404);
    const again = await call('POST', '/api/users', owner.token, {
      fullName: 'Back Again',
      email: member.email,
      roles: ['ROLE_PRODUCT_READER'],
    });
    expect(again.statusCode).toBe(201);
    expect(await countAudit('USER_DELETION')).toBe(1);
  });

  it('ends an unused invitation link of a deleted member', async () => {
    const invitee = await invite();
    const link = await waitForLink(t, invitee.email, 'http://app.test/validate-account');
    expect((await call('DELETE', `/api/users/${invitee.userId}`, owner.token)).statusCode).toBe(204);
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/users/validate-account?token=${tokenOf(link)}`,
      payload: { newPassword: GOOD_PASSWORD },
    });
    expect(accept.statusCode).toBe(400);
  });

  it('lets a member delete their own account', async () => {
    const member = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
    expect((await call('DELETE', `/api/users/${member.userId}`, member.token)).statusCode).toBe(204);
    const entry = await t.sql(`select description from audit_logs where user_id = $1`, [member.userId]);
    expect(entry.rows).toEqual([{ description: 'Deleted their own account.' }]);
  });

  it('refuses the last owner their own deletion with the reason, and an admin deleting the owner', async () => {
    const res = await call('DELETE', `/api/users/${owner.userId}`, owner.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You own Admin Shop. Delete the business in Business Profile first, or give another person the owner role.',
    );
    expect((await call('DELETE', `/api/users/${owner.userId}`, admin.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/${other.userId}`, owner.token)).statusCode).toBe(404);
    expect((await rowOf(owner.userId)).deleted_at).toBeNull();
    expect((await rowOf(other.userId)).deleted_at).toBeNull();
  });

  it('lets an owner leave once another owner can act', async () => {
    const second = await ownerWithBusiness(t, 'Two Owners');
    const partner = await staffMember(t, second.token, ['ROLE_BUSINESS_ADMIN']);
    const grant = await call('PUT', `/api/users/${partner.userId}/roles`, second.token, [
      'ROLE_BUSINESS_OWNER',
    ]);
    expect(grant.statusCode).toBe(200);
    expect((await call('DELETE', `/api/users/${second.userId}`, second.token)).statusCode).toBe(204);
  });
});

describe('POST /api/users/:id/resend-invitation', () => {
  it('mails a new link that works, and the older one stops working', async () => {
    const invitee = await invite();
    const first = await waitForLink(t, invitee.email, 'http://app.test/validate-account');
    // The link mail limit allows one a minute: the invitation was that one.
    const tooSoon = await call('POST', `/api/users/${invitee.userId}/resend-invitation`, admin.token);
    expect(tooSoon.statusCode).toBe(429);
    await t.sql(`update one_time_tokens set created_at = now() - interval '2 minutes' where user_id = $1`, [
      invitee.userId,
    ]);
    const res = await call('POST', `/api/users/${invitee.userId}/resend-invitation`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(`We sent a new invitation to ${invitee.email}.`);
    const usable = await t.sql(
      `select count(*)::int as n from one_time_tokens where user_id = $1 and used_at is null`,
      [invitee.userId],
    );
    expect(usable.rows[0].n).toBe(1);
    const links = (await t.mails()).filter((m) => m.includes(invitee.email)).length;
    expect(links).toBe(2);
    const old = await t.app.inject({
      method: 'POST',
      url: `/api/users/validate-account?token=${tokenOf(first)}`,
      payload: { newPassword: GOOD_PASSWORD },
    });
    expect(old.statusCode).toBe(400);
  });

  it('refuses a member who accepted already (409), a lower role (403) and another business (404)', async () => {
    expect((await call('POST', `/api/users/${admin.userId}/resend-invitation`, owner.token)).statusCode).toBe(
      409,
    );
    const invitee = await invite();
    const reader = await staffMember(t, owner.token, ['ROLE_ANALYTICS_READER']);
    expect(
      (await call('POST', `/api/users/${invitee.userId}/resend-invitation`, reader.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/users/${invitee.userId}/resend-invitation`, other.token)).statusCode,
    ).toBe(404);
  });
});
