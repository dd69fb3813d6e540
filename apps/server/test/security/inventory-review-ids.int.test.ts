/**
 * Security review of issue 9 (SEC): ids written another way than the server writes them.
 *
 * Threat: a signed-in member of staff who may create movements sends an id in capitals. PostgreSQL
 * reads 'ABC…' and 'abc…' as the same uuid, but a check made on the text of the request does not:
 * such a check is bypassed. Each refusal must write nothing: movements, ledger, stock, products,
 * audit log and idempotency keys are compared before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { ledgerCount, quantityOf } from '../factories/inventory.js';
import {
  cancelMany,
  createMovement,
  downloadDocument,
  getMovement,
  movementFingerprint,
  movementSetUp,
  postMovement,
  quantityOf as quantityAt,
  unbalancedItems,
  validate,
} from '../factories/movements.js';
import { expectError } from './catalogue-kit.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let world: Awaited<ReturnType<typeof movementSetUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Review Ids');
  world = await movementSetUp(t, owner, { quantity: 30, sku: 'REV-1' });
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

describe('SECURITY review: an id in capitals', () => {
  it('refuses a movement from a location to itself written once in capitals (400), creating nothing', async () => {
    const item = {
      sku: world.product.sku,
      sourceLocationId: world.source.id,
      destinationLocationId: world.source.id.toUpperCase(),
      quantity: 3,
    };
    const before = await movementFingerprint(t);
    for (const body of [item, { items: [item] }, { items: [{ ...item, quantity: 1 }, item] }]) {
      const res = await postMovement(t, owner.token, body, {
        'idempotency-key': `same-place-${JSON.stringify(body).length}`,
      });
      expectError(res, 400, 'VALIDATION_ERROR');
    }
    expect(await movementFingerprint(t)).toEqual(before);
  });
});

describe('SECURITY review: a stock record named in capitals', () => {
  const itemId = async () => {
    const { rows } = await t.sql('select id from inventory_items where location_id = $1', [world.source.id]);
    return (rows[0] as { id: string }).id;
  };
  const put = (url: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'PUT',
      url,
      headers: { ...bearer(owner.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });

  it('adjusts once, never a 500 that leaves the caller unsure whether the stock changed', async () => {
    const id = await itemId();
    const start = await quantityAt(t, owner.businessId, world.product.sku, world.source.id);
    const ledger = await ledgerCount(t);
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await put(
        `/api/inventory/${id.toUpperCase()}/adjust`,
        { delta: -2, reason: 'THEFT' },
        'caps-adjust',
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id, quantity: (start ?? 0) - 2 });
    }
    expect(await quantityOf(t, id)).toBe((start ?? 0) - 2);
    expect(await ledgerCount(t)).toBe(ledger + 1);
  });

  it('takes the same record named in two cases as the same record in a batch and in a count', async () => {
    const id = await itemId();
    const start = (await quantityOf(t, id)) ?? 0;
    const many = await put('/api/inventory/adjust', [
      { inventoryId: id, delta: -1, reason: 'THEFT' },
      { inventoryId: id.toUpperCase(), delta: -1, reason: 'THEFT' },
    ]);
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json()).toEqual([expect.objectContaining({ id, quantity: start - 2 })]);
    const count = await put(`/api/inventory/${id.toUpperCase()}/location/${world.source.id.toUpperCase()}`, {
      quantity: 9,
    });
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json()).toMatchObject({ id, quantity: 9 });
  });
});

describe('SECURITY review: a movement named in capitals', () => {
  const move = (quantity: number) => ({
    sku: world.product.sku,
    sourceLocationId: world.source.id,
    destinationLocationId: world.destination.id,
    quantity,
  });

  it('is the same movement for a validation, a document and a list to cancel', async () => {
    const created = await createMovement(t, owner.token, move(1));
    const id = created.movements[0]?.id ?? '';
    const document = await downloadDocument(t, owner.token, id.toUpperCase());
    expect(document.statusCode, document.body).toBe(200);
    const validated = await validate(
      t,
      owner.token,
      'source',
      id.toUpperCase(),
      created.sourceValidationCode,
    );
    expect(validated.statusCode, validated.body).toBe(200);
    expect((await getMovement(t, owner.token, id)).status).toBe('IN_TRANSIT');
    const cancelled = await cancelMany(t, owner.token, [id, id.toUpperCase()]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual([expect.objectContaining({ id, status: 'CANCELLED' })]);
  });
});
