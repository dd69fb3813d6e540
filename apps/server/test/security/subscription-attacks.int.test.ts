import type { TSubscription } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { apiCaller, bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { insertLocation } from '../factories/catalogue.js';
import { planIdOf, runRenewals, settableClock, subscribe } from '../factories/subscriptions.js';

const clock = settableClock(new Date('2026-02-01T08:00:00Z'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rivalSubscription: TSubscription;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Target Shop');
  rival = await ownerWithBusiness(t, 'Rival Shop');
  rivalSubscription = await subscribe(t, rival.token, 'ADVANCED');
});
afterAll(async () => {
  await t.close();
});

async function snapshot() {
  return (await t.sql('select * from subscriptions order by id')).rows;
}

describe('subscription attacks', () => {
  it("answers 404 for another business's subscription on every call, changing nothing", async () => {
    const before = await snapshot();
    const id = rivalSubscription.id;
    const attempts = [
      call('GET', `/api/subscriptions/${id}`, owner.token),
      call('GET', `/api/subscriptions/current?businessId=${rival.businessId}`, owner.token),
      call('PUT', `/api/subscriptions/${id}`, owner.token, { planId: 'BASIC' }),
      call('DELETE', `/api/subscriptions/${id}`, owner.token),
      call('POST', `/api/subscriptions/${id}/reactivate`, owner.token),
      call('PATCH', `/api/subscriptions/${id}/auto-renew?enable=false`, owner.token),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await planIdOf(t, rival.businessId)).toBe('ADVANCED');
  });

  it('refuses every management call to staff roles, admin included, and reads only to business roles', async () => {
    const staff = await staffTokensByRole(t, rival.token, {
      admin: 'ROLE_BUSINESS_ADMIN',
      inventory: 'ROLE_INVENTORY_ADMIN',
      assistant: 'ROLE_STORE_ASSISTANT',
    });
    const id = rivalSubscription.id;
    const before = await snapshot();
    for (const token of Object.values(staff)) {
      expect((await call('POST', '/api/subscriptions', token, { planId: 'BASIC' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/subscriptions/${id}`, token, { planId: 'BASIC' })).statusCode).toBe(
        403,
      );
      expect((await call('DELETE', `/api/subscriptions/${id}`, token)).statusCode).toBe(403);
      expect((await call('POST', `/api/subscriptions/${id}/reactivate`, token)).statusCode).toBe(403);
      expect(
        (await call('PATCH', `/api/subscriptions/${id}/auto-renew?enable=false`, token)).statusCode,
      ).toBe(403);
    }
    expect((await call('GET', `/api/subscriptions/${id}`, staff.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/subscriptions/${id}`, staff.inventory)).statusCode).toBe(403);
    expect((await call('GET', `/api/subscriptions/${id}`)).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a replayed Idempotency-Key with the first answer, and 422 with another body', async () => {
    const send = (planId: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers: { ...bearer(owner.token), 'idempotency-key': key },
        payload: { planId },
      });
    const first = await send('BASIC', 'subscribe-once');
    expect(first.statusCode).toBe(201);
    const replay = await send('BASIC', 'subscribe-once');
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const other = await send('SUPREME', 'subscribe-once');
    expect(other.statusCode).toBe(422);
    const { rows } = await t.sql('select plan_id from subscriptions where business_id = $1', [
      owner.businessId,
    ]);
    expect(rows).toEqual([{ plan_id: 'BASIC' }]);

    const change = (planId: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subscriptions/${first.json().id}`,
        headers: { ...bearer(owner.token), 'idempotency-key': 'change-once' },
        payload: { planId },
      });
    expect((await change('ADVANCED')).statusCode).toBe(200);
    expect((await change('SUPREME')).statusCode).toBe(422);
    expect(await planIdOf(t, owner.businessId)).toBe('ADVANCED');
  });

  it('serialises a downgrade with a creation the lower plan forbids: never both', async () => {
    const id = (
      await call('GET', `/api/subscriptions/current?businessId=${owner.businessId}`, owner.token)
    ).json().id;
    const warehouse = async () =>
      call('POST', '/api/warehouses', owner.token, {
        name: `Depot ${Math.random().toString(36).slice(2, 8)}`,
        locationId: await insertLocation(t, owner.businessId),
      });
    for (let i = 0; i < 2; i++) expect((await warehouse()).statusCode).toBe(201);
    const [down, third] = await Promise.all([
      call('PUT', `/api/subscriptions/${id}`, owner.token, { planId: 'BASIC' }),
      warehouse(),
    ]);
    expect([down.statusCode, third.statusCode].sort()).toEqual(
      down.statusCode === 200 ? [200, 403] : [201, 409],
    );
    const { rows } = await t.sql(
      'select count(*)::int as n from warehouses where business_id = $1 and active',
      [owner.businessId],
    );
    const plan = await planIdOf(t, owner.businessId);
    expect(rows[0].n).toBeLessThanOrEqual(plan === 'BASIC' ? 2 : 5);
  });

  it('serialises two subscriptions at once: one is created, the other told to change the plan', async () => {
    const fresh = await ownerWithBusiness(t, 'Double Click Shop');
    const answers = await Promise.all([
      call('POST', '/api/subscriptions', fresh.token, { planId: 'BASIC' }),
      call('POST', '/api/subscriptions', fresh.token, { planId: 'ADVANCED' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const created = answers.find((res) => res.statusCode === 201)!.json<TSubscription>();
    expect(await planIdOf(t, fresh.businessId)).toBe(created.planId);
  });

  it('refuses to reactivate a canceled subscription after its end', async () => {
    const late = await ownerWithBusiness(t, 'Late Shop');
    const subscription = await subscribe(t, late.token, 'BASIC');
    await call('DELETE', `/api/subscriptions/${subscription.id}`, late.token);
    clock.set(new Date(new Date(subscription.endDate).getTime() + 1000));
    // Before the sweep ran (still CANCELED) and after it (EXPIRED): both ended.
    const early = await call('POST', `/api/subscriptions/${subscription.id}/reactivate`, late.token);
    expect(early.statusCode).toBe(409);
    await runRenewals(t);
    const after = await call('POST', `/api/subscriptions/${subscription.id}/reactivate`, late.token);
    expect(after.statusCode).toBe(409);
    expect(await planIdOf(t, late.businessId)).toBe('FREE');
  });
});
