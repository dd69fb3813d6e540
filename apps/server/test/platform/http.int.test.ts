import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';
import { GOOD_PASSWORD, uniqueEmail } from '../factories/accounts.js';

/** The platform's HTTP behaviour is under test, not the web build: it must not matter whether one exists. */
const NO_WEB_BUILD = { WEB_DIST_DIR: path.join(tmpdir(), 'backoffice-no-web-build') };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(NO_WEB_BUILD);
});
afterAll(async () => {
  await t.close();
});

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

describe('HTTP surface', () => {
  describe('health', () => {
    it('answers {"status":"ok"} as JSON', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ status: 'ok' });
    });
  });

  describe('API documents', () => {
    it('serves an OpenAPI 3 document listing the routes', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc: OpenApiDocument = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/auth/login',
          '/api/auth/register',
          '/api/users/{id}',
          '/api/businesses/create',
        ]),
      );
      expect(doc.paths['/api/auth/login']?.post).toBeDefined();
      expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    });

    it('marks signed-in routes with bearerAuth and public ones without', async () => {
      const doc: OpenApiDocument = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(doc.paths['/api/users/{id}']?.get?.security).toEqual([{ bearerAuth: [] }]);
      expect(doc.paths['/api/businesses/create']?.post?.security).toEqual([{ bearerAuth: [] }]);
      expect(doc.paths['/api/auth/login']?.post?.security).toBeUndefined();
      expect(doc.paths['/api/auth/register']?.post?.security).toBeUndefined();
    });

    it('serves the docs page as HTML', async () => {
      let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
      for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
        res = await t.app.inject({
          method: 'GET',
          url: new URL(String(res.headers.location), 'http://localhost/api/docs').pathname,
        });
      }
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/swagger/i);
    });
  });

  describe('not found and the web app', () => {
    it('answers an unknown /api path with a JSON 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(body.message).toContain('/api/no-such-thing');
    });

    it('answers an unknown method on a known /api path with a JSON 404', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/health' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('serves the single-page app (HTML) on any other path', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/dashboard/product' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<!doctype html>/i);
    });

    it('answers a non-GET on a web path with a JSON 404, not the page', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/dashboard/product', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('serves the reset page (HTML) on GET /api/auth/reset-password/confirm', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/confirm?token=x' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/<!doctype html>/i);
    });
  });

  describe('security headers', () => {
    it.each(['/api/health', '/api/no-such-thing'])('sets the short API set on %s', async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    });

    it.each(['/dashboard/product', '/api/auth/reset-password/confirm?token=x', '/login'])(
      'sets the helmet headers on the document %s',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-eval');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['x-request-id']).toEqual(expect.any(String));
      },
    );
  });

  describe('request bodies', () => {
    it('answers malformed JSON with 400 BAD_REQUEST', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@shop.test", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
    });

    it('answers a JSON body over 1 MB with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@shop.test', password: 'x'.repeat(1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String) });
    });

    it('accepts a body just under the limit as far as the size goes', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@shop.test', password: 'x'.repeat(512 * 1024) }),
      });
      expect(res.statusCode).not.toBe(413);
    });

    it('answers a text/plain body to a JSON route with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/plain' },
        payload: 'email=a@shop.test',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.any(String) });
    });

    it('answers a body that breaks the schema with 400 VALIDATION_ERROR and field errors', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.details.fieldErrors)).toEqual(expect.arrayContaining(['email']));
    });
  });
});

describe('rate limiting', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ ...NO_WEB_BUILD, AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await limited.close();
  });

  const cases: Array<[string, () => Record<string, unknown>]> = [
    ['/api/auth/login', () => ({ email: uniqueEmail('limit'), password: 'wrong-password-123' })],
    [
      '/api/auth/register',
      () => ({ fullName: 'Rita Ratelimit', email: uniqueEmail('limit'), password: GOOD_PASSWORD }),
    ],
    ['/api/auth/reset-password/request', () => ({ email: uniqueEmail('limit') })],
  ];

  describe.each(cases)('POST %s', (url, body) => {
    it('answers the 4th call within a minute with 429 RATE_LIMITED and Retry-After', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await limited.app.inject({ method: 'POST', url, payload: body() });
        expect(res.statusCode).not.toBe(429);
      }
      const res = await limited.app.inject({ method: 'POST', url, payload: body() });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: expect.any(String) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    });
  });

  it('counts per client address: another address is still served', async () => {
    const res = await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.1.2.3',
      payload: { email: uniqueEmail('limit'), password: 'wrong-password-123' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('does not limit other routes', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await limited.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('with a built web app', () => {
  let distDir: string;
  let web: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'backoffice-web-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><body><div id="root">built app</div></body></html>',
    );
    await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app");');
    await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(path.join(distDir, 'site'));
    await writeFile(path.join(distDir, 'site', 'dashboard-640.webp'), 'RIFF....WEBP');
    web = await buildTestApp({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await web.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('serves its index.html on client-side routes, never cached', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/dashboard/product' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('built app');
  });

  it('serves its index.html as the reset page', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/auth/reset-password/confirm?token=x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('built app');
  });

  it('serves hashed assets as immutable files and other files as they are', async () => {
    const asset = await web.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app");');
    expect(asset.headers['cache-control']).toContain('immutable');
    // The site's screenshots are asked for by content version (?v=): as immutable as the assets.
    const shot = await web.app.inject({ method: 'GET', url: '/site/dashboard-640.webp?v=0123abcd' });
    expect(shot.statusCode).toBe(200);
    expect(shot.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await web.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).not.toContain('immutable');
  });

  it('still answers unknown /api paths with a JSON 404', async () => {
    const res = await web.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
