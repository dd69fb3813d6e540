import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
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
      const stored = await readFile(path.join(t.config.dataDir, 'blobs', 'inventory', business.logoUrl));
      expect(stored.equals(PNG_1X1)).toBe(true);

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
});
