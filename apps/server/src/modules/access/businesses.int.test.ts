import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import {
  bearer,
  ownerWithBusiness,
  signIn,
  staffMember,
  verifiedOwner,
} from '../../../test/factories/accounts.js';
import { PNG_1X1, multipart, type FormPart } from '../../../test/factories/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

function createBusiness(token: string, parts: FormPart[]) {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/businesses/create',
    headers: { ...form.headers, ...bearer(token) },
    payload: form.payload,
  });
}

const businessPart = (value: unknown): FormPart => ({ name: 'business', value: JSON.stringify(value) });

async function countBusinesses(): Promise<number> {
  // As the table owner with FORCE'd RLS and no tenant set, rows are invisible: switch it off here.
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    await client.query('set row_security = off');
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from businesses');
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

describe('businesses', () => {
  describe('createBusiness', () => {
    it('sets up the business with a logo; the next sign-in carries its id', async () => {
      const owner = await verifiedOwner(t);
      const res = await createBusiness(owner.token, [
        businessPart({
          businessName: 'Harbour Books',
          registrationNumber: 'HB-1',
          businessEmail: 'shop@harbour.test',
          websiteUrl: 'https://harbour.test',
          industryType: 'retail',
          description: 'Books by the sea',
          address: { street: '1 Quay', city: 'Bristol', postalCode: 'BS1', country: 'UK' },
        }),
        { name: 'logo', value: PNG_1X1, filename: 'logo.png', contentType: 'image/png' },
      ]);
      expect(res.statusCode).toBe(201);
      const business = res.json();
      expect(business).toMatchObject({
        businessName: 'Harbour Books',
        industryType: 'retail',
        active: true,
        stripeOnboardingComplete: false,
        address: {
          street: '1 Quay',
          city: 'Bristol',
          postalCode: 'BS1',
          zipCode: 'BS1',
          country: 'UK',
          state: null,
        },
      });
      expect(business.logoUrl).toBe(`businesses/${business.id}/logo.png`);
      // Stored re-encoded (see the logo tests below), still a 1x1 PNG.
      const stored = await readFile(path.join(t.config.dataDir, 'blobs', 'inventory', business.logoUrl));
      expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

      const session = await signIn(t, owner.email, owner.password);
      expect(session.user.businessId).toBe(business.id);
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/businesses/${business.id}`,
        headers: bearer(session.token),
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(business);
    });

    it('accepts the business part sent as a JSON file, as a browser Blob is', async () => {
      const owner = await verifiedOwner(t);
      const res = await createBusiness(owner.token, [
        {
          name: 'business',
          value: JSON.stringify({ businessName: 'Blob Ltd' }),
          filename: 'blob',
          contentType: 'application/json',
        },
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().businessName).toBe('Blob Ltd');
    });

    it('uses the owner address on file when asked', async () => {
      const owner = await verifiedOwner(t);
      const client = new pg.Client({ connectionString: t.databaseUrl });
      await client.connect();
      await client.query(
        `update users set street = '9 Elm', city = 'York', zip_code = 'YO1', country = 'UK' where id = $1`,
        [owner.userId],
      );
      await client.end();
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Elm Deli', useUserAddress: true, address: { city: 'ignored' } }),
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().address).toMatchObject({
        street: '9 Elm',
        city: 'York',
        postalCode: 'YO1',
        country: 'UK',
      });
    });

    it('refuses a second business with 409', async () => {
      const owner = await ownerWithBusiness(t);
      const res = await createBusiness(owner.token, [businessPart({ businessName: 'Second' })]);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CONFLICT');
    });

    it('creates one business when the same owner submits twice at once', async () => {
      const owner = await verifiedOwner(t);
      const before = await countBusinesses();
      const results = await Promise.all(
        [1, 2].map(() => createBusiness(owner.token, [businessPart({ businessName: 'Twice' })])),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await countBusinesses()).toBe(before + 1);
    });

    it('refuses a logo that is not an image by its content with 415, and writes nothing', async () => {
      const owner = await verifiedOwner(t);
      const before = await countBusinesses();
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Fake' }),
        {
          name: 'logo',
          value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          filename: 'logo.png',
          contentType: 'image/png',
        },
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The logo must be a JPEG, PNG or WebP image.',
      });
      expect(await countBusinesses()).toBe(before);
    });

    it('refuses a logo over 5 MB with 413', async () => {
      const owner = await verifiedOwner(t);
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 10)]);
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Big' }),
        { name: 'logo', value: big, filename: 'big.png', contentType: 'image/png' },
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    });

    it.each([
      ['no business name', { description: 'x' }, 'businessName'],
      ['an unknown industry', { businessName: 'X', industryType: 'mining' }, 'industryType'],
      ['a malformed website', { businessName: 'X', websiteUrl: 'ftp://x' }, 'websiteUrl'],
      ['a malformed business e-mail', { businessName: 'X', businessEmail: 'nope' }, 'businessEmail'],
    ])('refuses %s with 400 and the field error', async (_name, business, field) => {
      const owner = await verifiedOwner(t);
      const res = await createBusiness(owner.token, [businessPart(business)]);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.fieldErrors[field]).toBeDefined();
    });

    it('refuses a form without the business part, with bad JSON, or with unknown parts', async () => {
      const owner = await verifiedOwner(t);
      const missing = await createBusiness(owner.token, [
        { name: 'logo', value: PNG_1X1, filename: 'l.png' },
      ]);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details.fieldErrors.business).toBeDefined();
      const badJson = await createBusiness(owner.token, [{ name: 'business', value: '{"businessName":' }]);
      expect(badJson.statusCode).toBe(400);
      const extra = await createBusiness(owner.token, [
        businessPart({ businessName: 'X' }),
        { name: 'extra', value: 'x' },
      ]);
      expect(extra.statusCode).toBe(400);
    });

    it('refuses JSON instead of multipart with 415', async () => {
      const owner = await verifiedOwner(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/businesses/create',
        headers: bearer(owner.token),
        payload: { businessName: 'X' },
      });
      expect(res.statusCode).toBe(415);
    });

    it('refuses staff and anonymous callers', async () => {
      const owner = await ownerWithBusiness(t);
      const admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
      expect((await createBusiness(admin.token, [businessPart({ businessName: 'Mine' })])).statusCode).toBe(
        403,
      );
      const anonymous = multipart([businessPart({ businessName: 'Anon' })]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/businesses/create',
        headers: anonymous.headers,
        payload: anonymous.payload,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('getBusiness', () => {
    it('answers members of the business and 404 to everyone else', async () => {
      const a = await ownerWithBusiness(t, 'Alpha');
      const b = await ownerWithBusiness(t, 'Beta');
      const staff = await staffMember(t, a.token, ['ROLE_PRODUCT_READER']);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/businesses/${a.businessId}`,
            headers: bearer(staff.token),
          })
        ).json().businessName,
      ).toBe('Alpha');
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/businesses/${b.businessId}`,
        headers: bearer(a.token),
      });
      expect(foreign.statusCode).toBe(404);
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/businesses/${a.businessId}` });
      expect(anonymous.statusCode).toBe(401);
    });
  });
  describe('getSetupProgress', () => {
    const progress = (id: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/businesses/${id}/setup-progress`,
        headers: token ? bearer(token) : {},
      });

    it('answers a new business with nothing done; staff counts once a member is added', async () => {
      const owner = await ownerWithBusiness(t, 'Fresh');
      const before = await progress(owner.businessId, owner.token);
      expect(before.statusCode).toBe(200);
      expect(before.json()).toEqual({
        hasLocation: false,
        hasStore: false,
        hasProducts: false,
        hasStaff: false,
      });
      const staff = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
      expect((await progress(owner.businessId, owner.token)).json()).toMatchObject({ hasStaff: true });
      // Every role of the business may read it (business:read), staff included.
      const admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
      for (const member of [staff, admin]) {
        const res = await progress(owner.businessId, member.token);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ hasStaff: true });
      }
    });

    it('turns on hasLocation, hasStore and hasProducts from the catalogue, each on its own', async () => {
      const owner = await ownerWithBusiness(t, 'Growing');
      const flags = async () =>
        (await progress(owner.businessId, owner.token)).json<Record<string, boolean>>();
      const location = await t.app.inject({
        method: 'POST',
        url: '/api/locations',
        headers: bearer(owner.token),
        payload: { name: 'First place' },
      });
      expect(location.statusCode).toBe(201);
      const locationId = location.json<{ id: string }>().id;
      expect(await flags()).toEqual({
        hasLocation: true,
        hasStore: false,
        hasProducts: false,
        hasStaff: false,
      });

      await t.sql(
        `insert into products (business_id, id, location_id, sku, name, price, list_position)
         values ($1, $2, $3, 'TEA-1', 'Tea', 2.5, 1)`,
        [owner.businessId, randomUUID(), locationId],
      );
      expect(await flags()).toEqual({
        hasLocation: true,
        hasStore: false,
        hasProducts: true,
        hasStaff: false,
      });

      const form = multipart([{ name: 'store', value: JSON.stringify({ name: 'First shop', locationId }) }]);
      const store = await t.app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: { ...form.headers, ...bearer(owner.token) },
        payload: form.payload,
      });
      expect(store.statusCode).toBe(201);
      expect(await flags()).toEqual({
        hasLocation: true,
        hasStore: true,
        hasProducts: true,
        hasStaff: false,
      });
    });

    it("does not count another business's locations, stores or products", async () => {
      const a = await ownerWithBusiness(t, 'Empty');
      const b = await ownerWithBusiness(t, 'Busy');
      const locationId = randomUUID();
      await t.sql(`insert into locations (business_id, id, name) values ($1, $2, 'B place')`, [
        b.businessId,
        locationId,
      ]);
      await t.sql(
        `insert into stores (business_id, id, location_id, name, qr_code) values ($1, $2, $3, 'B shop', $4)`,
        [b.businessId, randomUUID(), locationId, `qr-${randomUUID()}`],
      );
      await t.sql(
        `insert into products (business_id, id, location_id, sku, name, price, list_position)
         values ($1, $2, $3, 'B-1', 'B thing', 1, 1)`,
        [b.businessId, randomUUID(), locationId],
      );
      expect((await progress(b.businessId, b.token)).json()).toMatchObject({
        hasLocation: true,
        hasStore: true,
        hasProducts: true,
      });
      expect((await progress(a.businessId, a.token)).json()).toEqual({
        hasLocation: false,
        hasStore: false,
        hasProducts: false,
        hasStaff: false,
      });
    });

    it("does not count another business's staff", async () => {
      const a = await ownerWithBusiness(t, 'Alone');
      const b = await ownerWithBusiness(t, 'Crowded');
      await staffMember(t, b.token, ['ROLE_PRODUCT_READER']);
      expect((await progress(a.businessId, a.token)).json()).toMatchObject({ hasStaff: false });
    });

    it("answers 404 for another business's id or an unknown id, 400 for a bad id, 401 without a token", async () => {
      const a = await ownerWithBusiness(t, 'Gamma');
      const b = await ownerWithBusiness(t, 'Delta');
      expect((await progress(b.businessId, a.token)).statusCode).toBe(404);
      expect((await progress('00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
      expect((await progress('not-a-uuid', a.token)).statusCode).toBe(400);
      expect((await progress(a.businessId)).statusCode).toBe(401);
    });

    it('refuses an owner without a business (404) and a token without any role (403)', async () => {
      const owner = await verifiedOwner(t);
      const a = await ownerWithBusiness(t, 'Epsilon');
      expect((await progress(a.businessId, owner.token)).statusCode).toBe(404);
      // business:read admits every role; a member whose roles were all taken away holds none.
      const staff = await staffMember(t, a.token, ['ROLE_PRODUCT_READER']);
      await t.sql(`update users set roles = '{}' where id = $1`, [staff.userId]);
      const roleless = await signIn(t, staff.email, staff.password);
      expect((await progress(a.businessId, roleless.token)).statusCode).toBe(403);
    });
  });

  describe('logo images', () => {
    const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';
    const logoPart = (value: Buffer, filename = 'logo.png'): FormPart => ({
      name: 'logo',
      value,
      filename,
      contentType: 'image/png',
    });
    const storedBlob = (name: string) => readFile(path.join(t.config.dataDir, 'blobs', 'inventory', name));
    const download = (query: string, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/azure-blob/download-image?${query}`,
        headers: token ? bearer(token) : {},
      });
    const queryOf = (imageUrl: string, containerName = 'inventory') =>
      new URLSearchParams({ imageUrl, containerName }).toString();

    /** An owner whose business has `logo`, signed in again so the token carries the business. */
    async function businessWithLogo(logo: Buffer) {
      const owner = await verifiedOwner(t);
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Logo Shop' }),
        logoPart(logo),
      ]);
      expect(res.statusCode).toBe(201);
      const session = await signIn(t, owner.email, owner.password);
      return {
        token: session.token,
        businessId: res.json().id as string,
        logoUrl: res.json().logoUrl as string,
      };
    }

    const realPng = () =>
      sharp({ create: { width: 24, height: 12, channels: 3, background: { r: 10, g: 120, b: 200 } } })
        .png()
        .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'GPS 51.5N 0.1W' } })
        .toBuffer();

    it('stores no HTML of a PNG with HTML appended: the stored bytes are re-encoded', async () => {
      const owner = await verifiedOwner(t);
      const polyglot = Buffer.concat([PNG_1X1, Buffer.from(HTML)]);
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Poly' }),
        logoPart(polyglot),
      ]);
      if (res.statusCode === 201) {
        const stored = await storedBlob(res.json().logoUrl);
        expect(stored.toString('latin1')).not.toMatch(/<html|<script/i);
      } else {
        expect(res.statusCode).toBe(415);
      }
    });

    it('refuses a PNG header followed by HTML with 415, and writes nothing', async () => {
      const owner = await verifiedOwner(t);
      const before = await countBusinesses();
      const fake = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from(HTML)]);
      const res = await createBusiness(owner.token, [
        businessPart({ businessName: 'Fake PNG' }),
        logoPart(fake),
      ]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'The logo could not be read: the file is damaged or not a real JPEG, PNG or WebP image.',
      });
      expect(await countBusinesses()).toBe(before);
    });

    it('stores a real PNG re-encoded without its EXIF and serves it with safe headers', async () => {
      const png = await realPng();
      const { token, logoUrl } = await businessWithLogo(png);
      const stored = await storedBlob(logoUrl);
      expect(stored.equals(png)).toBe(false);
      expect(stored.toString('latin1')).not.toContain('SpyCam');
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 24, height: 12 });
      expect(meta.exif).toBeUndefined();

      const res = await download(queryOf(logoUrl), token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(stored)).toBe(true);
      expect(res.headers).toMatchObject({
        'content-type': 'image/png',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline; filename="logo.png"',
        'cache-control': 'private',
      });
    });

    it('refuses a session that has ended since the token was issued', async () => {
      const owner = await businessWithLogo(await realPng());
      await t.sql('update users set token_version = token_version + 1 where business_id = $1', [
        owner.businessId,
      ]);
      const res = await download(queryOf(owner.logoUrl), owner.token);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('PNG');
    });

    it('serves the logo to staff of the same business', async () => {
      const owner = await businessWithLogo(await realPng());
      const staff = await staffMember(t, owner.token, ['ROLE_PRODUCT_READER']);
      expect((await download(queryOf(owner.logoUrl), staff.token)).statusCode).toBe(200);
    });

    it("answers 404 for another business's logo, another container, and no token with 401", async () => {
      const a = await businessWithLogo(await realPng());
      const b = await businessWithLogo(await realPng());
      const foreign = await download(queryOf(b.logoUrl), a.token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'The image was not found.' });
      expect((await download(queryOf(a.logoUrl, 'private'), a.token)).statusCode).toBe(404);
      expect((await download(queryOf(a.logoUrl, '../inventory'), a.token)).statusCode).toBe(404);
      expect((await download(queryOf(a.logoUrl))).statusCode).toBe(401);
      const owner = await verifiedOwner(t);
      expect((await download(queryOf(a.logoUrl), owner.token)).statusCode).toBe(404);
    });

    it('never serves a file outside the business through a crafted name', async () => {
      const a = await businessWithLogo(await realPng());
      const b = await businessWithLogo(await realPng());
      // Bait: files a traversal would reach, in the blob folder and beside it.
      await writeFile(path.join(t.config.dataDir, 'secret.txt'), 'TOP SECRET');
      await mkdir(path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', a.businessId, 'x'), {
        recursive: true,
      });
      await writeFile(path.join(t.config.dataDir, 'blobs', 'inventory', 'secret.txt'), 'TOP SECRET');
      const prefix = `businesses/${a.businessId}`;
      const names = [
        `${prefix}/../${b.businessId}/logo.png`,
        `${prefix}/x/../../${b.businessId}/logo.png`,
        `${prefix}/../../secret.txt`,
        `${prefix}/../../../../secret.txt`,
        `${prefix}/..\\..\\secret.txt`,
        `${prefix}/%2e%2e/%2e%2e/secret.txt`,
        `${prefix}/.hidden`,
        `${prefix}/`,
        `${prefix}//logo.png`,
        path.join(t.config.dataDir, 'secret.txt'),
        '/etc/passwd',
        '../../secret.txt',
        `businesses/${b.businessId}/logo.png`,
      ];
      for (const name of names) {
        const res = await download(queryOf(name), a.token);
        expect([400, 404], name).toContain(res.statusCode);
        expect(res.body, name).not.toContain('TOP SECRET');
      }
      // Encoded once more in the URL itself: Fastify decodes the query once, "%2F" stays "/".
      for (const raw of [
        `imageUrl=${prefix}%2F..%2F..%2Fsecret.txt&containerName=inventory`,
        `imageUrl=${prefix}%2F%252e%252e%2F%252e%252e%2Fsecret.txt&containerName=inventory`,
        `imageUrl=${prefix}/logo.png%00.txt&containerName=inventory`,
      ]) {
        const res = await download(raw, a.token);
        expect([400, 404], raw).toContain(res.statusCode);
        expect(res.body, raw).not.toContain('TOP SECRET');
      }
    });
  });
});
