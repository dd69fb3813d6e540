import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import {
  SITE_CONFIG_PATH,
  SITE_PAGE_PATHS,
  ZSiteConfig,
  sitePageFile,
  type SitePagePath,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteTrackers } from '../config.js';

const brotliAsync = promisify(brotliCompress);

/** The build's stand-in for the public address (apps/web/src/site/prerender.tsx). */
const ORIGIN_PLACEHOLDER = '%SITE_ORIGIN%';

/** Public pages of the app itself that search engines may list beside the site's. */
const APP_PUBLIC_PATHS = ['/subscription-plans'] as const;

type SitePageBody = {
  identity: Buffer;
  gzip: Buffer;
  etag: string;
  /** Brotli at quality 11 takes ~0.3 s a page: made once, off the request, on the first request. */
  brotli: Buffer | null;
  isBrotliStarted: boolean;
};

export type SitePagesOptions = {
  distDir: string;
  /** The public address (APP_URL): canonical URLs, Open Graph, the sitemap. */
  appUrl: string;
  documentHeaders: Readonly<Record<string, string>>;
  trackers: SiteTrackers;
  isCompressed: boolean;
};

/**
 * The public site (issue 15): the pages the web build wrote as static HTML (dist/site-pages/),
 * with the public address put in, sent with the document headers, an ETag and the encoding the
 * client takes; /robots.txt and /sitemap.xml from the same list; and the site's configuration
 * (the trackers a consent may load). A page the build did not write is left to the web app.
 */
export async function registerSitePages(app: FastifyInstance, options: SitePagesOptions): Promise<void> {
  const pages = await loadSitePages(options.distDir, options.appUrl);
  if (pages.size === 0) app.log.warn(`no built public pages in ${options.distDir}; run "npm run build"`);

  for (const [pagePath, body] of pages) {
    app.get(pagePath, { config: { access: 'public' }, schema: { hide: true } }, (request, reply) =>
      sendPage(request, reply, body, options),
    );
  }

  app.get('/robots.txt', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(options.appUrl)),
  );
  app.get('/sitemap.xml', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(sitemapXml(options.appUrl)),
  );
  app.get(
    SITE_CONFIG_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        operationId: 'getSiteConfig',
        summary: 'The trackers the public pages may load after consent (none by default)',
        response: { 200: ZSiteConfig },
      },
    },
    (_request, reply) =>
      reply.header('Cache-Control', 'public, max-age=300').send({
        analyticsScriptUrl: options.trackers.analyticsScriptUrl,
        marketingPixelUrl: options.trackers.marketingPixelUrl,
      }),
  );
}

async function loadSitePages(distDir: string, appUrl: string): Promise<Map<SitePagePath, SitePageBody>> {
  const pages = new Map<SitePagePath, SitePageBody>();
  const origin = escapeAttribute(appUrl);
  await Promise.all(
    SITE_PAGE_PATHS.map(async (pagePath) => {
      let html: string;
      try {
        html = await readFile(path.join(distDir, 'site-pages', sitePageFile(pagePath)), 'utf8');
      } catch {
        return;
      }
      const identity = Buffer.from(html.replaceAll(ORIGIN_PLACEHOLDER, origin));
      pages.set(pagePath, {
        identity,
        gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
        etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
        brotli: null,
        isBrotliStarted: false,
      });
    }),
  );
  return pages;
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  body: SitePageBody,
  { documentHeaders, isCompressed }: SitePagesOptions,
): FastifyReply {
  reply
    .headers(documentHeaders)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('ETag', body.etag)
    .header('Vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();

  const accepted = isCompressed ? String(request.headers['accept-encoding'] ?? '') : '';
  if (/\bbr\b/.test(accepted)) {
    startBrotli(body, request);
    if (body.brotli) return reply.header('Content-Encoding', 'br').send(body.brotli);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

function startBrotli(body: SitePageBody, request: FastifyRequest): void {
  if (body.isBrotliStarted) return;
  body.isBrotliStarted = true;
  brotliAsync(body.identity, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.identity.length,
    },
  }).then(
    (compressed) => {
      body.brotli = compressed;
    },
    (error: unknown) => request.log.warn({ err: error }, 'brotli of a public page failed; gzip is sent'),
  );
}

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

function escapeXml(text: string): string {
  return escapeAttribute(text).replaceAll("'", '&apos;');
}

/** Crawlers may read the public pages; the dashboard and the API are no business of theirs. */
export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every public page worth listing, at the public address. */
export function sitemapXml(appUrl: string): string {
  const urls = [...SITE_PAGE_PATHS, ...APP_PUBLIC_PATHS].map(
    (pagePath) => `  <url><loc>${escapeXml(appUrl + pagePath)}</loc></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
