import type { TAlert, TAlertRequest, TInboxPage } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { insertStore, setPlan } from '../../../test/factories/catalogue.js';
import { settableClock } from '../../../test/factories/subscriptions.js';

type Account = { token: string; userId?: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const clock = settableClock(new Date('2026-09-01T08:00:00Z'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let north: { storeId: string; locationId: string };
let south: { storeId: string; locationId: string };
let otherStore: { storeId: string; locationId: string };
let analyst: Account;
let contributor: Account;
let northCashier: Account;
let southCashier: Account;
let inventoryAdmin: Account;

async function staffAt(roles: string[], locationId: string | null): Promise<Account> {
  const member = await staffMember(t, owner.token, roles as never);
  if (locationId) await t.sql('update users set location_id = $2 where id = $1', [member.userId, locationId]);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'BASIC');
  north = await insertStore(t, owner.businessId, { name: 'North' });
  south = await insertStore(t, owner.businessId, { name: 'South' });
  otherStore = await insertStore(t, other.businessId, { name: 'Elsewhere' });
  analyst = await staffAt(['ROLE_ANALYTICS_ADMIN'], null);
  contributor = await staffAt(['ROLE_ANALYTICS_CONTRIBUTOR'], null);
  northCashier = await staffAt(['ROLE_STORE_ASSISTANT'], north.locationId);
  southCashier = await staffAt(['ROLE_STORE_ASSISTANT'], south.locationId);
  inventoryAdmin = await staffAt(['ROLE_INVENTORY_ADMIN'], null);
});
afterEach(async () => {
  await setPlan(t, owner.businessId, 'SUPREME');
  await t.sql('delete from alerts where business_id = $1', [owner.businessId]);
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

const broadcast = (values: Partial<TAlertRequest> = {}): TAlertRequest => ({
  title: 'Stocktake on Sunday',
  message: 'Please count the back room before noon.',
  severity: 'INFO',
  scope: 'BUSINESS',
  ...values,
});

async function sent(values: Partial<TAlertRequest> = {}, who: Account = owner): Promise<TAlert> {
  // A second apart: lists are newest first.
  clock.advance(1000);
  const res = await call(who, 'POST', '/api/alerts', broadcast(values));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function inboxOf(who: Account, query = ''): Promise<TInboxPage> {
  const res = await call(who, 'GET', `/api/alerts/inbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (page: TInboxPage) => page.content.map((alert) => alert.title);

describe('broadcasts', () => {
  it('reach everyone in the business, or only the staff of one store', async () => {
    const all = await sent();
    expect(all).toMatchObject({
      kind: 'BROADCAST',
      scope: 'BUSINESS',
      storeId: null,
      roles: null,
      readCount: 0,
    });
    const northOnly = await sent({ title: 'North: fridge repair', scope: 'STORE', storeId: north.storeId });
    expect(northOnly).toMatchObject({ storeId: north.storeId, storeName: 'North' });

    expect(titles(await inboxOf(northCashier))).toEqual(['North: fridge repair', 'Stocktake on Sunday']);
    expect(titles(await inboxOf(southCashier))).toEqual(['Stocktake on Sunday']);
    // Staff without a store see the business's alerts only.
    expect(titles(await inboxOf(inventoryAdmin))).toEqual(['Stocktake on Sunday']);

    const business = await call(analyst, 'GET', '/api/alerts/business');
    expect(business.json<TAlert[]>().map((alert) => alert.id)).toEqual([all.id]);
    const store = await call(analyst, 'GET', `/api/alerts/${north.storeId}`);
    expect(store.json<TAlert[]>().map((alert) => alert.id)).toEqual([northOnly.id]);
  });

  it('reach only the roles they name', async () => {
    await sent({ title: 'For the stock team', roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_INVENTORY_ADMIN'] });
    expect(titles(await inboxOf(inventoryAdmin))).toEqual(['For the stock team']);
    expect(titles(await inboxOf(northCashier))).toEqual([]);
  });

  it('count unread alerts, mark them read once, and count the readers', async () => {
    const first = await sent({ title: 'First' });
    await sent({ title: 'Second', severity: 'CRITICAL' });
    expect((await inboxOf(northCashier)).unread).toBe(2);
    for (let i = 0; i < 2; i++)
      expect((await call(northCashier, 'POST', `/api/alerts/${first.id}/read`)).statusCode).toBe(204);
    const page = await inboxOf(northCashier);
    expect(page.unread).toBe(1);
    expect(page.content.map((alert) => [alert.title, alert.read])).toEqual([
      ['Second', false],
      ['First', true],
    ]);
    expect(titles(await inboxOf(northCashier, '?unread=true'))).toEqual(['Second']);
    expect(titles(await inboxOf(northCashier, '?severity=CRITICAL'))).toEqual(['Second']);
    const listed = (await call(analyst, 'GET', '/api/alerts/business')).json<TAlert[]>();
    expect(listed.find((alert) => alert.id === first.id)?.readCount).toBe(1);
  });

  it('stop showing once expired, and refuse an expiry in the past', async () => {
    await sent({ title: 'Until tonight', expiresAt: '2026-09-01T20:00:00Z' });
    expect(titles(await inboxOf(northCashier))).toEqual(['Until tonight']);
    clock.set(new Date('2026-09-01T20:00:01Z'));
    try {
      expect(titles(await inboxOf(northCashier))).toEqual([]);
      const past = await call(owner, 'POST', '/api/alerts', broadcast({ expiresAt: '2026-09-01T19:00:00Z' }));
      expect(past.statusCode).toBe(400);
      expect(past.json().details.fieldErrors).toEqual({ expiresAt: ['An alert must expire in the future.'] });
    } finally {
      clock.set(new Date('2026-09-01T09:00:00Z'));
    }
  });

  it('are replaced and deleted by id', async () => {
    const alert = await sent();
    const changed = await call(
      contributor,
      'PUT',
      `/api/alerts/${alert.id}`,
      broadcast({ title: 'Stocktake moved to Monday' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: alert.id, title: 'Stocktake moved to Monday' });
    expect((await call(contributor, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(403);
    expect((await call(analyst, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(204);
    expect((await call(analyst, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(404);
    expect(titles(await inboxOf(northCashier))).toEqual([]);
  });

  it('refuse a scope without its store, a store for the whole business, unknown roles and blank texts', async () => {
    const cases: Array<[Partial<TAlertRequest>, string]> = [
      [{ scope: 'STORE' }, 'storeId'],
      [{ storeId: north.storeId }, 'storeId'],
      [{ roles: ['ROLE_KING'] as never }, 'roles.0'],
      [{ title: '  ' }, 'title'],
      [{ message: '' }, 'message'],
      [{ severity: 'LOUD' as never }, 'severity'],
    ];
    for (const [values, field] of cases) {
      const res = await call(owner, 'POST', '/api/alerts', broadcast(values));
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(Object.keys(res.json().details.fieldErrors), JSON.stringify(values)).toContain(field);
    }
  });

  it('let the analytics roles send and the business read its own; everyone reads her inbox', async () => {
    expect((await call(contributor, 'POST', '/api/alerts', broadcast())).statusCode).toBe(201);
    expect((await call(inventoryAdmin, 'POST', '/api/alerts', broadcast())).statusCode).toBe(403);
    expect((await call(northCashier, 'GET', '/api/alerts/business')).statusCode).toBe(403);
    expect((await call(northCashier, 'GET', '/api/alerts/inbox')).statusCode).toBe(200);
  });

  it("need the plan's broadcasts to send or change; deleting and reading stay open", async () => {
    const alert = await sent();
    await setPlan(t, owner.businessId, 'FREE');
    for (const [method, url] of [
      ['POST', '/api/alerts'],
      ['PUT', `/api/alerts/${alert.id}`],
    ] as const) {
      const res = await call(owner, method, url, broadcast());
      expect(res.statusCode, url).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
    }
    expect((await inboxOf(northCashier)).content).toHaveLength(1);
    expect((await call(owner, 'DELETE', `/api/alerts/${alert.id}`)).statusCode).toBe(204);
  });

  it("never reach another business's alerts or stores (404), nor show them", async () => {
    const res = await call(other, 'POST', '/api/alerts', broadcast({ title: 'Theirs' }));
    expect(res.statusCode, res.body).toBe(201);
    const theirs = res.json<TAlert>();
    expect((await call(owner, 'PUT', `/api/alerts/${theirs.id}`, broadcast())).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/api/alerts/${theirs.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'POST', `/api/alerts/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/alerts/${otherStore.storeId}`)).statusCode).toBe(404);
    const toTheirStore = await call(
      owner,
      'POST',
      '/api/alerts',
      broadcast({ scope: 'STORE', storeId: otherStore.storeId }),
    );
    expect(toTheirStore.statusCode).toBe(404);
    expect(titles(await inboxOf(owner))).not.toContain('Theirs');
    const { rows } = await t.sql('select title from alerts where id = $1', [theirs.id]);
    expect(rows).toEqual([{ title: 'Theirs' }]);
  });
});
