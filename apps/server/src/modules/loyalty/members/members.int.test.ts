import type { TLoyaltyMember, TLoyaltyMemberDetail, TLoyaltyMemberPage } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import { earnPoints, expectPointsBalanced } from '../../../../test/factories/loyalty.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';

type Account = { token: string };
type Owner = Account & { businessId: string };
type Method = 'GET' | 'POST' | 'PUT';

const TIERED = '0193a6f0-0000-7000-8000-000000000002';
const BASE = '/api/loyalty/members';
const clock = settableClock(new Date('2026-05-04T09:00:00Z'));

let t: TestApp;
let owner: Owner;
let other: Owner;
/** A business of its own for the list tests: exactly the five members they make. */
let lister: Owner;
let reader: Account;
let contributor: Account;
let analyst: Account;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Bakery');
  other = await ownerWithBusiness(t, 'Elsewhere Market');
  lister = await ownerWithBusiness(t, 'Listing Deli');
  for (const business of [owner, other, lister]) await setPlan(t, business.businessId, 'SUPREME');
  reader = await staffMember(t, owner.token, ['ROLE_LOYALTY_READER']);
  contributor = await staffMember(t, owner.token, ['ROLE_LOYALTY_CONTRIBUTOR']);
  analyst = await staffMember(t, owner.token, ['ROLE_ANALYTICS_ADMIN']);
});
afterEach(async () => {
  await setPlan(t, owner.businessId, 'SUPREME');
  await t.sql('update loyalty_programs set active = false where business_id = $1', [owner.businessId]);
});
afterAll(async () => {
  await expectPointsBalanced(t);
  await t.close();
});

const call = (who: Account, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

async function ok<T>(who: Account, method: Method, url: string, payload?: object): Promise<T> {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json<T>();
}

const create = (body: object, who: Account = owner) => ok<TLoyaltyMember>(who, 'POST', BASE, body);
const list = (query: string, who: Account = lister) => ok<TLoyaltyMemberPage>(who, 'GET', `${BASE}?${query}`);
const cards = (page: TLoyaltyMemberPage) => page.content.map((member) => member.cardCode);

async function memberRow(id: string) {
  const { rows } = await t.sql(
    'select name, email, phone, card_code, points, lifetime_points from loyalty_members where id = $1',
    [id],
  );
  return rows[0] as Record<string, unknown>;
}

async function entryCount(memberId: string): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from loyalty_point_entries where member_id = $1', [
    memberId,
  ]);
  return (rows[0] as { n: number }).n;
}

async function memberCount(businessId: string): Promise<number> {
  const { rows } = await t.sql('select count(*)::int as n from loyalty_members where business_id = $1', [
    businessId,
  ]);
  return (rows[0] as { n: number }).n;
}

describe('loyalty members', () => {
  describe('createLoyaltyMember', () => {
    it('enrols a member with her card code in upper case and her e-mail in lower case', async () => {
      const member = await create({
        name: '  Ada Lovelace ',
        email: 'Ada@Example.TEST',
        phone: '+44 20 7946 0001',
        cardCode: 'ab-1234',
      });
      expect(member).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        phone: '+44 20 7946 0001',
        cardCode: 'AB-1234',
        points: 0,
        lifetimePoints: 0,
        tier: null,
      });
      expect(member.memberId).toBe(member.id);
      expect(await memberRow(member.id)).toMatchObject({ card_code: 'AB-1234', email: 'ada@example.test' });
      expect(await ok(reader, 'GET', `${BASE}/${member.id}`)).toEqual({ ...member, history: [] });
    });

    it('makes a card code when none is given: LM- and 8 characters without 0, O, 1 or I', async () => {
      const first = await create({});
      const second = await create({ name: 'Grace Hopper' });
      for (const member of [first, second]) expect(member.cardCode).toMatch(/^LM-[A-HJ-NP-Z2-9]{8}$/);
      expect(first.cardCode).not.toBe(second.cardCode);
      expect(first).toMatchObject({ name: null, email: null, phone: null });
    });

    it('refuses a card code, e-mail or phone another member has (409 naming the field)', async () => {
      await create({ cardCode: 'CLASH-01', email: 'clash@example.test', phone: '555 0101' });
      const before = await memberCount(owner.businessId);
      for (const [body, field] of [
        [{ cardCode: 'clash-01' }, 'cardCode'],
        [{ email: 'CLASH@example.test' }, 'email'],
        [{ phone: '555 0101' }, 'phone'],
      ] as const) {
        const res = await call(owner, 'POST', BASE, body);
        expect(res.statusCode, field).toBe(409);
        expect(res.json()).toMatchObject({ code: 'CONFLICT', details: { field } });
        expect(res.json().message).toMatch(/another member/i);
      }
      expect(await memberCount(owner.businessId)).toBe(before);
    });

    it('answers 400 naming the field for a bad e-mail, a phone with letters or a card code with spaces', async () => {
      const before = await memberCount(owner.businessId);
      for (const [body, field] of [
        [{ email: 'not-an-address' }, 'email'],
        [{ phone: 'call me maybe' }, 'phone'],
        [{ cardCode: 'AB 1234' }, 'cardCode'],
        [{ cardCode: 'A1' }, 'cardCode'],
      ] as const) {
        const res = await call(owner, 'POST', BASE, body);
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(res.json().details.fieldErrors)).toEqual([field]);
      }
      expect(await memberCount(owner.businessId)).toBe(before);
    });
  });

  describe('listLoyaltyMembers', () => {
    const made: Record<string, TLoyaltyMember> = {};

    beforeAll(async () => {
      // Created one after another: `newest` is the reverse of this order.
      for (const [key, body] of [
        ['ben', { name: 'Ben Baker', email: 'ben@bakery.test', phone: '+1 555 0100', cardCode: 'CARD-B' }],
        ['anon', { cardCode: 'CARD-A' }],
        ['cleo', { name: 'Cleo Cook', email: 'cleo@kitchen.test', phone: '+1 555 0200', cardCode: 'CARD-C' }],
        ['dora', { name: 'Dora 100%_off', cardCode: 'CARD-D' }],
        ['anna', { name: 'Anna Apple', email: 'anna@orchard.test', cardCode: 'ZED-9' }],
      ] as const) {
        made[key] = await create(body, lister);
      }
      for (const [key, delta] of [
        ['cleo', 300],
        ['anon', 200],
        ['ben', 100],
      ] as const)
        await ok(lister, 'PUT', `${BASE}/${made[key]?.id}`, {
          adjustment: { delta, note: 'Opening balance' },
        });
    });

    it('sorts by name (members without one last, then by card code), by points and by newest', async () => {
      expect(cards(await list('sort=name'))).toEqual(['ZED-9', 'CARD-B', 'CARD-C', 'CARD-D', 'CARD-A']);
      expect(cards(await list(''))).toEqual(['ZED-9', 'CARD-B', 'CARD-C', 'CARD-D', 'CARD-A']);
      const top = await list('sort=points');
      expect(cards(top)).toEqual(['CARD-C', 'CARD-A', 'CARD-B', 'CARD-D', 'ZED-9']);
      expect(top.content.map((member) => member.points)).toEqual([300, 200, 100, 0, 0]);
      expect(cards(await list('sort=newest'))).toEqual(['ZED-9', 'CARD-D', 'CARD-C', 'CARD-A', 'CARD-B']);
    });

    it('searches part of the name, e-mail, phone or card code, whatever its case', async () => {
      expect(cards(await list('search=cleo'))).toEqual(['CARD-C']);
      expect(cards(await list('search=BAKERY.TEST'))).toEqual(['CARD-B']);
      expect(cards(await list(`search=${encodeURIComponent('555 02')}`))).toEqual(['CARD-C']);
      expect(cards(await list('search=zed'))).toEqual(['ZED-9']);
      expect(cards(await list('search=card-&sort=points'))).toEqual(['CARD-C', 'CARD-A', 'CARD-B', 'CARD-D']);
      // % and _ match themselves, not any text.
      expect(cards(await list(`search=${encodeURIComponent('0%_')}`))).toEqual(['CARD-D']);
      expect((await list(`search=${encodeURIComponent('%')}`)).totalElements).toBe(1);
      expect(await list('search=nobody')).toEqual({
        content: [],
        page: 0,
        size: 10,
        totalElements: 0,
        totalPages: 0,
      });
    });

    it('pages in the sort order: 2, 2 and 1 of 5 members', async () => {
      const pages = [await list('size=2'), await list('size=2&page=1'), await list('size=2&page=2')];
      expect(pages.map(cards)).toEqual([['ZED-9', 'CARD-B'], ['CARD-C', 'CARD-D'], ['CARD-A']]);
      for (const [index, page] of pages.entries())
        expect(page).toMatchObject({ page: index, size: 2, totalElements: 5, totalPages: 3 });
      expect(await list('size=2&page=3')).toMatchObject({ content: [], totalElements: 5, totalPages: 3 });
      for (const query of ['size=0', 'size=101', 'page=-1', 'sort=age']) {
        const res = await call(lister, 'GET', `${BASE}?${query}`);
        expect(res.statusCode, query).toBe(400);
      }
    });

    it("shows only the business's own members", async () => {
      const all = await list('size=100', owner);
      expect(all.content.some((member) => member.cardCode.startsWith('CARD-'))).toBe(false);
      expect(all.totalElements).toBe(await memberCount(owner.businessId));
    });
  });

  describe('updateLoyaltyMember', () => {
    it('replaces the details given, keeps those left out and clears those sent as null', async () => {
      const member = await create({
        name: 'Edith Eve',
        email: 'edith@example.test',
        phone: '555 0300',
        cardCode: 'EDITH-1',
      });
      const kept = await ok<TLoyaltyMemberDetail>(contributor, 'PUT', `${BASE}/${member.id}`, {
        name: 'Edith Evergreen',
      });
      expect(kept).toMatchObject({
        name: 'Edith Evergreen',
        email: 'edith@example.test',
        phone: '555 0300',
        cardCode: 'EDITH-1',
      });
      const cleared = await ok<TLoyaltyMemberDetail>(owner, 'PUT', `${BASE}/${member.id}`, {
        email: null,
        phone: '',
        cardCode: 'edith-2',
      });
      expect(cleared).toMatchObject({
        name: 'Edith Evergreen',
        email: null,
        phone: null,
        cardCode: 'EDITH-2',
      });
      expect(await memberRow(member.id)).toMatchObject({ email: null, phone: null, card_code: 'EDITH-2' });
    });

    it('refuses details another member has (409 naming the field) and changes nothing', async () => {
      await create({ cardCode: 'TAKEN-1', email: 'taken@example.test', phone: '555 0400' });
      const member = await create({ name: 'Fay', cardCode: 'FAY-1' });
      for (const [body, field] of [
        [{ cardCode: 'taken-1' }, 'cardCode'],
        [{ email: 'Taken@Example.test' }, 'email'],
        [{ phone: '555 0400' }, 'phone'],
      ] as const) {
        const res = await call(owner, 'PUT', `${BASE}/${member.id}`, { name: 'Fay Changed', ...body });
        expect(res.statusCode, field).toBe(409);
        expect(res.json().details.field).toBe(field);
      }
      expect(await memberRow(member.id)).toMatchObject({ name: 'Fay', card_code: 'FAY-1', email: null });
    });

    it('corrects the balance through the ledger, refusing to take more than the member has', async () => {
      clock.set(new Date('2026-05-04T09:00:00Z'));
      const member = await create({ name: 'Gus', cardCode: 'GUS-1' });
      const added = await ok<TLoyaltyMemberDetail>(owner, 'PUT', `${BASE}/${member.id}`, {
        adjustment: { delta: 50, note: 'Welcome gift' },
      });
      expect(added).toMatchObject({ points: 50, lifetimePoints: 0, tier: null });
      clock.advance(60_000);
      await ok(contributor, 'PUT', `${BASE}/${member.id}`, {
        adjustment: { delta: -20, note: 'Typo at the till' },
      });
      clock.advance(60_000);

      const refused = await call(owner, 'PUT', `${BASE}/${member.id}`, {
        name: 'Gus Refused',
        adjustment: { delta: -100, note: 'Too much' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        details: { field: 'adjustment.delta', spendable: 30 },
      });
      expect(await entryCount(member.id)).toBe(2);
      expect(await memberRow(member.id)).toMatchObject({ name: 'Gus', points: 30 });

      const detail = await ok<TLoyaltyMemberDetail>(reader, 'GET', `${BASE}/${member.id}`);
      expect(detail).toMatchObject({ name: 'Gus', points: 30, lifetimePoints: 0 });
      expect(detail.history).toEqual([
        expect.objectContaining({
          delta: -20,
          reason: 'ADJUST',
          note: 'Typo at the till',
          balance: 30,
          expiresAt: null,
          createdAt: '2026-05-04T09:01:00.000Z',
        }),
        expect.objectContaining({
          delta: 50,
          reason: 'ADJUST',
          note: 'Welcome gift',
          balance: 50,
          saleId: null,
          // No programme runs: the points never expire.
          expiresAt: null,
          createdAt: '2026-05-04T09:00:00.000Z',
        }),
      ]);
      const { rows } = await t.sql(
        'select delta, remaining from loyalty_point_entries where member_id = $1 order by created_at',
        [member.id],
      );
      expect(rows).toEqual([
        { delta: 50, remaining: 30 },
        { delta: -20, remaining: null },
      ]);
    });

    it('answers 400 for a correction of 0 or without a reason', async () => {
      const member = await create({ cardCode: 'ZERO-1' });
      for (const [adjustment, field] of [
        [{ delta: 0, note: 'Nothing' }, 'adjustment.delta'],
        [{ delta: 1.5, note: 'Half' }, 'adjustment.delta'],
        [{ delta: 5 }, 'adjustment.note'],
      ] as const) {
        const res = await call(owner, 'PUT', `${BASE}/${member.id}`, { adjustment });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().details.fieldErrors).toHaveProperty([field]);
      }
      expect(await entryCount(member.id)).toBe(0);
    });
  });

  describe('tiers', () => {
    it('reads the tier from the active tiered programme; a correction lifts no tier, earning does', async () => {
      const member = await create({ name: 'Hal', cardCode: 'HAL-1' });
      expect(member.tier).toBeNull();
      const activated = await call(owner, 'POST', `/api/business/loyalty-program/activate/${TIERED}`);
      expect(activated.statusCode, activated.body).toBe(200);
      const program = activated.json<{ id: string }>();
      // A leap day: the points expire on the last day of February a year later.
      clock.set(new Date('2028-02-29T12:00:00Z'));

      const adjusted = await ok<TLoyaltyMemberDetail>(owner, 'PUT', `${BASE}/${member.id}`, {
        adjustment: { delta: 2000, note: 'Moved from the old card' },
      });
      expect(adjusted).toMatchObject({ points: 2000, lifetimePoints: 0, tier: 'Bronze' });
      // The tiered template keeps points 12 months.
      expect(adjusted.history[0]?.expiresAt).toBe('2029-02-28T12:00:00.000Z');
      const { rows } = await t.sql('select program_id from loyalty_point_entries where member_id = $1', [
        member.id,
      ]);
      expect(rows).toEqual([{ program_id: program.id }]);

      await earnPoints(t, owner.businessId, member.id, 1200);
      expect(await ok(reader, 'GET', `${BASE}/${member.id}`)).toMatchObject({
        points: 3200,
        lifetimePoints: 1200,
        tier: 'Silver',
      });
      const found = await ok<TLoyaltyMemberPage>(reader, 'GET', `${BASE}?search=hal-1`);
      expect(found.content).toEqual([expect.objectContaining({ id: member.id, tier: 'Silver' })]);
      const others = await ok<TLoyaltyMemberPage>(reader, 'GET', `${BASE}?search=edith`);
      expect(others.content.map((row) => row.tier)).toEqual(['Bronze']);
    });
  });

  describe('access', () => {
    it('lets readers read, contributors create and change, and refuses other areas (403)', async () => {
      const member = await create({ cardCode: 'ROLE-1' }, contributor);
      await ok(contributor, 'PUT', `${BASE}/${member.id}`, { name: 'By a contributor' });
      expect((await call(reader, 'GET', BASE)).statusCode).toBe(200);
      expect((await call(reader, 'GET', `${BASE}/${member.id}`)).statusCode).toBe(200);
      expect((await call(reader, 'POST', BASE, { cardCode: 'ROLE-2' })).statusCode).toBe(403);
      expect((await call(reader, 'PUT', `${BASE}/${member.id}`, { name: 'By a reader' })).statusCode).toBe(
        403,
      );
      for (const [method, url, body] of [
        ['GET', BASE, undefined],
        ['GET', `${BASE}/${member.id}`, undefined],
        ['POST', BASE, { cardCode: 'ROLE-3' }],
        ['PUT', `${BASE}/${member.id}`, { name: 'By an analyst' }],
      ] as const)
        expect((await call(analyst, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect(await memberRow(member.id)).toMatchObject({ name: 'By a contributor' });
      expect((await call(owner, 'GET', `${BASE}?search=role-`)).json().totalElements).toBe(1);
    });

    it('needs the LOYALTY feature to create or change members, not to read them', async () => {
      const member = await create({ cardCode: 'PLAN-1' });
      await setPlan(t, owner.businessId, 'FREE');
      for (const [method, url, body] of [
        ['POST', BASE, { cardCode: 'PLAN-2' }],
        ['PUT', `${BASE}/${member.id}`, { name: 'On the free plan', adjustment: { delta: 5, note: 'Gift' } }],
      ] as const) {
        const res = await call(owner, method, url, body);
        expect(res.statusCode, method).toBe(403);
        expect(res.headers['x-plan-violation']).toBe('1');
      }
      expect((await call(owner, 'GET', `${BASE}?search=plan-`)).json().totalElements).toBe(1);
      expect((await call(owner, 'GET', `${BASE}/${member.id}`)).statusCode).toBe(200);
      expect(await memberRow(member.id)).toMatchObject({ name: null, points: 0 });
    });

    it("answers 404 for another business's member and changes nothing", async () => {
      const theirs = await create({ name: 'Theirs', cardCode: 'THEIRS-1' }, other);
      expect((await call(owner, 'GET', `${BASE}/${theirs.id}`)).statusCode).toBe(404);
      const put = await call(owner, 'PUT', `${BASE}/${theirs.id}`, {
        name: 'Mine now',
        adjustment: { delta: 500, note: 'Stolen' },
      });
      expect(put.statusCode).toBe(404);
      expect(put.json().message).toBe('The loyalty member was not found.');
      expect(await memberRow(theirs.id)).toMatchObject({ name: 'Theirs', points: 0 });
      expect(await entryCount(theirs.id)).toBe(0);
      const unknown = await call(owner, 'GET', `${BASE}/0193a6f0-0000-7000-8000-0000000000ff`);
      expect(unknown.statusCode).toBe(404);
      expect((await call(owner, 'GET', `${BASE}/not-a-uuid`)).statusCode).toBe(400);
    });
  });
});
