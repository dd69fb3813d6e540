import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { ownerWithBusiness, staffTokensByRole } from '../../../test/factories/accounts.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import {
  cancel,
  createMovement,
  getMovement,
  movementSetUp,
  otherCode,
  quantityOf,
  unbalancedItems,
  validate,
} from '../../../test/factories/movements.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let staff: { assistant: string; contributor: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t);
  await setPlan(t, owner.businessId, 'SUPREME');
  staff = await staffTokensByRole(t, owner.token, {
    assistant: 'ROLE_STORE_ASSISTANT',
    contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
    admin: 'ROLE_INVENTORY_ADMIN',
  });
});
afterAll(async () => {
  expect(await unbalancedItems(t)).toEqual([]);
  await t.close();
});

async function pendingMovement(quantity = 10) {
  const setUp = await movementSetUp(t, owner, { quantity });
  const created = await createMovement(t, owner.token, {
    sku: setUp.product.sku,
    sourceLocationId: setUp.source.id,
    destinationLocationId: setUp.destination.id,
    quantity: 4,
  });
  return { setUp, created, id: created.movements[0]?.id ?? '' };
}

describe('validation codes', () => {
  it('counts a wrong code, answers how many tries are left, and the count survives the failed request', async () => {
    const { created, id } = await pendingMovement();
    const wrong = otherCode(created.sourceValidationCode);
    const first = await validate(t, staff.assistant, 'source', id, wrong);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      code: 'WRONG_VALIDATION_CODE',
      message: 'The validation code is wrong. 4 tries are left before the movement locks.',
      details: { attemptsLeft: 4, isLocked: false },
    });
    // Committed although the request failed: the database holds it.
    const { rows } = await t.sql(`select failed_attempts, locked_at from stock_movements where id = $1`, [
      id,
    ]);
    expect(rows[0]).toEqual({ failed_attempts: 1, locked_at: null });
    expect((await validate(t, staff.assistant, 'source', id, wrong)).json().details.attemptsLeft).toBe(3);
    expect((await getMovement(t, owner.token, id)).failedAttempts).toBe(2);
  });

  it('locks the movement on the fifth wrong code; then every validation answers 409 MOVEMENT_LOCKED', async () => {
    const { setUp, created, id } = await pendingMovement();
    const wrong = otherCode(created.sourceValidationCode);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await validate(t, staff.assistant, 'source', id, wrong)).statusCode).toBe(400);
    }
    const fifth = await validate(t, staff.assistant, 'source', id, wrong);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().details).toEqual({ attemptsLeft: 0, isLocked: true });
    expect(fifth.json().message).toContain('locked until an inventory admin cancels it');

    // The right code changes nothing now, and tells nothing: same answer as a wrong one.
    const right = await validate(t, staff.assistant, 'source', id, created.sourceValidationCode);
    const again = await validate(t, staff.assistant, 'source', id, wrong);
    expect(right.statusCode).toBe(409);
    expect(right.json()).toEqual(again.json());
    expect(right.json().code).toBe('MOVEMENT_LOCKED');
    expect(
      (await validate(t, owner.token, 'destination', id, created.destinationValidationCode)).json().code,
    ).toBe('MOVEMENT_LOCKED');
    const read = await getMovement(t, owner.token, id);
    expect(read).toMatchObject({ status: 'PENDING', isLocked: true, failedAttempts: 5 });
    expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(10);
  });

  it('counts wrong codes at both ends of the same movement together', async () => {
    const { created, id } = await pendingMovement();
    for (let attempt = 0; attempt < 2; attempt++)
      await validate(t, staff.assistant, 'source', id, otherCode(created.sourceValidationCode));
    await validate(t, staff.assistant, 'source', id, created.sourceValidationCode);
    const res = await validate(
      t,
      staff.assistant,
      'destination',
      id,
      otherCode(created.destinationValidationCode),
    );
    expect(res.json().details.attemptsLeft).toBe(2);
  });

  it('queues parallel guesses on the row: twenty at once get exactly five tries and nothing moves', async () => {
    const { setUp, created, id } = await pendingMovement();
    const guesses = Array.from({ length: 20 }, (_, index) =>
      String((Number(created.sourceValidationCode) + 1 + index) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((code) => validate(t, staff.assistant, 'source', id, code)),
    );
    const wrong = answers.filter((res) => res.statusCode === 400);
    const locked = answers.filter((res) => res.statusCode === 409);
    expect(wrong).toHaveLength(5);
    expect(locked).toHaveLength(15);
    expect(locked.every((res) => res.json().code === 'MOVEMENT_LOCKED')).toBe(true);
    const { rows } = await t.sql(`select failed_attempts from stock_movements where id = $1`, [id]);
    expect(rows[0].failed_attempts).toBe(5);
    expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(10);
  });

  describe('cancelling a locked movement', () => {
    async function lockedMovement() {
      const movement = await pendingMovement();
      for (let attempt = 0; attempt < 5; attempt++) {
        await validate(
          t,
          staff.assistant,
          'source',
          movement.id,
          otherCode(movement.created.sourceValidationCode),
        );
      }
      return movement;
    }

    it('is refused to those who validate but do not administer inventory', async () => {
      const { id } = await lockedMovement();
      for (const token of [staff.assistant, staff.contributor]) {
        const res = await cancel(t, token, id);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'MOVEMENT_LOCKED',
          message: 'This movement is locked after 5 wrong codes: only an inventory admin can cancel it.',
        });
      }
      expect((await getMovement(t, owner.token, id)).status).toBe('PENDING');
    });

    it('is done by an inventory admin (and the owner), which is the way out of the lock', async () => {
      const { id } = await lockedMovement();
      const res = await cancel(t, staff.admin, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'CANCELLED', isLocked: true });
      const other = await lockedMovement();
      expect((await cancel(t, owner.token, other.id)).statusCode).toBe(200);
    });

    it('returns the units of a movement locked on its way', async () => {
      const { setUp, created, id } = await pendingMovement();
      await validate(t, staff.assistant, 'source', id, created.sourceValidationCode);
      for (let attempt = 0; attempt < 5; attempt++) {
        await validate(t, staff.assistant, 'destination', id, otherCode(created.destinationValidationCode));
      }
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(6);
      expect((await cancel(t, staff.admin, id)).statusCode).toBe(200);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(10);
    });
  });
});
