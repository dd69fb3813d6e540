import { randomUUID } from 'node:crypto';
import type { TCreatedMovements, TInboxPage, TStockMovement } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness, staffMember } from '../../../test/factories/accounts.js';
import { expectLedgerBalanced } from '../../../test/factories/inventory.js';
import {
  cancel,
  createMovement,
  getMovement,
  movementFingerprint,
  movementSetUp,
  quantityOf,
  validate,
} from '../../../test/factories/movements.js';
import { auditEvents, createProduct } from '../../../test/factories/products.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inNewTenant } from '../../platform/db/tenancy.js';
import { changeStock, ensureItems } from '../inventory/stock/stock.service.js';

/**
 * Issue 16: a transfer carries the unit cost its units left the source at, and the destination
 * states what arrived when it differs from what was sent.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Tea Traders');
  other = await ownerWithBusiness(t, 'Other Traders');
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

type World = Awaited<ReturnType<typeof movementSetUp>>;

/** Units received at a cost, through the stock function, as a purchase receipt would. */
async function receiveAt(
  item: { productId: string; locationId: string },
  quantity: number,
  unitCost: string,
) {
  const principal: Principal = {
    userId: owner.userId,
    businessId: owner.businessId,
    roles: ['ROLE_BUSINESS_OWNER'],
    tokenVersion: 0,
    tokenId: randomUUID(),
    expiresAt: new Date(Date.now() + 60_000),
  };
  await inNewTenant(t.database.db, principal, owner.businessId, async (scope) => {
    await ensureItems(scope, [item]);
    await changeStock(scope, { userId: owner.userId }, [
      { ...item, delta: quantity, reason: 'PURCHASE', unitCost },
    ]);
  });
}

/** A source holding 20 units at an average of 2.50: 10 bought at 2.00 and 10 at 3.00. */
async function costedWorld(): Promise<World> {
  const world = await movementSetUp(t, owner, { quantity: 0 });
  const at = { productId: world.product.id, locationId: world.source.id };
  await receiveAt(at, 10, '2.00');
  await receiveAt(at, 10, '3.00');
  expect(await averageAt(world.product.sku, world.source.id)).toBe('2.5000');
  return world;
}

function item(world: World, quantity: number) {
  return {
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  };
}

/** Created and validated at the source: the units are on their way. */
async function sent(body: unknown): Promise<TCreatedMovements> {
  const created = await createMovement(t, owner.token, body);
  const [first] = created.movements;
  const res = created.batchId
    ? await t.app.inject({
        method: 'PUT',
        url: `/api/stock-movement/batch/validate-source?batchId=${created.batchId}&validationCode=${created.sourceValidationCode}`,
        headers: bearer(owner.token),
      })
    : await validate(t, owner.token, 'source', first?.id ?? '', created.sourceValidationCode);
  expect(res.statusCode, res.body).toBe(200);
  return created;
}

function arrive(token: string, id: string, code: string, body?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/validate-destination/${id}?validationCode=${code}`,
    headers: bearer(token),
    ...(body ? { payload: body } : {}),
  });
}

function arriveBatch(batchId: string, code: string, body?: object): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/batch/validate-destination?batchId=${batchId}&validationCode=${code}`,
    headers: bearer(owner.token),
    ...(body ? { payload: body } : {}),
  });
}

async function averageAt(sku: string, locationId: string): Promise<string | null | undefined> {
  const { rows } = await t.sql(
    `select i.average_unit_cost::text as cost from inventory_items i
     join products p on p.business_id = i.business_id and p.id = i.product_id
     where i.business_id = $1 and p.sku = $2 and i.location_id = $3`,
    [owner.businessId, sku, locationId],
  );
  return (rows[0] as { cost: string | null } | undefined)?.cost;
}

type LedgerRow = {
  reason: string;
  delta: number;
  location_id: string;
  note: string | null;
  unit_cost: string | null;
};

async function ledgerOf(movementId: string): Promise<LedgerRow[]> {
  const { rows } = await t.sql(
    `select reason, delta, location_id, note, unit_cost::text as unit_cost from stock_ledger
     where reference = $1 order by created_at, id`,
    [movementId],
  );
  return rows as LedgerRow[];
}

async function alertsAbout(movementId: string) {
  const { rows } = await t.sql(
    `select title, message, severity, location_id, roles from alerts where subject_id = $1 order by created_at`,
    [movementId],
  );
  return rows as Array<{
    title: string;
    message: string;
    severity: string;
    location_id: string;
    roles: string[];
  }>;
}

async function inboxOf(token: string): Promise<TInboxPage> {
  const res = await t.app.inject({ method: 'GET', url: '/api/alerts/inbox', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A store assistant who works at the location. */
async function assistantAt(locationId: string) {
  const member = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
  await t.sql('update users set location_id = $2 where id = $1', [member.userId, locationId]);
  return member;
}

describe('transfers carry their cost', () => {
  it('records the source average on the movement and moves the destination average by it', async () => {
    const world = await costedWorld();
    // The destination holds the SKU already: 4 units at 4.00.
    const there = await createProduct(t, owner.token, {
      locationId: world.destination.id,
      name: 'Green tea',
      sku: world.product.sku,
    });
    await receiveAt({ productId: there.id, locationId: world.destination.id }, 4, '4.00');

    const created = await sent(item(world, 10));
    const id = created.movements[0]?.id ?? '';
    expect((await getMovement(t, owner.token, id)).unitCost).toBe('2.5000');
    // Units that leave do not move the source's average.
    expect(await averageAt(world.product.sku, world.source.id)).toBe('2.5000');

    const res = await arrive(owner.token, id, created.destinationValidationCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'COMPLETED',
      unitCost: '2.5000',
      receivedQuantity: 10,
      discrepancyReason: null,
      discrepancyNote: null,
    } satisfies Partial<TStockMovement>);
    // (4 x 4.00 + 10 x 2.50) / 14 = 41.00 / 14 = 2.928571... -> 2.9286
    expect(await averageAt(world.product.sku, world.destination.id)).toBe('2.9286');
    expect((await ledgerOf(id)).map((row) => [row.reason, row.delta, row.unit_cost])).toEqual([
      ['MOVEMENT_OUT', -10, '2.5000'],
      ['MOVEMENT_IN', 10, '2.5000'],
    ]);
  });

  it('gives a product copied to the destination the source cost as its average', async () => {
    const world = await costedWorld();
    const created = await sent(item(world, 6));
    const id = created.movements[0]?.id ?? '';
    expect((await arrive(owner.token, id, created.destinationValidationCode)).statusCode).toBe(200);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(6);
    expect(await averageAt(world.product.sku, world.destination.id)).toBe('2.5000');
  });

  it('returns the units of a movement cancelled in transit at the cost they left at', async () => {
    const world = await costedWorld();
    const created = await sent(item(world, 10));
    const id = created.movements[0]?.id ?? '';
    // While they are away, 10 more arrive at 4.00: (10 x 2.50 + 10 x 4.00) / 20 = 3.25.
    await receiveAt({ productId: world.product.id, locationId: world.source.id }, 10, '4.00');
    expect(await averageAt(world.product.sku, world.source.id)).toBe('3.2500');

    const res = await cancel(t, owner.token, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CANCELLED', unitCost: '2.5000', receivedQuantity: null });
    // (20 x 3.25 + 10 x 2.50) / 30 = 90.00 / 30 = 3.00
    expect(await averageAt(world.product.sku, world.source.id)).toBe('3.0000');
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(30);
    expect((await ledgerOf(id)).map((row) => [row.reason, row.delta, row.unit_cost])).toEqual([
      ['MOVEMENT_OUT', -10, '2.5000'],
      ['MOVEMENT_RETURN', 10, '2.5000'],
    ]);
  });

  it('carries no cost when the source knows none, and the destination keeps none', async () => {
    const world = await movementSetUp(t, owner, { quantity: 5 });
    const created = await sent(item(world, 5));
    const id = created.movements[0]?.id ?? '';
    expect((await getMovement(t, owner.token, id)).unitCost).toBeNull();
    expect((await arrive(owner.token, id, created.destinationValidationCode)).statusCode).toBe(200);
    expect(await averageAt(world.product.sku, world.destination.id)).toBeNull();
  });
});

describe('receiving with discrepancies', () => {
  it('takes 7 of 10 short: +7 at the destination, a TRANSFER_LOSS row at the source, the fields, the alert and the audit', async () => {
    const world = await costedWorld();
    const sourceAssistant = await assistantAt(world.source.id);
    const destinationAssistant = await assistantAt(world.destination.id);
    const created = await sent(item(world, 10));
    const id = created.movements[0]?.id ?? '';

    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 7, reason: 'SHORT', note: ' box torn ' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      status: 'COMPLETED',
      quantity: 10,
      receivedQuantity: 7,
      discrepancyReason: 'SHORT',
      discrepancyNote: 'box torn',
      unitCost: '2.5000',
    } satisfies Partial<TStockMovement>;
    expect(res.json()).toMatchObject(expected);
    // The reads answer the same.
    expect(await getMovement(t, owner.token, id)).toMatchObject(expected);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/stock-movement/all?locationId=${world.destination.id}`,
      headers: bearer(owner.token),
    });
    expect(list.json().content[0]).toMatchObject({ id, ...expected });

    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(7);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(10);
    // One stock call takes the destination and the source in lock order: the last two rows in either order.
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(3);
    expect([ledger[0], ...ledger.slice(1).sort((a, b) => a.reason.localeCompare(b.reason))]).toEqual([
      { reason: 'MOVEMENT_OUT', delta: -10, location_id: world.source.id, note: null, unit_cost: '2.5000' },
      { reason: 'MOVEMENT_IN', delta: 7, location_id: world.destination.id, note: null, unit_cost: '2.5000' },
      {
        reason: 'TRANSFER_LOSS',
        delta: 0,
        location_id: world.source.id,
        note: '3 of 10 units short on arrival: box torn',
        unit_cost: '2.5000',
      },
    ]);

    const [alert, ...more] = await alertsAbout(id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      severity: 'WARNING',
      location_id: world.source.id,
      title: 'Transfer short: Green tea',
    });
    expect(alert?.message).toBe(
      `Transfer of 10 × ${world.product.sku} from ${world.source.name} arrived short at ` +
        `${world.destination.name}: 7 received. Note: box torn`,
    );
    // The source's people see it through the alerts API; the destination's staff do not.
    for (const who of [owner, sourceAssistant]) {
      const inbox = await inboxOf(who.token);
      expect(inbox.content.find((entry) => entry.subject?.id === id)).toMatchObject({
        kind: 'SYSTEM',
        severity: 'WARNING',
        subject: { type: 'MOVEMENT', id, locationId: world.source.id },
        locationName: world.source.name,
      });
    }
    const elsewhere = await inboxOf(destinationAssistant.token);
    expect(elsewhere.content.some((entry) => entry.subject?.id === id)).toBe(false);
    expect((await inboxOf(other.token)).content.some((entry) => entry.subject?.id === id)).toBe(false);

    const audit = await auditEvents(t, owner.businessId, 'MOVEMENT_VALIDATION');
    expect(audit.at(-1)?.description).toContain(
      `Arrived with a discrepancy: SKU ${world.product.sku} 7 of 10 received (SHORT: box torn).`,
    );
  });

  it('adds units OVER at the destination and leaves the source ledger alone', async () => {
    const world = await costedWorld();
    const created = await sent(item(world, 5));
    const id = created.movements[0]?.id ?? '';
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 6, reason: 'OVER' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      receivedQuantity: 6,
      discrepancyReason: 'OVER',
      discrepancyNote: null,
    });
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(6);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(15);
    expect((await ledgerOf(id)).map((row) => [row.reason, row.delta])).toEqual([
      ['MOVEMENT_OUT', -5],
      ['MOVEMENT_IN', 6],
    ]);
    const [alert] = await alertsAbout(id);
    expect(alert?.message).toBe(
      `Transfer of 5 × ${world.product.sku} from ${world.source.name} arrived with more than was sent at ` +
        `${world.destination.name}: 6 received.`,
    );
  });

  it('records DAMAGED units as lost at the source with their note', async () => {
    const world = await costedWorld();
    const created = await sent(item(world, 10));
    const id = created.movements[0]?.id ?? '';
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 8, reason: 'DAMAGED', note: 'crushed in the van' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(8);
    const loss = (await ledgerOf(id)).find((row) => row.reason === 'TRANSFER_LOSS');
    expect(loss).toMatchObject({ delta: 0, note: '2 of 10 units damaged on arrival: crushed in the van' });
    expect((await alertsAbout(id))[0]?.title).toBe('Transfer damaged: Green tea');
  });

  it('completes a movement of which nothing arrived, with no MOVEMENT_IN and no product made at the destination', async () => {
    const world = await costedWorld();
    const created = await sent(item(world, 4));
    const id = created.movements[0]?.id ?? '';
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 0, reason: 'SHORT' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'COMPLETED', receivedQuantity: 0 });
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBeUndefined();
    expect((await ledgerOf(id)).map((row) => [row.reason, row.delta, row.note])).toEqual([
      ['MOVEMENT_OUT', -4, null],
      ['TRANSFER_LOSS', 0, '4 of 4 units short on arrival'],
    ]);
  });

  it('takes a batch with mixed items: one short, one over, one whole (not named)', async () => {
    const world = await costedWorld();
    const created = await sent({ items: [item(world, 3), item(world, 4), item(world, 5)] });
    const [short, over, whole] = created.movements;
    const res = await arriveBatch(created.batchId ?? '', created.destinationValidationCode, {
      items: [
        { movementId: short?.id, receivedQuantity: 1, reason: 'SHORT', note: 'two missing' },
        { movementId: over?.id.toUpperCase(), receivedQuantity: 6, reason: 'OVER' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(res.json<TStockMovement[]>().map((movement) => [movement.id, movement]));
    expect(byId.get(short?.id ?? '')).toMatchObject({ receivedQuantity: 1, discrepancyReason: 'SHORT' });
    expect(byId.get(over?.id ?? '')).toMatchObject({ receivedQuantity: 6, discrepancyReason: 'OVER' });
    expect(byId.get(whole?.id ?? '')).toMatchObject({ receivedQuantity: 5, discrepancyReason: null });
    // 1 + 6 + 5 arrived; 12 left the source.
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(12);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(8);
    expect((await ledgerOf(short?.id ?? '')).find((row) => row.reason === 'TRANSFER_LOSS')).toMatchObject({
      reason: 'TRANSFER_LOSS',
      note: '2 of 3 units short on arrival: two missing',
    });
    expect(await alertsAbout(short?.id ?? '')).toHaveLength(1);
    expect(await alertsAbout(over?.id ?? '')).toHaveLength(1);
    expect(await alertsAbout(whole?.id ?? '')).toEqual([]);
    const audit = await auditEvents(t, owner.businessId, 'MOVEMENT_VALIDATION');
    // In the batch's order (created together, same SKU: by id).
    const description = audit.at(-1)?.description ?? '';
    expect(description).toContain('Arrived with discrepancies: SKU ');
    expect(description).toContain(`SKU ${world.product.sku} 1 of 3 received (SHORT: two missing)`);
    expect(description).toContain(`SKU ${world.product.sku} 6 of 4 received (OVER)`);
  });
});

describe('what the destination states, refused', () => {
  let world: World;
  let created: TCreatedMovements;
  let id: string;
  let unrelated: string;
  beforeAll(async () => {
    world = await costedWorld();
    created = await sent(item(world, 10));
    id = created.movements[0]?.id ?? '';
    unrelated = (await createMovement(t, owner.token, item(world, 1))).movements[0]?.id ?? '';
  });

  const cases: Array<[string, () => object, string]> = [
    [
      'a reason where all arrived',
      () => ({ movementId: id, receivedQuantity: 10, reason: 'SHORT' }),
      'items.0.reason',
    ],
    ['a difference without a reason', () => ({ movementId: id, receivedQuantity: 9 }), 'items.0.reason'],
    [
      'SHORT for more units',
      () => ({ movementId: id, receivedQuantity: 11, reason: 'SHORT' }),
      'items.0.reason',
    ],
    [
      'OVER for fewer units',
      () => ({ movementId: id, receivedQuantity: 9, reason: 'OVER' }),
      'items.0.reason',
    ],
    [
      'a note without a reason',
      () => ({ movementId: id, receivedQuantity: 10, note: 'fine' }),
      'items.0.note',
    ],
    [
      'a negative quantity',
      () => ({ movementId: id, receivedQuantity: -1, reason: 'SHORT' }),
      'items.0.receivedQuantity',
    ],
    [
      'a fractional quantity',
      () => ({ movementId: id, receivedQuantity: 7.5, reason: 'SHORT' }),
      'items.0.receivedQuantity',
    ],
    ['an unknown reason', () => ({ movementId: id, receivedQuantity: 7, reason: 'LOST' }), 'items.0.reason'],
    [
      'a movement not validated here',
      () => ({ movementId: unrelated, receivedQuantity: 0, reason: 'SHORT' }),
      'items.0.movementId',
    ],
    [
      'a made-up movement',
      () => ({ movementId: randomUUID(), receivedQuantity: 0, reason: 'SHORT' }),
      'items.0.movementId',
    ],
  ];
  it.each(cases)('answers 400 for %s, moves nothing and counts no code try', async (_name, body, field) => {
    const before = await movementFingerprint(t);
    const res = await arrive(owner.token, id, created.destinationValidationCode, { items: [body()] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.fieldErrors).toHaveProperty([field]);
    expect(await movementFingerprint(t)).toEqual(before);
    expect(await getMovement(t, owner.token, id)).toMatchObject({ status: 'IN_TRANSIT', failedAttempts: 0 });
  });

  it('answers 400 for the same movement named twice', async () => {
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [
        { movementId: id, receivedQuantity: 9, reason: 'SHORT' },
        { movementId: id.toUpperCase(), receivedQuantity: 8, reason: 'SHORT' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty(['items.1.movementId']);
  });

  it('refuses another business’s movement as it refuses a made-up one', async () => {
    const theirs = await movementSetUp(t, other, { quantity: 3 });
    const foreign = await createMovement(t, other.token, {
      sku: theirs.product.sku,
      sourceLocationId: theirs.source.id,
      destinationLocationId: theirs.destination.id,
      quantity: 3,
    });
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: foreign.movements[0]?.id, receivedQuantity: 0, reason: 'SHORT' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty(['items.0.movementId']);
    expect((await getMovement(t, other.token, foreign.movements[0]?.id ?? '')).status).toBe('PENDING');
  });

  it('takes no body at the source', async () => {
    const pending = await createMovement(t, owner.token, item(world, 1));
    const movementId = pending.movements[0]?.id ?? '';
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/stock-movement/validate-source/${movementId}?validationCode=${pending.sourceValidationCode}`,
      headers: bearer(owner.token),
      payload: { items: [{ movementId, receivedQuantity: 0, reason: 'SHORT' }] },
    });
    expect(res.statusCode).toBe(400);
    expect((await getMovement(t, owner.token, movementId)).status).toBe('PENDING');
  });

  it('still takes the right statement afterwards', async () => {
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 10 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ receivedQuantity: 10, discrepancyReason: null });
    expect(await alertsAbout(id)).toEqual([]);
  });
});
