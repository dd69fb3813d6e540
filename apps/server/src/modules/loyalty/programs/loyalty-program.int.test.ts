import type { TLoyaltyProgram, TLoyaltyTemplate } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';

type Account = { token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

const TIERED = '0193a6f0-0000-7000-8000-000000000002';
const CASHBACK = '0193a6f0-0000-7000-8000-000000000004';
const BASE = '/api/business/loyalty-program';
const clock = settableClock(new Date('2026-05-04T09:00:00Z'));

let t: TestApp;
let owner: Account & { businessId: string };
let other: Account & { businessId: string };
let admin: Account;
let contributor: Account;
let reader: Account;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Bakery');
  other = await ownerWithBusiness(t, 'Elsewhere Market');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'BASIC');
  admin = await staffMember(t, owner.token, ['ROLE_LOYALTY_ADMIN']);
  contributor = await staffMember(t, owner.token, ['ROLE_LOYALTY_CONTRIBUTOR']);
  reader = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
});
afterEach(async () => {
  await setPlan(t, owner.businessId, 'SUPREME');
  // Each test starts without a programme.
  await t.sql('update loyalty_programs set active = false where business_id = $1', [owner.businessId]);
});
afterAll(async () => {
  await t.close();
});

const call = (who: Account, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function ok<T>(who: Account, method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

const activate = (templateId: string, who: Account = owner) =>
  ok<TLoyaltyProgram>(who, 'POST', `${BASE}/activate/${templateId}`);

describe('the loyalty programme', () => {
  it('answers 404 while none is active, then the programme started from a template', async () => {
    const none = await call(reader, 'GET', `${BASE}/active`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No loyalty programme is active.');

    const program = await activate(TIERED);
    expect(program).toMatchObject({
      templateId: TIERED,
      templateName: 'Bronze, Silver and Gold',
      type: 'TIERED',
      overrides: {},
      active: true,
      activatedAt: '2026-05-04T09:00:00.000Z',
      deactivatedAt: null,
    });
    expect(program.programId).toBe(program.id);
    expect(await ok(reader, 'GET', `${BASE}/active`)).toEqual(program);
    // The same template again answers the same programme.
    expect(await activate(TIERED)).toEqual(program);
  });

  it('keeps one programme active: another template or an earlier programme takes its place', async () => {
    const tiered = await activate(TIERED);
    const cashback = await activate(CASHBACK);
    expect(cashback.id).not.toBe(tiered.id);
    const { rows } = await t.sql(
      'select id, active from loyalty_programs where business_id = $1 and active',
      [owner.businessId],
    );
    expect(rows).toEqual([{ id: cashback.id, active: true }]);

    const again = await ok<TLoyaltyProgram>(admin, 'POST', `${BASE}/reactivate/${tiered.id}`);
    expect(again).toMatchObject({ id: tiered.id, active: true, deactivatedAt: null });
    expect((await ok<TLoyaltyProgram>(owner, 'GET', `${BASE}/active`)).id).toBe(tiered.id);

    clock.set(new Date('2026-05-05T18:00:00Z'));
    const stopped = await ok<TLoyaltyProgram>(owner, 'POST', `${BASE}/deactivate`);
    expect(stopped).toMatchObject({
      id: tiered.id,
      active: false,
      deactivatedAt: '2026-05-05T18:00:00.000Z',
    });
    expect((await call(owner, 'GET', `${BASE}/active`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `${BASE}/deactivate`)).statusCode).toBe(404);
  });

  it('takes overrides of its settings, checked against the type, and keeps them when reactivated', async () => {
    const program = await activate(TIERED);
    const tiers = [
      { name: 'Bronze', threshold: 0, multiplier: 1 },
      { name: 'Silver', threshold: 600, multiplier: 1.25 },
      { name: 'Gold', threshold: 5000, multiplier: 1.5 },
    ];
    const changed = await ok<TLoyaltyProgram>(contributor, 'PATCH', `${BASE}/${program.id}/override`, {
      overrides: { tiers, expiryMonths: null },
    });
    expect(changed.overrides).toEqual({ tiers, expiryMonths: null });
    expect(changed.rules).toMatchObject({ type: 'TIERED', tiers, expiryMonths: null, pointsPerUnit: 1 });

    const bad = await call(owner, 'PATCH', `${BASE}/${program.id}/override`, {
      overrides: { tiers: [{ name: 'Only', threshold: 5, multiplier: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fieldErrors)).toEqual(['overrides.tiers']);
    const unknown = await call(owner, 'PATCH', `${BASE}/${program.id}/override`, {
      overrides: { percent: 5 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fieldErrors).toHaveProperty(['overrides.percent']);
    const retype = await call(owner, 'PATCH', `${BASE}/${program.id}/override`, {
      overrides: { type: 'CASHBACK' },
    });
    expect(retype.statusCode).toBe(400);
    // Nothing of the refused bodies was kept.
    expect((await ok<TLoyaltyProgram>(owner, 'GET', `${BASE}/active`)).overrides).toEqual({
      tiers,
      expiryMonths: null,
    });

    await activate(CASHBACK);
    const back = await ok<TLoyaltyProgram>(owner, 'POST', `${BASE}/reactivate/${program.id}`);
    expect(back.rules).toMatchObject({ tiers });
    const reset = await ok<TLoyaltyProgram>(owner, 'PATCH', `${BASE}/${program.id}/override`, {
      overrides: {},
    });
    expect(reset.rules).toMatchObject({
      tiers: [{ threshold: 0 }, { threshold: 1000 }, { threshold: 5000 }],
    });
  });

  it("keeps a template's type while a programme is built from it, and its new rules must take the overrides", async () => {
    const template = (
      await t.app.inject({
        method: 'POST',
        url: '/api/loyalty-templates',
        headers: bearer(owner.token),
        payload: { name: 'House cashback', rules: { type: 'CASHBACK', percent: 2, expiryMonths: 12 } },
      })
    ).json<TLoyaltyTemplate>();
    const program = await activate(template.id);
    await ok(owner, 'PATCH', `${BASE}/${program.id}/override`, { overrides: { percent: 4 } });
    const retyped = await call(owner, 'PUT', `/api/loyalty-templates/${template.id}`, {
      name: 'House cashback',
      rules: {
        type: 'VISITS',
        visitsForReward: 5,
        minimumSpend: '1',
        reward: { name: 'A', value: '1' },
        expiryMonths: null,
      },
    });
    expect(retyped.statusCode).toBe(409);
    const fine = await call(owner, 'PUT', `/api/loyalty-templates/${template.id}`, {
      name: 'House cashback',
      rules: { type: 'CASHBACK', percent: 3, expiryMonths: 24 },
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect((await ok<TLoyaltyProgram>(owner, 'GET', `${BASE}/active`)).rules).toEqual({
      type: 'CASHBACK',
      percent: 4,
      expiryMonths: 24,
    });
    // A switched-off template starts no new programme, and the running one runs on.
    await ok(owner, 'PATCH', `/api/loyalty-templates/${template.id}/status?active=false`);
    await activate(TIERED);
    const refused = await call(owner, 'POST', `${BASE}/activate/${template.id}`);
    expect(refused.statusCode).toBe(409);
  });

  it('lets admins switch programmes, contributors override, readers read', async () => {
    const program = await activate(TIERED, admin);
    expect((await call(contributor, 'POST', `${BASE}/activate/${CASHBACK}`)).statusCode).toBe(403);
    expect((await call(contributor, 'POST', `${BASE}/deactivate`)).statusCode).toBe(403);
    expect(
      (await call(reader, 'PATCH', `${BASE}/${program.id}/override`, { overrides: {} })).statusCode,
    ).toBe(403);
    expect(
      (await call(contributor, 'PATCH', `${BASE}/${program.id}/override`, { overrides: {} })).statusCode,
    ).toBe(200);
    expect((await call(reader, 'GET', `${BASE}/active`)).statusCode).toBe(200);
  });

  it('needs the LOYALTY feature to start or change a programme; a downgraded business may still stop it', async () => {
    const program = await activate(TIERED);
    await setPlan(t, owner.businessId, 'FREE');
    for (const [method, url, body] of [
      ['POST', `${BASE}/activate/${CASHBACK}`, undefined],
      ['POST', `${BASE}/reactivate/${program.id}`, undefined],
      ['PATCH', `${BASE}/${program.id}/override`, { overrides: {} }],
    ] as const) {
      const res = await call(owner, method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
    }
    const stopped = await call(owner, 'POST', `${BASE}/deactivate`);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ id: program.id, active: false });
  });

  it("never reaches another business's programme or templates (404)", async () => {
    const theirs = await activate(CASHBACK, other);
    expect((await call(owner, 'POST', `${BASE}/reactivate/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'PATCH', `${BASE}/${theirs.id}/override`, { overrides: { percent: 50 } }))
        .statusCode,
    ).toBe(404);
    expect((await call(owner, 'GET', `${BASE}/active`)).statusCode).toBe(404);
    const { rows } = await t.sql('select active, overrides from loyalty_programs where id = $1', [theirs.id]);
    expect(rows).toEqual([{ active: true, overrides: {} }]);
    const unknown = await call(owner, 'POST', `${BASE}/activate/0193a6f0-0000-7000-8000-0000000000ff`);
    expect(unknown.statusCode).toBe(404);
  });
});
