import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-app.js';

/**
 * A tiny built web app, with the .br and .gz siblings the Vite build writes: the server's part is
 * under test, not the build's, and a full `vite build` would make these tests slow and order-bound.
 */
const ASSET_URL = '/assets/app-Ab12Cd34.js';
const ASSET = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const line${i} = "a compressible line ${i}";\n`).join(''),
);
const INDEX_HTML = Buffer.from(
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Retail Back-Office</title>` +
    `<script type="module" src="${ASSET_URL}"></script></head><body><div id="root"></div></body></html>\n`,
);

let distDir: string;
let t: TestApp;
beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'backoffice-web-dist-'));
  await mkdir(path.join(distDir, 'assets'));
  for (const [file, content] of [
    [ASSET_URL.slice(1), ASSET],
    ['index.html', INDEX_HTML],
  ] as const) {
    const target = path.join(distDir, file);
    await writeFile(target, content);
    await writeFile(`${target}.br`, brotliCompressSync(content));
    await writeFile(`${target}.gz`, gzipSync(content));
  }
  t = await buildTestApp({ WEB_DIST_DIR: distDir });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

const DECODE: Record<string, (body: Buffer) => Buffer> = {
  br: (body) => brotliDecompressSync(body),
  gzip: (body) => gunzipSync(body),
  identity: (body) => body,
};

/** `accept-encoding` sent, and the content-encoding expected back (undefined: identity). */
const NEGOTIATIONS = [
  { accept: 'gzip, deflate, br', encoding: 'br' },
  { accept: 'gzip', encoding: 'gzip' },
  { accept: undefined, encoding: undefined },
  { accept: 'identity', encoding: undefined },
] as const;

describe('compressed delivery', () => {
  describe('web files, sent precompressed from the build', () => {
    describe.each([
      { name: 'a JS asset', url: ASSET_URL, raw: ASSET, type: /^application\/javascript/ },
      { name: 'index.html for a client-side route', url: '/login', raw: INDEX_HTML, type: /^text\/html/ },
      {
        name: 'index.html for the reset link under /api',
        url: '/api/auth/reset-password/confirm?token=x',
        raw: INDEX_HTML,
        type: /^text\/html/,
      },
    ])('$name', ({ url, raw, type }) => {
      it.each(NEGOTIATIONS)('accept-encoding $accept -> $encoding', async ({ accept, encoding }) => {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: accept === undefined ? {} : { 'accept-encoding': accept },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(type);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(DECODE[encoding ?? 'identity']?.(res.rawPayload).equals(raw)).toBe(true);
        if (encoding) expect(res.rawPayload.length).toBeLessThan(raw.length);
      });
    });

    it('keeps the document security headers and caching rules on compressed files', async () => {
      const asset = await t.app.inject({
        method: 'GET',
        url: ASSET_URL,
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-security-policy']).toContain("default-src 'self'");
      expect(asset.headers['x-content-type-options']).toBe('nosniff');

      const page = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it.each([ASSET_URL, '/login'])('answers HEAD %s with the compressed length and no body', async (url) => {
      const res = await t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(Number(res.headers['content-length'])).toBe(
        brotliCompressSync(url === '/login' ? INDEX_HTML : ASSET).length,
      );
      expect(res.rawPayload.length).toBe(0);
    });

    it.each([ASSET_URL, '/login'])(
      'answers a revalidation of %s with 304 and no body, per encoding',
      async (url) => {
        const first = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        const etag = String(first.headers.etag);
        expect(etag).not.toBe('undefined');
        const again = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br', 'if-none-match': etag },
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        // The gzip file is another representation: the br validator does not match it.
        const other = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
        });
        expect(other.statusCode).toBe(200);
        expect(other.headers['content-encoding']).toBe('gzip');
      },
    );

    it('gives the .br and .gz siblings no routes of their own', async () => {
      const res = await t.app.inject({ method: 'GET', url: `${ASSET_URL}.br` });
      // Any unknown path outside /api is a client-side route: the page, not the brotli bytes.
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    });
  });

  describe('API answers', () => {
    it('compresses JSON over 1 kB (br preferred, then gzip) and keeps the API headers', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);

      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/openapi.json',
          headers: { 'accept-encoding': accept },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        // Large answers are compressed as a stream (off the event loop) and sent chunked.
        if (res.headers['transfer-encoding'] !== 'chunked')
          expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(DECODE[encoding]?.(res.rawPayload).equals(plain.rawPayload)).toBe(true);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('sends JSON under 1 kB as it is', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('answers HEAD on a large JSON answer without a body', async () => {
      const res = await t.app.inject({
        method: 'HEAD',
        url: '/api/openapi.json',
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(0);
    });
  });

  describe('COMPRESSION=off', () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await buildTestApp({ WEB_DIST_DIR: distDir, COMPRESSION: 'off' });
    });
    afterAll(async () => {
      await off.close();
    });

    it.each([ASSET_URL, '/login', '/api/openapi.json'])('sends %s uncompressed', async (url) => {
      const res = await off.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
    });
  });
});
