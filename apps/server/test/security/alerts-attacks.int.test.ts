/**
 * Security review of the alerts API (broadcasts, the sent lists, every user's inbox, reads) and of
 * the e-mails of CRITICAL alerts. The live stream has its own file (alerts-stream-attacks).
 *
 * Threat: Mallory, owner of business M, learned the ids of business V (Victim)'s alerts and stores
 * and aims every path, body and filter at them; M's staff whose roles do not reach a route (a
 * reader writing, a store assistant reading the sent list, an analyst deleting the product's own
 * alerts); staff marking read or reading alerts not addressed to them (another store, another
 * role, expired); a user without a business; a business whose plan lacks BROADCAST_ALERTS; hostile
 * bodies and queries (NUL, lone surrogates, over-long texts, unknown or repeated roles, odd
 * instants, fields the API sets itself); and the mail job (run twice, forged, HTML in the texts,
 * an audience that changed before it ran). Every refusal writes nothing: `alerts` and
 * `alert_reads` of all businesses are compared before and after.
 *
 * FINDINGS of this review, since fixed (each kept as a test below):
 * - the business's sent list (GET /api/alerts/business, any analytics role) listed the product's
 *   own alerts too, whatever their audience: an analytics reader read the owner's "Renewal
 *   failed" (subscriptions are the business roles' only) and the stock alerts with quantities and
 *   locations. It lists broadcasts only now.
 * - DELETE /api/alerts/{id} removed the product's own alerts for everyone: an analytics admin could
 *   hide the owner's CRITICAL renewal failure, or silence a low-stock alert until the item crossed
 *   its reorder point again. Those are 404 now, as for PUT.
 * - the e-mails of a CRITICAL store broadcast went to the whole business (every user of its roles)
 *   when the store was deleted before the mail job ran: the job read "no store location" as "no
 *   location limit". It sends nothing now, as the inbox shows such an alert to no one.
 */
import { randomUUID } from 'node:crypto';
import { ROLES, STAFF_ROLES, type Role, type TAlert, type TInboxPage } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MAIL_QUEUE } from '../../src/modules/alerts/alerts.queues.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffMember, verifiedOwner } from '../factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../factories/catalogue.js';
import { settableClock } from '../factories/subscriptions.js';
import { expectRefusal, sendAs, type Call } from './inventory-kit.js';

const MISSING = '0190c6a0-0000-7000-8000-00000000abcd';
/** What of V's an answer to M may never show. */
const VICTIM_WORDS = /Victim|victim/;

type Owner = Awaited<ReturnType<typeof ownerWithBusiness>>;
type Store = { storeId: string; locationId: string };
type Member = { token: string; userId: string; email: string };

const clock = settableClock(new Date());
let t: TestApp;
let victim: Owner;
let mallory: Owner;
let victimStore: Store;
let victimAlert: TAlert;
let victimStoreAlert: TAlert;
let victimSystemId: string;
let north: Store;
let south: Store;
/** One signed-in member of M per role (the owner's token for the owner); the assistant works at North. */
const tokenOf = {} as Record<Role, string>;
let northAssistant: Member;
let southAssistant: Member;
let inventoryAdmin: Member;
let analyst: Member;

/** A digest of every row of alerts and alert_reads, all businesses: equal before and after = nothing written. */
async function alertsFingerprint(): Promise<Record<string, string>> {
  const { rows } = await t.sql(
    `select (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from alerts x) as alerts,
            (select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from alert_reads x) as reads`,
  );
  return rows[0] as Record<string, string>;
}

async function expectOk<T>(res: LightMyRequestResponse, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

const broadcast = (values: Record<string, unknown> = {}) => ({
  title: 'Stocktake on Sunday',
  message: 'Count the back room before noon.',
  severity: 'INFO',
  scope: 'BUSINESS',
  ...values,
});

async function send(token: string, values: Record<string, unknown> = {}): Promise<TAlert> {
  clock.advance(1000);
  return expectOk<TAlert>(
    await sendAs(t, token, { method: 'POST', url: '/api/alerts', json: broadcast(values) }),
    201,
  );
}

async function insertSystemAlert(
  businessId: string,
  values: { title: string; roles: Role[] | null; locationId?: string | null; severity?: string },
): Promise<string> {
  const { rows } = await t.sql(
    `insert into alerts (business_id, id, kind, title, message, severity, scope, roles, subject_type,
       subject_id, location_id, dedupe_key)
     values ($1, gen_random_uuid(), 'SYSTEM', $2, 'Raised by the product.', $5, 'BUSINESS', $3,
       'SUBSCRIPTION', gen_random_uuid(), $4, 'TEST:' || gen_random_uuid())
     returning id`,
    [businessId, values.title, values.roles, values.locationId ?? null, values.severity ?? 'WARNING'],
  );
  return (rows[0] as { id: string }).id;
}

async function readRows(alertId: string): Promise<string[]> {
  const { rows } = await t.sql('select user_id from alert_reads where alert_id = $1 order by user_id', [
    alertId,
  ]);
  return rows.map((row) => (row as { user_id: string }).user_id);
}

async function inboxOf(token: string, query = ''): Promise<TInboxPage> {
  return expectOk<TInboxPage>(await sendAs(t, token, { method: 'GET', url: `/api/alerts/inbox${query}` }));
}

beforeAll(async () => {
  t = await buildTestApp({}, { clock, poolSize: 10 });
  victim = await ownerWithBusiness(t, 'Victim Traders');
  mallory = await ownerWithBusiness(t, 'Mallory Goods');
  for (const owner of [victim, mallory]) await setPlan(t, owner.businessId, 'SUPREME');
  victimStore = await insertStore(t, victim.businessId, { name: 'Victim High Street' });
  north = await insertStore(t, mallory.businessId, {
    name: 'North',
    locationId: await insertLocation(t, mallory.businessId, { name: 'North' }),
  });
  south = await insertStore(t, mallory.businessId, {
    name: 'South',
    locationId: await insertLocation(t, mallory.businessId, { name: 'South' }),
  });
  victimAlert = await send(victim.token, { title: 'Victim memo', message: 'Victim secret plans.' });
  victimStoreAlert = await send(victim.token, {
    title: 'Victim store memo',
    scope: 'STORE',
    storeId: victimStore.storeId,
  });
  victimSystemId = await insertSystemAlert(victim.businessId, {
    title: 'Victim renewal failed',
    roles: null,
  });

  tokenOf.ROLE_BUSINESS_OWNER = mallory.token;
  for (const role of STAFF_ROLES) {
    const member = await staffMember(t, mallory.token, [role]);
    tokenOf[role] = member.token;
    if (role === 'ROLE_STORE_ASSISTANT') {
      await t.sql('update users set location_id = $2 where id = $1', [member.userId, north.locationId]);
      northAssistant = member;
    }
    if (role === 'ROLE_INVENTORY_ADMIN') inventoryAdmin = member;
    if (role === 'ROLE_ANALYTICS_READER') analyst = member;
  }
  southAssistant = await staffMember(t, mallory.token, ['ROLE_STORE_ASSISTANT']);
  await t.sql('update users set location_id = $2 where id = $1', [southAssistant.userId, south.locationId]);
  // The invitations are sent: the mail tests below see only their own.
  await t.mails();
});
afterEach(async () => {
  await setPlan(t, mallory.businessId, 'SUPREME');
});
afterAll(async () => {
  await t.close();
});

describe("another business's alerts and stores", () => {
  it('answers 404 on every path and body that names them, and writes nothing', async () => {
    const own = await send(mallory.token, { title: 'Mallory memo' });
    const before = await alertsFingerprint();
    const calls: Call[] = [
      { method: 'PUT', url: `/api/alerts/${victimAlert.id}`, json: broadcast() },
      { method: 'PUT', url: `/api/alerts/${victimStoreAlert.id}`, json: broadcast() },
      { method: 'PUT', url: `/api/alerts/${victimSystemId}`, json: broadcast() },
      {
        method: 'PUT',
        url: `/api/alerts/${own.id}`,
        json: broadcast({ scope: 'STORE', storeId: victimStore.storeId }),
      },
      {
        method: 'POST',
        url: '/api/alerts',
        json: broadcast({ scope: 'STORE', storeId: victimStore.storeId }),
      },
      {
        method: 'POST',
        url: '/api/alerts',
        json: broadcast({ scope: 'STORE', storeId: victimStore.storeId.toUpperCase() }),
      },
      { method: 'DELETE', url: `/api/alerts/${victimAlert.id}` },
      { method: 'DELETE', url: `/api/alerts/${victimSystemId}` },
      { method: 'POST', url: `/api/alerts/${victimAlert.id}/read` },
      { method: 'POST', url: `/api/alerts/${victimSystemId}/read` },
      { method: 'GET', url: `/api/alerts/${victimStore.storeId}` },
      // An alert's id where a store's goes.
      { method: 'GET', url: `/api/alerts/${victimStoreAlert.id}` },
    ];
    for (const call of calls) {
      const res = await sendAs(t, mallory.token, call);
      expectRefusal(res, 404, 'NOT_FOUND', `${call.method} ${call.url}`);
      expect(res.body).not.toMatch(VICTIM_WORDS);
    }
    expect(await alertsFingerprint()).toEqual(before);
    expect((await sendAs(t, mallory.token, { method: 'GET', url: `/api/alerts/${own.id}` })).statusCode).toBe(
      404,
    );
    await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${own.id}` });
  });

  it('shows none of them in her lists, inbox or filters, and her read-all marks none', async () => {
    for (const role of ['ROLE_BUSINESS_OWNER', 'ROLE_ANALYTICS_ADMIN'] as const) {
      const res = await sendAs(t, tokenOf[role], { method: 'GET', url: '/api/alerts/business' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(VICTIM_WORDS);
    }
    // A filter on Victim's store answers as one on a store nobody has: an empty page, no oracle.
    const filtered = await inboxOf(mallory.token, `?storeId=${victimStore.storeId}`);
    const nowhere = await inboxOf(mallory.token, `?storeId=${MISSING}`);
    expect(filtered).toEqual(nowhere);
    expect(filtered.content).toEqual([]);
    for (const role of ROLES) {
      const page = await inboxOf(tokenOf[role], '?size=100');
      expect(JSON.stringify(page)).not.toMatch(VICTIM_WORDS);
      await expectOk(await sendAs(t, tokenOf[role], { method: 'POST', url: '/api/alerts/read-all' }));
    }
    for (const id of [victimAlert.id, victimStoreAlert.id, victimSystemId])
      expect(await readRows(id)).toEqual([]);
  });
});

/** Who may call each route (the owner's token for the owner). */
const GROUPS = {
  read: [
    'ROLE_BUSINESS_OWNER',
    'ROLE_BUSINESS_ADMIN',
    'ROLE_ANALYTICS_ADMIN',
    'ROLE_ANALYTICS_CONTRIBUTOR',
    'ROLE_ANALYTICS_READER',
  ],
  write: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN', 'ROLE_ANALYTICS_ADMIN', 'ROLE_ANALYTICS_CONTRIBUTOR'],
  remove: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN', 'ROLE_ANALYTICS_ADMIN'],
  everyone: ROLES,
} satisfies Record<string, readonly Role[]>;

/**
 * Every route but the stream (its own file), with a request that writes nothing when let
 * through, and the status it then answers: [name, who, call, status when allowed].
 */
const ROUTES: Array<[string, keyof typeof GROUPS, () => Call, number]> = [
  ['create', 'write', () => ({ method: 'POST', url: '/api/alerts', json: { title: '' } }), 400],
  ['sent list', 'read', () => ({ method: 'GET', url: '/api/alerts/business' }), 200],
  ['store list', 'read', () => ({ method: 'GET', url: `/api/alerts/${north.storeId}` }), 200],
  ['update', 'write', () => ({ method: 'PUT', url: `/api/alerts/${MISSING}`, json: broadcast() }), 404],
  ['delete', 'remove', () => ({ method: 'DELETE', url: `/api/alerts/${MISSING}` }), 404],
  ['inbox', 'everyone', () => ({ method: 'GET', url: '/api/alerts/inbox' }), 200],
  ['mark read', 'everyone', () => ({ method: 'POST', url: `/api/alerts/${MISSING}/read` }), 404],
];

describe('roles', () => {
  it.each(ROUTES)(
    '%s: the roles of its group pass, the others are refused (403)',
    async (_name, group, call, status) => {
      const allowed: readonly Role[] = GROUPS[group];
      const before = await alertsFingerprint();
      for (const role of ROLES) {
        const res = await sendAs(t, tokenOf[role], call());
        if (allowed.includes(role)) expect(res.statusCode, `${role} ${res.body}`).toBe(status);
        else expectRefusal(res, 403, 'FORBIDDEN', role);
      }
      expect(await alertsFingerprint()).toEqual(before);
    },
  );

  it('refuses what the readers and the store staff must not do, by name', async () => {
    const own = await send(mallory.token, { title: 'Roles check' });
    const before = await alertsFingerprint();
    const cases: Array<[Role, Call]> = [
      ['ROLE_ANALYTICS_READER', { method: 'POST', url: '/api/alerts', json: broadcast() }],
      [
        'ROLE_ANALYTICS_READER',
        { method: 'PUT', url: `/api/alerts/${own.id}`, json: broadcast({ title: 'X' }) },
      ],
      ['ROLE_ANALYTICS_READER', { method: 'DELETE', url: `/api/alerts/${own.id}` }],
      ['ROLE_ANALYTICS_CONTRIBUTOR', { method: 'DELETE', url: `/api/alerts/${own.id}` }],
      ['ROLE_STORE_ASSISTANT', { method: 'GET', url: '/api/alerts/business' }],
      ['ROLE_STORE_ASSISTANT', { method: 'GET', url: `/api/alerts/${north.storeId}` }],
      ['ROLE_STORE_ASSISTANT', { method: 'POST', url: '/api/alerts', json: broadcast() }],
      [
        'ROLE_INVENTORY_ADMIN',
        { method: 'POST', url: '/api/alerts', json: broadcast({ severity: 'CRITICAL' }) },
      ],
      ['ROLE_LOYALTY_ADMIN', { method: 'DELETE', url: `/api/alerts/${own.id}` }],
    ];
    for (const [role, call] of cases)
      expectRefusal(await sendAs(t, tokenOf[role], call), 403, 'FORBIDDEN', role);
    expect(await alertsFingerprint()).toEqual(before);
    await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${own.id}` });
  });

  it('refuses a user without a business (403) and a caller without a token (401) on every route', async () => {
    const loner = await verifiedOwner(t);
    const before = await alertsFingerprint();
    const calls: Call[] = [
      { method: 'POST', url: '/api/alerts', json: broadcast() },
      { method: 'GET', url: '/api/alerts/business' },
      { method: 'GET', url: `/api/alerts/${victimStore.storeId}` },
      { method: 'PUT', url: `/api/alerts/${victimAlert.id}`, json: broadcast() },
      { method: 'DELETE', url: `/api/alerts/${victimAlert.id}` },
      { method: 'GET', url: '/api/alerts/inbox' },
      { method: 'POST', url: `/api/alerts/${victimAlert.id}/read` },
      { method: 'POST', url: '/api/alerts/read-all' },
      { method: 'GET', url: '/api/alerts/stream' },
    ];
    for (const call of calls) {
      const res = await sendAs(t, loner.token, call);
      expect(res.statusCode, `${call.method} ${call.url} ${res.body}`).toBe(403);
      expect(res.body).not.toMatch(VICTIM_WORDS);
      const anonymous = await t.app.inject({
        method: call.method,
        url: call.url,
        ...(call.json ? { payload: call.json } : {}),
      });
      expectRefusal(anonymous, 401, 'UNAUTHENTICATED', `${call.method} ${call.url}`);
    }
    expect(await alertsFingerprint()).toEqual(before);
  });
});

describe('alerts not addressed to her', () => {
  it('are 404 to read or mark read, leave no read behind, and stay out of her read-all', async () => {
    const northOnly = await send(mallory.token, {
      title: 'North only',
      scope: 'STORE',
      storeId: north.storeId,
    });
    const stockTeam = await send(mallory.token, { title: 'Stock team', roles: ['ROLE_INVENTORY_ADMIN'] });
    const soon = await send(mallory.token, {
      title: 'Until soon',
      expiresAt: new Date(clock.now().getTime() + 60_000).toISOString(),
    });
    const southMovement = await insertSystemAlert(mallory.businessId, {
      title: 'South movement',
      roles: ['ROLE_STORE_ASSISTANT', 'ROLE_INVENTORY_ADMIN'],
      locationId: south.locationId,
    });
    clock.advance(120_000);
    const refused: Array<[Member | string, string]> = [
      [southAssistant, northOnly.id],
      [tokenOf.ROLE_BUSINESS_OWNER, northOnly.id], // the owner works at no store
      [inventoryAdmin, northOnly.id],
      [analyst, stockTeam.id],
      [northAssistant, stockTeam.id],
      [northAssistant, southMovement],
      [analyst, southMovement],
      [northAssistant, soon.id], // expired
      [inventoryAdmin, soon.id],
    ];
    const before = await alertsFingerprint();
    for (const [who, id] of refused) {
      const token = typeof who === 'string' ? who : who.token;
      expectRefusal(
        await sendAs(t, token, { method: 'POST', url: `/api/alerts/${id}/read` }),
        404,
        'NOT_FOUND',
        id,
      );
    }
    expect(await alertsFingerprint()).toEqual(before);

    // Read-all marks her own audience only.
    await expectOk(await sendAs(t, southAssistant.token, { method: 'POST', url: '/api/alerts/read-all' }));
    await expectOk(await sendAs(t, analyst.token, { method: 'POST', url: '/api/alerts/read-all' }));
    expect(await readRows(northOnly.id)).toEqual([]);
    expect(await readRows(stockTeam.id)).toEqual([]);
    expect(await readRows(soon.id)).toEqual([]);
    expect(await readRows(southMovement)).toEqual([southAssistant.userId]);

    // Her inbox's filters narrow her audience, never widen it.
    const filtered = await inboxOf(southAssistant.token, `?storeId=${north.storeId}&size=100`);
    expect(filtered.content.map((alert) => alert.title)).toEqual([]);
    const analystPage = await inboxOf(analyst.token, '?size=100&unread=false&severity=INFO');
    expect(analystPage.content.map((alert) => alert.title)).not.toContain('Stock team');

    for (const id of [northOnly.id, stockTeam.id, soon.id])
      await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${id}` });
    await t.sql('delete from alerts where id = $1', [southMovement]);
  });
});

describe('the plan gate', () => {
  it("refuses creating and changing without BROADCAST_ALERTS, the same for anyone's id; deleting stays open", async () => {
    const own = await send(mallory.token, { title: 'Before the downgrade' });
    await setPlan(t, mallory.businessId, 'FREE');
    const before = await alertsFingerprint();
    for (const call of [
      { method: 'POST', url: '/api/alerts', json: broadcast() },
      { method: 'POST', url: '/api/alerts', json: broadcast({ severity: 'CRITICAL' }) },
      { method: 'PUT', url: `/api/alerts/${own.id}`, json: broadcast({ title: 'Changed' }) },
      // Victim's id answers as her own: the gate speaks first and says nothing of the id.
      { method: 'PUT', url: `/api/alerts/${victimAlert.id}`, json: broadcast({ title: 'Changed' }) },
    ] satisfies Call[]) {
      const res = await sendAs(t, mallory.token, call);
      expectRefusal(res, 403, 'PLAN_VIOLATION', call.url);
      expect(res.headers['x-plan-violation']).toBe('1');
    }
    expect(await alertsFingerprint()).toEqual(before);
    expect((await inboxOf(mallory.token)).content.map((alert) => alert.id)).toContain(own.id);
    expectRefusal(
      await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${victimAlert.id}` }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${own.id}` })).statusCode,
    ).toBe(204);
    expect((await t.sql('select 1 from alerts where id = $1', [own.id])).rowCount).toBe(0);
    expect(await t.mails().then((mails) => mails.filter((mail) => mail.includes('Stocktake')))).toEqual([]);
  });
});

describe('hostile input', () => {
  const LONG = 'x'.repeat(2001);
  const refusedBodies: Array<[string, Record<string, unknown>, string]> = [
    ['NUL in the title', { title: 'Stock\u0000take' }, 'title'],
    ['NUL in the message', { message: 'Count\u0000' }, 'message'],
    ['a lone surrogate in the title', { title: 'Bad \uD800 title' }, 'title'],
    ['a lone surrogate in the message', { message: 'Bad \uDC00' }, 'message'],
    ['a NUL in a role', { roles: ['ROLE_STORE_ASSISTANT\u0000'] }, 'roles.0'],
    ['a message of 2001 characters', { message: LONG }, 'message'],
    ['a title of 121 characters', { title: 't'.repeat(121) }, 'title'],
    ['a title with a line break', { title: 'Line\nbreak' }, 'title'],
    ['a title with a bidi override', { title: 'Invoice \u202Efdp.exe' }, 'title'],
    ['a blank title', { title: ' \t ' }, 'title'],
    ['a title that is no string', { title: { en: 'Hi' } }, 'title'],
    ['an unknown role', { roles: ['ROLE_KING'] }, 'roles.0'],
    ['a role in lower case', { roles: ['role_store_assistant'] }, 'roles.0'],
    ['a null role', { roles: [null] }, 'roles.0'],
    ['roles as a string', { roles: 'ROLE_STORE_ASSISTANT' }, 'roles'],
    ['16 roles', { roles: Array(16).fill('ROLE_STORE_ASSISTANT') }, 'roles'],
    ['an expiry in the past', { expiresAt: '2000-01-01T00:00:00Z' }, 'expiresAt'],
    ['an expiry without offset', { expiresAt: '2099-01-01T10:00:00' }, 'expiresAt'],
    ['an expiry on 30 February', { expiresAt: '2099-02-30T10:00:00Z' }, 'expiresAt'],
    ['an expiry as a number', { expiresAt: 4_102_444_800_000 }, 'expiresAt'],
    ['an expiry past year 9999', { expiresAt: '+275760-09-13T00:00:00Z' }, 'expiresAt'],
    ['scope STORE without a store', { scope: 'STORE' }, 'storeId'],
    ['scope STORE with a null store', { scope: 'STORE', storeId: null }, 'storeId'],
    ['scope BUSINESS with a store', { storeId: MISSING }, 'storeId'],
    ['a store that is no id', { scope: 'STORE', storeId: "1' or '1'='1" }, 'storeId'],
    ['a severity in lower case', { severity: 'critical' }, 'severity'],
    ['an unknown scope', { scope: 'GLOBAL' }, 'scope'],
  ];

  it.each(refusedBodies)(
    'refuses %s (400 on the field), on create and on update',
    async (_name, values, field) => {
      const own = await send(mallory.token, { title: 'Target' });
      const before = await alertsFingerprint();
      for (const call of [
        { method: 'POST', url: '/api/alerts', json: broadcast(values) },
        { method: 'PUT', url: `/api/alerts/${own.id}`, json: broadcast(values) },
      ] satisfies Call[]) {
        const res = await sendAs(t, mallory.token, call);
        expectRefusal(res, 400, 'VALIDATION_ERROR', call.method);
        expect(
          Object.keys(res.json<{ details: { fieldErrors: object } }>().details.fieldErrors),
          call.method,
        ).toContain(field);
      }
      expect(await alertsFingerprint()).toEqual(before);
      await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${own.id}` });
    },
  );

  it('takes the edges it should: 2000 characters, repeated roles once, no roles as every role, far expiries', async () => {
    const exact = await send(mallory.token, { message: `  ${'m'.repeat(2000)}  ` });
    expect(exact.message).toHaveLength(2000);
    const repeated = await send(mallory.token, { roles: Array(15).fill('ROLE_STORE_ASSISTANT') });
    expect(repeated.roles).toEqual(['ROLE_STORE_ASSISTANT']);
    expect((await send(mallory.token, { roles: [] })).roles).toBeNull();
    const far = await send(mallory.token, { expiresAt: '9999-12-31T23:59:59Z' });
    expect(far.expiresAt).toBe('9999-12-31T23:59:59.000Z');
    const offset = await send(mallory.token, { expiresAt: '2099-06-01T10:00:00+14:00' });
    expect(offset.expiresAt).toBe('2099-05-31T20:00:00.000Z');
    // Past year 9999 once read in UTC: stored, and answered as the same instant (an ISO-8601
    // extended year, +010000-...), never a 500.
    const beyond = await sendAs(t, mallory.token, {
      method: 'POST',
      url: '/api/alerts',
      json: broadcast({ expiresAt: '9999-12-31T23:59:59-23:59' }),
    });
    expect(beyond.statusCode, beyond.body).toBe(201);
    expect(Date.parse(beyond.json<TAlert>().expiresAt ?? '')).toBe(Date.parse('9999-12-31T23:59:59-23:59'));
    const listed = await sendAs(t, mallory.token, { method: 'GET', url: '/api/alerts/business' });
    expect(listed.statusCode, listed.body).toBe(200);
    await t.sql('delete from alerts where business_id = $1', [mallory.businessId]);
  });

  it('ignores the fields the server sets itself (kind, business, id, author, counts)', async () => {
    const chosenId = randomUUID();
    const sent = await send(mallory.token, {
      title: 'Mass assignment',
      id: chosenId,
      alertId: chosenId,
      kind: 'SYSTEM',
      businessId: victim.businessId,
      business_id: victim.businessId,
      createdBy: victim.userId,
      readCount: 99,
      resolvedAt: '2020-01-01T00:00:00Z',
      subject: { type: 'SUBSCRIPTION', id: chosenId, locationId: null },
      dedupeKey: 'RENEWAL_FAILED:x',
    });
    expect(sent).toMatchObject({
      kind: 'BROADCAST',
      createdBy: mallory.userId,
      readCount: 0,
      resolvedAt: null,
      subject: null,
    });
    expect(sent.id).not.toBe(chosenId);
    const { rows } = await t.sql('select business_id, kind, dedupe_key from alerts where id = $1', [sent.id]);
    expect(rows).toEqual([{ business_id: mallory.businessId, kind: 'BROADCAST', dedupe_key: null }]);
    expect((await t.sql('select 1 from alerts where id = $1', [chosenId])).rowCount).toBe(0);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...bearer(mallory.token), 'content-type': 'application/json' },
      payload:
        '{"title":"Proto","message":"m","severity":"INFO","scope":"BUSINESS","__proto__":{"kind":"SYSTEM"}}',
    });
    expect(proto.statusCode, proto.body).toBe(400);
    await sendAs(t, mallory.token, { method: 'DELETE', url: `/api/alerts/${sent.id}` });
  });

  it('refuses odd queries, paths and bodies with a 400, never a 5xx', async () => {
    const calls: Array<[Call, string]> = [
      [{ method: 'GET', url: '/api/alerts/inbox?page=-1' }, 'page'],
      [{ method: 'GET', url: '/api/alerts/inbox?size=0' }, 'size'],
      [{ method: 'GET', url: '/api/alerts/inbox?size=101' }, 'size'],
      [{ method: 'GET', url: '/api/alerts/inbox?size=1000000000' }, 'size'],
      [{ method: 'GET', url: '/api/alerts/inbox?page=1.5' }, 'page'],
      [{ method: 'GET', url: '/api/alerts/inbox?page=99999999999' }, 'page'],
      [{ method: 'GET', url: '/api/alerts/inbox?severity=LOUD' }, 'severity'],
      [{ method: 'GET', url: '/api/alerts/inbox?severity=INFO&severity=CRITICAL' }, 'severity'],
      [{ method: 'GET', url: '/api/alerts/inbox?unread=1' }, 'unread'],
      [{ method: 'GET', url: '/api/alerts/inbox?storeId=north' }, 'storeId'],
      [{ method: 'GET', url: '/api/alerts/inbox?storeId=%00' }, 'storeId'],
      [{ method: 'GET', url: '/api/alerts/not-an-id' }, 'id'],
      [{ method: 'PUT', url: '/api/alerts/not-an-id', json: broadcast() }, 'id'],
      [{ method: 'DELETE', url: '/api/alerts/..%2F..%2Fusers' }, 'id'],
      [{ method: 'POST', url: '/api/alerts/%00/read' }, 'id'],
      [{ method: 'POST', url: `/api/alerts/${MISSING}/read`, json: { userId: victim.userId } }, ''],
      [{ method: 'POST', url: '/api/alerts/read-all', json: { userId: victim.userId } }, ''],
    ];
    const before = await alertsFingerprint();
    for (const [call, field] of calls) {
      const res = await sendAs(t, mallory.token, call);
      expectRefusal(res, 400, 'VALIDATION_ERROR', `${call.method} ${call.url}`);
      if (field) expect(Object.keys(res.json().details.fieldErrors), call.url).toContain(field);
    }
    expect(await alertsFingerprint()).toEqual(before);
    // The deepest page there may be answers an empty page at once.
    const deep = await inboxOf(mallory.token, '?page=1000000&size=100');
    expect(deep).toMatchObject({ content: [], page: 1000000, size: 100 });
  });
});

describe("the product's own alerts", () => {
  it('are not edited (404), whoever asks, and stay as they were', async () => {
    const id = await insertSystemAlert(mallory.businessId, {
      title: 'Renewal failed: Supreme',
      roles: ['ROLE_BUSINESS_OWNER'],
    });
    const before = await alertsFingerprint();
    for (const role of ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN', 'ROLE_ANALYTICS_ADMIN'] as const)
      expectRefusal(
        await sendAs(t, tokenOf[role], {
          method: 'PUT',
          url: `/api/alerts/${id}`,
          json: broadcast({ title: 'All fine' }),
        }),
        404,
        'NOT_FOUND',
        role,
      );
    expect(await alertsFingerprint()).toEqual(before);
    await t.sql('delete from alerts where id = $1', [id]);
  });

  it('are not deleted by an analyst (404): the owner keeps her renewal failure, the stock team its low stock', async () => {
    const renewal = await insertSystemAlert(mallory.businessId, {
      title: 'Renewal failed: Supreme',
      roles: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN'],
      severity: 'CRITICAL',
    });
    const before = await alertsFingerprint();
    for (const role of ['ROLE_ANALYTICS_ADMIN', 'ROLE_BUSINESS_ADMIN', 'ROLE_BUSINESS_OWNER'] as const)
      expectRefusal(
        await sendAs(t, tokenOf[role], { method: 'DELETE', url: `/api/alerts/${renewal}` }),
        404,
        'NOT_FOUND',
        role,
      );
    expect(await alertsFingerprint()).toEqual(before);
    expect((await inboxOf(mallory.token)).content.map((alert) => alert.id)).toContain(renewal);
    await t.sql('delete from alerts where id = $1', [renewal]);
  });

  it("are not in the analysts' sent list: they read only what they are addressed", async () => {
    const renewal = await insertSystemAlert(mallory.businessId, {
      title: 'Renewal failed: Supreme',
      roles: ['ROLE_BUSINESS_OWNER', 'ROLE_BUSINESS_ADMIN'],
    });
    const sent = await send(mallory.token, { title: 'Our broadcast' });
    for (const role of GROUPS.read) {
      const list = await expectOk<TAlert[]>(
        await sendAs(t, tokenOf[role], { method: 'GET', url: '/api/alerts/business' }),
      );
      expect(
        list.map((alert) => alert.id),
        role,
      ).toEqual([sent.id]);
    }
    expect((await inboxOf(analyst.token)).content.map((alert) => alert.id)).not.toContain(renewal);
    await t.sql('delete from alerts where business_id = $1', [mallory.businessId]);
  });
});

/** The To address of each mail whose subject holds `marker`. */
async function recipientsOf(marker: string): Promise<string[]> {
  return (await t.mails())
    .filter((mail) => mail.includes(marker))
    .map((mail) => /^To: (.*)$/m.exec(mail)?.[1]?.trim() ?? '')
    .sort();
}

/** The HTML part of a mail, decoded (quoted-printable). */
function htmlOf(eml: string): string {
  const normalized = eml.replace(/\r\n/g, '\n');
  const start = normalized.search(/^Content-Type: text\/html/im);
  const part = normalized.slice(start);
  const boundary = /boundary="?([^";\n]+)"?/i.exec(normalized)?.[1] ?? '\u0000';
  const body = part.slice(part.indexOf('\n\n') + 2).split(`\n--${boundary}`)[0] ?? '';
  const bytes = body
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A header's RFC 2047 encoded words (UTF-8, Q), unfolded and decoded. */
function decodeWords(header: string): string {
  const unfolded = header.replace(/\?=\s+=\?/g, '?==?').replace(/\n[ \t]+/g, ' ');
  return unfolded.replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, text: string) =>
    Buffer.from(
      text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8'),
  );
}

describe('e-mails of CRITICAL alerts', () => {
  it('go to the active members of the audience only: its roles, this business', async () => {
    const member = await staffMember(t, mallory.token, ['ROLE_INVENTORY_ADMIN']);
    const disabled = await staffMember(t, mallory.token, ['ROLE_INVENTORY_ADMIN']);
    await expectOk(
      await sendAs(t, mallory.token, { method: 'PUT', url: `/api/users/${disabled.userId}/disable` }),
    );
    await t.mails();
    const victimAdmin = await staffMember(t, victim.token, ['ROLE_INVENTORY_ADMIN']);
    await send(mallory.token, { title: 'Freezer M1', severity: 'CRITICAL', roles: ['ROLE_INVENTORY_ADMIN'] });
    const { rows } = await t.sql('select email from users where id = $1', [inventoryAdmin.userId]);
    const adminEmail = (rows[0] as { email: string }).email;
    expect(await recipientsOf('Freezer M1')).toEqual([adminEmail, member.email].sort());
    expect(await recipientsOf('Freezer M1')).not.toContain(victimAdmin.email);
  });

  it('go to nobody when the roles have no member, and the alert is marked mailed', async () => {
    const alert = await send(victim.token, {
      title: 'Nobody M2',
      severity: 'CRITICAL',
      roles: ['ROLE_LOYALTY_READER'],
    });
    expect(await recipientsOf('Nobody M2')).toEqual([]);
    const { rows } = await t.sql('select mailed_at from alerts where id = $1', [alert.id]);
    expect((rows[0] as { mailed_at: Date | null }).mailed_at).not.toBeNull();
  });

  it('are sent once when the job runs twice, and not at all for a job naming another business', async () => {
    const alert = await send(mallory.token, {
      title: 'Twice M3',
      severity: 'CRITICAL',
      roles: ['ROLE_BUSINESS_OWNER'],
    });
    expect(await recipientsOf('Twice M3')).toEqual([mallory.email]);
    await t.jobs.send(ALERT_MAIL_QUEUE, { businessId: mallory.businessId, alertId: alert.id });
    await t.jobs.send(ALERT_MAIL_QUEUE, { businessId: mallory.businessId, alertId: alert.id });
    expect(await recipientsOf('Twice M3')).toEqual([mallory.email]);
    // A job whose business is not the alert's finds nothing (the business scopes the read).
    const victims = await send(victim.token, { title: 'Cross M3', severity: 'INFO' });
    await t.sql('update alerts set severity = $2 where id = $1', [victims.id, 'CRITICAL']);
    await t.jobs.send(ALERT_MAIL_QUEUE, { businessId: mallory.businessId, alertId: victims.id });
    expect(await recipientsOf('Cross M3')).toEqual([]);
  });

  it('escape the HTML of the texts and keep the title on one header line', async () => {
    await send(mallory.token, {
      title: '<img src=x onerror=alert(1)> Mark4 "Fire" & co',
      message: '<script>alert(document.cookie)</script>\n<a href="https://evil.test">Log in</a> & go',
      severity: 'CRITICAL',
      roles: ['ROLE_BUSINESS_OWNER'],
    });
    const [mail] = (await t.mails()).filter((eml) => eml.includes('Mark4'));
    expect(mail).toBeDefined();
    const html = htmlOf(mail ?? '');
    expect(html).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    expect(html).toContain('&lt;a href=&quot;https://evil.test&quot;&gt;');
    expect(html).not.toMatch(/<script|<a href="https:\/\/evil|<img/i);
    // The title goes only in the subject: one header (folded), its words encoded, nothing added.
    const eml = (mail ?? '').replace(/\r\n/g, '\n');
    const folded = /^Subject: (.*(?:\n[ \t].*)*)$/m.exec(eml)?.[1] ?? '';
    expect(decodeWords(folded)).toBe('Critical alert: <img src=x onerror=alert(1)> Mark4 "Fire" & co');
    expect(eml.split('\n\n')[0]).not.toMatch(/^(Bcc|Cc|Reply-To):/im);
  });

  it("go to nobody when the store of a store's alert is gone before the job runs", async () => {
    const doomed = await insertStore(t, mallory.businessId, { name: 'Doomed' });
    await t.sql('update users set location_id = $2 where id = $1', [
      southAssistant.userId,
      doomed.locationId,
    ]);
    await send(mallory.token, {
      title: 'Store M5',
      severity: 'CRITICAL',
      scope: 'STORE',
      storeId: doomed.storeId,
    });
    // The store is deleted a moment later, before the queued job ran.
    const removed = await sendAs(t, mallory.token, {
      method: 'DELETE',
      url: `/api/stores/${doomed.storeId}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    try {
      expect(await recipientsOf('Store M5')).toEqual([]);
    } finally {
      await t.sql('update users set location_id = $2 where id = $1', [
        southAssistant.userId,
        south.locationId,
      ]);
    }
  });
});
