/**
 * Security review of issue 10, second pass: text a member types that other people read.
 *
 * Threat: a member (or an admin naming a new member) puts line breaks or other control
 * characters in a full name. Names are written into audit descriptions ("Changed the roles of
 * <name> from ... to ..."), the Logs screen and the export: a name such as "Bob\r\nDeleted the
 * business." forges a second line that reads as another entry, and a bidi override turns the
 * rest of the line around. The name is refused before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import {
  apiCaller,
  ownerWithBusiness,
  staffMember,
  uniqueEmail,
  verifiedOwner,
} from '../factories/accounts.js';
import { multipart } from '../factories/multipart.js';

let t: TestApp;
let shop: Awaited<ReturnType<typeof ownerWithBusiness>>;
let member: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await ownerWithBusiness(t, 'Names Shop');
  await t.sql(`update businesses set plan_id = 'SUPREME' where id = $1`, [shop.businessId]);
  member = await staffMember(t, shop.token, ['ROLE_PRODUCT_READER']);
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);

async function fingerprint(): Promise<string> {
  const tables = ['users', 'audit_logs', 'one_time_tokens', 'businesses'].map(
    (table) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${table} x)`,
  );
  const { rows } = await t.sql(`select concat_ws(',', ${tables.join(', ')}) as print`);
  return rows[0].print as string;
}

const FORGED_NAMES = [
  'Bob\r\nDeleted the business.',
  'Bob\nDeleted the business.',
  'Bob\u2028Deleted the business.',
  'Bob\u202eetaled',
  'Bob\u0007',
];

describe('team review: names', () => {
  it('refuses a full name with line breaks or control characters on update, invitation and registration, and writes nothing', async () => {
    const before = await fingerprint();
    for (const fullName of FORGED_NAMES) {
      const attempts = [
        await call('PUT', `/api/users/${member.userId}`, member.token, { fullName }),
        await call('PUT', `/api/users/${member.userId}`, shop.token, { fullName }),
        await call('POST', '/api/users', shop.token, {
          fullName,
          email: uniqueEmail('forged'),
          roles: ['ROLE_PRODUCT_READER'],
        }),
        await call('POST', '/api/auth/register', undefined, {
          fullName,
          email: uniqueEmail('forged'),
          password: 'Correct-Horse-Battery-9',
        }),
      ];
      for (const res of attempts) {
        expect(res.statusCode, JSON.stringify(fullName)).toBe(400);
        expect(Object.keys(res.json().details.fieldErrors)).toEqual(['fullName']);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('still takes names in any script, with accents, apostrophes and inner spaces', async () => {
    for (const fullName of ["Zoë O'Brien-Łukasz", 'محمد علي', '山田 太郎']) {
      const res = await call('PUT', `/api/users/${member.userId}`, member.token, { fullName });
      expect(res.statusCode).toBe(200);
      expect(res.json().fullName).toBe(fullName);
    }
  });

  it('refuses such a business name on create and update (it is the subject of invitation mails), and writes nothing', async () => {
    const loner = await verifiedOwner(t);
    const before = await fingerprint();
    const send = (method: 'POST' | 'PUT', url: string, token: string, businessName: string) => {
      const form = multipart([{ name: 'business', value: JSON.stringify({ businessName }) }]);
      return t.app.inject({
        method,
        url,
        headers: { ...form.headers, authorization: `Bearer ${token}` },
        payload: form.payload,
      });
    };
    for (const name of FORGED_NAMES) {
      for (const res of [
        await send('POST', '/api/businesses/create', loner.token, name),
        await send('PUT', `/api/businesses/${shop.businessId}`, shop.token, name),
      ]) {
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(Object.keys(res.json().details.fieldErrors)).toEqual(['businessName']);
      }
    }
    expect(await fingerprint()).toBe(before);
  });
});
