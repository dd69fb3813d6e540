/**
 * Security review of the Users API (issue 10): another business's ids, lower roles, the owner
 * rules, sessions after disabling and role changes, hostile pictures.
 *
 * Threats: an owner (Mallory) of another business who learned a victim's user, location or
 * business ids; staff of the victim's business trying calls their role does not allow or raising
 * their own roles; an admin taking the business from its owner; a picture that is no image.
 * Every refusal must write nothing: users, audit entries, link tokens and stored files are
 * compared before and after.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_ROLES, type Role } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_COOKIE } from '../../src/modules/access/auth.routes.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import {
  GOOD_PASSWORD,
  apiCaller,
  ownerWithBusiness,
  signIn,
  staffMember,
  staffTokensByRole,
  uniqueEmail,
} from '../factories/accounts.js';
import { insertLocation, setPlan } from '../factories/catalogue.js';
import { multipart } from '../factories/multipart.js';
import { blobFiles, realPng } from './catalogue-kit.js';

let t: TestApp;
let victim: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let assistant: Awaited<ReturnType<typeof staffMember>>;
let inviteeId: string;
let locationId: string;
let lower: Record<string, string>;

const LOWER_ROLES = STAFF_ROLES.filter((role) => role !== 'ROLE_BUSINESS_ADMIN');

beforeAll(async () => {
  t = await buildTestApp();
  victim = await ownerWithBusiness(t, 'Victim Shop');
  mallory = await ownerWithBusiness(t, 'Mallory Shop');
  await setPlan(t, victim.businessId, 'SUPREME');
  admin = await staffMember(t, victim.token, ['ROLE_BUSINESS_ADMIN']);
  assistant = await staffMember(t, victim.token, ['ROLE_STORE_ASSISTANT']);
  lower = await staffTokensByRole(
    t,
    victim.token,
    Object.fromEntries(LOWER_ROLES.map((role) => [role, role])) as Record<Role, Role>,
  );
  const invited = await call('POST', '/api/users', victim.token, {
    fullName: 'Ivy Invitee',
    email: uniqueEmail('invitee'),
    roles: ['ROLE_PRODUCT_READER'],
  });
  inviteeId = invited.json<{ id: string }>().id;
  locationId = await insertLocation(t, victim.businessId);
  // The invitation's link mail may be resent at once in these tests.
  await t.sql(`update one_time_tokens set created_at = now() - interval '2 minutes'`);
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);

async function fingerprint(): Promise<string> {
  const tables = ['users', 'audit_logs', 'one_time_tokens'].map(
    (table) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x)`,
  );
  const { rows } = await t.sql(`select concat_ws(',', ${tables.join(', ')}) as print`);
  return `${rows[0].print as string};${(await blobFiles(t)).join('|')}`;
}

function uploadPicture(token: string, id: string, data: Buffer, contentType = 'image/png') {
  const form = multipart([{ name: 'picture', value: data, filename: 'me.png', contentType }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}/picture`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

type Attempt = { name: string; run: (token: string) => Promise<LightMyRequestResponse> };

/** Every call of the Users API that names a member, aimed at `id`. */
function memberCalls(id: string): Attempt[] {
  return [
    { name: 'update', run: (token) => call('PUT', `/api/users/${id}`, token, { description: 'x' }) },
    { name: 'delete', run: (token) => call('DELETE', `/api/users/${id}`, token) },
    { name: 'disable', run: (token) => call('PUT', `/api/users/${id}/disable`, token) },
    { name: 'enable', run: (token) => call('PUT', `/api/users/${id}/enable`, token) },
    { name: 'roles', run: (token) => call('GET', `/api/users/${id}/roles`, token) },
    { name: 'assign', run: (token) => call('PUT', `/api/users/${id}/roles`, token, ['ROLE_PRODUCT_READER']) },
    {
      name: 'remove',
      run: (token) => call('PUT', `/api/users/${id}/roles/remove`, token, ['ROLE_PRODUCT_READER']),
    },
    { name: 'picture', run: async (token) => uploadPicture(token, id, await realPng()) },
    { name: 'resend', run: (token) => call('POST', `/api/users/${id}/resend-invitation`, token) },
  ];
}

describe('users attacks', () => {
  it("answers 404 to another business's user, location and business ids, and writes nothing", async () => {
    const before = await fingerprint();
    const attempts: Attempt[] = [
      ...memberCalls(admin.userId),
      ...memberCalls(inviteeId).filter((a) => a.name === 'resend'),
      { name: 'get', run: (token) => call('GET', `/api/users/${admin.userId}`, token) },
      { name: 'location', run: (token) => call('GET', `/api/users/location/${locationId}`, token) },
      { name: 'ids', run: (token) => call('GET', `/api/users/ids/by-business/${victim.businessId}`, token) },
    ];
    for (const attempt of attempts) {
      const res = await attempt.run(mallory.token);
      expect(res.statusCode, attempt.name).toBe(404);
      expect(res.body, attempt.name).not.toContain('Victim');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses every management call to each lower role with 403, and writes nothing', async () => {
    const before = await fingerprint();
    const lists = [
      '/api/users/business-users',
      '/api/users/ids',
      '/api/users/total',
      '/api/users/search?partialEmail=sh',
    ];
    for (const [role, token] of Object.entries(lower)) {
      for (const attempt of [...memberCalls(admin.userId), ...memberCalls(inviteeId).slice(-1)]) {
        expect((await attempt.run(token)).statusCode, `${role} ${attempt.name}`).toBe(403);
      }
      for (const url of lists) expect((await call('GET', url, token)).statusCode, `${role} ${url}`).toBe(403);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('refuses a store assistant changing their own roles, and an admin granting the owner role', async () => {
    const before = await fingerprint();
    const own = await call('PUT', `/api/users/${assistant.userId}/roles`, assistant.token, [
      'ROLE_BUSINESS_ADMIN',
    ]);
    expect(own.statusCode).toBe(403);
    const raise = await call('PUT', `/api/users/${assistant.userId}/roles`, admin.token, [
      'ROLE_BUSINESS_OWNER',
    ]);
    expect(raise.statusCode).toBe(403);
    const selfRaise = await call('PUT', `/api/users/${admin.userId}/roles`, admin.token, [
      'ROLE_BUSINESS_OWNER',
    ]);
    expect(selfRaise.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('keeps the last owner: no stripping, disabling or deleting them', async () => {
    const before = await fingerprint();
    const attempts: Array<[string, string, () => Promise<LightMyRequestResponse>]> = [
      [
        'strip self',
        '403',
        () => call('PUT', `/api/users/${victim.userId}/roles/remove`, victim.token, ['ROLE_BUSINESS_OWNER']),
      ],
      [
        'strip by admin',
        '403',
        () => call('PUT', `/api/users/${victim.userId}/roles`, admin.token, ['ROLE_PRODUCT_READER']),
      ],
      ['disable self', '403', () => call('PUT', `/api/users/${victim.userId}/disable`, victim.token)],
      ['disable by admin', '403', () => call('PUT', `/api/users/${victim.userId}/disable`, admin.token)],
      ['delete by admin', '403', () => call('DELETE', `/api/users/${victim.userId}`, admin.token)],
      [
        'update by admin',
        '403',
        () => call('PUT', `/api/users/${victim.userId}`, admin.token, { email: uniqueEmail() }),
      ],
      ['delete self', '409', () => call('DELETE', `/api/users/${victim.userId}`, victim.token)],
    ];
    for (const [name, status, run] of attempts) expect(String((await run()).statusCode), name).toBe(status);
    expect(await fingerprint()).toBe(before);
  });

  it('holds the last owner even against a token whose owner role the database no longer has', async () => {
    const shop = await ownerWithBusiness(t, 'Stale Shop');
    const partner = await staffMember(t, shop.token, ['ROLE_BUSINESS_ADMIN']);
    expect(
      (await call('PUT', `/api/users/${partner.userId}/roles`, shop.token, ['ROLE_BUSINESS_OWNER']))
        .statusCode,
    ).toBe(200);
    const partnerToken = (await signIn(t, partner.email, GOOD_PASSWORD)).token;
    // The partner's row loses the owner role behind the token's back (version unchanged).
    await t.sql(`update users set roles = '{ROLE_BUSINESS_ADMIN}' where id = $1`, [partner.userId]);
    const res = await call('PUT', `/api/users/${shop.userId}/disable`, partnerToken);
    expect(res.statusCode).toBe(409);
    expect((await call('DELETE', `/api/users/${shop.userId}`, partnerToken)).statusCode).toBe(409);
    expect(
      (await t.sql(`select disabled_at, deleted_at from users where id = $1`, [shop.userId])).rows[0],
    ).toEqual({
      disabled_at: null,
      deleted_at: null,
    });
  });

  it("ends a disabled user's access token at once and refuses their refresh token", async () => {
    const member = await staffMember(t, victim.token, ['ROLE_INVENTORY_READER']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: GOOD_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie.startsWith(`${REFRESH_COOKIE}=`)).toBe(true);
    expect((await call('PUT', `/api/users/${member.userId}/disable`, admin.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${member.userId}`, login.json().token)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(refresh.statusCode).toBe(401);
  });

  it('signs a member out on a role change (token and refresh); the new sign-in carries the new roles', async () => {
    const member = await staffMember(t, victim.token, ['ROLE_INVENTORY_READER']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: GOOD_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    await call('PUT', `/api/users/${member.userId}/roles`, admin.token, ['ROLE_LOYALTY_ADMIN']);
    expect((await call('GET', `/api/users/${member.userId}`, login.json().token)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } })).statusCode,
    ).toBe(401);
    expect((await signIn(t, member.email, GOOD_PASSWORD)).user.roles).toEqual(['ROLE_LOYALTY_ADMIN']);
  });

  it('refuses hostile pictures with 4xx and stores nothing', async () => {
    const before = await fingerprint();
    const png = await realPng();
    const hostile: Array<[string, Buffer, string]> = [
      [
        'svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
      ['png header on garbage', Buffer.concat([png.subarray(0, 16), randomBytes(2048)]), 'image/png'],
      ['6 MB', Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]), 'image/png'],
      ['zip', Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(512)]), 'application/zip'],
    ];
    for (const [name, data, type] of hostile) {
      const res = await uploadPicture(assistant.token, assistant.userId, data, type);
      expect(res.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, name).toBeLessThan(500);
    }
    expect(await fingerprint()).toBe(before);
  });
});
