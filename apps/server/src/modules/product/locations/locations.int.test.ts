import { randomUUID } from 'node:crypto';
import type { TLocation } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { ownerWithBusiness, apiCaller, staffTokensByRole } from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { expectLedgerBalanced, setStockAt } from '../../../../test/factories/inventory.js';
import { insertInventoryItem } from '../../../../test/factories/products.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const staff: Record<'admin' | 'contributor' | 'reader' | 'assistant' | 'productAdmin', string> = {
  admin: '',
  contributor: '',
  reader: '',
  assistant: '',
  productAdmin: '',
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Hub Market');
  other = await ownerWithBusiness(t, 'Elsewhere Ltd');
  await setPlan(t, owner.businessId, 'SUPREME');
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

async function createLocation(token: string, body: Record<string, unknown>): Promise<TLocation> {
  const res = await call('POST', '/api/locations', token, body);
  if (res.statusCode !== 201) throw new Error(`create location: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function auditOf(businessId: string, eventType: string) {
  const { rows } = await t.sql(
    'select user_id, description from audit_logs where business_id = $1 and event_type = $2 order by created_at',
    [businessId, eventType],
  );
  return rows as Array<{ user_id: string; description: string }>;
}

async function insertWarehouse(businessId: string, locationId: string, name = 'Depot'): Promise<string> {
  const id = randomUUID();
  await t.sql('insert into warehouses (business_id, id, location_id, name) values ($1, $2, $3, $4)', [
    businessId,
    id,
    locationId,
    name,
  ]);
  return id;
}

async function insertProduct(businessId: string, locationId: string): Promise<string> {
  const id = randomUUID();
  await t.sql(
    `insert into products (business_id, id, location_id, sku, name, price, list_position)
     values ($1, $2, $3, $4, 'Tea', 2.5, 1)`,
    [businessId, id, locationId, `SKU-${id.slice(0, 6)}`],
  );
  return id;
}

/** A fresh business for tests that need its lists to themselves. */
async function freshOwner(name: string) {
  return ownerWithBusiness(t, name);
}

describe('locations', () => {
  describe('createLocation', () => {
    it('creates a location and records CREATE_LOCATION', async () => {
      const res = await call('POST', '/api/locations', owner.token, {
        name: '  Harbour Road ',
        street: '1 Harbour Road',
        city: 'Bristol',
        zipCode: 'BS1 4RN',
        country: 'UK',
        latitude: 51.45,
        longitude: -2.59,
        phone: '+44 117 000 0000',
      });
      expect(res.statusCode).toBe(201);
      const location: TLocation = res.json();
      expect(location).toMatchObject({
        name: 'Harbour Road',
        street: '1 Harbour Road',
        city: 'Bristol',
        state: null,
        zipCode: 'BS1 4RN',
        latitude: 51.45,
        longitude: -2.59,
        active: true,
        usedBy: null,
      });
      expect(location.locationId).toBe(location.id);
      const got = await call('GET', `/api/locations/${location.id}`, owner.token);
      expect(got.json()).toEqual(location);
      const audit = await auditOf(owner.businessId, 'CREATE_LOCATION');
      expect(audit).toContainEqual({
        user_id: owner.userId,
        description: 'Created the location Harbour Road.',
      });
    });

    it('answers 400 with the field errors of a bad body', async () => {
      const res = await call('POST', '/api/locations', owner.token, {
        name: ' ',
        latitude: 91,
        phone: 'call me',
      });
      expect(res.statusCode).toBe(400);
      const fieldErrors = res.json<{ details: { fieldErrors: Record<string, string[]> } }>().details
        .fieldErrors;
      expect(Object.keys(fieldErrors)).toEqual(expect.arrayContaining(['name', 'latitude', 'phone']));
      const half = await call('POST', '/api/locations', owner.token, { name: 'Half', latitude: 10 });
      expect(half.statusCode).toBe(400);
      expect(half.json()).toMatchObject({
        details: { fieldErrors: { longitude: expect.any(Array) as unknown } },
      });
    });

    it('lets owner, inventory admin and contributor create; refuses readers, assistants, product staff and strangers', async () => {
      for (const token of [staff.admin, staff.contributor]) {
        expect(
          (await call('POST', '/api/locations', token, { name: `By staff ${randomUUID()}` })).statusCode,
        ).toBe(201);
      }
      for (const token of [staff.reader, staff.assistant, staff.productAdmin]) {
        expect((await call('POST', '/api/locations', token, { name: 'Refused' })).statusCode).toBe(403);
      }
      expect((await call('POST', '/api/locations', undefined, { name: 'Nobody' })).statusCode).toBe(401);
    });
  });

  describe('lists', () => {
    it('lists active locations by name, all with ?active=all and business-unfiltered; never another business’s', async () => {
      const shop = await freshOwner('Lists Shop');
      const b = await createLocation(shop.token, { name: 'banana Street' });
      const a = await createLocation(shop.token, { name: 'Apple Yard' });
      const c = await createLocation(shop.token, { name: 'Cherry Lane' });
      expect((await call('PATCH', `/api/locations/${c.id}/discontinue`, shop.token)).statusCode).toBe(200);
      await createLocation(other.token, { name: 'Aardvark Other' });

      const names = async (url: string) =>
        (await call('GET', url, shop.token)).json<TLocation[]>().map((location) => location.name);
      expect(await names('/api/locations')).toEqual([a.name, b.name]);
      expect(await names('/api/locations/business')).toEqual([a.name, b.name]);
      expect(await names('/api/locations?active=all')).toEqual([a.name, b.name, c.name]);
      expect(await names('/api/locations/business-unfiltered')).toEqual([a.name, b.name, c.name]);
      expect(await names('/api/locations?active=false')).toEqual([c.name]);
      expect((await call('GET', '/api/locations?active=maybe', shop.token)).statusCode).toBe(400);
    });

    it('names what each location serves', async () => {
      const shop = await freshOwner('Usage Shop');
      const storeAt = await insertLocation(t, shop.businessId, { name: 'A store place' });
      await insertStore(t, shop.businessId, { locationId: storeAt });
      const warehouseAt = await insertLocation(t, shop.businessId, { name: 'B warehouse place' });
      await insertWarehouse(shop.businessId, warehouseAt);
      await insertLocation(t, shop.businessId, { name: 'C free place' });
      const list = (await call('GET', '/api/locations', shop.token)).json<TLocation[]>();
      expect(list.map((l) => [l.name, l.usedBy])).toEqual([
        ['A store place', 'STORE'],
        ['B warehouse place', 'WAREHOUSE'],
        ['C free place', null],
      ]);
      expect((await call('GET', `/api/locations/${warehouseAt}`, shop.token)).json()).toMatchObject({
        usedBy: 'WAREHOUSE',
      });
    });

    it('lets every inventory and product role read (products are placed at them); refuses the free-location list to product staff (403) and strangers (401)', async () => {
      for (const token of [
        staff.admin,
        staff.contributor,
        staff.reader,
        staff.assistant,
        staff.productAdmin,
      ]) {
        expect((await call('GET', '/api/locations', token)).statusCode).toBe(200);
        expect((await call('GET', '/api/locations/business', token)).statusCode).toBe(200);
        expect((await call('GET', '/api/locations/business-unfiltered', token)).statusCode).toBe(200);
        expect((await call('GET', '/api/locations/autocomplete?input=a', token)).statusCode).toBe(200);
      }
      // Free locations are for placing a store or a warehouse: inventory work.
      expect((await call('GET', '/api/locations/unreferenced', staff.productAdmin)).statusCode).toBe(403);
      for (const url of [
        '/api/locations',
        '/api/locations/business',
        '/api/locations/business-unfiltered',
        '/api/locations/unreferenced',
      ]) {
        expect((await call('GET', url)).statusCode).toBe(401);
      }
    });
  });

  describe('listUnreferencedLocations', () => {
    it('answers 204 with no body when no active location is free, then the free ones by name', async () => {
      const shop = await freshOwner('Unreferenced Shop');
      const empty = await call('GET', '/api/locations/unreferenced', shop.token);
      expect(empty.statusCode).toBe(204);
      expect(empty.body).toBe('');
      const taken = await insertLocation(t, shop.businessId, { name: 'Taken' });
      await insertStore(t, shop.businessId, { locationId: taken });
      await insertWarehouse(
        shop.businessId,
        await insertLocation(t, shop.businessId, { name: 'Depot place' }),
      );
      await insertLocation(t, shop.businessId, { name: 'Closed', active: false });
      expect((await call('GET', '/api/locations/unreferenced', shop.token)).statusCode).toBe(204);
      await insertLocation(t, shop.businessId, { name: 'Zed free' });
      await insertLocation(t, shop.businessId, { name: 'alpha free' });
      await insertLocation(t, other.businessId, { name: 'Other free' });
      const res = await call('GET', '/api/locations/unreferenced', shop.token);
      expect(res.statusCode).toBe(200);
      expect(res.json<TLocation[]>().map((l) => l.name)).toEqual(['alpha free', 'Zed free']);
    });
  });

  describe('autocompleteLocations', () => {
    it('matches part of the name or address in any case, active only, at most 10, by name', async () => {
      const shop = await freshOwner('Autocomplete Shop');
      await createLocation(shop.token, { name: 'North Gate', city: 'Leeds' });
      await createLocation(shop.token, { name: 'Quay', street: '5 Northgate Way' });
      await createLocation(shop.token, { name: 'Market', zipCode: 'NORTH1' });
      const gone = await createLocation(shop.token, { name: 'Northern Closed' });
      await call('PATCH', `/api/locations/${gone.id}/discontinue`, shop.token);
      await createLocation(other.token, { name: 'North Other' });
      const names = async (input: string) =>
        (await call('GET', `/api/locations/autocomplete?input=${encodeURIComponent(input)}`, shop.token))
          .json<TLocation[]>()
          .map((l) => l.name);
      expect(await names('north')).toEqual(['Market', 'North Gate', 'Quay']);
      expect(await names('LEEDS')).toEqual(['North Gate']);
      // LIKE's wildcards match themselves only.
      expect(await names('%')).toEqual([]);
      expect(await names('_')).toEqual([]);

      for (let i = 0; i < 12; i++)
        await insertLocation(t, shop.businessId, { name: `Many ${String(i).padStart(2, '0')}` });
      const many = await names('many');
      expect(many).toHaveLength(10);
      expect(many[0]).toBe('Many 00');
      expect(many[9]).toBe('Many 09');
    });

    it('answers 400 without input', async () => {
      const res = await call('GET', '/api/locations/autocomplete?input=%20', owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ details: { fieldErrors: { input: expect.any(Array) as unknown } } });
      expect((await call('GET', '/api/locations/autocomplete', owner.token)).statusCode).toBe(400);
    });
  });

  describe('getLocation and updateLocation', () => {
    it('replaces the fields; 404 for another business’s id or an unknown one, 400 for a bad id', async () => {
      const location = await createLocation(owner.token, {
        name: 'Old name',
        city: 'Bath',
        latitude: 1,
        longitude: 2,
      });
      const res = await call('PUT', `/api/locations/${location.id}`, staff.contributor, {
        name: 'New name',
        street: '2 High St',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: location.id,
        name: 'New name',
        street: '2 High St',
        city: null,
        latitude: null,
        longitude: null,
      });
      expect((await call('GET', `/api/locations/${location.id}`, staff.assistant)).json()).toMatchObject({
        name: 'New name',
      });

      const foreign = await createLocation(other.token, { name: 'Foreign' });
      expect((await call('GET', `/api/locations/${foreign.id}`, owner.token)).statusCode).toBe(404);
      expect(
        (await call('PUT', `/api/locations/${foreign.id}`, owner.token, { name: 'Mine now' })).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/locations/${foreign.id}`, other.token)).json()).toMatchObject({
        name: 'Foreign',
      });
      expect((await call('GET', `/api/locations/${randomUUID()}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', '/api/locations/not-a-uuid', owner.token)).statusCode).toBe(400);
      expect((await call('PUT', `/api/locations/${location.id}`, owner.token, { name: '' })).statusCode).toBe(
        400,
      );
      expect(
        (await call('PUT', `/api/locations/${location.id}`, staff.reader, { name: 'X' })).statusCode,
      ).toBe(403);
      // Products are placed at locations: product staff read them, and change nothing.
      expect((await call('GET', `/api/locations/${location.id}`, staff.productAdmin)).statusCode).toBe(200);
      expect(
        (await call('PUT', `/api/locations/${location.id}`, staff.productAdmin, { name: 'X' })).statusCode,
      ).toBe(403);
      expect((await call('GET', `/api/locations/${location.id}`)).statusCode).toBe(401);
    });
  });

  describe('discontinue and reactivate', () => {
    it('answers the changed location; refuses a body; 404 for another business', async () => {
      const location = await createLocation(owner.token, { name: 'Flipping' });
      const off = await call('PATCH', `/api/locations/${location.id}/discontinue`, staff.contributor);
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: location.id, active: false });
      const on = await call('PATCH', `/api/locations/${location.id}/reactivate`, staff.contributor);
      expect(on.json()).toMatchObject({ id: location.id, active: true });
      expect(
        (await call('PATCH', `/api/locations/${location.id}/discontinue`, owner.token, { active: false }))
          .statusCode,
      ).toBe(400);
      expect(
        (await call('PATCH', `/api/locations/${location.id}/discontinue`, staff.reader)).statusCode,
      ).toBe(403);
      const foreign = await createLocation(other.token, { name: 'Foreign flip' });
      expect((await call('PATCH', `/api/locations/${foreign.id}/discontinue`, owner.token)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/locations/${foreign.id}`, other.token)).json()).toMatchObject({
        active: true,
      });
    });

    it('keeps a location active while an active store or warehouse is there', async () => {
      const storeAt = await insertLocation(t, owner.businessId, { name: 'Store place' });
      await insertStore(t, owner.businessId, { locationId: storeAt, name: 'Busy Store' });
      const res = await call('PATCH', `/api/locations/${storeAt}/discontinue`, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ message: string }>().message).toContain('Busy Store');
      const warehouseAt = await insertLocation(t, owner.businessId, { name: 'Depot place' });
      const warehouseId = await insertWarehouse(owner.businessId, warehouseAt, 'Busy Depot');
      expect((await call('PATCH', `/api/locations/${warehouseAt}/discontinue`, owner.token)).statusCode).toBe(
        409,
      );
      await t.sql('update warehouses set active = false where id = $1', [warehouseId]);
      expect((await call('PATCH', `/api/locations/${warehouseAt}/discontinue`, owner.token)).statusCode).toBe(
        200,
      );
    });
  });

  describe('deleteLocation', () => {
    it('deletes a location nothing uses (204) and records DELETE_LOCATION', async () => {
      const location = await createLocation(owner.token, { name: 'Short lived' });
      const res = await call('DELETE', `/api/locations/${location.id}`, staff.admin);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `/api/locations/${location.id}`, owner.token)).statusCode).toBe(404);
      expect(await auditOf(owner.businessId, 'DELETE_LOCATION')).toContainEqual({
        user_id: expect.any(String) as unknown,
        description: 'Deleted the location Short lived.',
      });
    });

    it('refuses with 409 IN_USE while a store, warehouse, products, categories or stock are there', async () => {
      const inUse = async (locationId: string, words: string) => {
        const res = await call('DELETE', `/api/locations/${locationId}`, owner.token);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'IN_USE',
          message: expect.stringContaining(words) as unknown,
        });
      };
      const storeAt = await insertLocation(t, owner.businessId);
      await insertStore(t, owner.businessId, { locationId: storeAt, name: 'Keeper' });
      await inUse(storeAt, 'the store Keeper');
      const warehouseAt = await insertLocation(t, owner.businessId);
      await insertWarehouse(owner.businessId, warehouseAt, 'Big Shed');
      await inUse(warehouseAt, 'the warehouse Big Shed');
      const productsAt = await insertLocation(t, owner.businessId);
      const productId = await insertProduct(owner.businessId, productsAt);
      await inUse(productsAt, 'products are kept there');
      const categoriesAt = await insertLocation(t, owner.businessId);
      await t.sql(
        `insert into categories (business_id, id, location_id, name) values ($1, $2, $3, 'Drinks')`,
        [owner.businessId, randomUUID(), categoriesAt],
      );
      await inUse(categoriesAt, 'categories are kept there');
      // Stock of a product placed elsewhere: only the stock check (or its foreign key) can see it.
      const stockAt = await insertLocation(t, owner.businessId);
      await insertInventoryItem(t, owner.businessId, productId, stockAt, 5);
      await inUse(stockAt, 'stock is kept there');
      await setStockAt(t, owner.businessId, stockAt, 0);
      await inUse(stockAt, 'history depends on it');
      const { rows } = await t.sql('select count(*)::int as n from locations where id = any($1)', [
        [storeAt, warehouseAt, productsAt, categoriesAt, stockAt],
      ]);
      expect(rows[0]).toEqual({ n: 5 });
    });

    it('removes the card readers of a location whose store was deleted', async () => {
      const { storeId, locationId } = await insertStore(t, owner.businessId, { name: 'Closing down' });
      const reader = await call('POST', '/api/locations/readers/pos-terminal-register', owner.token, {
        locationId,
        registrationCode: 'simulated-wpe',
        label: 'Till 1',
      });
      expect(reader.statusCode).toBe(201);
      expect((await call('DELETE', `/api/stores/${storeId}`, owner.token)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/locations/${locationId}`, owner.token)).statusCode).toBe(204);
      const { rows } = await t.sql('select count(*)::int as n from pos_readers where location_id = $1', [
        locationId,
      ]);
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('lets only owner, admins and inventory admins delete; 404 for another business’s location', async () => {
      const location = await createLocation(owner.token, { name: 'Guarded' });
      for (const token of [staff.contributor, staff.reader, staff.assistant, staff.productAdmin]) {
        expect((await call('DELETE', `/api/locations/${location.id}`, token)).statusCode).toBe(403);
      }
      expect((await call('DELETE', `/api/locations/${location.id}`)).statusCode).toBe(401);
      const foreign = await createLocation(other.token, { name: 'Not yours' });
      expect((await call('DELETE', `/api/locations/${foreign.id}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/locations/${foreign.id}`, other.token)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/locations/${location.id}`, owner.token)).statusCode).toBe(204);
    });
  });
});
