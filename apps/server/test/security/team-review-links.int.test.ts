/**
 * Security review of issue 10, second pass: e-mail change links and incident response.
 *
 * Threat: someone who took over a member's session asks for the account's address to change to
 * theirs. The notice reaches the real address; the owner disables the account at once. The link
 * mailed to the attacker's address must not complete the change afterwards: with the address,
 * a password reset would hand them the account the day it is enabled again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { apiCaller, ownerWithBusiness, staffMember, uniqueEmail } from '../factories/accounts.js';
import { tokenOf, waitForLink } from '../factories/mail.js';

let t: TestApp;
let shop: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await ownerWithBusiness(t, 'Links Shop');
  await t.sql(`update businesses set plan_id = 'SUPREME' where id = $1`, [shop.businessId]);
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);

describe('team review: e-mail change links', () => {
  it('ends a pending address change when the account is disabled: the link no longer applies, even once enabled', async () => {
    const member = await staffMember(t, shop.token, ['ROLE_PRODUCT_READER']);
    const attacker = uniqueEmail('attacker');
    expect(
      (await call('PUT', `/api/users/${member.userId}`, member.token, { email: attacker })).statusCode,
    ).toBe(200);
    const link = await waitForLink(t, attacker, 'http://app.test/confirm-email?token=');
    expect((await call('PUT', `/api/users/${member.userId}/disable`, shop.token)).statusCode).toBe(200);
    const whileDisabled = await call('POST', '/api/users/confirm-email', undefined, { token: tokenOf(link) });
    expect(whileDisabled.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await call('PUT', `/api/users/${member.userId}/enable`, shop.token)).statusCode).toBe(200);
    const onceEnabled = await call('POST', '/api/users/confirm-email', undefined, { token: tokenOf(link) });
    expect(onceEnabled.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const row = (await t.sql(`select email, pending_email from users where id = $1`, [member.userId]))
      .rows[0];
    expect(row).toEqual({ email: member.email, pending_email: null });
  });
});
