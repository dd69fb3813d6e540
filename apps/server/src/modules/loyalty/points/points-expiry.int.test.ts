import { randomUUID } from 'node:crypto';
import type { TSale } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { setPlan } from '../../../../test/factories/catalogue.js';
import { recordSale, saleSetUp } from '../../../../test/factories/sales.js';
import { settableClock } from '../../../../test/factories/subscriptions.js';
import { POINTS_EXPIRY_SWEEP_QUEUE } from '../loyalty.queues.js';

/**
 * Points expire by the programme's months (DESIGN 14): the sweep finds the businesses holding
 * points past their expiry and queues one job each; a job writes off what is left of each
 * member's expired lots in one EXPIRE entry, once.
 */

const POINTS_TEMPLATE = '0193a6f0-0000-7000-8000-000000000001';
const T0 = new Date('2026-01-15T10:00:00Z');
const clock = settableClock(T0);

type Shop = Awaited<ReturnType<typeof saleSetUp<'jam'>>>;
let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: Shop;
let otherShop: Shop;

beforeAll(async () => {
  t = await buildTestApp({}, { clock });
  owner = await ownerWithBusiness(t, 'Corner Shop');
  other = await ownerWithBusiness(t, 'Other Shop');
  for (const business of [owner, other]) {
    await setPlan(t, business.businessId, 'SUPREME');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/business/loyalty-program/activate/${POINTS_TEMPLATE}`,
      headers: bearer(business.token),
    });
    expect(res.statusCode).toBe(200);
  }
  shop = await saleSetUp(t, owner.businessId, { jam: { price: '10.00', stock: 100 } });
  otherShop = await saleSetUp(t, other.businessId, { jam: { price: '10.00', stock: 100 } });
});
afterAll(async () => {
  await t.close();
});

async function member(businessId: string, cardCode: string): Promise<string> {
  const id = randomUUID();
  await t.sql('insert into loyalty_members (business_id, id, card_code) values ($1, $2, $3)', [
    businessId,
    id,
    cardCode,
  ]);
  return id;
}

const sell = (token: string, where: Shop, cardCode: string, jams: number): Promise<TSale> =>
  recordSale(t, token, {
    storeId: where.storeId,
    paymentMethod: 'CASH',
    customerRef: cardCode,
    lines: [{ productId: where.products.jam.id, quantity: jams }],
  });

async function ledgerOf(memberId: string) {
  const { rows } = await t.sql(
    `select reason, delta, remaining, balance from loyalty_point_entries where member_id = $1
     order by created_at, reason`,
    [memberId],
  );
  return rows;
}

async function pointsOf(memberId: string): Promise<number> {
  const { rows } = await t.sql('select points from loyalty_members where id = $1', [memberId]);
  return (rows[0] as { points: number }).points;
}

async function sweep(): Promise<void> {
  await t.jobs.send(POINTS_EXPIRY_SWEEP_QUEUE, {});
  await t.jobs.drain();
}

describe('points expiry', () => {
  it('writes off what is left of the lots past their expiry, once, in every business', async () => {
    const ann = await member(owner.businessId, 'ANN-1');
    const bob = await member(other.businessId, 'BOB-1');
    // January: 3 jams (30 points, until January 2027); Bob 2 jams (20 points).
    const january = await sell(owner.token, shop, 'ANN-1', 3);
    await sell(other.token, otherShop, 'BOB-1', 2);
    // February: one jam back takes 10 points, from the lot that expires first.
    clock.set(new Date('2026-02-15T10:00:00Z'));
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${january.id}/refund`,
      headers: bearer(owner.token),
      payload: { lines: [{ lineNo: 1, quantity: 1 }] },
    });
    expect(back.json<TSale>().loyalty?.points).toBe(-10);
    // July: 1 jam (10 points, until July 2027).
    clock.set(new Date('2026-07-15T10:00:00Z'));
    await sell(owner.token, shop, 'ANN-1', 1);

    // Nothing has expired yet.
    await sweep();
    expect(await pointsOf(ann)).toBe(30);

    // January 2027, an hour after the first lots' expiry.
    clock.set(new Date('2027-01-15T11:00:00Z'));
    await sweep();
    expect(await ledgerOf(ann)).toEqual([
      { reason: 'EARN', delta: 30, remaining: 0, balance: 30 },
      { reason: 'REFUND', delta: -10, remaining: null, balance: 20 },
      { reason: 'EARN', delta: 10, remaining: 10, balance: 30 },
      { reason: 'EXPIRE', delta: -20, remaining: null, balance: 10 },
    ]);
    expect(await ledgerOf(bob)).toEqual([
      { reason: 'EARN', delta: 20, remaining: 0, balance: 20 },
      { reason: 'EXPIRE', delta: -20, remaining: null, balance: 0 },
    ]);

    // Again: nothing more to write off.
    await sweep();
    expect(await ledgerOf(ann)).toHaveLength(4);
    expect(await pointsOf(ann)).toBe(10);
    expect(await pointsOf(bob)).toBe(0);
  });

  it('never spends from a lot past its expiry, even before the sweep wrote it off', async () => {
    clock.set(new Date('2027-02-01T10:00:00Z'));
    const cy = await member(owner.businessId, 'CY-1');
    const sale = await sell(owner.token, shop, 'CY-1', 2);
    expect(sale.loyalty?.points).toBe(20);
    // A year and a day later the lot has expired; the sweep has not run. A refund finds nothing
    // to take back, and the sweep then writes the 20 off.
    clock.set(new Date('2028-02-02T10:00:00Z'));
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/sales/${sale.id}/refund`,
      headers: bearer(owner.token),
    });
    expect(back.statusCode).toBe(201);
    expect(back.json<TSale>().loyalty).toBeNull();
    await sweep();
    expect(await ledgerOf(cy)).toEqual([
      { reason: 'EARN', delta: 20, remaining: 0, balance: 20 },
      { reason: 'EXPIRE', delta: -20, remaining: null, balance: 0 },
    ]);
  });
});
