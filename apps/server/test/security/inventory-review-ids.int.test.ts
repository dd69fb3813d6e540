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
import { ownerWithBusiness } from '../factories/accounts.js';
import { movementFingerprint, movementSetUp, postMovement, unbalancedItems } from '../factories/movements.js';
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
