/**
 * Attacks on the public store lookup of /scan-pay-go (issue 15): the one read that crosses
 * tenants for a visitor without a business. Another business's store shows its name, opening
 * hours and image and nothing else, to anyone, signed in or not; codes built to inject SQL,
 * match patterns or walk out of the blob storage are refused before the database; guessing codes
 * is rate-limited; and the SQL function itself gives the request role nothing more.
 */
import { randomBytes } from 'node:crypto';
import { API_SECURITY_HEADERS } from '../../src/platform/http/security-headers.js';
import { PUBLIC_STORE_RATE_LIMIT } from '../../src/modules/product/public-stores/public-stores.routes.js';
import type { TErrorBody, TStore } from '@app/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { setPlan } from '../factories/catalogue.js';
import { PNG_1X1, multipart } from '../factories/multipart.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof ownerWithBusiness>>;
let b: Awaited<ReturnType<typeof ownerWithBusiness>>;
let bStore: TStore;
let bLocation: { id: string; name: string };
let request: pg.Client;

const B_DETAILS = {
  phone: '+44 20 7946 0958',
  email: 'harbour.private@beta.test',
  openingHours: 'Daily 7:00-22:00',
};

/** Each call from an address of its own unless one is given: only the rate-limit tests share one. */
let nextAddress = 1;
function get(
  url: string,
  options: { token?: string; address?: string; headers?: Record<string, string> } = {},
) {
  const address = nextAddress++;
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    remoteAddress: options.address ?? `192.0.${2 + Math.floor(address / 250)}.${address % 250}`,
  });
}
const storeUrl = (code: string) => `/api/public/stores/${code}`;
const imageUrl = (code: string) => `/api/public/stores/${code}/image`;

/** A code of the generator's shape (12 random bytes, base64url) that no store has, most likely. */
const randomCode = () => randomBytes(12).toString('base64url');

function expectApiHeaders(res: { headers: Record<string, unknown> }, options: { isImage?: boolean } = {}) {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
    if (name === 'cache-control' && options.isImage) continue;
    expect(res.headers[name], name).toBe(value);
  }
  expect(res.headers['set-cookie']).toBeUndefined();
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await ownerWithBusiness(t, 'Alpha Foods');
  b = await ownerWithBusiness(t, 'Beta Harbour Markets');
  await setPlan(t, b.businessId, 'SUPREME');
  const location = await t.app.inject({
    method: 'POST',
    url: '/api/locations',
    headers: bearer(b.token),
    payload: {
      name: 'Beta Quay Depot',
      street: '14 Quayside Lane',
      city: 'Portsmouth',
      country: 'GB',
      latitude: 50.7989,
      longitude: -1.0912,
    },
  });
  if (location.statusCode !== 201) throw new Error(`location: ${location.statusCode} ${location.body}`);
  bLocation = location.json();
  const form = multipart([
    {
      name: 'store',
      value: JSON.stringify({ name: 'Harbour Market', locationId: bLocation.id, ...B_DETAILS }),
    },
    { name: 'image', value: PNG_1X1, filename: 'front.png', contentType: 'image/png' },
  ]);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/stores',
    headers: { ...form.headers, ...bearer(b.token) },
    payload: form.payload,
  });
  if (created.statusCode !== 201) throw new Error(`store: ${created.statusCode} ${created.body}`);
  bStore = created.json();
  request = new pg.Client({ connectionString: t.requestUrl });
  await request.connect();
});
afterAll(async () => {
  await request.end();
  await t.close();
});

describe('SECURITY public store lookup', () => {
  describe("another business's store", () => {
    it('shows its name, opening hours and image path, and no id, business, address, phone or blob name', async () => {
      const res = await get(storeUrl(bStore.qrCode));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        name: 'Harbour Market',
        openingHours: B_DETAILS.openingHours,
        imageUrl: `/api/public/stores/${bStore.qrCode}/image`,
      });
      for (const secret of [
        b.businessId,
        bStore.id,
        bLocation.id,
        bLocation.name,
        'Beta Harbour Markets',
        'Quayside',
        'Portsmouth',
        '50.79',
        B_DETAILS.phone,
        B_DETAILS.email,
        'businesses/',
        bStore.imageUrl ?? 'no image',
      ]) {
        expect(res.body, secret).not.toContain(secret);
      }
      expectApiHeaders(res);
    });

    it('serves its image without naming the blob it is stored under', async () => {
      const res = await get(imageUrl(bStore.qrCode));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const headerText = JSON.stringify(res.headers);
      expect(headerText).not.toContain(b.businessId);
      expect(headerText).not.toContain(bStore.imageUrl?.split('/').pop() ?? 'no image');
      expectApiHeaders(res, { isImage: true });
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    });

    it("answers a signed-in user of A exactly what it answers anyone, and B's owner the same", async () => {
      const anonymous = await get(storeUrl(bStore.qrCode));
      const asA = await get(storeUrl(bStore.qrCode), { token: a.token });
      const asB = await get(storeUrl(bStore.qrCode), { token: b.token });
      expect(asA.statusCode).toBe(200);
      expect(asA.body).toBe(anonymous.body);
      expect(asB.body).toBe(anonymous.body);
      const imageAsA = await get(imageUrl(bStore.qrCode), { token: a.token });
      const image = await get(imageUrl(bStore.qrCode));
      expect(imageAsA.rawPayload.equals(image.rawPayload)).toBe(true);
    });

    it("does not open B's signed-in store lookup to A through the code", async () => {
      const res = await get(`/api/stores/qr/${bStore.qrCode}`, { token: a.token });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('codes built to attack', () => {
    const HOSTILE: Array<[string, string]> = [
      ['a quote and OR', encodeURIComponent("' OR '1'='1")],
      ['a statement after a quote', encodeURIComponent("x'; drop table stores; --")],
      ['a block comment', encodeURIComponent('AAAAAAAAAAAA/**/')],
      ['a LIKE wildcard %', encodeURIComponent('%')],
      ['sixteen % signs', encodeURIComponent('%'.repeat(16))],
      ['% around a real code', encodeURIComponent('%') + 'AAAA' + encodeURIComponent('%')],
      ['unicode letters', encodeURIComponent('店舗コード店舗コード店舗コード店舗')],
      ['a lookalike Cyrillic A', encodeURIComponent('А'.repeat(16))],
      ['path traversal, encoded', '..%2F..%2F..%2Fetc%2Fpasswd'],
      ['path traversal to a blob, encoded', '..%2F..%2Finventory%2Fbusinesses'],
      ['a backslash', encodeURIComponent('..\\..\\..\\windows')],
      ['a NUL', `AAAAAAAAAAAAAAA${encodeURIComponent('\u0000')}`],
      ['a line break', encodeURIComponent('AAAAAAAAAAAAAAA\n')],
    ];

    it.each(HOSTILE)('refuses %s as a 400 on `code`, on both routes', async (_case, code) => {
      for (const res of [await get(storeUrl(code)), await get(imageUrl(code))]) {
        expect(res.statusCode).toBe(400);
        const body = res.json<TErrorBody>();
        expect(body.code).toBe('VALIDATION_ERROR');
        expect(Object.keys(body.details?.fieldErrors ?? {})).toEqual(['code']);
        expectApiHeaders(res);
      }
    });

    it('matches codes exactly: sixteen _ or -, or a trailing --, are well formed but no store, never a pattern', async () => {
      // The real code with its end changed (never to what it already is: codes may end in _ or -).
      const endingIn = (ending: string) => {
        const code = bStore.qrCode.slice(0, 16 - ending.length) + ending;
        return code === bStore.qrCode ? `${bStore.qrCode.slice(0, 15)}A` : code;
      };
      for (const code of ['_'.repeat(16), '-'.repeat(16), endingIn('_'), endingIn('--')]) {
        expect(code).not.toBe(bStore.qrCode);
        for (const res of [await get(storeUrl(code)), await get(imageUrl(code))]) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No store has this code.' });
          expectApiHeaders(res);
        }
      }
    });

    it('never answers a store or a file for an undecodable path, nor leaves the public routes by dot segments', async () => {
      const probes: Array<[string, number]> = [
        ['/api/public/stores/%', 400],
        ['/api/public/stores/%/image', 400],
        ['/api/public/stores/%E0%A4%A', 400],
        // Dot segments are resolved before routing (by clients, proxies and inject alike): they land on
        // signed-in routes, which ask for a token.
        [`/api/public/../stores/qr/${bStore.qrCode}`, 401],
        [
          `/api/public/stores/${bStore.qrCode}/../../../azure-blob/download-image?imageUrl=${encodeURIComponent(bStore.imageUrl ?? '')}&containerName=inventory`,
          401,
        ],
      ];
      for (const [url, status] of probes) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(status);
        expect(res.body, url).not.toContain('Harbour Market');
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
    });
  });

  describe('enumeration', () => {
    it(`answers 429 after ${PUBLIC_STORE_RATE_LIMIT} lookups a minute from one address, even for a real code`, async () => {
      const address = '203.0.113.40';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        // Forged X-Forwarded-For headers change nothing: no proxy is trusted by default.
        const res = await get(storeUrl(randomCode()), {
          address,
          headers: { 'x-forwarded-for': `198.18.0.${i}` },
        });
        expect(res.statusCode).toBe(404);
      }
      const limited = await get(storeUrl(bStore.qrCode), { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many attempts/),
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expectApiHeaders(limited);
      // Malformed codes count too: they do not buy more guesses.
      expect((await get(storeUrl('x'), { address })).statusCode).toBe(429);
      // Another address is not held up.
      expect((await get(storeUrl(bStore.qrCode), { address: '203.0.113.41' })).statusCode).toBe(200);
    });

    it(`limits the image route the same way (${PUBLIC_STORE_RATE_LIMIT} a minute)`, async () => {
      const address = '203.0.113.50';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        expect((await get(imageUrl(randomCode()), { address })).statusCode).toBe(404);
      }
      const limited = await get(imageUrl(bStore.qrCode), { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<TErrorBody>().code).toBe('RATE_LIMITED');
      expectApiHeaders(limited);
    });
  });

  describe('the SQL function app_public_store', () => {
    /** A transaction as a public request opens one: app_tenant, no business, no user. */
    async function asPublicRequest<T>(
      work: (q: (sql: string, values?: unknown[]) => Promise<pg.QueryResult>) => Promise<T>,
    ) {
      await request.query(`begin; select set_config('role', 'app_tenant', true)`);
      try {
        return await work((sql, values) => request.query(sql, values));
      } finally {
        await request.query('rollback');
      }
    }

    it('answers only name, opening hours and image key, for the exact code only', async () => {
      await asPublicRequest(async (q) => {
        const found = await q('select * from app_public_store($1)', [bStore.qrCode]);
        expect(found.fields.map((field) => field.name)).toEqual(['name', 'opening_hours', 'image_key']);
        expect(found.rows).toEqual([
          { name: 'Harbour Market', opening_hours: B_DETAILS.openingHours, image_key: bStore.imageUrl },
        ]);
        for (const pattern of [
          '%',
          '_'.repeat(16),
          `${bStore.qrCode.slice(0, 8)}%`,
          "' or ''='",
          bStore.qrCode.toLowerCase(),
        ]) {
          if (pattern === bStore.qrCode) continue;
          expect((await q('select * from app_public_store($1)', [pattern])).rows, pattern).toEqual([]);
        }
      });
    });

    it('leaves the tenant walls as they were: with no business set, no store or business row is visible', async () => {
      await asPublicRequest(async (q) => {
        expect((await q('select count(*)::int as n from stores')).rows).toEqual([{ n: 0 }]);
        expect((await q('select count(*)::int as n from businesses')).rows).toEqual([{ n: 0 }]);
      });
    });

    it('may be run by app_tenant only: the login role without SET ROLE is refused', async () => {
      await expect(request.query('select * from app_public_store($1)', [bStore.qrCode])).rejects.toThrow(
        /permission denied/,
      );
      const { rows } = await t.sql(
        `select has_function_privilege('app_tenant', 'app_public_store(text)', 'EXECUTE') as tenant,
                has_function_privilege('public', 'app_public_store(text)', 'EXECUTE') as everyone,
                p.prosecdef as definer, p.provolatile as volatility, p.proconfig as config
           from pg_proc p where p.proname = 'app_public_store'`,
      );
      expect(rows).toEqual([
        {
          tenant: true,
          everyone: false,
          definer: true,
          volatility: 's',
          config: ['search_path=pg_catalog, public'],
        },
      ]);
    });
  });
});
