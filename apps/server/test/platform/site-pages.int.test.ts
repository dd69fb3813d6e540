import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SITE_PAGE_PATHS, sitePageFile } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { buildTestApp, type TestApp } from '../build-app.js';

/** What the web build writes: pages with the stand-in for the public address. */
function builtPage(pagePath: string): string {
  return `<!doctype html><html lang="en"><head><title>${pagePath}</title><link rel="canonical" href="%SITE_ORIGIN%${pagePath}"><meta property="og:image" content="%SITE_ORIGIN%/site/a.webp"></head><body><h1>Page ${pagePath}</h1>${'<p>filler text of the page</p>'.repeat(200)}</body></html>`;
}

let distDir: string;
let t: TestApp;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'site-pages-'));
  await mkdir(path.join(distDir, 'site-pages'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
  await Promise.all(
    SITE_PAGE_PATHS.map((pagePath) =>
      writeFile(path.join(distDir, 'site-pages', sitePageFile(pagePath)), builtPage(pagePath)),
    ),
  );
  t = await buildTestApp({ WEB_DIST_DIR: distDir, APP_URL: 'https://shop.example.com' });
});

afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the public site pages', () => {
  it.each(SITE_PAGE_PATHS)('sends %s as built, with the public address put in', async (pagePath) => {
    const response = await t.app.inject({ method: 'GET', url: pagePath });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<h1>Page ${pagePath}</h1>`);
    expect(response.body).toContain(`<link rel="canonical" href="https://shop.example.com${pagePath}">`);
    expect(response.body).toContain('content="https://shop.example.com/site/a.webp"');
    expect(response.body).not.toContain('%SITE_ORIGIN%');
  });

  it('sends the document headers, revalidated each time, with an ETag that answers 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/loyalty' });
    expect(first.headers['content-security-policy']).toContain("script-src 'self'");
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await t.app.inject({ method: 'GET', url: '/loyalty', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.app.inject({ method: 'GET', url: '/about', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('keeps the query of a page, as a QR code sends it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/scan-pay-go?store=AbCdEfGhIjKlMnOp' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>Page /scan-pay-go</h1>');
  });

  it('sends gzip at once and brotli once it is made', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/crm', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<h1>Page /crm</h1>');

    let encoding: unknown;
    for (let attempt = 0; attempt < 50 && encoding !== 'br'; attempt += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/crm',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      encoding = response.headers['content-encoding'];
      if (encoding !== 'br') await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(encoding).toBe('br');
  });

  it('sends the page at its address with a trailing slash too (the canonical URL names one)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/loyalty/?ref=mail' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('href="https://shop.example.com/loyalty"');
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('leaves the app its own routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lets crawlers read the site, not the dashboard or the API, and names the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /dashboard',
      'Disallow: /api/',
      '',
      'Sitemap: https://shop.example.com/sitemap.xml',
      '',
    ]);
  });

  it('lists every public page at the public address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(
      [...SITE_PAGE_PATHS, '/subscription-plans'].map((pagePath) => `https://shop.example.com${pagePath}`),
    );
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });
});

describe('the site configuration and the trackers', () => {
  it('configures no tracker by default, and documents allow no other origin', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/site-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ analyticsScriptUrl: null, marketingPixelUrl: null });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy']).split(';')).toContain("script-src 'self'");
  });

  it('names the configured trackers and lets documents load from their origins only', async () => {
    const withTrackers = await buildTestApp({
      WEB_DIST_DIR: distDir,
      ANALYTICS_SCRIPT_URL: 'https://stats.example.org/a.js',
      MARKETING_PIXEL_URL: 'https://pixel.example.net/p.js?id=7',
    });
    try {
      const config = await withTrackers.app.inject({ method: 'GET', url: '/api/public/site-config' });
      expect(config.json()).toEqual({
        analyticsScriptUrl: 'https://stats.example.org/a.js',
        marketingPixelUrl: 'https://pixel.example.net/p.js?id=7',
      });
      const csp = String(
        (await withTrackers.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
      );
      const directives = csp.split(';');
      for (const name of ['script-src', 'connect-src', 'img-src']) {
        const directive = directives.find((entry) => entry.startsWith(`${name} `)) ?? '';
        expect(directive).toContain(' https://stats.example.org');
        expect(directive).toContain(' https://pixel.example.net');
      }
      expect(directives).toContain("default-src 'self'");
      // API answers stay locked down.
      expect(config.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await withTrackers.close();
    }
  });

  it.each([
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    'ftp://files.example.com/a.js',
    'not a url',
  ])('refuses a tracker address a browser should not load: %s', (url) => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ANALYTICS_SCRIPT_URL: url })).toThrow(
      /ANALYTICS_SCRIPT_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: tmpdir(), MARKETING_PIXEL_URL: url })).toThrow(/MARKETING_PIXEL_URL/);
  });
});
