import { randomUUID } from 'node:crypto';
import type { TWarehouse } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { ownerWithBusiness, apiCaller, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, setStockAt } from '../../../../test/factories/inventory.js';
import { insertInventoryItem } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const staff = { admin: '', contributor: '', reader: '', assistant: '', productAdmin: '' };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Depot Group');
  other = await ownerWithBusiness(t, 'Rival Depots');
  await setPlan(t, owner.businessId, 'SUPREME');
  await setPlan(t, other.businessId, 'SUPREME');
  Object.assign(
    staff,
    await staffTokensByRole(t, owner.token, {
      admin: 'ROLE_INVENTORY_ADMIN',
      contributor: 'ROLE_INVENTORY_CONTRIBUTOR',
      reader: 'ROLE_INVENTORY_READER',
      assistant: 'ROLE_STORE_ASSISTANT',
      productAdmin: 'ROLE_PRODUCT_ADMIN',
    }),
  );
});
afterAll(async () => {
  // Stock these tests write straight into the database carries its ledger (test/factories).
  try {
    await expectLedgerBalanced(t);
  } finally {
    await t.close();
  }
});

const call = apiCaller(() => t);

async function createWarehouse(token: string, body: Record<string, unknown>): Promise<TWarehouse> {
  const res = await call('POST', '/api/warehouses', token, body);
  if (res.statusCode !== 201) throw new Error(`create warehouse: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function auditOf(businessId: string, eventType: string) {
  const { rows } = await t.sql(
    'select user_id, description from audit_logs where business_id = $1 and event_type = $2',
    [businessId, eventType],
  );
  return rows as Array<{ user_id: string; description: string }>;
}

async function putStock(businessId: string, locationId: string, quantity: number): Promise<void> {
  const productId = randomUUID();
  await t.sql(
    `insert into products (business_id, id, location_id, sku, name, price, list_position)
     values ($1, $2, $3, $4, 'Crate', 1, 1)`,
    [businessId, productId, locationId, `SKU-${productId.slice(0, 6)}`],
  );
  await insertInventoryItem(t, businessId, productId, locationId, quantity);
}

describe('warehouses', () => {
  describe('createWarehouse', () => {
    it('opens a warehouse at a free location and records CREATE_WAREHOUSE', async () => {
      const locationId = await insertLocation(t, owner.businessId, { name: 'Docklands' });
      const res = await call('POST', '/api/warehouses', staff.contributor, {
        name: ' North Depot ',
        locationId,
        capacity: '5000',
        managerName: 'Mo',
      });
      expect(res.statusCode).toBe(201);
      const warehouse: TWarehouse = res.json();
      expect(warehouse).toMatchObject({
        name: 'North Depot',
        locationId,
        capacity: 5000,
        managerName: 'Mo',
        active: true,
        location: { id: locationId, name: 'Docklands', usedBy: 'WAREHOUSE' },
      });
      expect(warehouse.warehouseId).toBe(warehouse.id);
      expect((await call('GET', `/api/warehouses/${warehouse.id}`, staff.assistant)).json()).toEqual(
        warehouse,
      );
      expect(await auditOf(owner.businessId, 'CREATE_WAREHOUSE')).toContainEqual({
        user_id: expect.any(String) as unknown,
        description: 'Created the warehouse North Depot at Docklands.',
      });
    });

    it('answers 400 with the field errors of a bad body', async () => {
      const res = await call('POST', '/api/warehouses', owner.token, {
        name: '',
        locationId: 'x',
        capacity: -1,
      });
      expect(res.statusCode).toBe(400);
      const { fieldErrors } = res.json<{ details: { fieldErrors: Record<string, string[]> } }>().details;
      expect(Object.keys(fieldErrors).sort()).toEqual(['capacity', 'locationId', 'name']);
    });

    it('refuses a store’s location, another warehouse’s, and a discontinued one (409 on locationId)', async () => {
      const { locationId: storeAt } = await insertStore(t, owner.businessId, { name: 'Corner' });
      const atStore = await call('POST', '/api/warehouses', owner.token, {
        name: 'Backroom',
        locationId: storeAt,
      });
      expect(atStore.statusCode).toBe(409);
      expect(atStore.json()).toMatchObject({
        code: 'CONFLICT',
        details: { field: 'locationId', usedBy: 'STORE' },
        message: expect.stringContaining('the store Corner') as unknown,
      });
      const first = await createWarehouse(owner.token, {
        name: 'First',
        locationId: await insertLocation(t, owner.businessId),
      });
      const second = await call('POST', '/api/warehouses', owner.token, {
        name: 'Second',
        locationId: first.locationId,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ details: { field: 'locationId', usedBy: 'WAREHOUSE' } });
      const closed = await insertLocation(t, owner.businessId, { active: false });
      expect(
        (await call('POST', '/api/warehouses', owner.token, { name: 'Closed', locationId: closed }))
          .statusCode,
      ).toBe(409);
    });

    it('answers 404 for another business’s location', async () => {
      const foreign = await insertLocation(t, other.businessId);
      expect(
        (await call('POST', '/api/warehouses', owner.token, { name: 'Stolen', locationId: foreign }))
          .statusCode,
      ).toBe(404);
    });

    it('lets owner, inventory admin and contributor create; refuses readers, assistants, product staff and strangers', async () => {
      expect(
        (
          await call('POST', '/api/warehouses', staff.admin, {
            name: 'By admin',
            locationId: await insertLocation(t, owner.businessId),
          })
        ).statusCode,
      ).toBe(201);
      for (const token of [staff.reader, staff.assistant, staff.productAdmin, undefined]) {
        const locationId = await insertLocation(t, owner.businessId);
        expect(
          (await call('POST', '/api/warehouses', token, { name: 'Refused', locationId })).statusCode,
        ).toBe(token ? 403 : 401);
      }
    });

    it('allows one active warehouse on Free; the next, and a reactivation past the limit, are plan violations', async () => {
      const shop = await ownerWithBusiness(t, 'Free Depots');
      const first = await createWarehouse(shop.token, {
        name: 'Only',
        locationId: await insertLocation(t, shop.businessId),
      });
      const next = await call('POST', '/api/warehouses', shop.token, {
        name: 'Too many',
        locationId: await insertLocation(t, shop.businessId),
      });
      expect(next.statusCode).toBe(403);
      expect(next.headers['x-plan-violation']).toBe('1');
      expect(
        (await call('PATCH', `/api/warehouses/${first.id}/discontinue`, shop.token)).json(),
      ).toMatchObject({
        active: false,
      });
      await createWarehouse(shop.token, {
        name: 'Replacement',
        locationId: await insertLocation(t, shop.businessId),
      });
      const back = await call('PATCH', `/api/warehouses/${first.id}/reactivate`, shop.token);
      expect(back.statusCode).toBe(403);
      expect(back.headers['x-plan-violation']).toBe('1');
      expect((await call('GET', `/api/warehouses/${first.id}`, shop.token)).json()).toMatchObject({
        active: false,
      });
    });
  });

  describe('listWarehouses', () => {
    it('lists active warehouses by name, all with ?active=all; never another business’s', async () => {
      const shop = await ownerWithBusiness(t, 'Listing Depots');
      await setPlan(t, shop.businessId, 'SUPREME');
      const b = await createWarehouse(shop.token, {
        name: 'beta',
        locationId: await insertLocation(t, shop.businessId),
      });
      const a = await createWarehouse(shop.token, {
        name: 'Alpha',
        locationId: await insertLocation(t, shop.businessId),
      });
      const c = await createWarehouse(shop.token, {
        name: 'Gamma',
        locationId: await insertLocation(t, shop.businessId),
      });
      await call('PATCH', `/api/warehouses/${c.id}/discontinue`, shop.token);
      await createWarehouse(other.token, {
        name: 'Aardvark',
        locationId: await insertLocation(t, other.businessId),
      });
      const names = async (url: string) =>
        (await call('GET', url, shop.token)).json<TWarehouse[]>().map((w) => w.name);
      expect(await names('/api/warehouses')).toEqual([a.name, b.name]);
      expect(await names('/api/warehouses?active=all')).toEqual([a.name, b.name, c.name]);
      expect(await names('/api/warehouses?active=false')).toEqual([c.name]);
      expect((await call('GET', '/api/warehouses?active=nope', shop.token)).statusCode).toBe(400);
    });

    it('lets every inventory role read; refuses product staff (403) and strangers (401)', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Readable',
        locationId: await insertLocation(t, owner.businessId),
      });
      for (const url of ['/api/warehouses', `/api/warehouses/${warehouse.id}`]) {
        for (const token of [staff.admin, staff.contributor, staff.reader, staff.assistant]) {
          expect((await call('GET', url, token)).statusCode).toBe(200);
        }
        expect((await call('GET', url, staff.productAdmin)).statusCode).toBe(403);
        expect((await call('GET', url)).statusCode).toBe(401);
      }
    });
  });

  describe('getWarehouse and updateWarehouse', () => {
    it('replaces the fields and moves to a free location; 409 for a taken one', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Before',
        locationId: await insertLocation(t, owner.businessId),
        capacity: 10,
        managerName: 'Ann',
      });
      const target = await insertLocation(t, owner.businessId, { name: 'Target' });
      const res = await call('PUT', `/api/warehouses/${warehouse.id}`, staff.contributor, {
        name: 'After',
        locationId: target,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: warehouse.id,
        name: 'After',
        locationId: target,
        capacity: null,
        managerName: null,
        location: { name: 'Target', usedBy: 'WAREHOUSE' },
      });
      const { locationId: storeAt } = await insertStore(t, owner.businessId);
      const taken = await call('PUT', `/api/warehouses/${warehouse.id}`, owner.token, {
        name: 'After',
        locationId: storeAt,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ details: { field: 'locationId' } });
      const bad = await call('PUT', `/api/warehouses/${warehouse.id}`, owner.token, {
        name: 'After',
        locationId: target,
        capacity: 1.5,
      });
      expect(bad.statusCode).toBe(400);
      expect(
        (
          await call('PUT', `/api/warehouses/${warehouse.id}`, staff.reader, {
            name: 'X',
            locationId: target,
          })
        ).statusCode,
      ).toBe(403);
    });

    it('answers 404 for another business’s warehouse and 400 for a bad id', async () => {
      const foreign = await createWarehouse(other.token, {
        name: 'Theirs',
        locationId: await insertLocation(t, other.businessId),
      });
      const mine = await insertLocation(t, owner.businessId);
      expect((await call('GET', `/api/warehouses/${foreign.id}`, owner.token)).statusCode).toBe(404);
      expect(
        (await call('PUT', `/api/warehouses/${foreign.id}`, owner.token, { name: 'Mine', locationId: mine }))
          .statusCode,
      ).toBe(404);
      expect((await call('PATCH', `/api/warehouses/${foreign.id}/discontinue`, owner.token)).statusCode).toBe(
        404,
      );
      expect((await call('PATCH', `/api/warehouses/${foreign.id}/reactivate`, owner.token)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/warehouses/${foreign.id}`, other.token)).json()).toMatchObject({
        name: 'Theirs',
        active: true,
      });
      expect((await call('GET', '/api/warehouses/123', owner.token)).statusCode).toBe(400);
    });
  });

  describe('discontinue and reactivate', () => {
    it('answer the changed warehouse; reactivation needs an active location; a body is refused', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Seasonal',
        locationId: await insertLocation(t, owner.businessId),
      });
      const off = await call('PATCH', `/api/warehouses/${warehouse.id}/discontinue`, staff.contributor);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: warehouse.id, active: false });
      expect(
        (await call('PATCH', `/api/locations/${warehouse.locationId}/discontinue`, owner.token)).statusCode,
      ).toBe(200);
      const blocked = await call('PATCH', `/api/warehouses/${warehouse.id}/reactivate`, owner.token);
      expect(blocked.statusCode).toBe(409);
      expect(blocked.json()).toMatchObject({ details: { field: 'locationId' } });
      await call('PATCH', `/api/locations/${warehouse.locationId}/reactivate`, owner.token);
      const on = await call('PATCH', `/api/warehouses/${warehouse.id}/reactivate`, staff.contributor);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: warehouse.id, active: true });
      expect(
        (await call('PATCH', `/api/warehouses/${warehouse.id}/discontinue`, owner.token, { please: true }))
          .statusCode,
      ).toBe(400);
      expect(
        (await call('PATCH', `/api/warehouses/${warehouse.id}/discontinue`, staff.reader)).statusCode,
      ).toBe(403);
      expect((await call('PATCH', `/api/warehouses/${warehouse.id}/discontinue`)).statusCode).toBe(401);
    });
  });

  describe('deleteWarehouse', () => {
    it('deletes a warehouse without stock (204), records DELETE_WAREHOUSE, keeps the location', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Empty Shed',
        locationId: await insertLocation(t, owner.businessId),
      });
      const res = await call('DELETE', `/api/warehouses/${warehouse.id}`, staff.admin);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `/api/warehouses/${warehouse.id}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/locations/${warehouse.locationId}`, owner.token)).json()).toMatchObject(
        {
          usedBy: null,
        },
      );
      expect(await auditOf(owner.businessId, 'DELETE_WAREHOUSE')).toContainEqual({
        user_id: expect.any(String) as unknown,
        description: 'Deleted the warehouse Empty Shed.',
      });
    });

    it('refuses with 409 IN_USE while stock sits at its location, and deletes once it is gone', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Full Shed',
        locationId: await insertLocation(t, owner.businessId),
      });
      await putStock(owner.businessId, warehouse.locationId, 40);
      const res = await call('DELETE', `/api/warehouses/${warehouse.id}`, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IN_USE',
        message:
          'The warehouse Full Shed still holds stock. Move the stock out, or discontinue the warehouse instead.',
      });
      await setStockAt(t, owner.businessId, warehouse.locationId, 0);
      expect((await call('DELETE', `/api/warehouses/${warehouse.id}`, owner.token)).statusCode).toBe(204);
    });

    it('lets only owner, admins and inventory admins delete; 404 for another business’s warehouse', async () => {
      const warehouse = await createWarehouse(owner.token, {
        name: 'Guarded',
        locationId: await insertLocation(t, owner.businessId),
      });
      for (const token of [staff.contributor, staff.reader, staff.assistant, staff.productAdmin]) {
        expect((await call('DELETE', `/api/warehouses/${warehouse.id}`, token)).statusCode).toBe(403);
      }
      expect((await call('DELETE', `/api/warehouses/${warehouse.id}`)).statusCode).toBe(401);
      const foreign = await createWarehouse(other.token, {
        name: 'Not yours',
        locationId: await insertLocation(t, other.businessId),
      });
      expect((await call('DELETE', `/api/warehouses/${foreign.id}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/warehouses/${foreign.id}`, other.token)).statusCode).toBe(200);
    });
  });
});
