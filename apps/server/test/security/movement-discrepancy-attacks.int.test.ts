/**
 * Security review of receiving with discrepancies (issue 16): what the destination says arrived.
 *
 * Threat: whoever may validate at a destination (a store assistant) states the arrival, so the
 * statement is the lever: to make stock appear (OVER past what an item holds, repeated or
 * parallel arrivals), to make stock vanish without a trace at the source, to touch movements it
 * does not validate (another batch's, another business's) or to reach another business at all.
 * Staff with fewer roles must be refused before anything is read. Every refusal must change
 * nothing (movements, ledger, stock, products, audit, idempotency keys compared before and after),
 * and what succeeds must leave its trace: the ledgers balance, the source's ledger and alert name
 * every loss.
 */
import type { TCreatedMovements } from '@app/contracts';
import { MAX_STOCK_QUANTITY } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness, staffTokensByRole } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { expectLedgerBalanced } from '../factories/inventory.js';
import {
  cancel,
  createMovement,
  getMovement,
  movementFingerprint,
  movementSetUp,
  quantityOf,
  stockUp,
  validate,
  validateBatch,
} from '../factories/movements.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let mallory: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: Record<'assistant' | 'reader' | 'productAdmin', string>;
let world: Awaited<ReturnType<typeof movementSetUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Victim Teas');
  mallory = await ownerWithBusiness(t, 'Mallory Teas');
  await setPlan(t, owner.businessId, 'SUPREME');
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
  world = await movementSetUp(t, owner, { quantity: 1000 });
});
afterAll(async () => {
  await expectLedgerBalanced(t);
  await t.close();
});

const move = (quantity: number) => ({
  sku: world.product.sku,
  sourceLocationId: world.source.id,
  destinationLocationId: world.destination.id,
  quantity,
});

/** A movement (or batch) on its way: created and validated at the source. */
async function onItsWay(body: unknown): Promise<TCreatedMovements> {
  const created = await createMovement(t, owner.token, body);
  const res = created.batchId
    ? await validateBatch(t, owner.token, 'source', created.batchId, created.sourceValidationCode)
    : await validate(t, owner.token, 'source', created.movements[0]?.id ?? '', created.sourceValidationCode);
  expect(res.statusCode, res.body).toBe(200);
  return created;
}

function arrive(
  token: string,
  id: string,
  code: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/validate-destination/${id}?validationCode=${code}`,
    headers: { ...bearer(token), ...headers },
    payload: body as object,
  });
}

function arriveBatch(
  token: string,
  batchId: string,
  code: string,
  body: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'PUT',
    url: `/api/stock-movement/batch/validate-destination?batchId=${batchId}&validationCode=${code}`,
    headers: bearer(token),
    payload: body as object,
  });
}

const short = (movementId: string, receivedQuantity = 0) => ({
  items: [{ movementId, receivedQuantity, reason: 'SHORT' }],
});

async function lossRows(movementId: string): Promise<number> {
  const { rows } = await t.sql(
    `select count(*)::int as n from stock_ledger where reference = $1 and reason = 'TRANSFER_LOSS'`,
    [movementId],
  );
  return (rows[0] as { n: number }).n;
}

describe('SECURITY receiving with discrepancies: who may state an arrival', () => {
  it('refuses staff without movements:validate (403) before anything changes', async () => {
    const created = await onItsWay(move(2));
    const id = created.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    for (const token of [staff.reader, staff.productAdmin]) {
      const res = await arrive(token, id, created.destinationValidationCode, short(id));
      expect(res.statusCode).toBe(403);
    }
    expect(await movementFingerprint(t)).toEqual(before);
    // The assistant may: the lever is exactly as wide as the permission.
    const res = await arrive(staff.assistant, id, created.destinationValidationCode, short(id, 1));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 404 to another business for the movement and the batch, naming nothing, changing nothing', async () => {
    const single = await onItsWay(move(2));
    const batch = await onItsWay({ items: [move(1), move(1)] });
    const id = single.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    const one = await arrive(mallory.token, id, single.destinationValidationCode, short(id));
    expect(one.statusCode).toBe(404);
    const many = await arriveBatch(
      mallory.token,
      batch.batchId ?? '',
      batch.destinationValidationCode,
      short(batch.movements[0]?.id ?? ''),
    );
    expect(many.statusCode).toBe(404);
    expect(one.body + many.body).not.toContain(world.product.sku);
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('refuses Mallory’s own path with Victim’s movement in the body as any unknown movement', async () => {
    const theirs = await movementSetUp(t, mallory, { quantity: 5 });
    const own = await createMovement(t, mallory.token, {
      sku: theirs.product.sku,
      sourceLocationId: theirs.source.id,
      destinationLocationId: theirs.destination.id,
      quantity: 5,
    });
    const ownId = own.movements[0]?.id ?? '';
    expect((await validate(t, mallory.token, 'source', ownId, own.sourceValidationCode)).statusCode).toBe(
      200,
    );
    const victims = await onItsWay(move(3));
    const victimId = victims.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    const res = await arrive(mallory.token, ownId, own.destinationValidationCode, {
      items: [
        { movementId: ownId, receivedQuantity: 5 },
        { movementId: victimId, receivedQuantity: 0, reason: 'SHORT' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty(['items.1.movementId']);
    expect(await movementFingerprint(t)).toEqual(before);
    expect((await getMovement(t, owner.token, victimId)).status).toBe('IN_TRANSIT');
  });
});

describe('SECURITY receiving with discrepancies: the statement as a lever', () => {
  it('refuses a statement on a movement of another batch of the same business', async () => {
    const mine = await onItsWay({ items: [move(1), move(1)] });
    const elsewhere = await onItsWay({ items: [move(1), move(1)] });
    const before = await movementFingerprint(t);
    const res = await arriveBatch(
      owner.token,
      mine.batchId ?? '',
      mine.destinationValidationCode,
      short(elsewhere.movements[0]?.id ?? ''),
    );
    expect(res.statusCode).toBe(400);
    expect(await movementFingerprint(t)).toEqual(before);
  });

  const bad: Array<[string, unknown]> = [
    ['a quantity past the most an item holds', MAX_STOCK_QUANTITY + 1],
    ['a huge quantity', 1e20],
    ['a quantity as text', '7'],
    ['an exponent that is not whole', 7.5e-1],
    ['NaN as text', 'NaN'],
    ['null', null],
  ];
  it.each(bad)('answers 400 for %s, changing nothing', async (_name, receivedQuantity) => {
    const created = await onItsWay(move(1));
    const id = created.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity, reason: 'OVER' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fieldErrors).toHaveProperty(['items.0.receivedQuantity']);
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('answers 400 for a note past 500 characters, more items than a batch holds, and an unknown field shape', async () => {
    const created = await onItsWay(move(1));
    const id = created.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    const long = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 0, reason: 'SHORT', note: 'x'.repeat(501) }],
    });
    expect(long.statusCode).toBe(400);
    const many = await arrive(owner.token, id, created.destinationValidationCode, {
      items: Array.from({ length: 501 }, () => ({ movementId: id, receivedQuantity: 0, reason: 'SHORT' })),
    });
    expect(many.statusCode).toBe(400);
    const notAList = await arrive(owner.token, id, created.destinationValidationCode, {
      items: { movementId: id },
    });
    expect(notAList.statusCode).toBe(400);
    const nul = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 0, reason: 'SHORT', note: 'torn\u0000box' }],
    });
    expect(nul.statusCode).toBe(400);
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('refuses OVER that would push the destination past the most an item holds (409), moving nothing', async () => {
    const created = await onItsWay(move(1));
    const id = created.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    const res = await arrive(owner.token, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: MAX_STOCK_QUANTITY, reason: 'OVER' }],
    });
    // The destination already holds units from the movements above: the stock function refuses.
    expect(res.statusCode, res.body).toBe(409);
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('lets no statement ride on a movement that is not on its way: pending, arrived, cancelled', async () => {
    const pending = await createMovement(t, owner.token, move(1));
    const pendingId = pending.movements[0]?.id ?? '';
    const arrived = await onItsWay(move(4));
    const arrivedId = arrived.movements[0]?.id ?? '';
    const first = await arrive(
      owner.token,
      arrivedId,
      arrived.destinationValidationCode,
      short(arrivedId, 3),
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await movementFingerprint(t);

    expect(
      (await arrive(owner.token, pendingId, pending.destinationValidationCode, short(pendingId))).statusCode,
    ).toBe(409);
    // A second statement on an arrived movement (to add units, or a second loss) is a 409.
    const again = await arrive(owner.token, arrivedId, arrived.destinationValidationCode, {
      items: [{ movementId: arrivedId, receivedQuantity: 400, reason: 'OVER' }],
    });
    expect(again.statusCode).toBe(409);
    // An arrived short movement cannot be cancelled to get its units back at the source.
    expect((await cancel(t, owner.token, arrivedId)).statusCode).toBe(409);
    expect(await movementFingerprint(t)).toEqual(before);
    expect(await lossRows(arrivedId)).toBe(1);
  });

  it('counts a wrong code with a statement, and moves nothing', async () => {
    const created = await onItsWay(move(2));
    const id = created.movements[0]?.id ?? '';
    const wrong = String((Number(created.destinationValidationCode) + 1) % 1_000_000).padStart(6, '0');
    const res = await arrive(owner.token, id, wrong, short(id));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WRONG_VALIDATION_CODE');
    expect(await getMovement(t, owner.token, id)).toMatchObject({
      status: 'IN_TRANSIT',
      failedAttempts: 1,
      receivedQuantity: null,
    });
    expect(await lossRows(id)).toBe(0);
  });

  it('lets exactly one of two parallel arrivals through: one statement, one loss row, one alert', async () => {
    const created = await onItsWay(move(10));
    const id = created.movements[0]?.id ?? '';
    const destinationBefore =
      (await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)) ?? 0;
    const answers = await Promise.all([
      arrive(owner.token, id, created.destinationValidationCode, short(id, 2)),
      arrive(staff.assistant, id, created.destinationValidationCode, {
        items: [{ movementId: id, receivedQuantity: 60, reason: 'OVER' }],
      }),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const won = answers.find((res) => res.statusCode === 200)?.json();
    const destinationAfter = await quantityOf(t, owner.businessId, world.product.sku, world.destination.id);
    expect(destinationAfter).toBe(destinationBefore + won.receivedQuantity);
    expect(await lossRows(id)).toBe(won.discrepancyReason === 'SHORT' ? 1 : 0);
    const { rows } = await t.sql('select count(*)::int as n from alerts where subject_id = $1', [id]);
    expect(rows[0].n).toBe(1);
  });

  it('replays a retry with the same key and statement, and refuses the same key with another statement (422)', async () => {
    const created = await onItsWay(move(6));
    const id = created.movements[0]?.id ?? '';
    const key = { 'idempotency-key': `arrive-${id}` };
    const first = await arrive(owner.token, id, created.destinationValidationCode, short(id, 4), key);
    expect(first.statusCode, first.body).toBe(200);
    const before = await movementFingerprint(t);
    const replay = await arrive(owner.token, id, created.destinationValidationCode, short(id, 4), key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await arrive(owner.token, id, created.destinationValidationCode, short(id, 5), key);
    expect(other.statusCode).toBe(422);
    expect(await movementFingerprint(t)).toEqual(before);
    expect(await lossRows(id)).toBe(1);
  });

  it('leaves every loss on the source’s record: its ledger and its alert name what vanished', async () => {
    const extra = await movementSetUp(t, owner, { quantity: 0 });
    await stockUp(t, owner.businessId, owner.userId, {
      productId: extra.product.id,
      locationId: extra.source.id,
      quantity: 9,
    });
    const created = await createMovement(t, owner.token, {
      sku: extra.product.sku,
      sourceLocationId: extra.source.id,
      destinationLocationId: extra.destination.id,
      quantity: 9,
    });
    const id = created.movements[0]?.id ?? '';
    expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(200);
    const res = await arrive(staff.assistant, id, created.destinationValidationCode, {
      items: [{ movementId: id, receivedQuantity: 0, reason: 'DAMAGED', note: 'fell off the van' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await t.sql(
      `select l.note, l.location_id from stock_ledger l where l.reference = $1 and l.reason = 'TRANSFER_LOSS'`,
      [id],
    );
    expect(rows).toEqual([
      { note: '9 of 9 units damaged on arrival: fell off the van', location_id: extra.source.id },
    ]);
    const alerts = await t.sql('select location_id, message from alerts where subject_id = $1', [id]);
    expect(alerts.rows[0]).toMatchObject({ location_id: extra.source.id });
    expect(alerts.rows[0].message).toContain('arrived damaged at');
    expect(alerts.rows[0].message).toContain('0 received. Note: fell off the van');
  });
});
