/**
 * Attacks on the public site of issue 15 (no sign-in): the thirteen static pages, robots.txt,
 * sitemap.xml, the site configuration, and the store behind a QR code as the page shows it. The
 * lookup's own attacks (tenancy, hostile codes, the SQL function) are in
 * public-store-attacks.int.test.ts; this file takes what it leaves.
 *
 * The server runs as it does on the internet behind a proxy on the same host (TRUST_PROXY=1),
 * which is where forwarded headers are believed if anything believes them. Path tricks go over a
 * real socket, since inject and HTTP clients resolve dot segments before they are sent.
 *
 * Found and fixed here: an encoding the client refused (`gzip;q=0`) was sent anyway, and `x-br`
 * counted as brotli; the gzip and brotli bytes carried the page's own ETag, so a cache could
 * revalidate one representation as another; HEAD on the lookup routes was a second rate-limit
 * budget whose status answered a guess; the lookup spelt `/%61pi/public/stores/...` got the
 * document headers (no no-store, a CSP for pages); APP_URL took javascript:, data: and URLs with a
 * query or credentials, and tracker URLs took credentials the site configuration hands to everyone.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SITE_PAGE_PATHS, sitePageFile, type TPublicStore, type TStore } from '@app/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_STORE_RATE_LIMIT } from '../../src/modules/product/public-stores/public-stores.routes.js';
import { ConfigError, loadConfig } from '../../src/platform/config.js';
import { API_SECURITY_HEADERS, computeDocumentHeaders } from '../../src/platform/http/security-headers.js';
import { buildTestApp, type TestApp } from '../build-app.js';
import { bearer, ownerWithBusiness } from '../factories/accounts.js';
import { insertLocation, setPlan } from '../factories/catalogue.js';
import { PNG_1X1, multipart } from '../factories/multipart.js';

/** The factories' mail links name this address, so it is the test app's public one too. */
const APP_URL = 'http://app.test';
/** A file beside the web build: nothing the server answers may ever contain it. */
const OUTSIDE_SECRET = 'OUTSIDE-DIST-SECRET-7f3a';
const SPA_SHELL = '<div id="root"></div>';
const PLACEHOLDER = '%SITE_ORIGIN%';

/** What the web build writes: a page over 1 kB with the stand-in for the public address. */
function builtPage(pagePath: string): string {
  return `<!doctype html><html lang="en"><head><title>${pagePath}</title><link rel="canonical" href="${PLACEHOLDER}${pagePath}"><meta property="og:url" content="${PLACEHOLDER}${pagePath}"></head><body><h1>Page ${pagePath}</h1>${'<p>text of the public page</p>'.repeat(80)}</body></html>`;
}

let root: string;
let t: TestApp;
let port: number;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A request over a real socket with the target exactly as written: Node's client sends dot
 * segments, encoded slashes and absolute-form targets untouched, as an attacker's client does.
 */
function overSocket(target: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: target, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The status line a raw request gets: for requests Node's client will not finish sending. */
function statusLineOf(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

/** The page's text whatever encoding it came in. */
function decoded(answer: { headers: Record<string, unknown>; rawPayload?: Buffer; body: unknown }): string {
  const bytes = answer.rawPayload ?? (answer.body as Buffer);
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
}

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** Asks with brotli accepted until the lazily made brotli bytes are ready. */
async function waitForBrotli(url: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await page(url, { 'accept-encoding': 'br' });
    if (response.headers['content-encoding'] === 'br') return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`brotli of ${url} never became ready`);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'public-site-attacks-'));
  const distDir = path.join(root, 'dist');
  await mkdir(path.join(distDir, 'site-pages'), { recursive: true });
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(root, 'secret.txt'), OUTSIDE_SECRET);
  await writeFile(path.join(distDir, 'index.html'), `<!doctype html><title>app</title>${SPA_SHELL}`);
  await writeFile(path.join(distDir, 'assets', 'app-1a2b.js'), 'console.log("app")');
  await Promise.all(
    SITE_PAGE_PATHS.map((pagePath) =>
      writeFile(path.join(distDir, 'site-pages', sitePageFile(pagePath)), builtPage(pagePath)),
    ),
  );
  // The build's precompress step writes siblings like these: the raw page, placeholder and all.
  await writeFile(path.join(distDir, 'site-pages', 'home.html.gz'), gzipSync(builtPage('/')));
  await writeFile(path.join(distDir, 'site-pages', 'home.html.br'), builtPage('/'));
  t = await buildTestApp({ WEB_DIST_DIR: distDir, APP_URL, TRUST_PROXY: '1' });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});

afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

describe('SECURITY the public site pages', () => {
  describe('canonical addresses', () => {
    const FORGED: Array<Record<string, string>> = [
      { host: 'evil.example' },
      { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9;host=evil.example;proto=http' },
      { 'x-forwarded-prefix': '//evil.example', 'x-forwarded-port': '8443' },
      { 'x-original-url': '/site-pages/home.html', 'x-rewrite-url': '/site-pages/home.html' },
    ];

    it.each(['/', '/loyalty', '/scan-pay-go?store=AAAAAAAAAAAAAAAA', '/robots.txt', '/sitemap.xml'])(
      'come from APP_URL only: %s is the same bytes whatever Host or forwarded headers a trusted proxy passes on',
      async (target) => {
        const plain = await overSocket(target);
        expect(plain.status).toBe(200);
        expect(plain.body.toString()).toContain(APP_URL);
        for (const headers of FORGED) {
          const forged = await overSocket(target, { headers });
          expect(forged.status, JSON.stringify(headers)).toBe(200);
          expect(forged.body.equals(plain.body), JSON.stringify(headers)).toBe(true);
          expect(forged.body.toString()).not.toContain('evil.example');
          expect(JSON.stringify(forged.headers)).not.toContain('evil.example');
        }
      },
    );

    it('come from APP_URL for an absolute-form request target naming another host', async () => {
      const forged = await overSocket('http://evil.example/loyalty', { headers: { host: 'evil.example' } });
      expect(forged.status).toBe(200);
      expect(forged.body.toString()).toContain(`<link rel="canonical" href="${APP_URL}/loyalty">`);
      expect(forged.body.toString()).not.toContain('evil.example');
    });

    it('are not taken from the query: a placeholder or markup in it is not put in', async () => {
      const query = `?ref=${encodeURIComponent(`${PLACEHOLDER}"><script>alert(1)</script>`)}`;
      const response = await page(`/loyalty${query}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe((await page('/loyalty')).body);
      expect(response.body).not.toContain('<script>');
    });
  });

  describe('files outside the pages', () => {
    const TRICKS = [
      '/site-pages/home.html',
      '/site-pages/loyalty.html',
      '/site-pages/home.html.gz',
      '/site-pages/home.html.br',
      '/site-pages/',
      '/site-pages%2Fhome.html',
      '/site-pages%2fhome.html',
      '/home.html',
      '/loyalty.html',
      '/about/../site-pages/home.html',
      '/assets/../site-pages/home.html',
      '/assets/%2e%2e/site-pages/home.html',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/.%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/%252e%252e/secret.txt',
      '/assets/../../secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      '//secret.txt',
      '/index.html/../../secret.txt',
      'http://evil.example/site-pages/home.html',
      'http://evil.example/../secret.txt',
    ];

    it.each(TRICKS)(
      'never answers a raw built page or a file beside the build for %s, in any encoding',
      async (target) => {
        for (const acceptEncoding of ['identity', 'gzip', 'br']) {
          const response = await overSocket(target, { headers: { 'accept-encoding': acceptEncoding } });
          const text = response.headers['content-encoding'] ? decoded(response) : response.body.toString();
          expect([200, 400, 404], `${target} ${acceptEncoding}`).toContain(response.status);
          expect(text, target).not.toContain(OUTSIDE_SECRET);
          expect(text, target).not.toContain(PLACEHOLDER);
          // What a 200 may be: the app's shell (a client-side route) or a page with APP_URL put in.
          if (response.status === 200) {
            expect(text.includes(SPA_SHELL) || text.includes(`href="${APP_URL}`), target).toBe(true);
          }
        }
      },
    );

    it.each(['//loyalty', '/loyalty;x', '/LOYALTY', '/loyalty%00', '/loyalty/..', '/Loyalty/'])(
      'answers %s with the app shell, never the page bytes under another address',
      async (target) => {
        const response = await overSocket(target);
        expect(response.status).toBe(200);
        expect(response.body.toString()).toContain(SPA_SHELL);
        expect(response.body.toString()).not.toContain('<h1>Page /loyalty</h1>');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      },
    );

    it('still serves the build’s own files, so the refusals above are not a broken static server', async () => {
      const asset = await overSocket('/assets/app-1a2b.js');
      expect(asset.status).toBe(200);
      expect(asset.body.toString()).toBe('console.log("app")');
    });
  });

  describe('methods', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const)(
      'answers %s on the pages, robots.txt and sitemap.xml with a 404 and no page',
      async (method) => {
        for (const url of ['/', '/loyalty', '/robots.txt', '/sitemap.xml']) {
          const response = await t.app.inject({ method, url, payload: method === 'TRACE' ? undefined : {} });
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
          expect(response.body).not.toContain('Page ');
          expect(response.body).not.toContain('Sitemap');
          expect(response.headers['access-control-allow-origin']).toBeUndefined();
        }
      },
    );

    it('answers HEAD with the headers of GET (ETag, CSP, Vary) and no body, and 304 to its ETag', async () => {
      const get = await page('/crm', { 'accept-encoding': 'gzip' });
      const head = await t.app.inject({
        method: 'HEAD',
        url: '/crm',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      for (const name of [
        'etag',
        'content-type',
        'content-encoding',
        'vary',
        'cache-control',
        'content-security-policy',
      ])
        expect(head.headers[name], name).toBe(get.headers[name]);
      const again = await t.app.inject({
        method: 'HEAD',
        url: '/crm',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': String(get.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('encodings and caches', () => {
    it('gives each encoding its own ETag, so a cache cannot revalidate one representation as another', async () => {
      await waitForBrotli('/about');
      const identity = await page('/about');
      const gzip = await page('/about', { 'accept-encoding': 'gzip' });
      const br = await page('/about', { 'accept-encoding': 'br' });
      expect([identity, gzip, br].map((r) => r.headers['content-encoding'])).toEqual([
        undefined,
        'gzip',
        'br',
      ]);
      const [identityTag = '', gzipTag = '', brTag = ''] = [identity, gzip, br].map((r) =>
        String(r.headers.etag),
      );
      expect(new Set([identityTag, gzipTag, brTag]).size).toBe(3);
      for (const response of [identity, gzip, br]) {
        expect(response.headers.vary).toBe('Accept-Encoding');
        expect(decoded(response)).toBe(identity.body);
      }
      // The tag of a representation the client would not get now is no match.
      const gzipClientWithIdentityTag = await page('/about', {
        'accept-encoding': 'gzip',
        'if-none-match': identityTag,
      });
      expect(gzipClientWithIdentityTag.statusCode).toBe(200);
      expect(gzipClientWithIdentityTag.headers['content-encoding']).toBe('gzip');
      const plainClientWithBrotliTag = await page('/about', { 'if-none-match': brTag });
      expect(plainClientWithBrotliTag.statusCode).toBe(200);
      expect(plainClientWithBrotliTag.headers['content-encoding']).toBeUndefined();
      // Each matches itself, and the 304 names the same tag and keeps Vary.
      for (const [encoding, etag] of [
        ['identity', identityTag],
        ['gzip', gzipTag],
        ['br', brTag],
      ] as const) {
        const revalidated = await page('/about', { 'accept-encoding': encoding, 'if-none-match': etag });
        expect(revalidated.statusCode, encoding).toBe(304);
        expect(revalidated.headers.etag).toBe(etag);
        expect(revalidated.headers.vary).toBe('Accept-Encoding');
        expect(revalidated.body).toBe('');
      }
    });

    it.each([
      ['br;q=0, gzip', 'br;q=0, gzip', 'gzip'],
      ['gzip;q=0', 'gzip;q=0', undefined],
      ['br;q=0, gzip;q=0', 'br;q=0, gzip;q=0', undefined],
      ['gzip; q=0.000', 'gzip; q=0.000', undefined],
      ['gzip;q=abc', 'gzip;q=abc', undefined],
      ['look-alike names', 'x-br, x-gzip, brotli, gzip2', undefined],
      ['GZIP', 'GZIP', 'gzip'],
      ['Br', 'Br', 'br'],
      ['*', '*', 'br'],
      ['*;q=0', '*;q=0', undefined],
      ['br;q=0, *', 'br;q=0, *', 'gzip'],
      ['identity', 'identity', undefined],
      ['8 kB of junk, then gzip', `${'x'.repeat(8000)}, gzip`, 'gzip'],
      ['separators only', ',,;;,q=1,;q=1, ,', undefined],
    ])(
      'honours Accept-Encoding %s, never sending an encoding the client refused',
      async (_case, header, expected) => {
        await waitForBrotli('/analytics');
        const response = await page('/analytics', { 'accept-encoding': header });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(expected);
        expect(decoded(response)).toContain('<h1>Page /analytics</h1>');
        expect(response.headers.vary).toBe('Accept-Encoding');
      },
    );

    it.each([
      ['a weak tag', (etag: string) => `W/${etag}`],
      ['a list holding the tag', (etag: string) => `"nope", ${etag} , W/"other"`],
      ['*', () => '*'],
    ])('answers If-None-Match with %s by a 304', async (_case, header) => {
      const etag = String((await page('/terms')).headers.etag);
      const response = await page('/terms', { 'if-none-match': header(etag) });
      expect(response.statusCode).toBe(304);
      expect(response.body).toBe('');
    });

    it('answers hostile If-None-Match headers with the whole page, and over 16 kB of headers with 431', async () => {
      const privacyTag = String((await page('/privacy')).headers.etag);
      for (const header of [
        privacyTag.slice(0, -1),
        privacyTag.replaceAll('"', ''),
        `${privacyTag}x`,
        String((await page('/cookies')).headers.etag),
        '"a",'.repeat(3000),
        ',,,',
        'W/',
      ]) {
        const response = await page('/privacy', { 'if-none-match': header });
        expect(response.statusCode, header.slice(0, 40)).toBe(200);
        expect(response.body).toContain('<h1>Page /privacy</h1>');
      }
      for (const name of ['If-None-Match', 'Accept-Encoding']) {
        const request = `GET /privacy HTTP/1.1\r\nHost: x\r\n${name}: ${'"a",'.repeat(5000)}\r\nConnection: close\r\n\r\n`;
        expect(await statusLineOf(request), name).toBe('HTTP/1.1 431 Request Header Fields Too Large');
      }
    });

    it('answers every visitor the same bytes, with no cookie, so a shared cache holds nothing personal', async () => {
      const anonymous = await page('/smart-inventory', { 'accept-encoding': 'gzip' });
      const signedIn = await page('/smart-inventory', {
        'accept-encoding': 'gzip',
        authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged',
        cookie: 'refreshToken=abc; cookieConsent=%7B%7D',
      });
      expect(signedIn.rawPayload.equals(anonymous.rawPayload)).toBe(true);
      expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
      for (const response of [anonymous, signedIn]) {
        expect(response.headers['set-cookie']).toBeUndefined();
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });
  });
});

describe('SECURITY the site configuration', () => {
  it('answers the two tracker addresses and nothing else of the configuration, with the API headers', async () => {
    const response = await page('/api/public/site-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ analyticsScriptUrl: null, marketingPixelUrl: null });
    for (const secret of [t.config.jwtSecret, t.databaseUrl, t.requestUrl, t.config.dataDir, 'postgres'])
      expect(response.body).not.toContain(secret);
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (name !== 'cache-control') expect(response.headers[name], name).toBe(value);
    }
    expect(response.headers['set-cookie']).toBeUndefined();
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const write = await t.app.inject({ method, url: '/api/public/site-config', payload: {} });
      expect(write.statusCode, method).toBe(404);
    }
  });

  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ DATA_DIR: root, ...env });
    } catch (error) {
      return error instanceof ConfigError ? error.message : `not a ConfigError: ${String(error)}`;
    }
    return null;
  };

  it.each(['https://user:secret@stats.example.org/a.js', 'https://token@pixel.example.net/p.js'])(
    'refuses a tracker address with credentials, which every visitor would read: %s',
    (url) => {
      expect(refusal({ ANALYTICS_SCRIPT_URL: url })).toMatch(/ANALYTICS_SCRIPT_URL.*user name or password/);
      expect(refusal({ MARKETING_PIXEL_URL: url })).toMatch(/MARKETING_PIXEL_URL.*user name or password/);
    },
  );

  it.each([
    'javascript:alert(1)//',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'https://shop.example.com/?next=',
    'https://shop.example.com/#',
    'https://admin:secret@shop.example.com',
  ])('refuses APP_URL=%s: the canonical links, sitemap and mails are built on it', (url) => {
    expect(refusal({ APP_URL: url })).toMatch(/APP_URL/);
  });

  it('keeps a plain APP_URL, with a path or a port', () => {
    for (const url of ['https://shop.example.com', 'http://localhost:8080', 'https://example.com/shop/'])
      expect(refusal({ APP_URL: url })).toBeNull();
  });

  it('admits only a tracker’s origin into the CSP, whatever its path and query hold', () => {
    const config = loadConfig({
      DATA_DIR: root,
      ANALYTICS_SCRIPT_URL: "https://stats.example.org/a.js?x=';script-src%20*;%20'unsafe-inline",
      MARKETING_PIXEL_URL: 'https://pixel.example.net:8443/p.js#;default-src *',
    });
    const directives = String(computeDocumentHeaders(config.siteTrackers)['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim());
    expect(directives).toContain(
      "script-src 'self' https://stats.example.org https://pixel.example.net:8443",
    );
    expect(directives).toContain("default-src 'self'");
    expect(directives.filter((directive) => directive.startsWith('script-src '))).toHaveLength(1);
    expect(directives.filter((directive) => directive.startsWith('default-src '))).toHaveLength(1);
    for (const directive of directives) {
      expect(directive).not.toContain('*');
      if (!directive.startsWith('style-src ')) expect(directive).not.toContain("'unsafe-inline'");
    }
  });
});

describe('SECURITY the store behind a QR code, as the public page shows it', () => {
  let owner: Awaited<ReturnType<typeof ownerWithBusiness>>;
  let nextAddress = 1;
  /** Each lookup from an address of its own unless one is given: the limit tests share one. */
  const lookup = (
    url: string,
    options: { method?: 'GET' | 'HEAD'; address?: string; headers?: Record<string, string> } = {},
  ) =>
    t.app.inject({
      method: options.method ?? 'GET',
      url,
      headers: options.headers,
      remoteAddress:
        options.address ?? `198.51.${100 + Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`,
    });

  async function createStore(
    body: Record<string, unknown>,
    image?: { data: Buffer; contentType: string; filename: string },
  ) {
    const form = multipart([
      {
        name: 'store',
        value: JSON.stringify({ locationId: await insertLocation(t, owner.businessId), ...body }),
      },
      ...(image
        ? [{ name: 'image', value: image.data, filename: image.filename, contentType: image.contentType }]
        : []),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { ...form.headers, ...bearer(owner.token) },
      payload: form.payload,
    });
  }

  async function storeWithImage(
    name: string,
    data: Buffer,
    contentType = 'image/png',
    filename = 'front.png',
  ) {
    const created = await createStore({ name }, { data, contentType, filename });
    if (created.statusCode !== 201) throw new Error(`store: ${created.statusCode} ${created.body}`);
    return created.json<TStore>();
  }

  beforeAll(async () => {
    owner = await ownerWithBusiness(t, 'Quayside Traders');
    await setPlan(t, owner.businessId, 'SUPREME');
  });

  describe('markup in the name and opening hours the owner wrote', () => {
    const NAME = `<img src=x onerror=alert(1)></script><script>alert(document.cookie)</script>`;
    const HOURS = `"><svg onload=alert(1)> Mon–Sat 9–18\u2028<!-- ${PLACEHOLDER} -->`;

    it('comes back as JSON text, never rendered: JSON type, deny-all CSP, nosniff, under every spelling', async () => {
      const created = await createStore({ name: NAME, openingHours: HOURS });
      expect(created.statusCode).toBe(201);
      const store = created.json<TStore>();
      // `%61pi` is `api`: the router decodes it, the app's header hook reads the URL as written.
      for (const url of [
        `/api/public/stores/${store.qrCode}`,
        `/%61pi/public/stores/${store.qrCode}`,
        `/api/public/%73tores/${store.qrCode}`,
      ]) {
        const response = await lookup(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.json<TPublicStore>()).toEqual({ name: NAME, openingHours: HOURS, imageUrl: null });
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
          expect(response.headers[name], `${url} ${name}`).toBe(value);
        expect(response.headers['content-disposition']).toBeUndefined();
      }
    });

    it('never reaches the page: /scan-pay-go is the built page whatever store its address names', async () => {
      const created = await createStore({ name: NAME, openingHours: HOURS });
      const store = created.json<TStore>();
      const bare = await page('/scan-pay-go');
      for (const query of [`?store=${store.qrCode}`, `?store=${encodeURIComponent(NAME)}`]) {
        const response = await page(`/scan-pay-go${query}`);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(bare.body);
        expect(response.body).not.toContain('onerror');
        expect(response.headers['content-security-policy']).toContain("script-src 'self'");
        expect(response.headers['content-security-policy']).toContain("script-src-attr 'none'");
        // The code in the address is not sent on to the image or a consented tracker's origin.
        expect(response.headers['referrer-policy']).toBe('no-referrer');
      }
    });
  });

  describe('the image route', () => {
    async function expectServedAsImage(store: TStore, contentType: string): Promise<Buffer> {
      const response = await lookup(`/api/public/stores/${store.qrCode}/image`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(contentType);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe(
        API_SECURITY_HEADERS['content-security-policy'],
      );
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Inline with no file name: the blob's name (which carries the business id) is not told.
      expect(response.headers['content-disposition']).toBe('inline');
      expect(response.headers['set-cookie']).toBeUndefined();
      return response.rawPayload;
    }

    it.each([
      [
        'an SVG with a script',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
        'image/svg+xml',
        'front.svg',
      ],
      [
        'an HTML page called a PNG',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'image/png',
        'front.png',
      ],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'image/gif', 'front.gif'],
      [
        'a PDF',
        Buffer.from('%PDF-1.4\n1 0 obj<</JS(app.alert(1))>>endobj\n%%EOF'),
        'application/pdf',
        'front.pdf',
      ],
    ])(
      'refuses %s as a store image, and no store is made with it',
      async (_case, data, contentType, filename) => {
        const name = `Refused ${filename}`;
        const created = await createStore({ name }, { data, contentType, filename });
        expect(created.statusCode).toBe(415);
        const { rows } = await t.sql(`select count(*)::int as n from stores where name = $1`, [name]);
        expect(rows).toEqual([{ n: 0 }]);
      },
    );

    it('serves only pixels the server wrote: markup hidden in or after a PNG or JPEG is gone', async () => {
      const script = '<script>alert(document.domain)</script><html><body onload=alert(1)>';
      const pngPolyglot = Buffer.concat([PNG_1X1, Buffer.from(script)]);
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
        .jpeg()
        .toBuffer();
      const comment = Buffer.from(script);
      const commentSegment = Buffer.concat([
        Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
        comment,
      ]);
      const jpegPolyglot = Buffer.concat([
        jpeg.subarray(0, 2),
        commentSegment,
        jpeg.subarray(2),
        Buffer.from(script),
      ]);
      for (const [data, contentType, declared, filename] of [
        [pngPolyglot, 'image/png', 'text/html', 'front.html'],
        [jpegPolyglot, 'image/jpeg', 'image/jpeg', 'front.jpg'],
      ] as const) {
        expect(data.includes('<script'), filename).toBe(true);
        const store = await storeWithImage(`Polyglot ${filename}`, data, declared, filename);
        const served = await expectServedAsImage(store, contentType);
        expect(served.includes('<script'), filename).toBe(false);
        expect(served.includes('onload'), filename).toBe(false);
      }
    });

    it('answers JPEG, PNG and WebP with their own type, never a type the upload declared', async () => {
      const pixels = sharp({ create: { width: 4, height: 4, channels: 3, background: '#3a6' } });
      const images: Array<[Buffer, string]> = [
        [await pixels.clone().jpeg().toBuffer(), 'image/jpeg'],
        [await pixels.clone().png().toBuffer(), 'image/png'],
        [await pixels.clone().webp().toBuffer(), 'image/webp'],
      ];
      for (const [data, contentType] of images) {
        const store = await storeWithImage(`Typed ${contentType}`, data, 'text/html', 'front.html');
        await expectServedAsImage(store, contentType);
      }
    });

    it("stops serving a closed business's image at once, under every spelling, with nothing a cache may keep", async () => {
      const shop = await ownerWithBusiness(t, 'Closing Chandlery');
      const location = await insertLocation(t, shop.businessId);
      const form = multipart([
        { name: 'store', value: JSON.stringify({ name: 'Chandlery', locationId: location }) },
        { name: 'image', value: PNG_1X1, filename: 'front.png', contentType: 'image/png' },
      ]);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/stores',
        headers: { ...form.headers, ...bearer(shop.token) },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      const { qrCode } = created.json<TStore>();
      expect((await lookup(`/api/public/stores/${qrCode}/image`)).statusCode).toBe(200);

      const closed = await t.app.inject({
        method: 'PUT',
        url: `/api/businesses/${shop.businessId}/close`,
        headers: bearer(shop.token),
      });
      expect(closed.json()).toMatchObject({ active: false });
      for (const url of [
        `/api/public/stores/${qrCode}/image`,
        `/api/public/stores/${qrCode}/image/`,
        `/%61pi/public/stores/${qrCode}/image`,
        `/api/public/stores/${qrCode}/image?v=${Date.now()}`,
      ]) {
        const response = await lookup(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ code: 'NOT_FOUND', message: 'No store has this code.' });
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(response.rawPayload.subarray(1, 4).toString('ascii')).not.toBe('PNG');
      }
    });
  });

  describe('guessing codes', () => {
    it('gives HEAD no route of its own: no second rate-limit budget, no status that answers a guess', async () => {
      const store = await storeWithImage('Headless Store', PNG_1X1);
      const unknown = 'AAAAAAAAAAAAAAAA';
      for (const suffix of ['', '/image']) {
        const real = await lookup(`/api/public/stores/${store.qrCode}${suffix}`, { method: 'HEAD' });
        const missing = await lookup(`/api/public/stores/${unknown}${suffix}`, { method: 'HEAD' });
        expect(real.statusCode, suffix).toBe(404);
        expect(missing.statusCode, suffix).toBe(404);
        expect(real.headers['content-length']).toBe(missing.headers['content-length']);
      }
      const address = '203.0.113.60';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        expect((await lookup(`/api/public/stores/${unknown}`, { address })).statusCode).toBe(404);
      }
      expect(
        (await lookup(`/api/public/stores/${store.qrCode}`, { address, method: 'HEAD' })).statusCode,
      ).toBe(404);
      expect((await lookup(`/api/public/stores/${store.qrCode}`, { address })).statusCode).toBe(429);
    });

    it('counts every spelling of the route in one budget: percent-encoded letters buy no more guesses', async () => {
      const address = '203.0.113.61';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        const url =
          i % 2
            ? `/%61pi/public/stores/AAAAAAAAAAAAAAA${i % 10}`
            : `/api/public/%73tores/AAAAAAAAAAAAAAA${i % 10}`;
        expect((await lookup(url, { address })).statusCode, url).toBe(404);
      }
      expect((await lookup('/api/public/stores/AAAAAAAAAAAAAAAB', { address })).statusCode).toBe(429);
    });

    it('behind the trusted proxy, keys on the address the proxy saw, not on what the client wrote before it', async () => {
      const proxy = '127.0.0.1';
      const client = '198.51.100.77';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        const response = await lookup('/api/public/stores/AAAAAAAAAAAAAAAC', {
          address: proxy,
          headers: { 'x-forwarded-for': `10.${i}.0.1, 203.0.113.${i}, ${client}` },
        });
        expect(response.statusCode).toBe(404);
      }
      const limited = await lookup('/api/public/stores/AAAAAAAAAAAAAAAC', {
        address: proxy,
        headers: { 'x-forwarded-for': `192.0.2.250, ${client}` },
      });
      expect(limited.statusCode).toBe(429);
      // Another shopper behind the same proxy has a budget of her own.
      const neighbour = await lookup('/api/public/stores/AAAAAAAAAAAAAAAC', {
        address: proxy,
        headers: { 'x-forwarded-for': '198.51.100.78' },
      });
      expect(neighbour.statusCode).toBe(404);
    });

    it('keys a client that reaches the server directly on its own address, whatever X-Forwarded-For it sends', async () => {
      const address = '203.0.113.62';
      for (let i = 0; i < PUBLIC_STORE_RATE_LIMIT; i++) {
        const response = await lookup('/api/public/stores/AAAAAAAAAAAAAAAD', {
          address,
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        expect(response.statusCode).toBe(404);
      }
      const limited = await lookup('/api/public/stores/AAAAAAAAAAAAAAAD', {
        address,
        headers: { 'x-forwarded-for': '198.51.100.200' },
      });
      expect(limited.statusCode).toBe(429);
    });
  });
});
