import { PLAN_IDS, type TSubscription, type TSubscriptionPlan } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';
import { insertStore } from '../../../test/factories/catalogue.js';
import {
  planIdOf,
  settableClock,
  subscribe,
  subscriptionRow,
} from '../../../test/factories/subscriptions.js';

const clock = settableClock(new Date('2026-01-31T10:00:00Z'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin = '';
let reader = '';

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Plan Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  ({ admin, reader } = await staffTokensByRole(t, owner.token, {
    admin: 'ROLE_BUSINESS_ADMIN',
    reader: 'ROLE_INVENTORY_READER',
  }));
});
afterAll(async () => {
  await t.close();
});

const call = apiCaller(() => t);

describe('GET /api/subscription-plans', () => {
  it('answers the four plans without a token, cheapest first, in the plan currency', async () => {
    const res = await call('GET', '/api/subscription-plans');
    expect(res.statusCode).toBe(200);
    const plans: TSubscriptionPlan[] = res.json();
    expect(plans.map((plan) => plan.id)).toEqual([...PLAN_IDS]);
    expect(plans[1]).toMatchObject({
      name: 'Basic',
      priceMonthly: '29.00',
      currency: 'USD',
      limits: { stores: 3, warehouses: 2, products: 2000, staffUsers: 10 },
      sandbox: true,
    });
    expect(plans[3]?.limits.stores).toBeNull();
  });
});

describe('the subscription of a business', () => {
  let subscription: TSubscription;

  it('refuses bad input, FREE and staff, writing nothing', async () => {
    const bad = await call('POST', '/api/subscriptions', owner.token, { planId: 'GOLD' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fieldErrors.planId).toBeDefined();
    const free = await call('POST', '/api/subscriptions', owner.token, { planId: 'FREE' });
    expect(free.statusCode).toBe(400);
    expect(free.json().details.fieldErrors.planId).toBeDefined();
    expect((await call('POST', '/api/subscriptions', admin, { planId: 'BASIC' })).statusCode).toBe(403);
    const { rows } = await t.sql('select count(*)::int as n from subscriptions');
    expect(rows[0]).toEqual({ n: 0 });
    expect(await planIdOf(t, owner.businessId)).toBe('FREE');
  });

  it('subscribes the owner through the sandbox for one calendar month, and the gate follows', async () => {
    subscription = await subscribe(t, owner.token, 'BASIC');
    expect(subscription).toMatchObject({
      subscriptionId: subscription.id,
      planId: 'BASIC',
      planName: 'Basic',
      plan: { name: 'Basic' },
      status: 'ACTIVE',
      autoRenew: true,
      sandbox: true,
      startDate: '2026-01-31T10:00:00.000Z',
      // 31 January plus a month: the last day of February.
      endDate: '2026-02-28T10:00:00.000Z',
    });
    expect(await planIdOf(t, owner.businessId)).toBe('BASIC');
    const { rows } = await t.sql('select provider, provider_ref from subscriptions where id = $1', [
      subscription.id,
    ]);
    expect(rows[0].provider_ref).toMatch(/^sandbox_sub_[0-9a-f-]{36}$/);
    const again = await call('POST', '/api/subscriptions', owner.token, { planId: 'ADVANCED' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/change the plan instead/);
  });

  it('answers the current one to business roles, and 404 for another business or none', async () => {
    const url = `/api/subscriptions/current?businessId=${owner.businessId}`;
    expect((await call('GET', url, owner.token)).json()).toEqual(subscription);
    expect((await call('GET', url, admin)).statusCode).toBe(200);
    expect((await call('GET', url, reader)).statusCode).toBe(403);
    expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/subscriptions/current?businessId=${other.businessId}`, other.token))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/subscriptions/current?businessId=nope', owner.token)).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/api/subscriptions/${subscription.id}`, admin)).json()).toEqual(subscription);
    expect((await call('GET', `/api/subscriptions/${subscription.id}`, other.token)).statusCode).toBe(404);
  });

  it('changes the plan, and refuses a plan below what the business uses, naming what to remove', async () => {
    const up = await call('PUT', `/api/subscriptions/${subscription.id}`, owner.token, {
      planId: 'ADVANCED',
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ planId: 'ADVANCED', endDate: subscription.endDate });
    expect(await planIdOf(t, owner.businessId)).toBe('ADVANCED');
    for (let i = 0; i < 4; i++) await insertStore(t, owner.businessId);
    const down = await call('PUT', `/api/subscriptions/${subscription.id}`, owner.token, { planId: 'BASIC' });
    expect(down.statusCode).toBe(409);
    expect(down.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Basic allows 3 stores; remove 1 store first.',
      details: { excess: { stores: 1 } },
    });
    expect(await planIdOf(t, owner.businessId)).toBe('ADVANCED');
    const free = await call('PUT', `/api/subscriptions/${subscription.id}`, owner.token, { planId: 'FREE' });
    expect(free.statusCode).toBe(400);
    await t.sql('update stores set active = false where business_id = $1', [owner.businessId]);
  });

  it('turns auto-renew off and on, checking the query', async () => {
    const url = `/api/subscriptions/${subscription.id}/auto-renew`;
    expect((await call('PATCH', `${url}?enable=maybe`, owner.token)).statusCode).toBe(400);
    expect((await call('PATCH', `${url}?enable=false`, admin)).statusCode).toBe(403);
    expect((await call('PATCH', `${url}?enable=false`, owner.token)).json().autoRenew).toBe(false);
    expect((await call('PATCH', `${url}?enable=true`, owner.token)).json().autoRenew).toBe(true);
  });

  it('cancels with access to the end date, and reactivates before it', async () => {
    expect((await call('DELETE', `/api/subscriptions/${subscription.id}`, admin)).statusCode).toBe(403);
    const canceled = await call('DELETE', `/api/subscriptions/${subscription.id}`, owner.token);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'CANCELED',
      autoRenew: false,
      endDate: subscription.endDate,
    });
    expect(await planIdOf(t, owner.businessId)).toBe('ADVANCED');
    const renew = await call(
      'PATCH',
      `/api/subscriptions/${subscription.id}/auto-renew?enable=true`,
      owner.token,
    );
    expect(renew.statusCode).toBe(409);
    const change = await call('PUT', `/api/subscriptions/${subscription.id}`, owner.token, {
      planId: 'BASIC',
    });
    expect(change.statusCode).toBe(409);
    const back = await call('POST', `/api/subscriptions/${subscription.id}/reactivate`, owner.token);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'ACTIVE', autoRenew: true });
    expect((await subscriptionRow(t, subscription.id)).status).toBe('ACTIVE');
  });

  it('cancels at the provider when the business is deleted (a queued job; the sandbox has nothing to do)', async () => {
    const leaving = await ownerWithBusiness(t, 'Leaving Shop');
    const own = await subscribe(t, leaving.token, 'BASIC');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/businesses/${leaving.businessId}`,
      headers: { authorization: `Bearer ${leaving.token}` },
      payload: { businessName: 'Leaving Shop' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.sql('select 1 from subscriptions where id = $1', [own.id])).rowCount).toBe(0);
    await t.jobs.drain();
    const { rows } = await t.sql("select state from pgboss.job where name = 'subscription-provider-cancel'");
    expect(rows).toEqual([{ state: 'completed' }]);
  });
});
