import type { TCreatedMovements, TStockMovement } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { bearer, ownerWithBusiness } from '../../../test/factories/accounts.js';
import { insertLocation } from '../../../test/factories/catalogue.js';
import {
  cancel,
  createMovement,
  getMovement,
  ledgerOf,
  movementSetUp,
  postMovement,
  quantityOf,
  unbalancedItems,
  validate,
} from '../../../test/factories/movements.js';
import { auditEvents, insertCategory } from '../../../test/factories/products.js';

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

function one(setUp: Awaited<ReturnType<typeof movementSetUp>>, quantity: number, note?: string) {
  return {
    sku: setUp.product.sku,
    sourceLocationId: setUp.source.id,
    destinationLocationId: setUp.destination.id,
    quantity,
    ...(note === undefined ? {} : { note }),
  };
}

describe('stock movements', () => {
  describe('createMovement', () => {
    it('creates a PENDING movement with two different 6-digit codes, stored only as salted hashes', async () => {
      const setUp = await movementSetUp(t, owner);
      const res = await postMovement(t, owner.token, one(setUp, 5, '  For the weekend  '));
      expect(res.statusCode).toBe(201);
      const created: TCreatedMovements = res.json();
      expect(created.batchId).toBeNull();
      expect(created.sourceValidationCode).toMatch(/^\d{6}$/);
      expect(created.destinationValidationCode).toMatch(/^\d{6}$/);
      expect(created.sourceValidationCode).not.toBe(created.destinationValidationCode);
      const [movement] = created.movements;
      expect(movement).toMatchObject({
        type: 'SINGLE',
        sku: setUp.product.sku,
        productName: 'Green tea',
        productId: setUp.product.id,
        sourceLocationName: setUp.source.name,
        destinationLocationName: setUp.destination.name,
        quantity: 5,
        status: 'PENDING',
        note: 'For the weekend',
        failedAttempts: 0,
        isLocked: false,
        createdBy: owner.userId,
      });
      expect(movement?.movementId).toBe(movement?.id);

      const { rows } = await t.sql(
        `select source_code_hash, destination_code_hash from stock_movements where id = $1`,
        [movement?.id],
      );
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(created.sourceValidationCode);
      expect(stored).not.toContain(created.destinationValidationCode);
      expect(rows[0].source_code_hash).toMatch(/^sha256\$/);
      // Nothing moved yet.
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(20);
      const audit = await auditEvents(t, owner.businessId, 'MOVEMENT_CREATION');
      expect(audit.at(-1)?.description).toContain(`5 × Green tea (SKU ${setUp.product.sku})`);
    });

    it('never answers the codes again: not in a read, a list or a batch', async () => {
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      const id = created.movements[0]?.id ?? '';
      const reads = [
        await t.app.inject({ method: 'GET', url: `/api/stock-movement/${id}`, headers: bearer(owner.token) }),
        await t.app.inject({ method: 'GET', url: '/api/stock-movement/all', headers: bearer(owner.token) }),
      ];
      for (const res of reads) {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(created.sourceValidationCode);
        expect(res.body).not.toContain(created.destinationValidationCode);
        expect(res.body).not.toContain('Hash');
      }
    });

    it('refuses a SKU that is not a product at the source, naming it (404)', async () => {
      const setUp = await movementSetUp(t, owner);
      const res = await postMovement(t, owner.token, { ...one(setUp, 1), sku: 'NOPE-1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`The SKU NOPE-1 was not found at ${setUp.source.name}.`);
      // The product exists at another location only: still not at the source.
      const elsewhere = await postMovement(t, owner.token, {
        ...one(setUp, 1),
        sourceLocationId: setUp.destination.id,
        destinationLocationId: setUp.source.id,
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().details).toEqual({ sku: setUp.product.sku, locationId: setUp.destination.id });
    });

    it('refuses bad input with field errors', async () => {
      const setUp = await movementSetUp(t, owner);
      const cases: Array<[unknown, string]> = [
        [{ ...one(setUp, 0) }, 'quantity'],
        [{ ...one(setUp, 1.5) }, 'quantity'],
        [{ ...one(setUp, 1), destinationLocationId: setUp.source.id }, 'destinationLocationId'],
        [{ ...one(setUp, 1), sourceLocationId: 'not-a-uuid' }, 'sourceLocationId'],
        [{ items: [] }, 'items'],
      ];
      for (const [body, field] of cases) {
        const res = await postMovement(t, owner.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
        expect(JSON.stringify(res.json().details.fieldErrors)).toContain(field);
      }
    });

    it('refuses an unknown or discontinued location', async () => {
      const setUp = await movementSetUp(t, owner);
      const unknown = await postMovement(t, owner.token, {
        ...one(setUp, 1),
        destinationLocationId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      const closed = await insertLocation(t, owner.businessId, { name: 'Closed shop', active: false });
      const res = await postMovement(t, owner.token, { ...one(setUp, 1), destinationLocationId: closed });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('Closed shop is discontinued');
    });
  });

  describe('the lifecycle', () => {
    it('moves the stock: source validation takes it out, destination validation puts it in', async () => {
      const setUp = await movementSetUp(t, owner, { quantity: 12 });
      const created = await createMovement(t, owner.token, one(setUp, 5));
      const id = created.movements[0]?.id ?? '';

      const out = await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      expect(out.statusCode).toBe(200);
      const inTransit: TStockMovement = out.json();
      expect(inTransit.status).toBe('IN_TRANSIT');
      expect(inTransit.sourceValidatedAt).not.toBeNull();
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(7);

      // The destination's code opens only the destination.
      const swapped = await validate(t, owner.token, 'destination', id, created.sourceValidationCode);
      expect(swapped.statusCode).toBe(400);

      const arrived = await validate(t, owner.token, 'destination', id, created.destinationValidationCode);
      expect(arrived.statusCode).toBe(200);
      expect(arrived.json()).toMatchObject({ status: 'COMPLETED', failedAttempts: 1 });
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.destination.id)).toBe(5);
      expect(await ledgerOf(t, id)).toEqual([
        { reason: 'MOVEMENT_OUT', delta: -5, location_id: setUp.source.id },
        { reason: 'MOVEMENT_IN', delta: 5, location_id: setUp.destination.id },
      ]);
      const audit = await auditEvents(t, owner.businessId, 'MOVEMENT_VALIDATION');
      expect(audit.slice(-2).map((entry) => entry.description)).toEqual([
        expect.stringContaining(`validated at the source: the units left (${setUp.source.name})`),
        expect.stringContaining(
          `validated at the destination: the units arrived (${setUp.destination.name})`,
        ),
      ]);
    });

    it('creates the product at the destination from the source, with the category of the same name there', async () => {
      const setUp = await movementSetUp(t, owner);
      const sourceCategory = await insertCategory(t, owner.businessId, setUp.source.id, 'Teas');
      const destinationCategory = await insertCategory(t, owner.businessId, setUp.destination.id, 'teas');
      await t.sql(
        `update products set category_id = $2, barcode = '4006381333931', cost_price = 2.10 where id = $1`,
        [setUp.product.id, sourceCategory],
      );
      const created = await createMovement(t, owner.token, one(setUp, 3));
      const id = created.movements[0]?.id ?? '';
      expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(
        200,
      );
      expect(
        (await validate(t, owner.token, 'destination', id, created.destinationValidationCode)).statusCode,
      ).toBe(200);
      const { rows } = await t.sql(
        `select name, barcode, price, cost_price, category_id, active from products where location_id = $1 and sku = $2`,
        [setUp.destination.id, setUp.product.sku],
      );
      expect(rows).toEqual([
        {
          name: 'Green tea',
          barcode: '4006381333931',
          price: '4.20',
          cost_price: '2.10',
          category_id: destinationCategory,
          active: true,
        },
      ]);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.destination.id)).toBe(3);
      const created2 = await auditEvents(t, owner.businessId, 'PRODUCT_CREATION');
      expect(created2.at(-1)?.description).toContain(`created at ${setUp.destination.name}`);
    });

    it('adds to the product already at the destination instead of creating another', async () => {
      const setUp = await movementSetUp(t, owner);
      const first = await createMovement(t, owner.token, one(setUp, 2));
      const second = await createMovement(t, owner.token, one(setUp, 4));
      for (const created of [first, second]) {
        const id = created.movements[0]?.id ?? '';
        await validate(t, owner.token, 'source', id, created.sourceValidationCode);
        expect(
          (await validate(t, owner.token, 'destination', id, created.destinationValidationCode)).statusCode,
        ).toBe(200);
      }
      const { rows } = await t.sql(`select count(*)::int as n from products where location_id = $1`, [
        setUp.destination.id,
      ]);
      expect(rows[0].n).toBe(1);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.destination.id)).toBe(6);
    });

    it('refuses to take more than the source holds (409 INSUFFICIENT_STOCK), and nothing changes', async () => {
      const setUp = await movementSetUp(t, owner, { quantity: 3 });
      const created = await createMovement(t, owner.token, one(setUp, 4));
      const id = created.movements[0]?.id ?? '';
      const res = await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: `Only 3 of SKU ${setUp.product.sku} are in stock at the source: 4 cannot leave.`,
        details: { available: 3, requested: 4, sku: setUp.product.sku, movementId: id },
      });
      expect((await getMovement(t, owner.token, id)).status).toBe('PENDING');
      expect(await ledgerOf(t, id)).toEqual([]);
    });

    it('answers 409 INSUFFICIENT_STOCK, not a 404, when the product never had stock at the source', async () => {
      const setUp = await movementSetUp(t, owner, { quantity: 1 });
      await t.sql(
        `delete from stock_ledger where inventory_id in (select id from inventory_items where product_id = $1)`,
        [setUp.product.id],
      );
      await t.sql(`delete from inventory_items where product_id = $1`, [setUp.product.id]);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      const res = await validate(
        t,
        owner.token,
        'source',
        created.movements[0]?.id ?? '',
        created.sourceValidationCode,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().details.available).toBe(0);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBeUndefined();
    });

    it('refuses validations in the wrong state with a clear 409', async () => {
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      const id = created.movements[0]?.id ?? '';
      const early = await validate(t, owner.token, 'destination', id, created.destinationValidationCode);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'This movement cannot be validated at the destination. It has not left its source yet: validate it at the source first.',
      );
      await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      const twice = await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('CONFLICT');
      // A state refusal comes before the code is looked at: it counts nothing.
      expect((await getMovement(t, owner.token, id)).failedAttempts).toBe(0);
    });
  });

  describe('cancelMovement', () => {
    it('ends a PENDING movement without touching stock', async () => {
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 2));
      const id = created.movements[0]?.id ?? '';
      const res = await cancel(t, owner.token, id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'CANCELLED' });
      expect(res.json().cancelledAt).not.toBeNull();
      expect(await ledgerOf(t, id)).toEqual([]);
      const audit = await auditEvents(t, owner.businessId, 'MOVEMENT_CANCELLATION');
      expect(audit.at(-1)?.description).toContain('cancelled');
      // Once cancelled, it cannot be validated any more.
      expect((await validate(t, owner.token, 'source', id, created.sourceValidationCode)).statusCode).toBe(
        409,
      );
    });

    it('returns the units of a movement on its way to the source (MOVEMENT_RETURN)', async () => {
      const setUp = await movementSetUp(t, owner, { quantity: 10 });
      const created = await createMovement(t, owner.token, one(setUp, 6));
      const id = created.movements[0]?.id ?? '';
      await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(4);
      const res = await cancel(t, owner.token, id);
      expect(res.statusCode).toBe(200);
      expect(await quantityOf(t, owner.businessId, setUp.product.sku, setUp.source.id)).toBe(10);
      expect((await ledgerOf(t, id)).map((row) => [row.reason, row.delta])).toEqual([
        ['MOVEMENT_OUT', -6],
        ['MOVEMENT_RETURN', 6],
      ]);
      expect((await auditEvents(t, owner.businessId, 'MOVEMENT_CANCELLATION')).at(-1)?.description).toContain(
        '6 units returned to the source',
      );
    });

    it('refuses to cancel an arrived or a cancelled movement (409)', async () => {
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      const id = created.movements[0]?.id ?? '';
      await validate(t, owner.token, 'source', id, created.sourceValidationCode);
      await validate(t, owner.token, 'destination', id, created.destinationValidationCode);
      const arrived = await cancel(t, owner.token, id);
      expect(arrived.statusCode).toBe(409);
      expect(arrived.json().message).toBe(
        'This movement cannot be cancelled: it has arrived at its destination.',
      );
      const other = await createMovement(t, owner.token, one(setUp, 1));
      const otherId = other.movements[0]?.id ?? '';
      await cancel(t, owner.token, otherId);
      expect((await cancel(t, owner.token, otherId)).json().message).toBe(
        'This movement cannot be cancelled: it was cancelled already.',
      );
    });

    it('answers 404 for an unknown id and 400 for one that is no id', async () => {
      expect((await cancel(t, owner.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await cancel(t, owner.token, 'abc')).statusCode).toBe(400);
      expect(
        (await validate(t, owner.token, 'source', '00000000-0000-4000-8000-000000000000', '123456'))
          .statusCode,
      ).toBe(404);
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      const bad = await validate(t, owner.token, 'source', created.movements[0]?.id ?? '', '12a456');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fieldErrors.validationCode).toBeDefined();
    });
  });

  describe('deleting what movements refer to', () => {
    it('answers 409 IN_USE for a product or location that movements keep', async () => {
      const setUp = await movementSetUp(t, owner);
      const created = await createMovement(t, owner.token, one(setUp, 1));
      await cancel(t, owner.token, created.movements[0]?.id ?? '');
      // Its stock records would also keep the product: remove them to reach the movement's hold.
      await t.sql(
        `delete from stock_ledger where inventory_id in (select id from inventory_items where product_id = $1)`,
        [setUp.product.id],
      );
      await t.sql(`delete from inventory_items where product_id = $1`, [setUp.product.id]);
      const product = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${setUp.product.id}/location/${setUp.source.id}`,
        headers: bearer(owner.token),
      });
      expect(product.statusCode).toBe(409);
      expect(product.json()).toMatchObject({
        code: 'IN_USE',
        message: expect.stringContaining('stock movements'),
      });
      const location = await t.app.inject({
        method: 'DELETE',
        url: `/api/locations/${setUp.destination.id}`,
        headers: bearer(owner.token),
      });
      expect(location.statusCode).toBe(409);
      expect(location.json().code).toBe('IN_USE');
    });
  });
});
