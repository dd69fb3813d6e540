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

type PageEncoding = 'identity' | 'gzip' | 'br';

type SitePageBody = {
  identity: Buffer;
  /** Made on the first request that takes gzip (~2 ms), not at start: every app built pays start-up. */
  gzip: Buffer | null;
  /**
   * One strong validator per encoding (RFC 9110 8.8.3): the gzip and brotli bytes are other
   * representations than the page's, and a cache that stored one under the identity's ETag could
   * hand it, revalidated by a 304, to a client that never accepted that encoding.
   */
  etags: Record<PageEncoding, string>;
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
      const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
      pages.set(pagePath, {
        identity,
        gzip: null,
        etags: { identity: `"${hash}"`, gzip: `"${hash}-gzip"`, br: `"${hash}-br"` },
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
  const accepted = isCompressed ? acceptedEncodings(request.headers['accept-encoding']) : NO_ENCODING;
  if (accepted.has('br')) startBrotli(body, request);
  const [encoding, bytes]: [PageEncoding, Buffer] =
    accepted.has('br') && body.brotli
      ? ['br', body.brotli]
      : accepted.has('gzip')
        ? ['gzip', (body.gzip ??= gzipSync(body.identity, { level: constants.Z_BEST_COMPRESSION }))]
        : ['identity', body.identity];
  const etag = body.etags[encoding];
  reply
    .headers(documentHeaders)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-cache')
    .header('ETag', etag)
    .header('Vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

const NO_ENCODING: ReadonlySet<PageEncoding> = new Set();

/** Browsers name four or five codings; entries past this many are not read, however long the header. */
const MAX_CODINGS = 16;

/**
 * The codings of Accept-Encoding this server has (RFC 9110 12.5.3): names compared without case,
 * `q=0` (or a weight that is no number) refuses one, `*` stands for the ones not named. Anything
 * else in the header is ignored, so a malformed header gets at worst the plain page.
 */
function acceptedEncodings(header: string | undefined): ReadonlySet<PageEncoding> {
  if (!header) return NO_ENCODING;
  const weights: Partial<Record<PageEncoding | '*', number>> = {};
  for (const entry of header.split(',', MAX_CODINGS)) {
    const semicolon = entry.indexOf(';');
    const coding = (semicolon < 0 ? entry : entry.slice(0, semicolon)).trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip' && coding !== '*') continue;
    const quality = semicolon < 0 ? undefined : /;\s*q\s*=([^;]*)/i.exec(entry.slice(semicolon))?.[1];
    weights[coding] = quality === undefined ? 1 : Number(quality.trim() || 'x') || 0;
  }
  const isAccepted = (coding: PageEncoding) => (weights[coding] ?? weights['*'] ?? 0) > 0;
  return new Set((['br', 'gzip'] as const).filter(isAccepted));
}

/** If-None-Match (RFC 9110 13.1.2): `*`, or a list of tags compared weakly (a W/ prefix is ignored). */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
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
