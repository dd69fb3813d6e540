import type { TStockMovement } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, bearer, ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import {
  cancel,
  createMovement,
  ledgerOf,
  movementFingerprint,
  movementSetUp,
  postMovement,
  quantityOf,
  unbalancedItems,
  validate,
  validateBatch,
} from '../../../test/factories/movements.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: { assistant: string; reader: string; productAdmin: string };
let world: Awaited<ReturnType<typeof movementSetUp>>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    reader: 'ROLE_INVENTORY_READER',
    productAdmin: 'ROLE_PRODUCT_ADMIN',
  });
  world = await movementSetUp(t, owner, { quantity: 100 });
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

function item(quantity: number) {
  return {
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  };
}

describe('who may move stock', () => {
  it('lets a store assistant create, validate at both ends and cancel', async () => {
    const created = await createMovement(t, staff.assistant, item(1));
    const id = created.movements[0]?.id ?? '';
    expect((await validate(t, staff.assistant, 'source', id, created.sourceValidationCode)).statusCode).toBe(
      200,
    );
    expect(
      (await validate(t, staff.assistant, 'destination', id, created.destinationValidationCode)).statusCode,
    ).toBe(200);
    const other = await createMovement(t, staff.assistant, item(1));
    expect((await cancel(t, staff.assistant, other.movements[0]?.id ?? '')).statusCode).toBe(200);
  });

  it('lets an inventory reader read movements but neither create, validate nor cancel them', async () => {
    const created = await createMovement(t, owner.token, item(1));
    const id = created.movements[0]?.id ?? '';
    const before = await movementFingerprint(t);
    expect((await postMovement(t, staff.reader, item(1))).statusCode).toBe(403);
    expect((await validate(t, staff.reader, 'source', id, created.sourceValidationCode)).statusCode).toBe(
      403,
    );
    expect((await cancel(t, staff.reader, id)).statusCode).toBe(403);
    expect(await movementFingerprint(t)).toEqual(before);
    for (const url of [
      `/api/stock-movement/${id}`,
      '/api/stock-movement/all',
      '/api/stock-movement/weekly-movement/business',
      `/api/stock-movement/search/sku?locationId=${world.source.id}`,
    ]) {
      expect((await call('GET', url, staff.reader)).statusCode, url).toBe(200);
    }
  });

  it('keeps roles of other areas and anonymous callers out', async () => {
    expect((await postMovement(t, staff.productAdmin, item(1))).statusCode).toBe(403);
    expect((await call('GET', '/api/stock-movement/all', staff.productAdmin)).statusCode).toBe(403);
    expect((await call('GET', '/api/stock-movement/all')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/stock-movement/create', payload: item(1) }))
        .statusCode,
    ).toBe(401);
  });

  it('needs no particular plan: a Free business moves stock', async () => {
    const free = await ownerWithBusiness(t, 'Free shop');
    const setUp = await movementSetUp(t, free, { quantity: 2 });
    const created = await createMovement(t, free.token, {
      sku: setUp.product.sku,
      sourceLocationId: setUp.source.id,
      destinationLocationId: setUp.destination.id,
      quantity: 2,
    });
    const res = await validate(
      t,
      free.token,
      'source',
      created.movements[0]?.id ?? '',
      created.sourceValidationCode,
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('another business', () => {
  it('answers 404 for its movements, batches and locations, and never lists them', async () => {
    const created = await createMovement(t, owner.token, { items: [item(1)] });
    const id = created.movements[0]?.id ?? '';
    const rival = await ownerWithBusiness(t, 'Rival');
    const before = await movementFingerprint(t);
    expect((await call('GET', `/api/stock-movement/${id}`, rival.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/stock-movement/batch/${created.batchId}`, rival.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/stock-movement/${id}/document`, rival.token)).statusCode).toBe(404);
    expect((await validate(t, rival.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(404);
    expect(
      (await validateBatch(t, rival.token, 'source', created.batchId ?? '', created.sourceValidationCode))
        .statusCode,
    ).toBe(404);
    expect((await cancel(t, rival.token, id)).statusCode).toBe(404);
    // Its own movement between our locations: they are unknown to it.
    expect((await postMovement(t, rival.token, item(1))).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/stock-movement/search/sku?locationId=${world.source.id}`, rival.token))
        .statusCode,
    ).toBe(404);
    const list = await call('GET', '/api/stock-movement/all', rival.token);
    expect(list.json()).toMatchObject({ content: [], totalElements: 0 });
    expect(await movementFingerprint(t)).toEqual(before);
  });
});

describe('retries with an Idempotency-Key', () => {
  it('answers a repeated creation with the first answer, codes included, and creates one movement', async () => {
    const key = { 'idempotency-key': 'create-retry-1' };
    const first = await postMovement(t, owner.token, item(2), key);
    const again = await postMovement(t, owner.token, item(2), key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.sql(`select count(*)::int as n from stock_movements where id = $1`, [
      first.json().movements[0].id,
    ]);
    expect(rows[0].n).toBe(1);
    // The stored answer keeps the codes sealed: no plain code in the database.
    const stored = await t.sql(`select response::text as response from idempotency_keys where key = $1`, [
      'create-retry-1',
    ]);
    expect(stored.rows[0].response).not.toContain(first.json().sourceValidationCode);
    expect(stored.rows[0].response).not.toContain(first.json().destinationValidationCode);
    const other = await postMovement(t, owner.token, item(3), key);
    expect(other.statusCode).toBe(422);
  });

  it('moves the stock once for a repeated validation, and replays it even after the state moved on', async () => {
    const created = await createMovement(t, owner.token, item(5));
    const id = created.movements[0]?.id ?? '';
    const before = await quantityOf(t, owner.businessId, world.product.sku, world.source.id);
    const key = { 'idempotency-key': `validate-${id}` };
    const first = await validate(t, owner.token, 'source', id, created.sourceValidationCode, key);
    const again = await validate(t, owner.token, 'source', id, created.sourceValidationCode, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe((before ?? 0) - 5);
    expect(await ledgerOf(t, id)).toHaveLength(1);
    // Without the key, the same call is a second validation, refused.
    expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(409);
  });

  it('does not undo the counting of wrong codes: a retried wrong code counts again', async () => {
    const created = await createMovement(t, owner.token, item(1));
    const id = created.movements[0]?.id ?? '';
    const key = { 'idempotency-key': `wrong-${id}` };
    const wrong = String((Number(created.sourceValidationCode) + 7) % 1_000_000).padStart(6, '0');
    expect((await validate(t, owner.token, 'source', id, wrong, key)).json().details.attemptsLeft).toBe(4);
    expect((await validate(t, owner.token, 'source', id, wrong, key)).json().details.attemptsLeft).toBe(3);
    const { rows } = await t.sql(`select count(*)::int as n from idempotency_keys where key = $1`, [
      `wrong-${id}`,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('returns the units of a cancelled movement once for a repeated cancel', async () => {
    const created = await createMovement(t, owner.token, item(4));
    const id = created.movements[0]?.id ?? '';
    await validate(t, owner.token, 'source', id, created.sourceValidationCode);
    const key = { 'idempotency-key': `cancel-${id}` };
    const first = await cancel(t, owner.token, id, key);
    const again = await cancel(t, owner.token, id, key);
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json()).toEqual(first.json());
    expect((await ledgerOf(t, id)).map((row) => row.reason)).toEqual(['MOVEMENT_OUT', 'MOVEMENT_RETURN']);
  });

  it('validates a batch once for a repeated batch validation', async () => {
    const created = await createMovement(t, owner.token, { items: [item(1), item(2)] });
    const key = { 'idempotency-key': `batch-${created.batchId}` };
    const first = await validateBatch(
      t,
      owner.token,
      'source',
      created.batchId ?? '',
      created.sourceValidationCode,
      key,
    );
    const again = await validateBatch(
      t,
      owner.token,
      'source',
      created.batchId ?? '',
      created.sourceValidationCode,
      key,
    );
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    for (const movement of first.json<TStockMovement[]>())
      expect(await ledgerOf(t, movement.id)).toHaveLength(1);
  });
});

describe('listMovements', () => {
  it('pages newest first in SQL and filters by status, location, batch and part of the SKU', async () => {
    const setUp = await movementSetUp(t, owner, { quantity: 50, sku: 'LIST-Oolong' });
    const move = (quantity: number) => ({
      sku: setUp.product.sku,
      sourceLocationId: setUp.source.id,
      destinationLocationId: setUp.destination.id,
      quantity,
    });
    const ids: string[] = [];
    for (const quantity of [1, 2, 3])
      ids.push((await createMovement(t, owner.token, move(quantity))).movements[0]?.id ?? '');
    const batch = await createMovement(t, owner.token, { items: [move(4), move(5)] });
    await cancel(t, owner.token, ids[0] ?? '');

    const byLocation = await call(
      'GET',
      `/api/stock-movement/all?locationId=${setUp.destination.id}&size=2`,
      owner.token,
    );
    expect(byLocation.statusCode).toBe(200);
    expect(byLocation.json()).toMatchObject({ page: 0, size: 2, totalElements: 5, totalPages: 3 });
    const last = await call(
      'GET',
      `/api/stock-movement/all?locationId=${setUp.destination.id}&size=2&page=2`,
      owner.token,
    );
    expect(last.json().content.map((movement: TStockMovement) => movement.id)).toEqual([ids[0]]);
    expect(last.json().totalElements).toBe(5);

    const cancelled = await call(
      'GET',
      `/api/stock-movement/all?status=CANCELLED&locationId=${setUp.source.id}`,
      owner.token,
    );
    expect(cancelled.json().content.map((movement: TStockMovement) => movement.id)).toEqual([ids[0]]);
    const ofBatch = await call('GET', `/api/stock-movement/all?batchId=${batch.batchId}`, owner.token);
    expect(ofBatch.json().totalElements).toBe(2);
    const search = await call('GET', '/api/stock-movement/all?search=t-OOL', owner.token);
    expect(search.json().totalElements).toBe(5);
    expect(search.json().content[0]).toMatchObject({
      productName: 'Green tea',
      sourceLocationName: setUp.source.name,
      destinationLocationName: setUp.destination.name,
    });
    const beyond = await call('GET', '/api/stock-movement/all?search=t-OOL&page=9', owner.token);
    expect(beyond.json()).toMatchObject({ content: [], totalElements: 5 });
  });

  it('refuses bad paging and filters (400)', async () => {
    for (const query of ['size=0', 'size=101', 'page=-1', 'status=LOST', 'locationId=x', 'batchId=1']) {
      const res = await call('GET', `/api/stock-movement/all?${query}`, owner.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.fieldErrors).toBeDefined();
    }
  });
});

describe('suggestMovementSkus', () => {
  it('suggests active products of the source by SKU prefix, any case, with their stock', async () => {
    const res = await call(
      'GET',
      `/api/stock-movement/search/sku?locationId=${world.source.id}&query=${world.product.sku.slice(0, 5).toLowerCase()}`,
      staff.assistant,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 0, size: 10, totalElements: 1 });
    expect(res.json().content[0]).toEqual({
      productId: world.product.id,
      sku: world.product.sku,
      productName: 'Green tea',
      barcode: null,
      quantity: await quantityOf(t, owner.businessId, world.product.sku, world.source.id),
    });
    const none = await call(
      'GET',
      `/api/stock-movement/search/sku?locationId=${world.source.id}&query=TEB`,
      owner.token,
    );
    expect(none.json()).toMatchObject({ content: [], totalElements: 0 });
    expect((await call('GET', '/api/stock-movement/search/sku?query=TEA', owner.token)).statusCode).toBe(400);
  });
});

describe('reads', () => {
  it('answers 404 for an unknown movement', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stock-movement/00000000-0000-4000-8000-000000000000',
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The stock movement was not found.');
  });
});
