import { randomUUID } from 'node:crypto';
import type { TInventoryItem, TPage } from '@app/contracts';
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
  owner = await ownerWithBusiness(t, 'Stock Admin');
  shop = await insertLocation(t, owner.businessId, { name: 'Shop' });
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

async function stock(quantity: number, locationId = shop): Promise<TInventoryItem> {
  const { id } = await insertProductAt(t, owner.businessId, locationId);
  return openStock(t, owner.token, { productId: id, locationId, quantity });
}

async function exists(id: string): Promise<boolean> {
  return (await quantityOf(t, id)) !== undefined;
}

describe('inventory items: retire, reactivate, delete', () => {
  describe('retireInventory and reactivateInventory', () => {
    it('retires a record out of the active lists with its quantity kept, and reactivates it', async () => {
      const item = await stock(6);
      const retired = await call('PATCH', `/api/inventory/${item.id}/location/${shop}/retire`, owner.token);
      expect(retired.statusCode, retired.body).toBe(200);
      expect(retired.json()).toMatchObject({ id: item.id, active: false, quantity: 6 });
      const listed = async () =>
        (await call('GET', `/api/inventory/products/location/${shop}?size=100`, owner.token))
          .json<TPage<TInventoryItem>>()
          .content.some((row) => row.id === item.id);
      expect(await listed()).toBe(false);
      const again = await call(
        'PATCH',
        `/api/inventory/${item.id}/location/${shop}/reactivate`,
        owner.token,
        {},
      );
      expect(again.json()).toMatchObject({ id: item.id, active: true, quantity: 6 });
      expect(await listed()).toBe(true);
      expect(await ledgerOf(t, item.id)).toHaveLength(1);
    });

    it('answers 404 when the record is not at that location, and 400 for a body', async () => {
      const item = await stock(1);
      expect(
        (await call('PATCH', `/api/inventory/${item.id}/location/${depot}/retire`, owner.token)).statusCode,
      ).toBe(404);
      expect(
        (await call('PATCH', `/api/inventory/${randomUUID()}/location/${shop}/reactivate`, owner.token))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call('PATCH', `/api/inventory/${item.id}/location/${shop}/retire`, owner.token, {
            active: false,
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('GET', `/api/inventory/${item.id}/location/${shop}`, owner.token)).json(),
      ).toMatchObject({ active: true });
    });
  });

  describe('deleteInventory', () => {
    it('refuses to delete a record that holds stock, saying so; deletes it at 0 and records INVENTORY_DELETION', async () => {
      const item = await stock(3);
      const refused = await call('DELETE', `/api/inventory/${item.id}/location/${shop}`, owner.token);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'CONFLICT',
        message: `${item.sku} still has 3 in stock at Shop. Only a record at 0 can be deleted: adjust or count it to 0 first, or retire it.`,
        details: { quantity: 3 },
      });
      expect(await exists(item.id)).toBe(true);
      await call('PUT', `/api/inventory/${item.id}/location/${shop}`, owner.token, { quantity: 0 });
      const deleted = await call('DELETE', `/api/inventory/${item.id}/location/${shop}`, owner.token);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(await exists(item.id)).toBe(false);
      // The history stays: two rows that sum to 0.
      expect((await ledgerOf(t, item.id)).map((row) => row.delta)).toEqual([3, -3]);
      expect(await auditEvents(t, owner.businessId, 'INVENTORY_DELETION')).toContainEqual({
        user_id: owner.userId,
        description: `Deleted the stock record of ${item.sku} at Shop.`,
      });
      expect((await call('GET', `/api/inventory/${item.id}/location/${shop}`, owner.token)).statusCode).toBe(
        404,
      );
    });

    it('answers 404 when the record is not at that location', async () => {
      const item = await stock(0);
      expect(
        (await call('DELETE', `/api/inventory/${item.id}/location/${depot}`, owner.token)).statusCode,
      ).toBe(404);
      expect(
        (await call('DELETE', `/api/inventory/${randomUUID()}/location/${shop}`, owner.token)).statusCode,
      ).toBe(404);
      expect(await exists(item.id)).toBe(true);
    });
  });

  describe('deleteEmptyInventoryAtLocation', () => {
    it('deletes the records at 0 of that location only, answers how many, and records it', async () => {
      const yard = await insertLocation(t, owner.businessId, { name: 'Yard' });
      const [zeroA, zeroB, full] = [await stock(0, yard), await stock(0, yard), await stock(2, yard)];
      const elsewhere = await stock(0, depot);
      const res = await call('DELETE', `/api/inventory/location/${yard}/zero-quantity`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ deleted: 2 });
      expect([
        await exists(zeroA.id),
        await exists(zeroB.id),
        await exists(full.id),
        await exists(elsewhere.id),
      ]).toEqual([false, false, true, true]);
      expect(await auditEvents(t, owner.businessId, 'INVENTORY_DELETION')).toContainEqual({
        user_id: owner.userId,
        description: 'Deleted 2 stock records at 0 at Yard.',
      });
      const again = await call('DELETE', `/api/inventory/location/${yard}/zero-quantity`, owner.token);
      expect(again.json()).toEqual({ deleted: 0 });
      expect(
        (await call('DELETE', `/api/inventory/location/${randomUUID()}/zero-quantity`, owner.token))
          .statusCode,
      ).toBe(404);
    });
  });
});
