/**
 * Security review of issue 10, second pass: what users-attacks does not cover about owners.
 *
 * Threats: an owner demoted while a request of theirs is under way, whose token still says owner
 * when the request reaches the business lock; an admin who parks an address of theirs as a staff
 * member's pending e-mail, waits for the owner to promote that member, then confirms the link and
 * resets the new owner's password.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import {
  GOOD_PASSWORD,
  apiCaller,
  ownerWithBusiness,
  signIn,
  staffMember,
  uniqueEmail,
} from '../factories/accounts.js';
import { tokenOf, waitForLink } from '../factories/mail.js';

let t: TestApp;
let shop: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  shop = await ownerWithBusiness(t, 'Owners Shop');
  await t.sql(`update businesses set plan_id = 'SUPREME' where id = $1`, [shop.businessId]);
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);
const rolesOf = async (id: string) =>
  (await t.sql(`select roles from users where id = $1`, [id])).rows[0]?.roles as string[];

/** Waits until a request of the app waits on a row lock (the business row held by the test). */
async function untilSomeoneWaitsOnALock(): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await t.sql(
      `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((rows[0]?.n as number) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no request waited on the business lock');
}

describe('team review: owners', () => {
  it('refuses a request whose owner was demoted while it waited for the business lock, and writes nothing', async () => {
    const partner = await staffMember(t, shop.token, ['ROLE_BUSINESS_ADMIN']);
    const target = await staffMember(t, shop.token, ['ROLE_PRODUCT_READER']);
    expect(
      (await call('PUT', `/api/users/${partner.userId}/roles`, shop.token, ['ROLE_BUSINESS_OWNER']))
        .statusCode,
    ).toBe(200);
    const signed = await signIn(t, partner.email, GOOD_PASSWORD);
    const before = (await t.sql(`select count(*)::int as n from audit_logs`)).rows[0]?.n as number;

    // The other owner holds the business row (as a role change does) and demotes the partner.
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from businesses where id = $1 for update', [shop.businessId]);
      const pending = call('PUT', `/api/users/${target.userId}/roles`, signed.token, ['ROLE_BUSINESS_OWNER']);
      await untilSomeoneWaitsOnALock();
      await holder.query(
        `update users set roles = '{ROLE_BUSINESS_ADMIN}', token_version = token_version + 1 where id = $1`,
        [partner.userId],
      );
      await holder.query('commit');
      const res = await pending;
      expect(res.statusCode).toBe(401);
    } finally {
      await holder.end();
    }
    expect(await rolesOf(target.userId)).toEqual(['ROLE_PRODUCT_READER']);
    expect((await t.sql(`select count(*)::int as n from audit_logs`)).rows[0]?.n).toBe(before);
  });

  it("refuses an admin setting another member's e-mail address: a parked address cannot later take the account", async () => {
    const admin = await staffMember(t, shop.token, ['ROLE_BUSINESS_ADMIN']);
    const member = await staffMember(t, shop.token, ['ROLE_PRODUCT_READER']);
    const parked = uniqueEmail('admin-parked');
    const mailsBefore = (await t.sql(`select count(*)::int as n from one_time_tokens`)).rows[0]?.n;
    const res = await call('PUT', `/api/users/${member.userId}`, admin.token, { email: parked });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Only the person can change their own e-mail address. Ask them to do it in their profile.',
    );
    const row = (await t.sql(`select email, pending_email from users where id = $1`, [member.userId]))
      .rows[0];
    expect(row).toEqual({ email: member.email, pending_email: null });
    expect((await t.sql(`select count(*)::int as n from one_time_tokens`)).rows[0]?.n).toBe(mailsBefore);
  });

  it('drops a pending e-mail change when the member becomes an owner: a link asked for before no longer applies', async () => {
    const member = await staffMember(t, shop.token, ['ROLE_PRODUCT_READER']);
    const parked = uniqueEmail('parked');
    expect(
      (await call('PUT', `/api/users/${member.userId}`, member.token, { email: parked })).statusCode,
    ).toBe(200);
    const link = await waitForLink(t, parked, 'http://app.test/confirm-email?token=');
    expect(
      (await call('PUT', `/api/users/${member.userId}/roles`, shop.token, ['ROLE_BUSINESS_OWNER']))
        .statusCode,
    ).toBe(200);
    const confirm = await call('POST', '/api/users/confirm-email', undefined, { token: tokenOf(link) });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    const row = (await t.sql(`select email, pending_email from users where id = $1`, [member.userId]))
      .rows[0];
    expect(row).toEqual({ email: member.email, pending_email: null });
  });

  it('leaves exactly one owner when two owners strip or delete each other at the same moment', async () => {
    for (const attack of ['strip', 'delete'] as const) {
      const twin = await ownerWithBusiness(t, `Twin ${attack} Shop`);
      await t.sql(`update businesses set plan_id = 'SUPREME' where id = $1`, [twin.businessId]);
      const partner = await staffMember(t, twin.token, ['ROLE_BUSINESS_ADMIN']);
      await call('PUT', `/api/users/${partner.userId}/roles`, twin.token, ['ROLE_BUSINESS_OWNER']);
      const partnerToken = (await signIn(t, partner.email, GOOD_PASSWORD)).token;
      const hit = (token: string, id: string) =>
        attack === 'strip'
          ? call('PUT', `/api/users/${id}/roles`, token, ['ROLE_BUSINESS_ADMIN'])
          : call('DELETE', `/api/users/${id}`, token);
      const answers = await Promise.all([hit(twin.token, partner.userId), hit(partnerToken, twin.userId)]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses[0], attack).toBeLessThan(300);
      expect([401, 409], attack).toContain(statuses[1]);
      const { rows } = await t.sql(
        `select count(*)::int as n from users where business_id = $1 and deleted_at is null
           and 'ROLE_BUSINESS_OWNER' = any(roles)`,
        [twin.businessId],
      );
      expect(rows[0]?.n, attack).toBe(1);
    }
  });
});
