import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness } from '../../../test/factories/accounts.js';
import { insertLocation } from '../../../test/factories/catalogue.js';
import {
  planIdOf,
  runRenewals,
  settableClock,
  subscribe,
  subscriptionRow,
} from '../../../test/factories/subscriptions.js';
import { createSandboxBilling } from './billing/sandbox-billing.js';
import { DAY_MS } from './subscription-period.js';
import { RENEWAL_QUEUE, RENEWAL_SWEEP_QUEUE } from './subscriptions.queues.js';

const T0 = new Date('2026-03-10T09:00:00Z');
const clock = settableClock(T0);
const sandbox = createSandboxBilling();
let t: TestApp;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp({}, { clock, billing: sandbox });
});
afterAll(async () => {
  await t.close();
});

async function subscribed(name: string) {
  const owner = await ownerWithBusiness(t, name);
  const subscription = await subscribe(t, owner.token, 'BASIC');
  return { owner, subscription };
}

describe('renewals (DESIGN 14)', () => {
  it("queues the timer's sweep once per interval, whichever process sends it", async () => {
    const every = { singletonSeconds: 60 };
    expect(await t.jobs.send(RENEWAL_SWEEP_QUEUE, {}, every)).toBe(true);
    expect(await t.jobs.send(RENEWAL_SWEEP_QUEUE, {}, every)).toBe(false);
    await t.jobs.drain();
  });

  it('renews, expires without auto-renew and expires a canceled one, each once', async () => {
    const renewing = await subscribed('Renewing Shop');
    const lapsing = await subscribed('Lapsing Shop');
    const leaving = await subscribed('Leaving Shop');
    await call(
      'PATCH',
      `/api/subscriptions/${lapsing.subscription.id}/auto-renew?enable=false`,
      lapsing.owner.token,
    );
    await call('DELETE', `/api/subscriptions/${leaving.subscription.id}`, leaving.owner.token);

    // Before the end nothing is due: the canceled one keeps its plan.
    clock.set(new Date('2026-04-10T08:59:00Z'));
    await runRenewals(t);
    expect((await subscriptionRow(t, leaving.subscription.id)).status).toBe('CANCELED');
    expect(await planIdOf(t, leaving.owner.businessId)).toBe('BASIC');

    clock.set(new Date('2026-04-10T09:01:00Z'));
    await runRenewals(t);
    expect(await subscriptionRow(t, renewing.subscription.id)).toMatchObject({
      status: 'ACTIVE',
      end_date: new Date('2026-05-10T09:00:00Z'),
      failed_charges: 0,
    });
    expect(await planIdOf(t, renewing.owner.businessId)).toBe('BASIC');
    for (const ended of [lapsing, leaving]) {
      expect((await subscriptionRow(t, ended.subscription.id)).status).toBe('EXPIRED');
      expect(await planIdOf(t, ended.owner.businessId)).toBe('FREE');
      const current = `/api/subscriptions/current?businessId=${ended.owner.businessId}`;
      expect((await call('GET', current, ended.owner.token)).statusCode).toBe(404);
    }

    // Re-run: the sweep and a repeated job (a retry after a crash) change nothing.
    const before = await t.sql('select * from subscriptions order by id');
    await runRenewals(t);
    await t.jobs.send(RENEWAL_QUEUE, {
      businessId: renewing.owner.businessId,
      subscriptionId: renewing.subscription.id,
    });
    await t.jobs.send(RENEWAL_QUEUE, {
      businessId: leaving.owner.businessId,
      subscriptionId: leaving.subscription.id,
    });
    await t.jobs.drain();
    expect((await t.sql('select * from subscriptions order by id')).rows).toEqual(before.rows);
  });

  it('retries a declined renewal daily and expires it 3 days after the end of the period', async () => {
    clock.set(T0);
    const declined = await subscribed('Declined Shop');
    const end = new Date(declined.subscription.endDate).getTime();
    sandbox.setDeclineRenewals(true);
    try {
      for (let day = 0; day < 3; day++) {
        clock.set(new Date(end + day * DAY_MS + 60_000));
        await runRenewals(t);
        await runRenewals(t);
        const row = await subscriptionRow(t, declined.subscription.id);
        expect(row).toMatchObject({ status: 'ACTIVE', failed_charges: day + 1 });
        expect(row.next_charge_at).toEqual(new Date(end + (day + 1) * DAY_MS + 60_000));
        expect(await planIdOf(t, declined.owner.businessId)).toBe('BASIC');
      }
      clock.set(new Date(end + 3 * DAY_MS + 60_000));
      await runRenewals(t);
      expect(await subscriptionRow(t, declined.subscription.id)).toMatchObject({
        status: 'EXPIRED',
        failed_charges: 4,
        next_charge_at: null,
      });
      expect(await planIdOf(t, declined.owner.businessId)).toBe('FREE');
    } finally {
      sandbox.setDeclineRenewals(false);
    }
  });

  it('renews after a declined charge once the card pays, resetting the failures', async () => {
    clock.set(T0);
    const recovering = await subscribed('Recovering Shop');
    const end = new Date(recovering.subscription.endDate).getTime();
    sandbox.setDeclineRenewals(true);
    clock.set(new Date(end + 60_000));
    await runRenewals(t);
    sandbox.setDeclineRenewals(false);
    clock.set(new Date(end + DAY_MS + 60_000));
    await runRenewals(t);
    expect(await subscriptionRow(t, recovering.subscription.id)).toMatchObject({
      status: 'ACTIVE',
      failed_charges: 0,
      next_charge_at: null,
      end_date: new Date('2026-05-10T09:00:00Z'),
    });
  });
});

describe('the alert of a failed renewal (issue 13)', () => {
  const alertsOf = async (businessId: string) =>
    (
      await t.sql(
        `select severity, title, message, subject_type, resolved_at, roles from alerts
         where business_id = $1 order by created_at, resolved_at nulls last`,
        [businessId],
      )
    ).rows as Array<Record<string, unknown>>;

  it('tells the owner once per failure run, by e-mail too, and ends when the card pays', async () => {
    clock.set(T0);
    const shop = await subscribed('Alerted Shop');
    const end = new Date(shop.subscription.endDate).getTime();
    await t.mails();
    sandbox.setDeclineRenewals(true);
    try {
      clock.set(new Date(end + 60_000));
      await runRenewals(t);
      clock.set(new Date(end + DAY_MS + 60_000));
      await runRenewals(t);
    } finally {
      sandbox.setDeclineRenewals(false);
    }
    let alerts = await alertsOf(shop.owner.businessId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      severity: 'CRITICAL',
      subject_type: 'SUBSCRIPTION',
      resolved_at: null,
      roles: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN'],
    });
    expect(alerts[0]?.title).toMatch(/^Renewal failed: /);
    expect(alerts[0]?.message).toContain('We will try again on');
    const toOwner = (await t.mails()).filter(
      (mail) =>
        mail.includes('Critical alert: Renewal failed') &&
        mail.split('\n').some((line) => line.startsWith('To: ') && line.includes(shop.owner.email)),
    );
    expect(toOwner).toHaveLength(1);

    clock.set(new Date(end + 2 * DAY_MS + 60_000));
    await runRenewals(t);
    alerts = await alertsOf(shop.owner.businessId);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.resolved_at).not.toBeNull();
  });

  it('ends the retries with a last alert that the plan has ended', async () => {
    clock.set(T0);
    const shop = await subscribed('Lapsed Shop');
    const end = new Date(shop.subscription.endDate).getTime();
    sandbox.setDeclineRenewals(true);
    try {
      for (let day = 0; day <= 3; day++) {
        clock.set(new Date(end + day * DAY_MS + 60_000));
        await runRenewals(t);
      }
    } finally {
      sandbox.setDeclineRenewals(false);
    }
    const alerts = await alertsOf(shop.owner.businessId);
    expect(alerts).toHaveLength(2);
    expect(alerts.filter((alert) => alert.resolved_at === null)).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('The subscription has ended and the business is on the Free plan.'),
      }),
    ]);
  });
});

describe('the journey of the issue: Free, limit, Basic in the sandbox, cancel, back on Free', () => {
  it('lets the blocked action through after subscribing, keeps access to the end, then applies Free again', async () => {
    clock.set(new Date('2026-06-01T12:00:00Z'));
    const owner = await ownerWithBusiness(t, 'Journey Shop');
    const warehouse = async () =>
      call('POST', '/api/warehouses', owner.token, {
        name: `Depot ${Math.random().toString(36).slice(2, 8)}`,
        locationId: await insertLocation(t, owner.businessId),
      });
    expect((await warehouse()).statusCode).toBe(201);
    const blocked = await warehouse();
    expect(blocked.statusCode).toBe(403);
    expect(blocked.headers['x-plan-violation']).toBe('1');
    expect(blocked.json()).toMatchObject({
      code: 'PLAN_VIOLATION',
      message: 'The Free plan allows 1 warehouse. Upgrade your plan to add more.',
    });

    const subscription = await subscribe(t, owner.token, 'BASIC');
    expect(subscription).toMatchObject({ planName: 'Basic', status: 'ACTIVE', sandbox: true });
    expect((await warehouse()).statusCode).toBe(201);

    const canceled = await call('DELETE', `/api/subscriptions/${subscription.id}`, owner.token);
    expect(canceled.json()).toMatchObject({ status: 'CANCELED', endDate: '2026-07-01T12:00:00.000Z' });
    clock.set(new Date('2026-06-30T12:00:00Z'));
    await runRenewals(t);
    // Still Basic until the end date: its own limit (2) is what refuses a third.
    expect((await warehouse()).json().message).toMatch(/^The Basic plan allows 2 warehouses/);

    clock.set(new Date('2026-07-01T12:00:01Z'));
    await runRenewals(t);
    const current = await call(
      'GET',
      `/api/subscriptions/current?businessId=${owner.businessId}`,
      owner.token,
    );
    expect(current.statusCode).toBe(404);
    const list = await call('GET', '/api/warehouses', owner.token);
    expect(list.json()).toHaveLength(2);
    const refused = await warehouse();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('The Free plan allows 1 warehouse. Upgrade your plan to add more.');
  });
});
