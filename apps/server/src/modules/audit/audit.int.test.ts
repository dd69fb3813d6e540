import { randomUUID } from 'node:crypto';
import type { TAuditEntry, TPage } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import { insertAuditEntries } from '../../../test/factories/audit.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: { token: string; userId: string; email: string };
let productAdmin: { token: string };
let storeAssistant: { token: string; userId: string };
/** Every entry of the owner's business, newest first, as the database orders them. */
let expected: Array<{ id: string; user_id: string | null; event_type: string; created_at: Date }>;
/** The instant the owner's generated entries count back from (one minute apart). */
const base = new Date('2026-06-01T12:00:00.000Z');
const minutesBefore = (minutes: number) => new Date(base.getTime() - minutes * 60_000).toISOString();
const call = apiCaller(() => t);

async function page(url: string, token = owner.token): Promise<TPage<TAuditEntry>> {
  const res = await call('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  other = await ownerWithBusiness(t, 'Other Shop');
  await setPlan(t, owner.businessId, 'BASIC');
  await setPlan(t, other.businessId, 'BASIC');
  // Real actions: each invitation writes USER_CREATION by the owner.
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  productAdmin = await staffMember(t, owner.token, ['ROLE_PRODUCT_ADMIN']);
  storeAssistant = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
  // Volume, written as the owner: 40 by the owner and 20 by the admin a minute apart, three of
  // one instant (one transaction's entries), a system entry, and the other business's own.
  await insertAuditEntries(t, owner.businessId, owner.userId, 'CREATE_STORE', 40, base);
  await insertAuditEntries(t, owner.businessId, admin.userId, 'PRODUCT_CREATION', 20, minutesBefore(0.5));
  await insertAuditEntries(t, owner.businessId, admin.userId, 'MOVEMENT_CREATION', 3, minutesBefore(100), 0);
  await insertAuditEntries(t, owner.businessId, null, 'INVENTORY_ADJUSTMENT', 1, minutesBefore(200));
  await insertAuditEntries(t, other.businessId, other.userId, 'CREATE_STORE', 15, base);
  expected = (
    await t.sql(
      `select id, user_id, event_type, created_at from audit_logs where business_id = $1
       order by created_at desc, id desc`,
      [owner.businessId],
    )
  ).rows as typeof expected;
});
afterAll(async () => {
  await t.close();
});

describe('audit', () => {
  describe('listAuditEntries', () => {
    it("answers every user's entries newest first, with their e-mail, paged", async () => {
      const first = await page('/api/audit?size=25');
      expect(first).toMatchObject({ page: 0, size: 25, totalElements: expected.length });
      expect(first.totalPages).toBe(Math.ceil(expected.length / 25));
      const all: TAuditEntry[] = [];
      for (let n = 0; n < first.totalPages; n++)
        all.push(...(await page(`/api/audit?size=25&page=${n}`)).content);
      expect(all.map((entry) => entry.id)).toEqual(expected.map((row) => row.id));
      const byAdmin = all.find((entry) => entry.eventType === 'PRODUCT_CREATION');
      expect(byAdmin).toMatchObject({ userId: admin.userId, userEmail: admin.email });
      expect(all.find((entry) => entry.userId === null)).toMatchObject({ userEmail: null });
      const invitations = all.filter((entry) => entry.eventType === 'USER_CREATION');
      expect(invitations).toHaveLength(3);
      expect(invitations[0]).toMatchObject({ userId: owner.userId, userEmail: owner.email });
      // The roles as the screens name them ("Inventory reader"), not ROLE_INVENTORY_READER.
      expect(invitations[0]?.description).toMatch(
        /^Created user staff\S+ with the roles [A-Z][a-z]+ [a-z]+(, |\.$)/,
      );
      // Entries of one instant come in id order, descending, the same on every call.
      const sameInstant = all.filter((entry) => entry.eventType === 'MOVEMENT_CREATION').map((e) => e.id);
      expect(sameInstant).toEqual([...sameInstant].sort().reverse());
    });

    it('splits the entries of one instant across pages without losing or repeating one', async () => {
      // The three MOVEMENT_CREATION entries share one instant; pages of 1, 2 and 4 cut through them.
      const moves = expected.filter((row) => row.event_type === 'MOVEMENT_CREATION');
      for (const size of [1, 2, 4]) {
        const walked: string[] = [];
        for (let n = 0; n * size < 3; n++) {
          const url = `/api/audit/user/${admin.userId}/event/MOVEMENT_CREATION?size=${size}&page=${n}`;
          walked.push(...(await page(url)).content.map((entry) => entry.id));
        }
        expect(walked, `size ${size}`).toEqual(moves.map((row) => row.id));
      }
      // The same across the whole log, a page of 7 at a time, from the middle of a time range.
      const from = minutesBefore(150);
      const inRange = expected.filter((row) => row.created_at.getTime() >= Date.parse(from));
      const walked: string[] = [];
      for (let n = 0; n * 7 < inRange.length; n++)
        walked.push(...(await page(`/api/audit?from=${from}&size=7&page=${n}`)).content.map((e) => e.id));
      expect(walked).toEqual(inRange.map((row) => row.id));
    });

    it('answers a page past the end empty, with the total', async () => {
      expect(await page('/api/audit?page=50&size=100')).toMatchObject({
        content: [],
        totalElements: expected.length,
      });
    });

    it('filters by user and event type, and by from (inclusive) and to (exclusive)', async () => {
      const mine = await page(`/api/audit?userId=${admin.userId}&eventType=PRODUCT_CREATION&size=100`);
      expect(mine.totalElements).toBe(20);
      const range = await page(`/api/audit?from=${minutesBefore(10)}&to=${minutesBefore(0)}&size=100`);
      // Owner's entries at 1..10 minutes before base (10 inclusive, 0 excluded), admin's at 0.5..9.5.
      expect(range.content.map((e) => e.eventType).sort()).toEqual([
        ...Array<string>(10).fill('CREATE_STORE'),
        ...Array<string>(10).fill('PRODUCT_CREATION'),
      ]);
      const times = range.content.map((e) => Date.parse(e.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(Math.max(...times)).toBeLessThan(base.getTime());
      expect(Math.min(...times)).toBe(Date.parse(minutesBefore(10)));
    });

    it('refuses bad paging, bad instants, a range that ends before it starts and an unknown event', async () => {
      for (const query of ['page=-1', 'size=0', 'size=101', 'from=yesterday', 'to=2026-06-01', 'userId=42']) {
        const res = await call('GET', `/api/audit?${query}`, owner.token);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json().details.fieldErrors)).toEqual([query.split('=')[0]]);
      }
      const backwards = await call(
        'GET',
        `/api/audit?from=${minutesBefore(0)}&to=${minutesBefore(5)}`,
        owner.token,
      );
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().details.fieldErrors.from[0]).toMatch(/must not be after its end/);
      for (const url of [
        '/api/audit?eventType=LOGIN',
        '/api/audit/event/LOGIN',
        `/api/audit/user/${admin.userId}/event/x`,
      ]) {
        const res = await call('GET', url, owner.token);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().details.fieldErrors.eventType).toEqual(['This event type does not exist.']);
      }
    });
  });

  describe('listUserAuditEntries, listUserAuditEntriesOfEvent, listAuditEntriesOfEvent', () => {
    it("answers one user's entries, of one event type, and one event type of everyone", async () => {
      const admins = await page(`/api/audit/user/${admin.userId}?size=100`);
      expect(admins.content.map((e) => e.id)).toEqual(
        expected.filter((row) => row.user_id === admin.userId).map((row) => row.id),
      );
      const moves = await page(`/api/audit/user/${admin.userId}/event/MOVEMENT_CREATION`);
      expect(moves.totalElements).toBe(3);
      expect(moves.content.every((e) => e.eventType === 'MOVEMENT_CREATION')).toBe(true);
      const stores = await page('/api/audit/event/CREATE_STORE?size=100');
      expect(stores.content.map((e) => e.id)).toEqual(
        expected.filter((row) => row.event_type === 'CREATE_STORE').map((row) => row.id),
      );
      // The owner's stores are 0..39 minutes before base: 31..39 are before the 30th minute.
      const older = await page(`/api/audit/event/CREATE_STORE?to=${minutesBefore(30)}&size=100`);
      expect(older.totalElements).toBe(9);
    });

    it('answers a user without entries with an empty page', async () => {
      const res = await page(`/api/audit/user/${storeAssistant.userId}`);
      expect(res).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    });
  });

  describe('another business', () => {
    it('answers 404 for its users and a random id, and never shows its entries', async () => {
      for (const url of [
        `/api/audit/user/${other.userId}`,
        `/api/audit/user/${other.userId}/event/CREATE_STORE`,
        `/api/audit?userId=${other.userId}`,
        `/api/audit/user/${randomUUID()}`,
        `/api/audit/export?userId=${other.userId}`,
      ]) {
        const res = await call('GET', url, owner.token);
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
      const theirs = await page('/api/audit?size=100', other.token);
      expect(theirs.totalElements).toBe(15);
      const ours = new Set(expected.map((row) => row.id));
      expect(theirs.content.some((entry) => ours.has(entry.id))).toBe(false);
      expect((await page('/api/audit/event/CREATE_STORE?size=100')).totalElements).toBe(40);
    });
  });

  describe('who may read it', () => {
    it('lets the business admin read, refuses product admins and store assistants, and writes nothing', async () => {
      expect((await page('/api/audit?size=1', admin.token)).totalElements).toBe(expected.length);
      for (const token of [productAdmin.token, storeAssistant.token]) {
        for (const url of ['/api/audit', `/api/audit/user/${admin.userId}`, '/api/audit/export']) {
          const res = await call('GET', url, token);
          expect(res.statusCode, url).toBe(403);
          expect(res.json().code).toBe('FORBIDDEN');
        }
      }
      expect((await call('GET', '/api/audit')).statusCode).toBe(401);
      expect(await countEntries()).toBe(expected.length);
    });

    it('is a plan feature: the Free plan answers the plan violation', async () => {
      await setPlan(t, owner.businessId, 'FREE');
      try {
        for (const url of ['/api/audit', '/api/audit/event/CREATE_STORE', '/api/audit/export?format=xlsx']) {
          const res = await call('GET', url, owner.token);
          expect(res.statusCode, url).toBe(403);
          expect(res.headers['x-plan-violation']).toBe('1');
          expect(res.json().code).toBe('PLAN_VIOLATION');
        }
      } finally {
        await setPlan(t, owner.businessId, 'BASIC');
      }
    });

    it('has no route that changes or deletes an entry', async () => {
      const id = expected[0]?.id ?? '';
      for (const [method, url] of [
        ['PUT', `/api/audit/${id}`],
        ['DELETE', `/api/audit/${id}`],
        ['DELETE', '/api/audit'],
        ['POST', '/api/audit'],
        ['PATCH', `/api/audit/user/${admin.userId}`],
      ] as const) {
        expect((await call(method, url, owner.token, {})).statusCode, `${method} ${url}`).toBe(404);
      }
      expect(await countEntries()).toBe(expected.length);
    });
  });
});

async function countEntries(): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from audit_logs where business_id = $1', [
    owner.businessId,
  ]);
  return (rows[0] as { n: number }).n;
}
