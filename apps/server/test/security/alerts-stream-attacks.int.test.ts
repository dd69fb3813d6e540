/**
 * Security review of the live alert stream (GET /api/alerts/stream) and the database feed behind it
 * (migration 0024's app_announce_alert trigger, platform/db/notifications.ts).
 *
 * Threat: the server is on the internet, often behind a reverse proxy of the same host. Mallory,
 * signed in to her own business or to this one with fewer roles, opens streams and hopes to hear
 * the alerts of another business, another store or another role; she keeps a stream open after
 * she is disabled or demoted; she opens streams and drops them at once, or opens one and never
 * reads it, to make the server hold what it cannot send; she opens as many as she can to take
 * every other business's place. The database's announcements are input too: one that does not
 * parse, or whose title holds line breaks, must not break or forge a frame.
 *
 * FINDINGS of this review:
 * - fixed: a client that closed its connection while the server read its reader (the session
 *   check, then the transaction of `streamReader`) left its stream registered for good: 'close'
 *   had fired before the route listened for it, so the connection stayed in the process's map,
 *   counted against the 2,000 of the process, with a heartbeat querying the database every beat
 *   for the life of the process. A few thousand dropped requests answered every later stream 503.
 * - fixed: a client that never reads made the server buffer every event in memory without
 *   bound (`raw.write`'s answer was ignored); a burst of alerts (a spreadsheet crossing thousands of
 *   reorder points) did the same to every slow client at once. Past a cap the stream is dropped;
 *   the client reconnects and reads its inbox, as after any gap.
 * - open (it.fails below): one business can hold all 2,000 streams of a process (5 per user, no
 *   cap per business), after which every other business's users get 503 from that process.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect as netConnect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Role } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAlertStreams,
  STREAMS_PER_BUSINESS,
  STREAMS_PER_PROCESS,
  STREAMS_PER_USER,
  type StreamConnection,
} from '../../src/modules/alerts/alert-stream.js';
import { MAX_BUFFERED_BYTES } from '../../src/modules/alerts/alert-stream.routes.js';
import type { NotificationListener } from '../../src/platform/db/notifications.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember, verifiedOwner } from '../factories/accounts.js';
import { openAlertStream, until } from '../factories/alert-stream.js';
import { insertLocation, insertStore, setPlan } from '../factories/catalogue.js';

type Account = { token: string; userId: string };

const HEARTBEAT_MS = 300;

let t: TestApp;
let base: string;
let port: number;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let north: { storeId: string; locationId: string };
let south: { storeId: string; locationId: string };
let inventoryAdmin: Account;
let analyst: Account;
let northAssistant: Account;
let southAssistant: Account;
const open: Array<{ close: () => void }> = [];

async function staffAt(
  boss: { token: string },
  roles: Role[],
  locationId: string | null = null,
): Promise<Account> {
  const member = await staffMember(t, boss.token, roles);
  if (locationId) await t.sql('update users set location_id = $2 where id = $1', [member.userId, locationId]);
  return member;
}

beforeAll(async () => {
  t = await buildTestApp({}, { alertStreamHeartbeatMs: HEARTBEAT_MS, poolSize: 10 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
  owner = await ownerWithBusiness(t, 'Corner Shop');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, mallory.businessId, 'SUPREME');
  north = await insertStore(t, owner.businessId, {
    name: 'North',
    locationId: await insertLocation(t, owner.businessId, { name: 'North' }),
  });
  south = await insertStore(t, owner.businessId, { name: 'South' });
  inventoryAdmin = await staffAt(owner, ['ROLE_INVENTORY_ADMIN']);
  analyst = await staffAt(owner, ['ROLE_ANALYTICS_READER']);
  northAssistant = await staffAt(owner, ['ROLE_STORE_ASSISTANT'], north.locationId);
  southAssistant = await staffAt(owner, ['ROLE_STORE_ASSISTANT'], south.locationId);
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const stream of open.splice(0)) stream.close();
});
afterAll(async () => {
  // fetch's pool may hold a connection that never carried a request: the server would wait for its
  // keep-alive timeout (72 s) before closing.
  t.app.server.closeAllConnections();
  await t.close();
});

/** Opens the stream as a browser would and keeps it to close after the test. */
async function connect(who: { token: string }) {
  const stream = await openAlertStream(base, who.token);
  open.push(stream);
  return stream;
}
type Stream = Awaited<ReturnType<typeof connect>>;

async function broadcast(boss: { token: string }, body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: bearer(boss.token),
    payload: { message: 'Read me.', severity: 'INFO', scope: 'BUSINESS', ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

/**
 * A broadcast to every role of the business reaches each of its streams after everything raised
 * before it (one NOTIFY connection, in commit order): what a stream has not heard by then, it
 * never will.
 */
async function barrier(boss: { token: string }, streams: Stream[]): Promise<string> {
  const id = await broadcast(boss, { title: `Barrier ${Math.random().toString(36).slice(2, 8)}` });
  for (const stream of streams)
    await until(() => stream.alerts().some((event) => event.alertId === id), 'the barrier');
  return id;
}

/** Inserts a system alert as the database would raise it (title and audience chosen by the test). */
async function insertSystemAlert(
  businessId: string,
  values: { title: string; roles: Role[] | null; locationId?: string | null },
): Promise<string> {
  const { rows } = await t.sql(
    `insert into alerts (business_id, id, kind, title, message, severity, scope, roles, subject_type,
       subject_id, location_id, dedupe_key)
     values ($1, gen_random_uuid(), 'SYSTEM', $2, 'Raised by the product.', 'WARNING', 'BUSINESS', $3,
       'MOVEMENT', gen_random_uuid(), $4, 'TEST:' || gen_random_uuid())
     returning id`,
    [businessId, values.title, values.roles, values.locationId ?? null],
  );
  return (rows[0] as { id: string }).id;
}

/**
 * A GET of the stream on a raw socket, as a client that reads nothing unless told to; with
 * `hangUp`, it closes the connection as soon as the request has left.
 */
function rawStream(token: string, options: { hangUp?: boolean } = {}): Socket {
  const socket = netConnect({ port, host: '127.0.0.1' });
  socket.write(
    `GET /api/alerts/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    () => {
      if (options.hangUp) socket.destroy();
    },
  );
  return socket;
}

/** The server's side of the next stream requests (the `request` event of the app's server). */
function captureStreamResponses(): ServerResponse[] {
  const captured: ServerResponse[] = [];
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === '/api/alerts/stream') captured.push(response);
  };
  t.app.server.on('request', onRequest);
  open.push({ close: () => t.app.server.off('request', onRequest) });
  return captured;
}

describe('who hears what', () => {
  it("never brings another business's, another store's or another role's alerts", async () => {
    const assistant = await connect(northAssistant);
    const elsewhere = await connect(southAssistant);
    const stock = await connect(inventoryAdmin);
    const analytics = await connect(analyst);
    const outsider = await connect(mallory);

    // Mallory's own business raises everything it can: nothing of it reaches Corner Shop, and
    // nothing of Corner Shop's reaches her.
    await broadcast(mallory, { title: 'Mallory to all' });
    await insertSystemAlert(mallory.businessId, { title: 'Mallory system', roles: null });
    await broadcast(owner, { title: 'North only', scope: 'STORE', storeId: north.storeId });
    await broadcast(owner, { title: 'Stock team only', roles: ['ROLE_INVENTORY_ADMIN'] });
    await broadcast(owner, {
      title: 'North stock team',
      scope: 'STORE',
      storeId: north.storeId,
      roles: ['ROLE_INVENTORY_ADMIN'],
    });
    await insertSystemAlert(owner.businessId, {
      title: 'South movement',
      roles: ['ROLE_STORE_ASSISTANT', 'ROLE_INVENTORY_ADMIN'],
      locationId: south.locationId,
    });
    const deleted = await broadcast(owner, { title: 'Owners only', roles: ['ROLE_BUSINESS_OWNER'] });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/alerts/${deleted}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(204);

    await barrier(owner, [assistant, elsewhere, stock, analytics]);
    const last = await barrier(mallory, [outsider]);
    const titles = (stream: Stream) => stream.alerts().map((event) => event.title);
    expect(titles(assistant)).toEqual(['North only', expect.stringMatching(/^Barrier/)]);
    expect(titles(elsewhere)).toEqual(['South movement', expect.stringMatching(/^Barrier/)]);
    // A business-wide role hears a location's system alert, not a store's broadcast.
    expect(titles(stock)).toEqual(['Stock team only', 'South movement', expect.stringMatching(/^Barrier/)]);
    expect(titles(analytics)).toEqual([expect.stringMatching(/^Barrier/)]);
    expect(titles(outsider)).toEqual(['Mallory to all', 'Mallory system', expect.stringMatching(/^Barrier/)]);
    expect(outsider.alerts().at(-1)?.alertId).toBe(last);
  });

  it('a title with line breaks stays one event: no frame is forged', async () => {
    const stream = await connect(inventoryAdmin);
    const forged = JSON.stringify({
      alertId: owner.userId,
      action: 'RAISED',
      severity: 'CRITICAL',
      title: 'Forged',
    });
    const title = `Low stock: Tea\n\nevent: alert\ndata: ${forged}\r\n\r\nretry: 1\n\n: x`;
    const id = await insertSystemAlert(owner.businessId, { title, roles: null });
    await barrier(owner, [stream]);
    const events = stream.alerts();
    expect(events.map((event) => event.title)).toEqual([title, expect.stringMatching(/^Barrier/)]);
    expect(events[0]?.alertId).toBe(id);
    expect(stream.frames.filter((frame) => frame.event === 'alert')).toHaveLength(2);
  });

  it('survives announcements that do not parse, and delivers the next', async () => {
    const stream = await connect(inventoryAdmin);
    const valid = {
      businessId: owner.businessId,
      alertId: '0190c6a0-0000-7000-8000-00000000abcd',
      action: 'RAISED',
      severity: 'INFO',
      title: 'x',
      roles: null,
      storeScoped: false,
      locationId: null,
    };
    for (const payload of [
      '',
      'not json',
      'null',
      '[]',
      '{"__proto__": {"polluted": true}}',
      JSON.stringify({ ...valid, action: 'HACKED' }),
      JSON.stringify({ ...valid, businessId: 'not-a-uuid' }),
      JSON.stringify({ ...valid, roles: 'ROLE_INVENTORY_ADMIN' }),
      JSON.stringify({ ...valid, title: 7 }),
      `{"businessId": "${owner.businessId}"`,
    ])
      await t.sql('select pg_notify($1, $2)', ['app_alerts', payload]);
    await barrier(owner, [stream]);
    expect(stream.alerts().map((event) => event.title)).toEqual([expect.stringMatching(/^Barrier/)]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(stream.isEnded()).toBe(false);
  });
});

describe('who may keep a stream', () => {
  it('refuses a user without a business, and a token that is not one, before any stream', async () => {
    const loner = await verifiedOwner(t);
    for (const [headers, status] of [
      [bearer(loner.token), 403],
      [bearer('not.a.token'), 401],
      [{ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, 401],
    ] as const) {
      const res = await fetch(`${base}/api/alerts/stream`, { headers });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      await res.body?.cancel();
    }
  });

  it('ends within a heartbeat once the user is disabled, and refuses her again', async () => {
    const member = await staffAt(owner, ['ROLE_INVENTORY_ADMIN']);
    const stream = await connect(member);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}/disable`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => stream.isEnded(), 'the stream to end', HEARTBEAT_MS * 4);
    expect((await fetch(`${base}/api/alerts/stream`, { headers: bearer(member.token) })).status).toBe(401);
  });

  it('ends within a heartbeat once the user is demoted (her token version moved on)', async () => {
    const member = await staffAt(owner, ['ROLE_INVENTORY_ADMIN']);
    const stream = await connect(member);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.userId}/roles`,
      headers: bearer(owner.token),
      payload: ['ROLE_PRODUCT_READER'],
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => stream.isEnded(), 'the stream to end', HEARTBEAT_MS * 4);
    // The old token (with the old roles) opens nothing; the new sign-in hears as a product reader.
    expect((await fetch(`${base}/api/alerts/stream`, { headers: bearer(member.token) })).status).toBe(401);
  });

  it(`keeps ${STREAMS_PER_USER} per user: a sixth ends her oldest, and nobody else's`, async () => {
    const member = await staffAt(owner, ['ROLE_INVENTORY_ADMIN']);
    const bystander = await connect(inventoryAdmin);
    const streams: Stream[] = [];
    for (let n = 0; n <= STREAMS_PER_USER; n++) streams.push(await connect(member));
    await until(() => streams[0]?.isEnded() ?? false, 'the oldest to end');
    expect(streams.slice(1).map((stream) => stream.isEnded())).toEqual(Array(STREAMS_PER_USER).fill(false));
    expect(bystander.isEnded()).toBe(false);
    await barrier(owner, [bystander, ...streams.slice(1)]);
  });
});

describe('what a stream costs the server', () => {
  it('answers without compression, caching or sniffing, with the API security headers', async () => {
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${base}/api/alerts/stream`, {
        headers: { ...bearer(owner.token), 'accept-encoding': 'br, gzip, deflate' },
      });
      req.on('response', resolve).on('error', reject).end();
    });
    open.push({ close: () => res.destroy() });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'text/event-stream; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['cache-control']).toContain('no-transform');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const first = await new Promise<string>((resolve) =>
      res.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(first).toContain('event: ready');
  });

  it('forgets a stream whose client left before it was set up (no heartbeat runs on for it)', async () => {
    // Every heartbeat timer the stream route starts, and which of them are stopped.
    const started = new Set<unknown>();
    const stopped = new Set<unknown>();
    const realSetInterval = globalThis.setInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation((handler: () => void, ms?: number) => {
      const timer = realSetInterval(handler, ms);
      if (ms === HEARTBEAT_MS) started.add(timer);
      return timer;
    });
    const realClearInterval = globalThis.clearInterval;
    vi.spyOn(globalThis, 'clearInterval').mockImplementation(((timer?: NodeJS.Timeout) => {
      stopped.add(timer);
      realClearInterval(timer);
    }) as typeof clearInterval);
    const captured = captureStreamResponses();

    // A client that asks and hangs up at once, ten times.
    for (let n = 0; n < 10; n++) rawStream(inventoryAdmin.token, { hangUp: true });
    // And one that stays, then leaves.
    const stays = await connect(inventoryAdmin);
    await until(() => captured.length === 11, 'the eleven requests');
    await sleep(HEARTBEAT_MS * 3);
    stays.close();
    await until(() => captured.every((response) => response.destroyed), 'every response closed');
    await sleep(HEARTBEAT_MS);
    const running = [...started].filter((timer) => !stopped.has(timer));
    expect(running).toHaveLength(0);
  });

  it('drops a client that reads nothing instead of buffering every event for it', async () => {
    // A business of its own: the flood below must not reach the other tests' streams.
    const flooded = await ownerWithBusiness(t, 'Flooded');
    await setPlan(t, flooded.businessId, 'SUPREME');
    const captured = captureStreamResponses();
    const socket = rawStream(flooded.token);
    // It reads the headers and the first frame, then never again.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.pause();
    await until(() => captured.length === 1, 'the request');
    const response = captured[0] as ServerResponse;
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, response.writableLength);
    }, 5);
    try {
      // 3,000 announcements of ~7 kB (a NOTIFY holds at most 8,000 bytes): 21 MB, more than the
      // kernel's buffers of both ends of a loopback connection hold.
      await t.sql(
        `insert into alerts (business_id, id, kind, title, message, severity, scope)
         select $1, gen_random_uuid(), 'BROADCAST', n || repeat('x', 7000), 'Flood.', 'INFO', 'BUSINESS'
         from generate_series(1, 3000) n`,
        [flooded.businessId],
      );
      await until(() => response.destroyed, 'the server to drop the stream', 15_000);
      // Without the cap it held 17 MB for this one client (of the 21 MB sent).
      expect(peak).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + 16 * 1024);
    } finally {
      clearInterval(sampler);
      socket.destroy();
    }
  });

  it(`keeps room for other businesses when one business asks for ${STREAMS_PER_PROCESS} streams`, () => {
    // One business (400 users, unlimited staff on SUPREME) gets at most STREAMS_PER_BUSINESS
    // streams per process; every other business keeps its room.
    const listener: NotificationListener = {
      subscribe: () => () => undefined,
      isListening: () => true,
      whenListening: async () => undefined,
      close: async () => undefined,
    };
    const streams = createAlertStreams(listener, { warn: () => undefined } as unknown as FastifyBaseLogger);
    const connection = (userId: string): StreamConnection => ({
      userId,
      roles: ['ROLE_INVENTORY_ADMIN'],
      locationId: null,
      send: () => undefined,
      resync: () => undefined,
      end: () => undefined,
    });
    for (let user = 0; user < STREAMS_PER_PROCESS / STREAMS_PER_USER; user++)
      for (let tab = 0; tab < STREAMS_PER_USER; tab++)
        streams.add(mallory.businessId, connection(`m-${user}`));
    expect(streams.size()).toBe(STREAMS_PER_BUSINESS);
    expect(streams.add(owner.businessId, connection(owner.userId))).not.toBe(false);
  });
});
