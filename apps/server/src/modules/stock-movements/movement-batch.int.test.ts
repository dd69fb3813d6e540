import type { TCreatedMovements, TStockMovement } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../test/factories/accounts.js';
import {
  cancelMany,
  createMovement,
  ledgerOf,
  movementFingerprint,
  movementSetUp,
  otherCode,
  postMovement,
  quantityOf,
  stockUp,
  unbalancedItems,
  validate,
  validateBatch,
} from '../../../test/factories/movements.js';
import { createProduct } from '../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

/** Two products at one source: tea with 10 units, coffee with `coffee` units. */
async function twoProducts(coffee: number) {
  const setUp = await movementSetUp(t, owner, { quantity: 10 });
  const second = await createProduct(t, owner.token, { locationId: setUp.source.id, name: 'Coffee beans' });
  if (coffee > 0)
    await stockUp(t, owner.businessId, owner.userId, {
      productId: second.id,
      locationId: setUp.source.id,
      quantity: coffee,
    });
  const item = (sku: string, quantity: number) => ({
    sku,
    sourceLocationId: setUp.source.id,
    destinationLocationId: setUp.destination.id,
    quantity,
  });
  return { ...setUp, coffee: second, item };
}

async function batchOf(items: unknown[]): Promise<TCreatedMovements & { batchId: string }> {
  const created = await createMovement(t, owner.token, { items, note: 'Weekly restock' });
  if (!created.batchId) throw new Error('a batch has a batchId');
  return { ...created, batchId: created.batchId };
}

describe('batches of movements', () => {
  it('creates a batch: one batchId and one pair of codes for all its movements', async () => {
    const world = await twoProducts(5);
    const res = await postMovement(t, owner.token, {
      items: [world.item(world.product.sku, 3), world.item(world.coffee.sku, 2)],
    });
    expect(res.statusCode).toBe(201);
    const created: TCreatedMovements = res.json();
    expect(created.batchId).toEqual(expect.any(String));
    expect(created.movements).toHaveLength(2);
    for (const movement of created.movements) {
      expect(movement).toMatchObject({ batchId: created.batchId, type: 'BATCH', status: 'PENDING' });
    }
    const batch = await t.app.inject({
      method: 'GET',
      url: `/api/stock-movement/batch/${created.batchId}`,
      headers: bearer(owner.token),
    });
    expect(batch.statusCode).toBe(200);
    expect(
      batch
        .json()
        .map((movement: TStockMovement) => movement.sku)
        .sort(),
    ).toEqual([world.product.sku, world.coffee.sku].sort());
    expect(batch.body).not.toContain(created.sourceValidationCode);
  });

  it('refuses the whole batch when one SKU is not at its source, and creates none', async () => {
    const world = await twoProducts(5);
    const before = await movementFingerprint(t);
    const res = await postMovement(t, owner.token, {
      items: [world.item(world.product.sku, 1), world.item('GHOST-9', 1)],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('GHOST-9');
    expect(await movementFingerprint(t)).toEqual(before);
  });

  it('validates all or none at the source: one item short of stock and nothing moves', async () => {
    const world = await twoProducts(1);
    const created = await batchOf([world.item(world.product.sku, 4), world.item(world.coffee.sku, 3)]);
    const short = await validateBatch(
      t,
      owner.token,
      'source',
      created.batchId,
      created.sourceValidationCode,
    );
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      details: { sku: world.coffee.sku, available: 1 },
    });
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(10);
    for (const movement of created.movements) expect(await ledgerOf(t, movement.id)).toEqual([]);

    await stockUp(t, owner.businessId, owner.userId, {
      productId: world.coffee.id,
      locationId: world.source.id,
      quantity: 2,
    });
    const out = await validateBatch(t, owner.token, 'source', created.batchId, created.sourceValidationCode);
    expect(out.statusCode).toBe(200);
    expect(out.json().map((movement: TStockMovement) => movement.status)).toEqual([
      'IN_TRANSIT',
      'IN_TRANSIT',
    ]);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(6);
    expect(await quantityOf(t, owner.businessId, world.coffee.sku, world.source.id)).toBe(0);

    const arrived = await validateBatch(
      t,
      owner.token,
      'destination',
      created.batchId,
      created.destinationValidationCode,
    );
    expect(arrived.statusCode).toBe(200);
    expect(arrived.json().map((movement: TStockMovement) => movement.status)).toEqual([
      'COMPLETED',
      'COMPLETED',
    ]);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.destination.id)).toBe(4);
    expect(await quantityOf(t, owner.businessId, world.coffee.sku, world.destination.id)).toBe(3);
  });

  it('moves the same SKU twice in one batch and takes both from the stock', async () => {
    const world = await twoProducts(0);
    const created = await batchOf([world.item(world.product.sku, 6), world.item(world.product.sku, 4)]);
    expect(
      (await validateBatch(t, owner.token, 'source', created.batchId, created.sourceValidationCode))
        .statusCode,
    ).toBe(200);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(0);
    const third = await batchOf([world.item(world.product.sku, 1)]);
    expect(
      (await validateBatch(t, owner.token, 'source', third.batchId, third.sourceValidationCode)).statusCode,
    ).toBe(409);
  });

  it('counts a wrong code on every movement of the batch, through the batch or a member', async () => {
    const world = await twoProducts(5);
    const created = await batchOf([world.item(world.product.sku, 1), world.item(world.coffee.sku, 1)]);
    const res = await validateBatch(
      t,
      owner.token,
      'source',
      created.batchId,
      otherCode(created.sourceValidationCode),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details.attemptsLeft).toBe(4);
    const { rows } = await t.sql(`select failed_attempts from stock_movements where batch_id = $1`, [
      created.batchId,
    ]);
    expect(rows.map((row) => row.failed_attempts)).toEqual([1, 1]);
    // The members share the codes: a wrong one tried on a member counts on the whole batch.
    const member = await validate(
      t,
      owner.token,
      'source',
      created.movements[1]?.id ?? '',
      otherCode(created.sourceValidationCode),
    );
    expect(member.json().details.attemptsLeft).toBe(3);
    const after = await t.sql(`select failed_attempts from stock_movements where batch_id = $1`, [
      created.batchId,
    ]);
    expect(after.rows.map((row) => row.failed_attempts)).toEqual([2, 2]);
  });

  it('validates only the movements still waiting; one validated on its own stays as it is', async () => {
    const world = await twoProducts(5);
    const created = await batchOf([world.item(world.product.sku, 2), world.item(world.coffee.sku, 2)]);
    const [first] = created.movements;
    expect(
      (await validate(t, owner.token, 'source', first?.id ?? '', created.sourceValidationCode)).statusCode,
    ).toBe(200);
    const rest = await validateBatch(t, owner.token, 'source', created.batchId, created.sourceValidationCode);
    expect(rest.statusCode).toBe(200);
    expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(8);
    expect(await quantityOf(t, owner.businessId, world.coffee.sku, world.source.id)).toBe(3);
    const nothingLeft = await validateBatch(
      t,
      owner.token,
      'source',
      created.batchId,
      created.sourceValidationCode,
    );
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json().message).toBe(
      'No movement of this batch waits for the source: there is nothing to validate.',
    );
  });

  it('answers 404 for an unknown batch and 400 for a bad query', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await validateBatch(t, owner.token, 'source', unknown, '123456')).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/stock-movement/batch/${unknown}`,
          headers: bearer(owner.token),
        })
      ).statusCode,
    ).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/stock-movement/batch/validate-source?batchId=nope',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fieldErrors).sort()).toEqual(['batchId', 'validationCode']);
  });

  describe('cancelMovements', () => {
    it('cancels a list all or none, returning what was on its way', async () => {
      const world = await twoProducts(5);
      const created = await batchOf([world.item(world.product.sku, 3), world.item(world.coffee.sku, 2)]);
      const [first, second] = created.movements;
      await validate(t, owner.token, 'source', first?.id ?? '', created.sourceValidationCode);
      expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(7);
      const res = await cancelMany(t, owner.token, [first?.id ?? '', second?.id ?? '']);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((movement: TStockMovement) => movement.status)).toEqual([
        'CANCELLED',
        'CANCELLED',
      ]);
      expect(await quantityOf(t, owner.businessId, world.product.sku, world.source.id)).toBe(10);
      expect((await ledgerOf(t, first?.id ?? '')).map((row) => row.reason)).toEqual([
        'MOVEMENT_OUT',
        'MOVEMENT_RETURN',
      ]);
    });

    it('cancels none when one cannot be cancelled or is unknown', async () => {
      const world = await twoProducts(5);
      const done = await batchOf([world.item(world.coffee.sku, 1)]);
      const doneId = done.movements[0]?.id ?? '';
      await validate(t, owner.token, 'source', doneId, done.sourceValidationCode);
      await validate(t, owner.token, 'destination', doneId, done.destinationValidationCode);
      const open = await batchOf([world.item(world.product.sku, 2)]);
      const openId = open.movements[0]?.id ?? '';
      await validate(t, owner.token, 'source', openId, open.sourceValidationCode);
      const before = await movementFingerprint(t);
      const refused = await cancelMany(t, owner.token, [openId, doneId]);
      expect(refused.statusCode).toBe(409);
      const unknown = await cancelMany(t, owner.token, [openId, '00000000-0000-4000-8000-000000000000']);
      expect(unknown.statusCode).toBe(404);
      expect(await movementFingerprint(t)).toEqual(before);
    });

    it('needs at least one id, each a uuid', async () => {
      const none = await t.app.inject({
        method: 'PUT',
        url: '/api/stock-movement/batch/cancel',
        headers: bearer(owner.token),
      });
      expect(none.statusCode).toBe(400);
      expect((await cancelMany(t, owner.token, ['nope'])).statusCode).toBe(400);
    });
  });
});
