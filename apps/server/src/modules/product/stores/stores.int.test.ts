import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TInventoryItem, TNearbyStore, TStore, TStoreDetails } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../../test/factories/inventory.js';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import {
  bearer,
  ownerWithBusiness,
  apiCaller,
  staffTokensByRole,
} from '../../../../test/factories/accounts.js';
import { insertLocation, insertStore, setPlan } from '../../../../test/factories/catalogue.js';
import { insertInventoryItem } from '../../../../test/factories/products.js';
import { PNG_1X1, multipart, type FormPart } from '../../../../test/factories/multipart.js';
import { greatCircleKm } from './geo.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let other: Awaited<ReturnType<typeof ownerWithBusiness>>;
const staff = { admin: '', contributor: '', reader: '', assistant: '', productAdmin: '' };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Store Group');
  other = await ownerWithBusiness(t, 'Rival Group');
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

const storePart = (value: unknown): FormPart => ({ name: 'store', value: JSON.stringify(value) });
const imagePart = (value: Buffer, filename = 'front.png'): FormPart => ({
  name: 'image',
  value,
  filename,
  contentType: 'image/png',
});

function sendForm(method: 'POST' | 'PUT', url: string, token: string | undefined, parts: FormPart[]) {
  const form = multipart(parts);
  return t.app.inject({
    method,
    url,
    headers: { ...form.headers, ...(token ? bearer(token) : {}) },
    payload: form.payload,
  });
}

const postStore = (token: string | undefined, parts: FormPart[]) =>
  sendForm('POST', '/api/stores', token, parts);

async function createStore(token: string, body: Record<string, unknown>, image?: Buffer): Promise<TStore> {
  const res = await postStore(token, [storePart(body), ...(image ? [imagePart(image)] : [])]);
  if (res.statusCode !== 201) throw new Error(`create store: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function auditOf(businessId: string, eventType: string) {
  const { rows } = await t.sql(
    'select user_id, description from audit_logs where business_id = $1 and event_type = $2',
    [businessId, eventType],
  );
  return rows as Array<{ user_id: string; description: string }>;
}

async function storedImages(businessId: string): Promise<string[]> {
  const folder = path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', businessId, 'stores');
  return readdir(folder).catch(() => []);
}

const download = (imageUrl: string, token: string) =>
  call(
    'GET',
    `/api/azure-blob/download-image?imageUrl=${encodeURIComponent(imageUrl)}&containerName=inventory`,
    token,
  );

async function insertProductWithStock(
  businessId: string,
  locationId: string,
  name: string,
  quantity: number,
) {
  const productId = randomUUID();
  await t.sql(
    `insert into products (business_id, id, location_id, sku, name, price, list_position)
     values ($1, $2, $3, $4, $5, 3.2, (select coalesce(max(list_position), 0) + 1 from products))`,
    [businessId, productId, locationId, `SKU-${name}`, name],
  );
  const itemId = await insertInventoryItem(t, businessId, productId, locationId, quantity);
  return { productId, itemId };
}

describe('stores', () => {
  describe('createStore', () => {
    it('opens a store at a free location with a QR code, and records CREATE_STORE', async () => {
      const locationId = await insertLocation(t, owner.businessId, { name: 'High Street 1' });
      const res = await postStore(staff.contributor, [
        storePart({
          name: 'High Street',
          locationId,
          phone: '+44 1',
          email: 'high@shop.test',
          openingHours: '9-5',
        }),
      ]);
      expect(res.statusCode).toBe(201);
      const store: TStore = res.json();
      expect(store).toMatchObject({
        name: 'High Street',
        locationId,
        phone: '+44 1',
        email: 'high@shop.test',
        openingHours: '9-5',
        imageUrl: null,
        basketWeightEnabled: false,
        active: true,
        location: { id: locationId, name: 'High Street 1', usedBy: 'STORE' },
      });
      expect(store.storeId).toBe(store.id);
      expect(store.qrCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await call('GET', `/api/stores/${store.id}`, staff.assistant)).json()).toEqual(store);
      expect(await auditOf(owner.businessId, 'CREATE_STORE')).toContainEqual({
        user_id: expect.any(String) as unknown,
        description: 'Created the store High Street at High Street 1.',
      });
    });

    it('stores an image that only its own business can download', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const store = await createStore(owner.token, { name: 'Pictured', locationId }, PNG_1X1);
      expect(store.imageUrl).toMatch(
        new RegExp(`^businesses/${owner.businessId}/stores/[0-9a-f]{24}\\.png$`),
      );
      const mine = await download(store.imageUrl ?? '', owner.token);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('image/png');
      expect((await download(store.imageUrl ?? '', other.token)).statusCode).toBe(404);
    });

    it('refuses an image that is not one (415) and one over 5 MB (413), storing nothing', async () => {
      const shop = await ownerWithBusiness(t, 'Bad Images');
      const locationId = await insertLocation(t, shop.businessId);
      const html = await postStore(shop.token, [
        storePart({ name: 'Html', locationId }),
        imagePart(Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png'),
      ]);
      expect(html.statusCode).toBe(415);
      expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
      const huge = await postStore(shop.token, [storePart({ name: 'Huge', locationId }), imagePart(big)]);
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await storedImages(shop.businessId)).toEqual([]);
      expect((await call('GET', '/api/stores?active=all', shop.token)).json()).toEqual([]);
    });

    it('answers 400 for a missing or bad store part and 415 for a JSON body', async () => {
      const locationId = await insertLocation(t, owner.businessId);
      const missing = await postStore(owner.token, [imagePart(PNG_1X1)]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({
        details: { fieldErrors: { store: expect.any(Array) as unknown } },
      });
      const notJson = await postStore(owner.token, [{ name: 'store', value: '{name:' }]);
      expect(notJson.statusCode).toBe(400);
      const bad = await postStore(owner.token, [storePart({ name: '', locationId: 'x', email: 'nope' })]);
      expect(bad.statusCode).toBe(400);
      const { fieldErrors } = bad.json<{ details: { fieldErrors: Record<string, string[]> } }>().details;
      expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'locationId', 'name']);
      const extra = await postStore(owner.token, [
        storePart({ name: 'X', locationId }),
        { name: 'other', value: '1' },
      ]);
      expect(extra.statusCode).toBe(400);
      const json = await call('POST', '/api/stores', owner.token, { name: 'Json', locationId });
      expect(json.statusCode).toBe(415);
    });

    it('refuses a location that serves a store or a warehouse, or is discontinued (409 on locationId)', async () => {
      const locationId = await insertLocation(t, owner.businessId, { name: 'Shared' });
      await createStore(owner.token, { name: 'First here', locationId });
      const second = await postStore(owner.token, [storePart({ name: 'Second here', locationId })]);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'The location Shared already serves the store First here.',
        details: { field: 'locationId', usedBy: 'STORE' },
      });
      const depotAt = await insertLocation(t, owner.businessId, { name: 'Depot place' });
      await t.sql(
        `insert into warehouses (business_id, id, location_id, name) values ($1, $2, $3, 'Depot')`,
        [owner.businessId, randomUUID(), depotAt],
      );
      const atDepot = await postStore(owner.token, [storePart({ name: 'At depot', locationId: depotAt })]);
      expect(atDepot.statusCode).toBe(409);
      expect(atDepot.json()).toMatchObject({ details: { field: 'locationId', usedBy: 'WAREHOUSE' } });
      const closedAt = await insertLocation(t, owner.businessId, { active: false });
      const atClosed = await postStore(owner.token, [storePart({ name: 'Closed', locationId: closedAt })]);
      expect(atClosed.statusCode).toBe(409);
      expect(atClosed.json()).toMatchObject({ details: { field: 'locationId' } });
    });

    it('answers 404 for another business’s location or an unknown one', async () => {
      const foreign = await insertLocation(t, other.businessId);
      expect(
        (await postStore(owner.token, [storePart({ name: 'Stolen', locationId: foreign })])).statusCode,
      ).toBe(404);
      expect(
        (await postStore(owner.token, [storePart({ name: 'Nowhere', locationId: randomUUID() })])).statusCode,
      ).toBe(404);
      const { rows } = await t.sql('select count(*)::int as n from stores where location_id = $1', [foreign]);
      expect(rows[0]).toEqual({ n: 0 });
    });

    it('lets owner, inventory admin and contributor create; refuses readers, assistants, product staff and strangers', async () => {
      expect(
        (
          await postStore(staff.admin, [
            storePart({ name: 'By admin', locationId: await insertLocation(t, owner.businessId) }),
          ])
        ).statusCode,
      ).toBe(201);
      for (const token of [staff.reader, staff.assistant, staff.productAdmin, undefined]) {
        const locationId = await insertLocation(t, owner.businessId);
        const res = await postStore(token, [storePart({ name: 'Refused', locationId })]);
        expect(res.statusCode).toBe(token ? 403 : 401);
      }
    });
  });

  describe('the plan limit on stores', () => {
    it('allows one active store on Free; the next is a plan violation', async () => {
      const shop = await ownerWithBusiness(t, 'Free Shop');
      await createStore(shop.token, { name: 'Only', locationId: await insertLocation(t, shop.businessId) });
      const res = await postStore(shop.token, [
        storePart({ name: 'Too many', locationId: await insertLocation(t, shop.businessId) }),
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.headers['x-plan-violation']).toBe('1');
      expect(res.json()).toMatchObject({ code: 'PLAN_VIOLATION' });
    });

    it('lets exactly one of two concurrent creations through on Free', async () => {
      const shop = await ownerWithBusiness(t, 'Race Shop');
      const [a, b] = await Promise.all([
        postStore(shop.token, [
          storePart({ name: 'Racer A', locationId: await insertLocation(t, shop.businessId) }),
        ]),
        postStore(shop.token, [
          storePart({ name: 'Racer B', locationId: await insertLocation(t, shop.businessId) }),
        ]),
      ]);
      expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 403]);
      const { rows } = await t.sql('select count(*)::int as n from stores where business_id = $1', [
        shop.businessId,
      ]);
      expect(rows[0]).toEqual({ n: 1 });
    });

    it('counts only active stores, and checks the limit on reactivation through PUT', async () => {
      const shop = await ownerWithBusiness(t, 'Reactivating Shop');
      const first = await createStore(shop.token, {
        name: 'First',
        locationId: await insertLocation(t, shop.businessId),
      });
      const off = await call('PUT', `/api/stores/${first.id}`, shop.token, {
        name: 'First',
        locationId: first.locationId,
        active: false,
      });
      expect(off.json()).toMatchObject({ active: false });
      await createStore(shop.token, { name: 'Second', locationId: await insertLocation(t, shop.businessId) });
      const on = await call('PUT', `/api/stores/${first.id}`, shop.token, {
        name: 'First',
        locationId: first.locationId,
        active: true,
      });
      expect(on.statusCode).toBe(403);
      expect(on.headers['x-plan-violation']).toBe('1');
      // Keeping it discontinued while editing it is no reactivation.
      const edit = await call('PUT', `/api/stores/${first.id}`, shop.token, {
        name: 'First renamed',
        locationId: first.locationId,
      });
      expect(edit.json()).toMatchObject({ name: 'First renamed', active: false });
    });
  });

  describe('updateStore', () => {
    it('replaces the fields from a JSON body and moves the store to another free location', async () => {
      const store = await createStore(owner.token, {
        name: 'Before',
        locationId: await insertLocation(t, owner.businessId),
        phone: '123',
        openingHours: 'Always',
      });
      const newPlace = await insertLocation(t, owner.businessId, { name: 'New place' });
      const res = await call('PUT', `/api/stores/${store.id}`, staff.contributor, {
        name: 'After',
        locationId: newPlace,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: store.id,
        name: 'After',
        locationId: newPlace,
        location: { name: 'New place', usedBy: 'STORE' },
        phone: null,
        openingHours: null,
        qrCode: store.qrCode,
      });
      expect((await call('GET', `/api/locations/${store.locationId}`, owner.token)).json()).toMatchObject({
        usedBy: null,
      });
    });

    it('replaces the image from a multipart body and removes the old one after the commit', async () => {
      const shop = await ownerWithBusiness(t, 'Image Swap');
      const store = await createStore(
        shop.token,
        { name: 'Swap', locationId: await insertLocation(t, shop.businessId) },
        PNG_1X1,
      );
      const res = await sendForm('PUT', `/api/stores/${store.id}`, shop.token, [
        storePart({ name: 'Swapped', locationId: store.locationId }),
        imagePart(PNG_1X1, 'new.png'),
      ]);
      expect(res.statusCode).toBe(200);
      const updated: TStore = res.json();
      expect(updated.name).toBe('Swapped');
      expect(updated.imageUrl).not.toBe(store.imageUrl);
      expect(await storedImages(shop.businessId)).toEqual([path.basename(updated.imageUrl ?? '')]);
      expect((await download(updated.imageUrl ?? '', shop.token)).statusCode).toBe(200);
      expect((await download(store.imageUrl ?? '', shop.token)).statusCode).toBe(404);
      // Without an image part the image stays.
      const kept = await sendForm('PUT', `/api/stores/${store.id}`, shop.token, [
        storePart({ name: 'Kept', locationId: store.locationId }),
      ]);
      expect(kept.json()).toMatchObject({ name: 'Kept', imageUrl: updated.imageUrl });
    });

    it('refuses a taken location (409), bad input (400), another business’s store (404) and readers (403)', async () => {
      const store = await createStore(owner.token, {
        name: 'Mover',
        locationId: await insertLocation(t, owner.businessId),
      });
      const busy = await createStore(owner.token, {
        name: 'Busy',
        locationId: await insertLocation(t, owner.businessId),
      });
      const taken = await call('PUT', `/api/stores/${store.id}`, owner.token, {
        name: 'Mover',
        locationId: busy.locationId,
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ details: { field: 'locationId' } });
      const bad = await call('PUT', `/api/stores/${store.id}`, owner.token, {
        name: '',
        locationId: store.locationId,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ details: { fieldErrors: { name: expect.any(Array) as unknown } } });
      const foreign = await createStore(other.token, {
        name: 'Theirs',
        locationId: await insertLocation(t, other.businessId),
      });
      expect(
        (
          await call('PUT', `/api/stores/${foreign.id}`, owner.token, {
            name: 'Mine',
            locationId: store.locationId,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/stores/${foreign.id}`, other.token)).json()).toMatchObject({
        name: 'Theirs',
      });
      expect(
        (
          await call('PUT', `/api/stores/${store.id}`, staff.reader, {
            name: 'X',
            locationId: store.locationId,
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/api/stores/${store.id}`, undefined, { name: 'X', locationId: store.locationId }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('toggleStoreBasketWeight', () => {
    it('flips the setting and answers the store; readers may not', async () => {
      const store = await createStore(owner.token, {
        name: 'Scales',
        locationId: await insertLocation(t, owner.businessId),
      });
      const on = await call('PUT', `/api/stores/${store.id}/toggleBasketWeight`, staff.contributor);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toMatchObject({ id: store.id, basketWeightEnabled: true });
      const off = await call('PUT', `/api/stores/${store.id}/toggleBasketWeight`, owner.token);
      expect(off.json()).toMatchObject({ basketWeightEnabled: false });
      expect((await call('PUT', `/api/stores/${store.id}/toggleBasketWeight`, staff.reader)).statusCode).toBe(
        403,
      );
      expect(
        (await call('PUT', `/api/stores/${store.id}/toggleBasketWeight`, staff.assistant)).statusCode,
      ).toBe(403);
      const foreign = await insertStore(t, other.businessId);
      expect(
        (await call('PUT', `/api/stores/${foreign.storeId}/toggleBasketWeight`, owner.token)).statusCode,
      ).toBe(404);
    });
  });

  describe('deleteStore', () => {
    it('deletes the store and its image (204), records DELETE_STORE, keeps the location', async () => {
      const shop = await ownerWithBusiness(t, 'Closing Shop');
      const store = await createStore(
        shop.token,
        { name: 'Going', locationId: await insertLocation(t, shop.businessId) },
        PNG_1X1,
      );
      const res = await call('DELETE', `/api/stores/${store.id}`, shop.token);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect((await call('GET', `/api/stores/${store.id}`, shop.token)).statusCode).toBe(404);
      expect(await storedImages(shop.businessId)).toEqual([]);
      expect((await call('GET', `/api/locations/${store.locationId}`, shop.token)).json()).toMatchObject({
        usedBy: null,
      });
      expect(await auditOf(shop.businessId, 'DELETE_STORE')).toEqual([
        { user_id: shop.userId, description: 'Deleted the store Going.' },
      ]);
    });

    it('refuses with 409 IN_USE while the store has carrying containers', async () => {
      const store = await createStore(owner.token, {
        name: 'Baskets',
        locationId: await insertLocation(t, owner.businessId),
      });
      await t.sql(
        `insert into carrying_containers (business_id, id, store_id, name, type) values ($1, $2, $3, 'Basket 1', 'BASKET')`,
        [owner.businessId, randomUUID(), store.id],
      );
      const res = await call('DELETE', `/api/stores/${store.id}`, owner.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'IN_USE',
        message:
          'The store Baskets still has carrying containers. Remove them, or discontinue the store instead.',
      });
    });

    it('lets only owner, admins and inventory admins delete; 404 for another business’s store', async () => {
      const store = await createStore(owner.token, {
        name: 'Guarded',
        locationId: await insertLocation(t, owner.businessId),
      });
      for (const token of [staff.contributor, staff.reader, staff.assistant, staff.productAdmin]) {
        expect((await call('DELETE', `/api/stores/${store.id}`, token)).statusCode).toBe(403);
      }
      expect((await call('DELETE', `/api/stores/${store.id}`)).statusCode).toBe(401);
      const foreign = await insertStore(t, other.businessId);
      expect((await call('DELETE', `/api/stores/${foreign.storeId}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/stores/${foreign.storeId}`, other.token)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/stores/${store.id}`, staff.admin)).statusCode).toBe(204);
    });
  });

  describe('lists and lookups', () => {
    it('lists active stores by name, all with ?active=all and business-unfiltered; never another business’s', async () => {
      const shop = await ownerWithBusiness(t, 'Listing Shop');
      await setPlan(t, shop.businessId, 'SUPREME');
      const b = await createStore(shop.token, {
        name: 'bravo',
        locationId: await insertLocation(t, shop.businessId),
      });
      const a = await createStore(shop.token, {
        name: 'Alpha',
        locationId: await insertLocation(t, shop.businessId),
      });
      const c = await createStore(shop.token, {
        name: 'Charlie',
        locationId: await insertLocation(t, shop.businessId),
      });
      await call('PUT', `/api/stores/${c.id}`, shop.token, {
        name: 'Charlie',
        locationId: c.locationId,
        active: false,
      });
      await insertStore(t, other.businessId, { name: 'Aaa other' });
      const names = async (url: string) =>
        (await call('GET', url, shop.token)).json<TStore[]>().map((s) => s.name);
      expect(await names('/api/stores')).toEqual([a.name, b.name]);
      expect(await names('/api/stores/business')).toEqual([a.name, b.name]);
      expect(await names('/api/stores?active=all')).toEqual([a.name, b.name, c.name]);
      expect(await names('/api/stores/business-unfiltered')).toEqual([a.name, b.name, c.name]);
      expect((await call('GET', '/api/stores?active=yes', shop.token)).statusCode).toBe(400);
    });

    it('searches active stores by part of their location’s name, in any case', async () => {
      const shop = await ownerWithBusiness(t, 'Search Shop');
      await setPlan(t, shop.businessId, 'SUPREME');
      await createStore(shop.token, {
        name: 'S1',
        locationId: await insertLocation(t, shop.businessId, { name: 'Kings Cross' }),
      });
      await createStore(shop.token, {
        name: 'S2',
        locationId: await insertLocation(t, shop.businessId, { name: 'KINGSTON' }),
      });
      const shut = await createStore(shop.token, {
        name: 'S3',
        locationId: await insertLocation(t, shop.businessId, { name: 'Kingsbridge' }),
      });
      await call('PUT', `/api/stores/${shut.id}`, shop.token, {
        name: 'S3',
        locationId: shut.locationId,
        active: false,
      });
      await insertLocation(t, shop.businessId, { name: 'Kings Free' });
      await insertStore(t, other.businessId, {
        locationId: await insertLocation(t, other.businessId, { name: 'Kings Other' }),
      });
      const found = await call('GET', '/api/stores/search?locationName=kings', shop.token);
      expect(found.json<TStore[]>().map((s) => s.name)).toEqual(['S1', 'S2']);
      expect((await call('GET', '/api/stores/search?locationName=%25', shop.token)).json()).toEqual([]);
      expect((await call('GET', '/api/stores/search', shop.token)).statusCode).toBe(400);
    });

    it('finds a store of the business by its QR code; another business’s code is 404', async () => {
      const store = await createStore(owner.token, {
        name: 'Scan me',
        locationId: await insertLocation(t, owner.businessId),
      });
      const res = await call('GET', `/api/stores/qr/${store.qrCode}`, staff.assistant);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(store);
      const foreign = await createStore(other.token, {
        name: 'Theirs',
        locationId: await insertLocation(t, other.businessId),
      });
      expect((await call('GET', `/api/stores/qr/${foreign.qrCode}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', '/api/stores/qr/no%20such', owner.token)).statusCode).toBe(400);
      expect((await call('GET', `/api/stores/qr/${store.qrCode}`, staff.productAdmin)).statusCode).toBe(403);
    });

    it('finds active stores within the radius, nearest first, with the distance in km to 2 decimals', async () => {
      const shop = await ownerWithBusiness(t, 'Nearby Shop');
      await setPlan(t, shop.businessId, 'SUPREME');
      const here = { latitude: 51.5074, longitude: -0.1278 };
      const places = {
        near: { latitude: 51.5155, longitude: -0.0922 },
        closer: { latitude: 51.5033, longitude: -0.1196 },
        far: { latitude: 51.752, longitude: -1.2577 },
        shut: { latitude: 51.5081, longitude: -0.1281 },
      };
      for (const [name, point] of Object.entries(places)) {
        const store = await createStore(shop.token, {
          name,
          locationId: await insertLocation(t, shop.businessId, point),
        });
        if (name === 'shut') {
          await call('PUT', `/api/stores/${store.id}`, shop.token, {
            name,
            locationId: store.locationId,
            active: false,
          });
        }
      }
      await createStore(shop.token, {
        name: 'no coordinates',
        locationId: await insertLocation(t, shop.businessId),
      });
      await insertStore(t, other.businessId, { locationId: await insertLocation(t, other.businessId, here) });

      const res = await call(
        'GET',
        `/api/stores/nearby?latitude=${here.latitude}&longitude=${here.longitude}`,
        shop.token,
      );
      expect(res.statusCode).toBe(200);
      const nearby: TNearbyStore[] = res.json();
      expect(nearby.map((s) => s.name)).toEqual(['closer', 'near']);
      for (const store of nearby) {
        const expected = greatCircleKm(here, places[store.name as keyof typeof places]);
        expect(store.distanceKm).toBeCloseTo(Math.round(expected * 100) / 100, 6);
        expect(store.location.latitude).not.toBeNull();
      }
      const wide = await call(
        'GET',
        `/api/stores/nearby?latitude=${here.latitude}&longitude=${here.longitude}&radiusKm=100`,
        shop.token,
      );
      expect(wide.json<TNearbyStore[]>().map((s) => s.name)).toEqual(['closer', 'near', 'far']);
      const bad = await call('GET', '/api/stores/nearby?latitude=95&longitude=0&radiusKm=0', shop.token);
      expect(bad.statusCode).toBe(400);
      expect(
        Object.keys(bad.json<{ details: { fieldErrors: object } }>().details.fieldErrors).sort(),
      ).toEqual(['latitude', 'radiusKm']);
    });

    it('lets every inventory role read; refuses product staff (403) and strangers (401)', async () => {
      const store = await createStore(owner.token, {
        name: 'Readable',
        locationId: await insertLocation(t, owner.businessId),
      });
      const urls = [
        '/api/stores',
        '/api/stores/business',
        '/api/stores/business-unfiltered',
        `/api/stores/${store.id}`,
        `/api/stores/${store.id}/inventory`,
        `/api/stores/${store.id}/details`,
        '/api/stores/search?locationName=a',
        '/api/stores/nearby?latitude=0&longitude=0',
      ];
      for (const url of urls) {
        for (const token of [staff.admin, staff.contributor, staff.reader, staff.assistant]) {
          expect((await call('GET', url, token)).statusCode, url).toBe(200);
        }
        expect((await call('GET', url, staff.productAdmin)).statusCode, url).toBe(403);
        expect((await call('GET', url)).statusCode, url).toBe(401);
      }
    });
  });

  describe('getStoreInventory and getStoreDetails', () => {
    it('answers the active stock at the store’s location and the store’s counts and readers', async () => {
      const store = await createStore(owner.token, {
        name: 'Stocked',
        locationId: await insertLocation(t, owner.businessId),
      });
      await insertProductWithStock(owner.businessId, store.locationId, 'Tea', 12);
      await insertProductWithStock(owner.businessId, store.locationId, 'Coffee', 3);
      const retired = await insertProductWithStock(owner.businessId, store.locationId, 'Cocoa', 7);
      await t.sql('update inventory_items set active = false where id = $1', [retired.itemId]);
      await t.sql('update products set active = false where id = $1', [retired.productId]);
      const elsewhere = await insertLocation(t, owner.businessId);
      await insertProductWithStock(owner.businessId, elsewhere, 'Elsewhere', 100);
      await t.sql(
        `insert into carrying_containers (business_id, id, store_id, name, type, active)
         values ($1, $2, $3, 'Cart', 'CART', true), ($1, $4, $3, 'Old cart', 'CART', false)`,
        [owner.businessId, randomUUID(), store.id, randomUUID()],
      );
      const reader = await call('POST', '/api/locations/readers/pos-terminal-register', owner.token, {
        locationId: store.locationId,
        registrationCode: 'simulated-wpe',
        label: 'Till A',
      });
      expect(reader.statusCode).toBe(201);

      const inventory = await call('GET', `/api/stores/${store.id}/inventory`, staff.assistant);
      expect(inventory.statusCode).toBe(200);
      const items: TInventoryItem[] = inventory.json();
      expect(items.map((item) => [item.productName, item.sku, item.quantity])).toEqual([
        ['Coffee', 'SKU-Coffee', 3],
        ['Tea', 'SKU-Tea', 12],
      ]);
      expect(items[0]).toMatchObject({ locationId: store.locationId, active: true, barcode: null });
      expect(items[0]?.inventoryId).toBe(items[0]?.id);

      const details = await call('GET', `/api/stores/${store.id}/details`, staff.reader);
      expect(details.statusCode).toBe(200);
      const body: TStoreDetails = details.json();
      expect(body).toMatchObject({
        store: { id: store.id, name: 'Stocked' },
        location: { id: store.locationId, usedBy: 'STORE' },
        productCount: 2,
        stockUnits: 22,
        containerCount: 1,
        readerCount: 1,
      });
      expect(body.readers).toEqual([reader.json()]);
    });

    it('answers 404 for another business’s store and 400 for a bad id', async () => {
      const foreign = await insertStore(t, other.businessId);
      expect((await call('GET', `/api/stores/${foreign.storeId}/inventory`, owner.token)).statusCode).toBe(
        404,
      );
      expect((await call('GET', `/api/stores/${foreign.storeId}/details`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', `/api/stores/${foreign.storeId}`, owner.token)).statusCode).toBe(404);
      expect((await call('GET', '/api/stores/not-an-id/details', owner.token)).statusCode).toBe(400);
    });
  });
});
