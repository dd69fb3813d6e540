import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TBusiness } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app.js';
import { apiCaller, ownerWithBusiness, signIn, staffMember } from '../../../test/factories/accounts.js';
import { putBusiness, rowsOfBusiness } from '../../../test/factories/businesses.js';
import { setPlan } from '../../../test/factories/catalogue.js';
import { createMovement, movementSetUp } from '../../../test/factories/movements.js';
import { type FormPart } from '../../../test/factories/multipart.js';
import { REFRESH_COOKIE } from './auth.routes.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
let rival: Awaited<ReturnType<typeof ownerWithBusiness>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let clerk: Awaited<ReturnType<typeof staffMember>>;
const call = apiCaller(() => t);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await ownerWithBusiness(t, 'Harbour Books');
  rival = await ownerWithBusiness(t, 'Rival Books');
  await setPlan(t, owner.businessId, 'ADVANCED');
  admin = await staffMember(t, owner.token, ['ROLE_BUSINESS_ADMIN']);
  clerk = await staffMember(t, owner.token, ['ROLE_STORE_ASSISTANT']);
});
afterAll(async () => {
  await t.close();
});

const png = (background: string) =>
  sharp({ create: { width: 4, height: 4, channels: 3, background } })
    .png()
    .toBuffer();
const logoPart = async (background: string): Promise<FormPart> => ({
  name: 'logo',
  value: await png(background),
  filename: 'logo.png',
  contentType: 'image/png',
});
const blobFile = (name: string) => path.join(t.config.dataDir, 'blobs', 'inventory', ...name.split('/'));
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const getBusiness = async (token = owner.token, id = owner.businessId) =>
  (await call('GET', `/api/businesses/${id}`, token)).json<TBusiness>();

describe('updateBusiness', () => {
  it('changes only the fields sent, clears with an empty string, and keeps zipCode and postalCode one field', async () => {
    const first = await putBusiness(t, owner.token, owner.businessId, {
      registrationNumber: 'HB-1',
      websiteUrl: 'https://harbour.test',
      industryType: 'retail',
      address: { street: '1 Quay', city: 'Bristol', zipCode: 'BS1 4', country: 'UK' },
    });
    expect(first.statusCode).toBe(200);
    const res = await putBusiness(t, owner.token, owner.businessId, {
      businessName: '  Harbour Books & Maps ',
      registrationNumber: '',
      industryType: '',
      timeZone: 'Europe/London',
      currency: 'GBP',
      address: { postalCode: 'BS1 5', city: '' },
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: owner.businessId,
      businessName: 'Harbour Books & Maps',
      registrationNumber: null,
      websiteUrl: 'https://harbour.test',
      industryType: null,
      timeZone: 'Europe/London',
      currency: 'GBP',
      active: true,
      address: {
        street: '1 Quay',
        city: null,
        state: null,
        zipCode: 'BS1 5',
        postalCode: 'BS1 5',
        country: 'UK',
      },
    };
    expect(res.json()).toMatchObject(expected);
    expect(await getBusiness()).toEqual(res.json());
  });

  it('replaces the logo under a fresh name, removes the old file after commit, and removes it on request', async () => {
    const first = await putBusiness(t, owner.token, owner.businessId, {}, [await logoPart('#c30')]);
    expect(first.statusCode).toBe(200);
    const firstName = first.json<TBusiness>().logoUrl ?? '';
    expect(firstName).toMatch(new RegExp(`^businesses/${owner.businessId}/logo/[0-9a-f]{24}\\.png$`));
    expect(await exists(blobFile(firstName))).toBe(true);

    const second = await putBusiness(t, admin.token, owner.businessId, { description: 'New sign' }, [
      await logoPart('#03c'),
    ]);
    expect(second.statusCode).toBe(200);
    const secondName = second.json<TBusiness>().logoUrl ?? '';
    expect(secondName).not.toBe(firstName);
    expect(await exists(blobFile(secondName))).toBe(true);
    expect(await exists(blobFile(firstName))).toBe(false);
    // Stored re-encoded, as a PNG of the same size.
    const download = await call(
      'GET',
      `/api/azure-blob/download-image?imageUrl=${encodeURIComponent(secondName)}&containerName=inventory`,
      owner.token,
    );
    expect(download.statusCode).toBe(200);
    expect(await sharp(download.rawPayload).metadata()).toMatchObject({ format: 'png', width: 4 });

    const removed = await putBusiness(t, owner.token, owner.businessId, { removeLogo: true });
    expect(removed.json<TBusiness>().logoUrl).toBeNull();
    expect(await exists(blobFile(secondName))).toBe(false);
  });

  it('refuses bad input with the field, changes nothing and stores no logo', async () => {
    const before = await getBusiness();
    const cases: Array<[unknown, string]> = [
      [{ businessName: '   ' }, 'businessName'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ currency: 'XYZ' }, 'currency'],
      [{ businessEmail: 'not-mail' }, 'businessEmail'],
      [{ websiteUrl: 'javascript:alert(1)' }, 'websiteUrl'],
      [{ address: { zipCode: 'A', postalCode: 'B' } }, 'address.postalCode'],
    ];
    for (const [changes, field] of cases) {
      const res = await putBusiness(t, owner.token, owner.businessId, changes, [await logoPart('#0c3')]);
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(
        res.json<{ details: { fieldErrors: Record<string, string[]> } }>().details.fieldErrors,
      ).toHaveProperty([field]);
    }
    const notImage = await putBusiness(t, owner.token, owner.businessId, { businessName: 'X' }, [
      {
        name: 'logo',
        value: Buffer.from('GIF89a not really'),
        filename: 'logo.png',
        contentType: 'image/png',
      },
    ]);
    expect([400, 415]).toContain(notImage.statusCode);
    expect(await getBusiness()).toEqual(before);
    const logos = await readdir(
      path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', owner.businessId, 'logo'),
    ).catch(() => []);
    expect(logos).toEqual([]);
  });

  it('lets an admin update but not close or delete; staff and another business are refused', async () => {
    expect(
      (await putBusiness(t, admin.token, owner.businessId, { description: 'By admin' })).statusCode,
    ).toBe(200);
    const before = await getBusiness();
    expect((await call('PUT', `/api/businesses/${owner.businessId}/close`, admin.token)).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/businesses/${owner.businessId}/activate`, admin.token)).statusCode).toBe(
      403,
    );
    const deletion = { businessName: before.businessName };
    expect(
      (await call('DELETE', `/api/businesses/${owner.businessId}`, admin.token, deletion)).statusCode,
    ).toBe(403);
    expect(
      (await putBusiness(t, clerk.token, owner.businessId, { description: 'By clerk' })).statusCode,
    ).toBe(403);
    // Another business's owner: 404 on every route, whether the id exists or not.
    expect(
      (await putBusiness(t, rival.token, owner.businessId, { description: 'By rival' })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/businesses/${owner.businessId}/close`, rival.token)).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/businesses/${owner.businessId}`, rival.token, deletion)).statusCode,
    ).toBe(404);
    expect(await getBusiness()).toEqual(before);
  });
});

describe('closeBusiness and activateBusiness', () => {
  function login(email: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  }
  function refreshCookie(res: { headers: Record<string, unknown> }): string {
    const header = res.headers['set-cookie'];
    const all = (Array.isArray(header) ? header : [header]) as string[];
    return all.find((cookie) => cookie.startsWith(`${REFRESH_COOKIE}=`))?.split(';')[0] ?? '';
  }

  it('closes: staff cannot sign in, their sessions and refresh end; owners go on; activate lets them back', async () => {
    const held = await login(clerk.email, clerk.password);
    const clerkToken = held.json<{ token: string }>().token;
    const cookie = refreshCookie(held);
    expect(cookie).not.toBe('');

    const closed = await call('PUT', `/api/businesses/${owner.businessId}/close`, owner.token);
    expect(closed.statusCode).toBe(200);
    expect(closed.json<TBusiness>().active).toBe(false);
    // Idempotent: closing again answers the business as it is.
    const again = await call('PUT', `/api/businesses/${owner.businessId}/close`, owner.token);
    expect(again.json()).toEqual(closed.json());

    const refused = await login(clerk.email, clerk.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_DISABLED',
      message: 'This business is closed. Ask its owner to reactivate it.',
    });
    expect((await login(admin.email, admin.password)).statusCode).toBe(403);
    expect((await call('GET', `/api/businesses/${owner.businessId}`, clerkToken)).statusCode).toBe(401);
    expect((await call('GET', `/api/businesses/${owner.businessId}`, admin.token)).statusCode).toBe(401);
    const renewal = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie } });
    expect(renewal.statusCode).toBe(401);

    // The owner keeps the session and signs in as before.
    expect((await getBusiness()).active).toBe(false);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
    // Another business is untouched, and the other business's owner cannot reopen this one.
    expect((await getBusiness(rival.token, rival.businessId)).active).toBe(true);
    expect((await call('PUT', `/api/businesses/${owner.businessId}/activate`, rival.token)).statusCode).toBe(
      404,
    );

    const activated = await call('PUT', `/api/businesses/${owner.businessId}/activate`, owner.token);
    expect(activated.statusCode).toBe(200);
    expect(activated.json<TBusiness>().active).toBe(true);
    expect((await call('PUT', `/api/businesses/${owner.businessId}/activate`, owner.token)).json()).toEqual(
      activated.json(),
    );
    const back = await login(clerk.email, clerk.password);
    expect(back.statusCode).toBe(200);
    clerk.token = back.json<{ token: string }>().token;
    admin.token = (await signIn(t, admin.email, admin.password)).token;
  });
});

describe('deleteBusiness', () => {
  it('refuses a wrong typed name with the field and deletes nothing', async () => {
    const world = await movementSetUp(t, owner);
    await createMovement(t, owner.token, {
      sku: world.product.sku,
      sourceLocationId: world.source.id,
      destinationLocationId: world.destination.id,
      quantity: 2,
    });
    const before = await rowsOfBusiness(t, owner.businessId);
    for (const businessName of ['Harbour', 'harbour books & maps', 'Rival Books']) {
      const res = await call('DELETE', `/api/businesses/${owner.businessId}`, owner.token, { businessName });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: { fieldErrors: { businessName: [expect.any(String)] } },
      });
    }
    expect((await call('DELETE', `/api/businesses/${owner.businessId}`, owner.token, {})).statusCode).toBe(
      400,
    );
    expect(await rowsOfBusiness(t, owner.businessId)).toEqual(before);
  });

  it('removes every row of the business and its files; staff are anonymised, the owner starts again', async () => {
    await putBusiness(t, owner.token, owner.businessId, {}, [await logoPart('#c30')]);
    await movementSetUp(t, rival);
    const rivalLogo = (
      await putBusiness(t, rival.token, rival.businessId, {}, [await logoPart('#333')])
    ).json<TBusiness>().logoUrl;
    // A table added by a later feature, which the deletion has never heard of, holding a row that
    // a foreign key ties to a location (so locations are refused until it is emptied).
    await t.sql(
      `create table later_feature_notes (business_id uuid not null, location_id uuid not null,
         foreign key (business_id, location_id) references locations (business_id, id))`,
    );
    for (const business of [owner.businessId, rival.businessId])
      await t.sql(
        `insert into later_feature_notes select business_id, id from locations where business_id = $1 limit 1`,
        [business],
      );
    const before = await rowsOfBusiness(t, owner.businessId);
    // The data is really there: catalogue, stock and its ledger, movements, audit, staff.
    for (const table of [
      'locations',
      'products',
      'inventory_items',
      'stock_ledger',
      'stock_movements',
      'audit_logs',
      'users',
      'later_feature_notes',
    ])
      expect(before[table], table).toBeGreaterThan(0);
    const rivalBefore = await rowsOfBusiness(t, rival.businessId);

    const res = await call('DELETE', `/api/businesses/${owner.businessId}`, owner.token, {
      businessName: '  Harbour Books & Maps  ',
    });
    expect(res.statusCode).toBe(204);
    const after = await rowsOfBusiness(t, owner.businessId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsOfBusiness(t, rival.businessId)).toEqual(rivalBefore);
    expect(
      await exists(path.join(t.config.dataDir, 'blobs', 'inventory', 'businesses', owner.businessId)),
    ).toBe(false);
    expect(await exists(blobFile(rivalLogo ?? ''))).toBe(true);

    // Every session ended; the owner signs in again without a business (business setup next).
    expect((await call('GET', `/api/businesses/${owner.businessId}`, owner.token)).statusCode).toBe(401);
    expect((await call('GET', `/api/businesses/${owner.businessId}`, clerk.token)).statusCode).toBe(401);
    const again = await signIn(t, owner.email, owner.password);
    expect(again.user).toMatchObject({ businessId: null, roles: ['ROLE_BUSINESS_OWNER'] });
    expect((await call('GET', `/api/businesses/${owner.businessId}`, again.token)).statusCode).toBe(404);

    // Staff cannot sign in: their accounts are anonymised, their address free again.
    const staffLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: clerk.email, password: clerk.password },
    });
    expect(staffLogin.statusCode).toBe(401);
    const { rows } = await t.sql(
      'select email, full_name, password_hash, deleted_at, business_id from users where id = any($1)',
      [[clerk.userId, admin.userId]],
    );
    for (const row of rows as Array<Record<string, unknown>>) {
      expect(row.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
      expect(row).toMatchObject({ full_name: 'Deleted user', password_hash: null, business_id: null });
      expect(row.deleted_at).not.toBeNull();
    }
    // The rival goes on as before.
    expect((await call('GET', `/api/businesses/${rival.businessId}`, rival.token)).statusCode).toBe(200);
  });
});
