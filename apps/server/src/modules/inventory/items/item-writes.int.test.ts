import { randomUUID } from 'node:crypto';
import { MAX_STOCK_QUANTITY, type TInventoryItem } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation } from '../../../../test/factories/catalogue.js';
import {
  expectLedgerBalanced,
  insertProductAt,
  ledgerOf,
  openStock,
  quantityOf,
} from '../../../../test/factories/inventory.js';
import { auditEvents } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let shop: string;
let depot: string;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Stock Writes');
  shop = await insertLocation(t, owner.businessId, { name: 'High Street' });
  depot = await insertLocation(t, owner.businessId, { name: 'Depot' });
});
afterAll(async () => {
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

const call = apiCaller(() => t);
const product = (locationId = shop, values: { sku?: string; name?: string; barcode?: string } = {}) =>
  insertProductAt(t, owner.businessId, locationId, values);

async function stock(quantity: number, locationId = shop): Promise<TInventoryItem> {
  const { id } = await product(locationId);
  return openStock(t, owner.token, { productId: id, locationId, quantity });
}

async function itemExists(productId: string): Promise<boolean> {
  const { rows } = await t.sql('select 1 from inventory_items where product_id = $1', [productId]);
  return rows.length > 0;
}

describe('inventory items: writes', () => {
  describe('createInventory', () => {
    it('opens the record with its quantity as a COUNT ledger row, records INVENTORY_CREATION, answers it as GET does', async () => {
      const tea = await product(shop, { sku: 'TEA-GREEN', name: 'Green Tea', barcode: '4006381333931' });
      const res = await call('POST', '/api/inventory', owner.token, {
        productId: tea.id,
        locationId: shop,
        quantity: 12,
        reorderPoint: 5,
      });
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json<TInventoryItem>();
      expect(item).toMatchObject({
        inventoryId: item.id,
        locationId: shop,
        productId: tea.id,
        sku: 'TEA-GREEN',
        barcode: '4006381333931',
        productName: 'Green Tea',
        quantity: 12,
        reorderPoint: 5,
        active: true,
      });
      expect(await ledgerOf(t, item.id)).toEqual([
        expect.objectContaining({
          delta: 12,
          quantity_after: 12,
          reason: 'COUNT',
          reference: 'OPENING',
          user_id: owner.userId,
        }),
      ]);
      expect(await auditEvents(t, owner.businessId, 'INVENTORY_CREATION')).toContainEqual({
        user_id: owner.userId,
        description: 'Opened the stock of TEA-GREEN at High Street with 12 units.',
      });
      const read = await call('GET', `/api/inventory/${item.id}/location/${shop}`, owner.token);
      expect(read.json()).toEqual(item);
    });

    it('opens a record at 0 without a ledger row; the reorder point is optional', async () => {
      const { id } = await product();
      const item = await openStock(t, owner.token, { productId: id, locationId: shop, quantity: 0 });
      expect(item).toMatchObject({ quantity: 0, reorderPoint: null });
      expect(await ledgerOf(t, item.id)).toEqual([]);
    });

    it('answers 409 on productId for a product that has a record there already, and writes nothing', async () => {
      const item = await stock(4);
      const res = await call('POST', '/api/inventory', owner.token, {
        productId: item.productId,
        locationId: shop,
        quantity: 9,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: `${item.sku} already has a stock record at High Street. Adjust or count it instead.`,
        details: { field: 'productId' },
      });
      expect(await quantityOf(t, item.id)).toBe(4);
    });

    it('answers 400 on locationId when the product is placed at another location', async () => {
      const crate = await product(depot, { name: 'Crate' });
      const res = await call('POST', '/api/inventory', owner.token, {
        productId: crate.id,
        locationId: shop,
        quantity: 1,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: `The product Crate (${crate.sku}) is not placed at High Street. Choose the location it belongs to.`,
        details: { fieldErrors: { locationId: [expect.stringContaining('not placed at High Street')] } },
      });
      expect(await itemExists(crate.id)).toBe(false);
    });

    it('answers 404 for an unknown product or location', async () => {
      const { id } = await product();
      const noProduct = await call('POST', '/api/inventory', owner.token, {
        productId: randomUUID(),
        locationId: shop,
        quantity: 1,
      });
      expect(noProduct.statusCode).toBe(404);
      expect(noProduct.json()).toMatchObject({
        message: 'The product was not found.',
        details: { field: 'productId' },
      });
      const noLocation = await call('POST', '/api/inventory', owner.token, {
        productId: id,
        locationId: randomUUID(),
        quantity: 1,
      });
      expect(noLocation.statusCode).toBe(404);
      expect(noLocation.json()).toMatchObject({ message: 'The location was not found.' });
      expect(await itemExists(id)).toBe(false);
    });

    it('answers 400 with the field for bad input', async () => {
      const { id } = await product();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ productId: id, locationId: shop, quantity: -1 }, 'quantity'],
        [{ productId: id, locationId: shop, quantity: 1.5 }, 'quantity'],
        [{ productId: id, locationId: shop, quantity: '3' }, 'quantity'],
        [{ productId: id, locationId: shop, quantity: MAX_STOCK_QUANTITY + 1 }, 'quantity'],
        [{ productId: 'tea', locationId: shop, quantity: 1 }, 'productId'],
        [{ locationId: shop, quantity: 1 }, 'productId'],
        [{ productId: id, locationId: shop, quantity: 1, reorderPoint: -2 }, 'reorderPoint'],
      ];
      for (const [body, field] of cases) {
        const res = await call('POST', '/api/inventory', owner.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json<{ details: { fieldErrors: object } }>().details.fieldErrors)).toContain(
          field,
        );
      }
      expect(await itemExists(id)).toBe(false);
    });
  });

  describe('createInventoryBatch', () => {
    it('opens every item in one go and answers them in the order sent', async () => {
      const [a, b, c] = [await product(), await product(depot), await product()];
      const res = await call('POST', '/api/inventory/batch', owner.token, [
        { productId: a.id, locationId: shop, quantity: 3 },
        { productId: b.id, locationId: depot, quantity: 0, reorderPoint: 2 },
        { productId: c.id, locationId: shop, quantity: 7 },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<TInventoryItem[]>().map((item) => [item.productId, item.quantity])).toEqual([
        [a.id, 3],
        [b.id, 0],
        [c.id, 7],
      ]);
      expect(
        (await auditEvents(t, owner.businessId, 'INVENTORY_CREATION')).filter((e) =>
          e.description.includes(a.sku),
        ),
      ).toHaveLength(1);
    });

    it('writes nothing when one item is refused, and names it by index', async () => {
      const [a, b] = [await product(), await product()];
      const elsewhere = await product(depot);
      const held = await stock(1);
      const attempts: Array<[unknown[], number, string, number]> = [
        [
          [
            { productId: a.id, locationId: shop, quantity: 1 },
            { productId: randomUUID(), locationId: shop, quantity: 1 },
          ],
          404,
          'Item 2: The product was not found.',
          1,
        ],
        [
          [
            { productId: a.id, locationId: shop, quantity: 1 },
            { productId: b.id, locationId: randomUUID(), quantity: 1 },
          ],
          404,
          'Item 2: The location was not found.',
          1,
        ],
        [
          [
            { productId: a.id, locationId: shop, quantity: 1 },
            { productId: b.id, locationId: shop, quantity: 1 },
            { productId: a.id, locationId: shop, quantity: 2 },
          ],
          409,
          'Item 3: It repeats the product of item 1.',
          2,
        ],
        [
          [
            { productId: a.id, locationId: shop, quantity: 1 },
            { productId: held.productId, locationId: shop, quantity: 1 },
          ],
          409,
          `Item 2: ${held.sku} already has a stock record at High Street. Adjust or count it instead.`,
          1,
        ],
        [
          [
            { productId: elsewhere.id, locationId: shop, quantity: 1 },
            { productId: a.id, locationId: shop, quantity: 1 },
          ],
          400,
          `Item 1: The product ${elsewhere.name} (${elsewhere.sku}) is not placed at High Street. Choose the location it belongs to.`,
          0,
        ],
      ];
      for (const [body, status, message, index] of attempts) {
        const res = await call('POST', '/api/inventory/batch', owner.token, body);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json()).toMatchObject({ message, details: { index } });
      }
      const bad = await call('POST', '/api/inventory/batch', owner.token, [
        { productId: a.id, locationId: shop, quantity: 1 },
        { productId: b.id, locationId: shop, quantity: -4 },
      ]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        details: { fieldErrors: { '1.quantity': ['The quantity cannot be negative.'] } },
      });
      for (const id of [a.id, b.id, elsewhere.id]) expect(await itemExists(id)).toBe(false);
      expect(await quantityOf(t, held.id)).toBe(1);
    });

    it('refuses an empty list, a list of more than 500 and a body that is not a list', async () => {
      expect((await call('POST', '/api/inventory/batch', owner.token, [])).statusCode).toBe(400);
      const { id } = await product();
      const many = Array.from({ length: 501 }, () => ({ productId: id, locationId: shop, quantity: 1 }));
      expect((await call('POST', '/api/inventory/batch', owner.token, many)).statusCode).toBe(400);
      expect((await call('POST', '/api/inventory/batch', owner.token, { productId: id })).statusCode).toBe(
        400,
      );
      expect(await itemExists(id)).toBe(false);
    });
  });

  describe('adjustInventory', () => {
    it('adds or removes units as an ADJUSTMENT with its cause and note, and records INVENTORY_ADJUSTMENT', async () => {
      const item = await stock(10);
      const res = await call('PUT', `/api/inventory/${item.id}/adjust`, owner.token, {
        delta: -4,
        reason: 'DAMAGED',
        note: '  Dropped crate  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, quantity: 6 });
      expect((await ledgerOf(t, item.id)).at(-1)).toMatchObject({
        delta: -4,
        quantity_after: 6,
        reason: 'ADJUSTMENT',
        cause: 'DAMAGED',
        note: 'Dropped crate',
        user_id: owner.userId,
      });
      expect(await auditEvents(t, owner.businessId, 'INVENTORY_ADJUSTMENT')).toContainEqual({
        user_id: owner.userId,
        description: `Adjusted ${item.sku} at High Street by -4 (DAMAGED).`,
      });
    });

    it('never goes below zero: 409 INSUFFICIENT_STOCK with details.available, nothing written', async () => {
      const item = await stock(3);
      const res = await call('PUT', `/api/inventory/${item.id}/adjust`, owner.token, {
        delta: -4,
        reason: 'LOST',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: 'Only 3 in stock: 4 cannot be taken.',
        details: { available: 3, requested: 4 },
      });
      expect(await quantityOf(t, item.id)).toBe(3);
      expect(await ledgerOf(t, item.id)).toHaveLength(1);
    });

    it('refuses a change past the most an item holds with 409, and bad input with 400', async () => {
      const item = await stock(MAX_STOCK_QUANTITY - 10);
      const over = await call('PUT', `/api/inventory/${item.id}/adjust`, owner.token, {
        delta: 11,
        reason: 'FOUND',
      });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ code: 'CONFLICT', details: { max: MAX_STOCK_QUANTITY } });
      for (const body of [
        { delta: 0, reason: 'FOUND' },
        { delta: 1.5, reason: 'FOUND' },
        { delta: 1, reason: 'SALE' },
        { delta: 1 },
        { delta: 1, reason: 'FOUND', note: 'x'.repeat(501) },
      ]) {
        const res = await call('PUT', `/api/inventory/${item.id}/adjust`, owner.token, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
      expect(await quantityOf(t, item.id)).toBe(MAX_STOCK_QUANTITY - 10);
    });

    it('answers 404 for an unknown item', async () => {
      const res = await call('PUT', `/api/inventory/${randomUUID()}/adjust`, owner.token, {
        delta: 1,
        reason: 'FOUND',
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'The stock record was not found.' });
    });
  });

  describe('adjustInventoryBatch', () => {
    it('applies the changes in the order sent, the same item twice included, and answers each item once', async () => {
      const [a, b] = [await stock(5), await stock(1, depot)];
      const res = await call('PUT', '/api/inventory/adjust', owner.token, [
        { inventoryId: a.id, delta: -5, reason: 'THEFT' },
        { inventoryId: b.id, delta: 2, reason: 'RECEIVED' },
        { inventoryId: a.id, delta: 3, reason: 'FOUND', note: 'In the back' },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<TInventoryItem[]>().map((item) => [item.id, item.quantity])).toEqual([
        [a.id, 3],
        [b.id, 3],
      ]);
      expect((await ledgerOf(t, a.id)).map((row) => [row.delta, row.quantity_after, row.cause])).toEqual([
        [5, 5, null],
        [-5, 0, 'THEFT'],
        [3, 3, 'FOUND'],
      ]);
    });

    it('writes nothing when one change is refused, and names it by index', async () => {
      const [a, b] = [await stock(5), await stock(2)];
      const short = await call('PUT', '/api/inventory/adjust', owner.token, [
        { inventoryId: a.id, delta: 1, reason: 'FOUND' },
        { inventoryId: b.id, delta: -3, reason: 'LOST' },
      ]);
      expect(short.statusCode).toBe(409);
      expect(short.json()).toMatchObject({
        code: 'INSUFFICIENT_STOCK',
        message: `Change 2 (${b.sku}): Only 2 in stock: 3 cannot be taken.`,
        details: { index: 1, inventoryId: b.id, available: 2 },
      });
      const twice = await call('PUT', '/api/inventory/adjust', owner.token, [
        { inventoryId: a.id, delta: -3, reason: 'LOST' },
        { inventoryId: b.id, delta: 1, reason: 'FOUND' },
        { inventoryId: a.id, delta: -3, reason: 'LOST' },
      ]);
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ details: { index: 2, available: 2 } });
      const unknown = await call('PUT', '/api/inventory/adjust', owner.token, [
        { inventoryId: a.id, delta: 1, reason: 'FOUND' },
        { inventoryId: randomUUID(), delta: 1, reason: 'FOUND' },
      ]);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ details: { index: 1, field: 'inventoryId' } });
      expect([await quantityOf(t, a.id), await quantityOf(t, b.id)]).toEqual([5, 2]);
      expect([(await ledgerOf(t, a.id)).length, (await ledgerOf(t, b.id)).length]).toEqual([1, 1]);
    });

    it('refuses an empty list and more than 500 changes', async () => {
      const item = await stock(1);
      expect((await call('PUT', '/api/inventory/adjust', owner.token, [])).statusCode).toBe(400);
      const many = Array.from({ length: 501 }, () => ({ inventoryId: item.id, delta: 1, reason: 'FOUND' }));
      expect((await call('PUT', '/api/inventory/adjust', owner.token, many)).statusCode).toBe(400);
      expect(await quantityOf(t, item.id)).toBe(1);
    });
  });

  describe('setInventoryCount', () => {
    it('sets the counted quantity: the ledger holds the difference, 0 included, and INVENTORY_ADJUSTMENT is recorded', async () => {
      const item = await stock(9);
      const counted = await call('PUT', `/api/inventory/${item.id}/location/${shop}`, owner.token, {
        quantity: 7,
        note: 'Monthly count',
      });
      expect(counted.statusCode, counted.body).toBe(200);
      expect(counted.json()).toMatchObject({ id: item.id, quantity: 7 });
      const confirmed = await call('PUT', `/api/inventory/${item.id}/location/${shop}`, owner.token, {
        quantity: 7,
      });
      expect(confirmed.statusCode).toBe(200);
      expect((await ledgerOf(t, item.id)).map((row) => [row.delta, row.quantity_after, row.reason])).toEqual([
        [9, 9, 'COUNT'],
        [-2, 7, 'COUNT'],
        [0, 7, 'COUNT'],
      ]);
      expect(await auditEvents(t, owner.businessId, 'INVENTORY_ADJUSTMENT')).toContainEqual({
        user_id: owner.userId,
        description: `Counted ${item.sku} at High Street: 7 (-2).`,
      });
    });

    it('answers 404 when the item is not at that location, and 400 for a bad count', async () => {
      const item = await stock(2);
      const elsewhere = await call('PUT', `/api/inventory/${item.id}/location/${depot}`, owner.token, {
        quantity: 0,
      });
      expect(elsewhere.statusCode).toBe(404);
      for (const quantity of [-1, 2.5, MAX_STOCK_QUANTITY + 1, null])
        expect(
          (await call('PUT', `/api/inventory/${item.id}/location/${shop}`, owner.token, { quantity }))
            .statusCode,
        ).toBe(400);
      expect(await quantityOf(t, item.id)).toBe(2);
    });
  });
});
