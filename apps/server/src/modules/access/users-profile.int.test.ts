import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  GOOD_PASSWORD,
  apiCaller,
  ownerWithBusiness,
  signIn,
  staffMember,
  uniqueEmail,
} from '../../../test/factories/accounts.js';
import { plainText, tokenOf, waitForLink } from '../../../test/factories/mail.js';
import { multipart, PNG_1X1 } from '../../../test/factories/multipart.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let clerk: Awaited<ReturnType<typeof staffMember>>;
let reader: Awaited<ReturnType<typeof staffMember>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Profile Shop');
  await t.sql(`update businesses set plan_id = 'BASIC' where id = $1`, [owner.businessId]);
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  clerk = await staffMember(t, owner.token, ['ROLE_INVENTORY_CONTRIBUTOR']);
  reader = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
  other = await ownerWithBusiness(t, 'Other Shop');
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const mailsTo = async (email: string) =>
  (await t.mails()).filter((m) => new RegExp(`^To: .*${email.replace(/\./g, '\\.')}`, 'im').test(m));
const auditOf = async (userId: string) =>
  (
    await t.sql(`select event_type, description from audit_logs where user_id = $1 order by created_at`, [
      userId,
    ])
  ).rows as Array<{ event_type: string; description: string }>;
const rowOf = async (id: string) => (await t.sql(`select * from users where id = $1`, [id])).rows[0];

describe('PUT /api/users/:id', () => {
  it('changes only the fields sent, answers the member and audits the field names', async () => {
    const res = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, {
      fullName: 'Cleo Clerk',
      description: 'Weekend shifts',
      address: { city: 'Leeds', country: 'UK' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: clerk.userId,
      fullName: 'Cleo Clerk',
      description: 'Weekend shifts',
      status: 'ACTIVE',
      pendingEmail: null,
      email: clerk.email,
      address: { city: 'Leeds', country: 'UK', street: null },
      business: { businessName: 'Profile Shop' },
    });
    const again = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, {
      address: { street: '1 High St' },
      phoneNumber: '',
    });
    expect(again.json().address).toEqual({
      city: 'Leeds',
      country: 'UK',
      street: '1 High St',
      state: null,
      zipCode: null,
    });
    const audit = await auditOf(clerk.userId);
    expect(audit.map((a) => a.event_type)).toEqual(['USER_UPDATE', 'USER_UPDATE']);
    expect(audit[0]?.description).toBe('Updated the full name, description, address of their own profile.');
    expect(audit.map((a) => a.description).join(' ')).not.toContain('Leeds');
    const read = await call('GET', `/api/users/${clerk.userId}`, clerk.token);
    expect(read.json()).toMatchObject({ status: 'ACTIVE', description: 'Weekend shifts' });
    expect(typeof read.json().createdAt).toBe('string');
  });

  it('mails a link to a new address and applies it only when the link is opened', async () => {
    const member = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
    const newEmail = uniqueEmail('moved');
    const res = await call('PUT', `/api/users/${member.userId}`, member.token, { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: member.email, pendingEmail: newEmail });
    const link = await waitForLink(t, newEmail, 'http://app.test/api/users/confirm-email?token=');
    const notice = await mailsTo(member.email);
    expect(notice.some((m) => plainText(m).includes('change the e-mail address of your account'))).toBe(true);
    // Until then, the old address signs in.
    await signIn(t, member.email, GOOD_PASSWORD);
    const confirm = await call('GET', `/api/users/confirm-email?token=${tokenOf(link)}`);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('/dashboard/profile?emailChange=done');
    const row = await rowOf(member.userId);
    expect(row).toMatchObject({ email: newEmail, pending_email: null });
    await signIn(t, newEmail, GOOD_PASSWORD);
    // The session of before goes on: nothing else was bumped.
    expect((await call('GET', `/api/users/${member.userId}`, member.token)).statusCode).toBe(200);
    const reuse = await call('GET', `/api/users/confirm-email?token=${tokenOf(link)}`);
    expect(reuse.headers.location).toBe('/dashboard/profile?emailChange=expired');
    expect((await auditOf(member.userId)).map((a) => a.description)).toContain(
      'Confirmed a new e-mail address for their account.',
    );
  });

  it('refuses an address of its own business with 409 on the field and writes nothing', async () => {
    const res = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, {
      email: admin.email.toUpperCase(),
      fullName: 'Not Applied',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fieldErrors.email).toHaveLength(1);
    expect(await rowOf(clerk.userId)).toMatchObject({ pending_email: null, full_name: 'Cleo Clerk' });
  });

  it("answers another business's address as a free one, mails its holder a notice and no link", async () => {
    const res = await call('PUT', `/api/users/${reader.userId}`, reader.token, { email: other.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().pendingEmail).toBe(other.email);
    const toHolder = await mailsTo(other.email);
    expect(toHolder.some((m) => plainText(m).includes('already belongs to your account'))).toBe(true);
    expect(toHolder.some((m) => plainText(m).includes('confirm-email'))).toBe(false);
  });

  it('redirects to expired when the address was taken before the link was opened', async () => {
    const member = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
    const wanted = uniqueEmail('race');
    await call('PUT', `/api/users/${member.userId}`, member.token, { email: wanted });
    const link = await waitForLink(t, wanted, 'http://app.test/api/users/confirm-email?token=');
    await t.sql(`update users set email = $1 where id = $2`, [wanted, other.userId]);
    const res = await call('GET', `/api/users/confirm-email?token=${tokenOf(link)}`);
    expect(res.headers.location).toBe('/dashboard/profile?emailChange=expired');
    expect(await rowOf(member.userId)).toMatchObject({ email: member.email, pending_email: null });
    await t.sql(`update users set email = $1 where id = $2`, [other.email, other.userId]);
  });

  it('refuses a username any account has (any case) with 409 on the field', async () => {
    await t.sql(`update users set username = 'taken.name' where id = $1`, [other.userId]);
    const res = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, { username: 'Taken.Name' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details.fieldErrors).toHaveProperty('username');
    const own = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, { username: 'cleo.c' });
    expect(own.json().username).toBe('cleo.c');
  });

  it('refuses bad input with field errors', async () => {
    const res = await call('PUT', `/api/users/${clerk.userId}`, clerk.token, {
      fullName: ' ',
      email: 'nope',
      username: 'a',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details.fieldErrors).sort()).toEqual(['email', 'fullName', 'username']);
  });

  it('lets owner and admin edit staff; a lower role, an admin on the owner and another business are refused', async () => {
    expect(
      (await call('PUT', `/api/users/${clerk.userId}`, admin.token, { description: 'By admin' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/users/${admin.userId}`, owner.token, { description: 'By owner' })).statusCode,
    ).toBe(200);
    const refusals = [
      [reader.token, clerk.userId, 403],
      [admin.token, owner.userId, 403],
      [other.token, clerk.userId, 404],
    ] as const;
    for (const [token, id, status] of refusals) {
      const res = await call('PUT', `/api/users/${id}`, token, { description: 'Hijack' });
      expect(res.statusCode, `${id}`).toBe(status);
    }
    expect((await rowOf(owner.userId)).description).toBeNull();
    expect((await rowOf(clerk.userId)).description).toBe('By admin');
  });
});

describe('PUT /api/users/:id/picture', () => {
  const upload = (token: string, id: string, data: Buffer) => {
    const form = multipart([{ name: 'picture', value: data, filename: 'me.png', contentType: 'image/png' }]);
    return t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/picture`,
      headers: { ...form.headers, authorization: `Bearer ${token}` },
      payload: form.payload,
    });
  };
  const download = (token: string, name: string) =>
    call(
      'GET',
      `/api/azure-blob/download-image?containerName=inventory&imageUrl=${encodeURIComponent(name)}`,
      token,
    );

  it('stores a new picture under the business, serves it, and removes the old one', async () => {
    const first = await upload(clerk.token, clerk.userId, PNG_1X1);
    expect(first.statusCode).toBe(200);
    const name: string = first.json().picture;
    expect(name).toMatch(new RegExp(`^businesses/${owner.businessId}/users/[0-9a-f]+\\.png$`));
    const served = await download(clerk.token, name);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const second = await upload(owner.token, clerk.userId, PNG_1X1);
    expect(second.json().picture).not.toBe(name);
    expect((await download(clerk.token, name)).statusCode).toBe(404);
    expect((await download(clerk.token, second.json().picture)).statusCode).toBe(200);
    expect((await auditOf(owner.userId)).map((a) => a.description)).toContain(
      'Changed the picture of Cleo Clerk.',
    );
  });

  it('refuses a form without the picture part, and a lower role on another member', async () => {
    const empty = multipart([]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${clerk.userId}/picture`,
      headers: { ...empty.headers, authorization: `Bearer ${clerk.token}` },
      payload: empty.payload,
    });
    expect(res.statusCode).toBe(400);
    expect((await upload(reader.token, clerk.userId, PNG_1X1)).statusCode).toBe(403);
  });
});
