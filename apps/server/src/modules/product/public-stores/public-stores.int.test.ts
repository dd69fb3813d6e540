import type { TErrorBody, TPublicStore, TStore } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-app.js';
import { apiCaller, bearer, ownerWithBusiness } from '../../../../test/factories/accounts.js';
import { insertLocation, setPlan } from '../../../../test/factories/catalogue.js';
import { PNG_1X1, multipart } from '../../../../test/factories/multipart.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let pictured: TStore;
let plain: TStore;

const call = apiCaller(() => t);

/** Each lookup from an address of its own: the rate limit (60 a minute) is the attack file's. */
let nextAddress = 1;
function lookup(path: string, headers: Record<string, string> = {}) {
  const address = nextAddress++;
  return t.app.inject({
    method: 'GET',
    url: path,
    headers,
    remoteAddress: `198.51.${100 + Math.floor(address / 250)}.${address % 250}`,
  });
}
const storeAt = (code: string) => lookup(`/api/public/stores/${code}`);
const imageAt = (code: string) => lookup(`/api/public/stores/${code}/image`);

async function createStore(token: string, body: Record<string, unknown>, image?: Buffer): Promise<TStore> {
  const form = multipart([
    { name: 'store', value: JSON.stringify(body) },
    ...(image ? [{ name: 'image', value: image, filename: 'front.png', contentType: 'image/png' }] : []),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stores',
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
  if (res.statusCode !== 201) throw new Error(`create store: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function storeOf(shop: { token: string; businessId: string }, name: string, image?: Buffer) {
  return createStore(
    shop.token,
    { name, locationId: await insertLocation(t, shop.businessId), openingHours: 'Mon-Sat 9:00-18:00' },
    image,
  );
}

/** The store's fields as a PUT replaces them all, with `active` as given. */
const setActive = (shop: { token: string }, store: TStore, active: boolean) =>
  call('PUT', `/api/stores/${store.id}`, shop.token, {
    name: store.name,
    locationId: store.locationId,
    active,
  });

function expectNotFound(
  res: { statusCode: number; json: () => unknown },
  message = 'No store has this code.',
) {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message });
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Harbour Grocers');
  await setPlan(t, owner.businessId, 'SUPREME');
  pictured = await storeOf(owner, 'Harbour Front', PNG_1X1);
  plain = await createStore(owner.token, {
    name: 'Harbour Back',
    locationId: await insertLocation(t, owner.businessId),
  });
});
afterAll(async () => {
  await t.close();
});

describe('public store lookup', () => {
  describe('getPublicStore', () => {
    it("answers exactly the store's name, opening hours and its public image path", async () => {
      const res = await storeAt(pictured.qrCode);
      expect(res.statusCode).toBe(200);
      const body = res.json<TPublicStore>();
      expect(Object.keys(body).sort()).toEqual(['imageUrl', 'name', 'openingHours']);
      expect(body).toEqual({
        name: 'Harbour Front',
        openingHours: 'Mon-Sat 9:00-18:00',
        imageUrl: `/api/public/stores/${pictured.qrCode}/image`,
      });
    });

    it('answers null for hours and image the store does not have', async () => {
      const res = await storeAt(plain.qrCode);
      expect(res.json()).toEqual({ name: 'Harbour Back', openingHours: null, imageUrl: null });
    });

    it('answers the same without a token, with a valid one and with a forged one', async () => {
      const anonymous = await storeAt(pictured.qrCode);
      const signedIn = await lookup(`/api/public/stores/${pictured.qrCode}`, bearer(owner.token));
      const forged = await lookup(`/api/public/stores/${pictured.qrCode}`, bearer('not-a-token'));
      expect(signedIn.statusCode).toBe(200);
      expect(forged.statusCode).toBe(200);
      expect(signedIn.body).toBe(anonymous.body);
      expect(forged.body).toBe(anonymous.body);
    });

    it('answers 404 for a well-formed code no store has, and for a code in another case', async () => {
      expectNotFound(await storeAt('AAAAAAAAAAAAAAAA'));
      const swapped = [...pictured.qrCode]
        .map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      // base64url of random bytes: a code with no letter would make this the same code.
      if (swapped !== pictured.qrCode) expectNotFound(await storeAt(swapped));
    });

    it('answers 404 for a discontinued store, and the store again once reactivated', async () => {
      const store = await storeOf(owner, 'Seasonal Kiosk');
      expect((await setActive(owner, store, false)).statusCode).toBe(200);
      expectNotFound(await storeAt(store.qrCode));
      expect((await setActive(owner, store, true)).statusCode).toBe(200);
      expect((await storeAt(store.qrCode)).json()).toMatchObject({ name: 'Seasonal Kiosk' });
    });

    it('answers 404 for a deleted store', async () => {
      const store = await storeOf(owner, 'Pop-up', PNG_1X1);
      expect((await call('DELETE', `/api/stores/${store.id}`, owner.token)).statusCode).toBe(204);
      expectNotFound(await storeAt(store.qrCode));
      expectNotFound(await imageAt(store.qrCode));
    });

    it('answers 404 while the business is closed, and the store again once reactivated', async () => {
      const shop = await ownerWithBusiness(t, 'Closing Bakery');
      const store = await storeOf(shop, 'Bakery Corner', PNG_1X1);
      const close = await call('PUT', `/api/businesses/${shop.businessId}/close`, shop.token);
      expect(close.json()).toMatchObject({ active: false });
      expectNotFound(await storeAt(store.qrCode));
      expectNotFound(await imageAt(store.qrCode));
      await call('PUT', `/api/businesses/${shop.businessId}/activate`, shop.token);
      expect((await storeAt(store.qrCode)).statusCode).toBe(200);
    });

    it('answers 404 once the business is deleted', async () => {
      const shop = await ownerWithBusiness(t, 'Gone Greengrocer');
      const store = await storeOf(shop, 'Greengrocer', PNG_1X1);
      const deleted = await call('DELETE', `/api/businesses/${shop.businessId}`, shop.token, {
        businessName: 'Gone Greengrocer',
      });
      expect(deleted.statusCode).toBe(204);
      expectNotFound(await storeAt(store.qrCode));
      expectNotFound(await imageAt(store.qrCode));
    });

    it.each([
      ['too short', 'abc'],
      ['one character too long', 'A'.repeat(17)],
      ['a character outside base64url', 'AAAAAAAAAAAAAAA.'],
      ['a space', 'AAAAAAA%20AAAAAAAA'],
      ['a NUL character', 'AAAAAAAAAAAAAAA%00'],
      ['non-ASCII letters', '%C3%A9'.repeat(16)],
      ['the longest path parameter the router takes', 'A'.repeat(100)],
    ])('answers 400 on `code` for %s, on both routes', async (_case, code) => {
      for (const res of [await storeAt(code), await imageAt(code)]) {
        expect(res.statusCode).toBe(400);
        const body = res.json<TErrorBody>();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.details?.fieldErrors ?? {})).toEqual(['code']);
      }
    });

    it('answers 400 for a code longer than the router takes, on both routes', async () => {
      // Fastify's router refuses a path parameter over 100 characters before any route or hook;
      // the app answers it as its other errors (app.ts, frameworkErrors).
      for (const code of ['A'.repeat(101), 'A'.repeat(10_000)]) {
        for (const res of [await storeAt(code), await imageAt(code)]) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
          expect(res.body).not.toContain('imageUrl');
        }
      }
    });
  });

  describe('getPublicStoreImage', () => {
    it('serves the stored bytes with their type, cacheable for five minutes, never sniffed', async () => {
      const stored = await call(
        'GET',
        `/api/azure-blob/download-image?imageUrl=${encodeURIComponent(pictured.imageUrl ?? '')}&containerName=inventory`,
        owner.token,
      );
      expect(stored.statusCode).toBe(200);
      const res = await imageAt(pictured.qrCode);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(stored.rawPayload)).toBe(true);
      expect(res.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers 404 for a store without an image', async () => {
      expectNotFound(await imageAt(plain.qrCode), 'This store has no image.');
    });

    it('answers 404 when the image is missing from the storage', async () => {
      const store = await storeOf(owner, 'Lost Picture', PNG_1X1);
      await t.sql(`update stores set image_url = $2 where id = $1`, [
        store.id,
        `businesses/${owner.businessId}/stores/missing.png`,
      ]);
      expect((await storeAt(store.qrCode)).json()).toMatchObject({
        imageUrl: `/api/public/stores/${store.qrCode}/image`,
      });
      expectNotFound(await imageAt(store.qrCode), 'This store has no image.');
    });

    it('answers 404 for a discontinued store that has an image', async () => {
      const store = await storeOf(owner, 'Closed For Winter', PNG_1X1);
      await setActive(owner, store, false);
      expectNotFound(await imageAt(store.qrCode));
    });
  });
});
