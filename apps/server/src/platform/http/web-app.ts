import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from './app-error.js';

/**
 * Serves the built single-page app: files from apps/web/dist, and index.html for every other
 * path outside /api (client-side routes). Unknown /api paths get a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  documentHeaders: Readonly<Record<string, string>>,
  { isPreCompressed = true }: { isPreCompressed?: boolean } = {},
): Promise<void> {
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      // The build writes x.br and x.gz beside each text file (apps/web/scripts/precompress-plugin.ts):
      // the one the client accepts is sent as it is, with Vary: Accept-Encoding. The siblings get no
      // routes of their own.
      preCompressed: isPreCompressed,
      // site-pages/ holds the public pages before the public address is put in (site-pages.ts).
      globIgnore: ['**/*.br', '**/*.gz', 'site-pages/**'],
      setHeaders: (reply, file) => {
        // Hashed assets never change, nor do the site's screenshots, whose pages ask for them by
        // content version (`?v=`); index.html must always be fresh.
        if (file.includes(`${path.sep}assets${path.sep}`) || file.includes(`${path.sep}site${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  } else {
    app.log.warn(`no built web app in ${distDir}; run "npm run build" to serve it`);
  }

  // The reset link is under /api but is a page: it gets the document headers too. index.html goes
  // through @fastify/static like any file, so it is sent precompressed and answers conditional
  // requests; its own Cache-Control is kept, as the page must always be revalidated.
  app.decorateReply('sendWebApp', function sendWebApp(this: FastifyReply) {
    this.headers(documentHeaders).header('Cache-Control', 'no-cache');
    if (!hasWebApp) return this.type('text/html; charset=utf-8').send(FALLBACK_PAGE);
    return this.sendFile('index.html', { cacheControl: false });
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      throw new AppError(
        'NOT_FOUND',
        `There is no ${request.method} ${request.url.split('?')[0]} in this API.`,
      );
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError('NOT_FOUND', 'This page does not exist.');
    }
    return reply.sendWebApp();
  });
}

declare module 'fastify' {
  interface FastifyReply {
    sendWebApp: () => FastifyReply;
  }
}

const FALLBACK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Retail Back-Office</title></head>
<body><h1>Retail Back-Office</h1><p>The web app is not built yet. Run <code>npm run build</code>.</p></body></html>`;
