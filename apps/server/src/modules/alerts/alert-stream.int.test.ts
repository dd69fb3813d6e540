import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { openAlertStream } from '../../../test/factories/alert-stream.js';
import { insertLocation, insertStore, setPlan } from '../../../test/factories/catalogue.js';
import { insertProductAt, openStock } from '../../../test/factories/inventory.js';
import { STREAMS_PER_USER } from './alert-stream.js';

/**
 * The live stream through a real socket: the server listens on loopback and each test reads the
 * event stream as the browser does, with fetch and the bearer header.
 */

type Account = { token: string; userId: string };

let t: TestApp;
let base: string;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let north: { storeId: string; locationId: string };
let inventoryAdmin: Account;
let productAdmin: Account;
let northAssistant: Account;
let southAssistant: Account;
const open: Array<{ close: () => void }> = [];

async function staffAt(roles: string[], locationId: string | null): Promise<Account> {
  const member = await staffMember(t, owner.token, roles as never);
  if (locationId) await t.sql('update users set location_id = $2 where id = $1', [member.userId, locationId]);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp({}, { alertStreamHeartbeatMs: 300 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'SUPREME');
  north = await insertStore(t, owner.businessId, {
    name: 'North',
    locationId: await insertLocation(t, owner.businessId, { name: 'North' }),
  });
  const south = await insertStore(t, owner.businessId, { name: 'South' });
  inventoryAdmin = await staffAt(['ROLE_INVENTORY_ADMIN'], null);
  productAdmin = await staffAt(['ROLE_PRODUCT_ADMIN'], null);
  northAssistant = await staffAt(['ROLE_STORE_ASSISTANT'], north.locationId);
  southAssistant = await staffAt(['ROLE_STORE_ASSISTANT'], south.locationId);
});
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  await t.close();
});

/** Opens the stream as a browser would and keeps it to close after the test. */
async function connect(who: { token: string }) {
  const stream = await openAlertStream(base, who.token);
  open.push(stream);
  return stream;
}

async function broadcast(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: bearer(owner.token),
    payload: { message: 'Read me.', severity: 'INFO', scope: 'BUSINESS', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('GET /api/alerts/stream', () => {
  it('answers an event stream that proxies pass through unbuffered', async () => {
    const stream = await connect(owner);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    expect(stream.res.headers.get('content-encoding')).toBeNull();
    // The heartbeat (300 ms here) keeps it alive with comments.
    await stream.until(() => stream.frames.some((frame) => frame.event === 'comment'), 'a ping');
  });

  it('refuses a caller without a token', async () => {
    const res = await fetch(`${base}/api/alerts/stream`);
    expect(res.status).toBe(401);
  });

  it('brings a low-stock alert live to the stock roles, not to other roles', async () => {
    const admin = await connect(inventoryAdmin);
    const products = await connect(productAdmin);
    const assistant = await connect(northAssistant);
    const elsewhere = await connect(southAssistant);

    const product = await insertProductAt(t, owner.businessId, north.locationId, { name: 'Rye bread' });
    await openStock(t, owner.token, {
      productId: product.id,
      locationId: north.locationId,
      quantity: 1,
      reorderPoint: 3,
    });

    await admin.until(() => admin.alerts().length > 0, 'the low-stock alert');
    expect(admin.alerts()).toEqual([
      expect.objectContaining({ action: 'RAISED', severity: 'WARNING', title: 'Low stock: Rye bread' }),
    ]);
    await assistant.until(() => assistant.alerts().length > 0, 'the alert at the store');

    // A broadcast to all reaches everyone after it: what the others did not get by then, they never will.
    const id = await broadcast({ title: 'Everyone' });
    for (const stream of [products, elsewhere, admin])
      await stream.until(() => stream.alerts().some((event) => event.alertId === id), 'the broadcast');
    expect(products.alerts().map((event) => event.title)).toEqual(['Everyone']);
    expect(elsewhere.alerts().map((event) => event.title)).toEqual(['Everyone']);
  });

  it("brings a store's broadcast only to its staff, and nothing of another business", async () => {
    const assistant = await connect(northAssistant);
    const elsewhere = await connect(southAssistant);
    const outsider = await connect(other);

    await broadcast({ title: 'North only', scope: 'STORE', storeId: north.storeId });
    await assistant.until(() => assistant.alerts().length > 0, 'the store broadcast');
    expect(assistant.alerts()[0]).toMatchObject({ action: 'RAISED', title: 'North only' });

    const id = await broadcast({ title: 'All of Corner Shop' });
    await elsewhere.until(
      () => elsewhere.alerts().some((event) => event.alertId === id),
      'the business broadcast',
    );
    expect(elsewhere.alerts().map((event) => event.title)).toEqual(['All of Corner Shop']);
    // The other business hears nothing of Corner Shop's alerts.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: bearer(other.token),
      payload: { title: 'Other news', message: 'Ours.', severity: 'INFO', scope: 'BUSINESS' },
    });
    expect(own.statusCode).toBe(201);
    await outsider.until(() => outsider.alerts().length > 0, "its own business's broadcast");
    expect(outsider.alerts().map((event) => event.title)).toEqual(['Other news']);
  });

  it('tells of changes and deletions too', async () => {
    const stream = await connect(inventoryAdmin);
    const id = await broadcast({ title: 'Draft' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/alerts/${id}`,
      headers: bearer(owner.token),
      payload: { title: 'Final', message: 'Read me.', severity: 'WARNING', scope: 'BUSINESS' },
    });
    expect(put.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/alerts/${id}`,
      headers: bearer(owner.token),
    });
    expect(del.statusCode).toBe(204);
    await stream.until(() => stream.alerts().length === 3, 'three events');
    expect(stream.alerts().map((event) => [event.action, event.title])).toEqual([
      ['RAISED', 'Draft'],
      ['CHANGED', 'Final'],
      ['DELETED', 'Final'],
    ]);
  });

  it('ends within a heartbeat of a logout', async () => {
    const member = await staffAt(['ROLE_INVENTORY_ADMIN'], null);
    const stream = await connect(member);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(member.token),
    });
    expect(out.statusCode).toBeLessThan(300);
    await stream.until(() => stream.isEnded(), 'the stream to end', 3_000);
    // And a new one is refused.
    expect((await fetch(`${base}/api/alerts/stream`, { headers: bearer(member.token) })).status).toBe(401);
  });

  it(`keeps at most ${STREAMS_PER_USER} streams per user: a new one ends the oldest`, async () => {
    const member = await staffAt(['ROLE_INVENTORY_ADMIN'], null);
    const streams: Array<Awaited<ReturnType<typeof connect>>> = [];
    for (let n = 0; n < STREAMS_PER_USER; n++) streams.push(await connect(member));
    expect(streams.some((stream) => stream.isEnded())).toBe(false);
    const newest = await connect(member);
    await streams[0]?.until(() => streams[0]?.isEnded() ?? false, 'the oldest to end');
    // It was told why, so that its tab waits to be looked at before connecting again.
    expect(streams[0]?.frames.at(-1)).toEqual({ event: 'replaced', data: '{}' });
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    expect(newest.isEnded()).toBe(false);
  });
});
