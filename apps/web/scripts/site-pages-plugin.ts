import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { SITE_PAGE_PATHS, sitePageFile, type SitePagePath } from '@app/contracts';
import { build, createServer, defaultServerConditions, type Plugin, type ViteDevServer } from 'vite';
import type { SiteAssets } from '../src/site/prerender';
import type { SitePage } from '../src/site/site-page';
import { writeCompressed } from './precompress-plugin';

type PrerenderModule = {
  renderSitePage: (page: SitePage, assets: SiteAssets) => string;
  sitePageAt: (path: string) => SitePage | undefined;
};

/** The weights whose fonts a page fetches before its stylesheet asks: body text and headings. */
const PRELOADED_FONT = /\/assets\/inter-latin-(?:400|700)-normal-[\w-]+\.woff2/g;

/**
 * The public site (issue 15): after the app's build, writes each page of SITE_PAGE_PATHS as static
 * HTML into dist/site/ (rendered by `src/site/prerender.tsx` through Vite's SSR loader, with the
 * styles it used inlined) and builds the pages' script (`src/site/site.ts`) into dist/assets/. In
 * development the dev server renders the same pages on request.
 */
export function sitePages(): Plugin[] {
  let root = '';
  let outDir = '';
  return [
    {
      name: 'app:site-pages',
      apply: 'build',
      configResolved(config) {
        root = config.root;
        outDir = path.resolve(config.root, config.build.outDir);
      },
      async closeBundle() {
        const script = await buildSiteScript(root, outDir);
        const fontCss = await readEntryCss(outDir);
        const assets: SiteAssets = {
          fontCss,
          fontPreloads: [...new Set(fontCss.match(PRELOADED_FONT) ?? [])],
          script,
        };
        const server = await createSsrLoader(root);
        try {
          const prerender = (await server.ssrLoadModule('/src/site/prerender.tsx')) as PrerenderModule;
          await mkdir(path.join(outDir, 'site-pages'), { recursive: true });
          await Promise.all(
            SITE_PAGE_PATHS.map((pagePath) =>
              writeFile(
                path.join(outDir, 'site-pages', sitePageFile(pagePath)),
                prerender.renderSitePage(pageAt(prerender, pagePath), assets),
              ),
            ),
          );
        } finally {
          await server.close();
        }
      },
    },
    {
      name: 'app:site-pages-dev',
      apply: 'serve',
      configureServer(server) {
        server.middlewares.use((request, response, next) => {
          const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
          if (request.method !== 'GET' || !isSitePath(pathname)) return next();
          server
            .ssrLoadModule('/src/site/prerender.tsx')
            .then((module) => {
              const prerender = module as PrerenderModule;
              const html = prerender
                .renderSitePage(pageAt(prerender, pathname), {
                  fontCss: '',
                  fontPreloads: [],
                  script: '/src/site/site.ts',
                })
                .replaceAll('%SITE_ORIGIN%', `http://${request.headers.host ?? 'localhost'}`);
              response.setHeader('Content-Type', 'text/html; charset=utf-8');
              response.end(html);
            })
            .catch(next);
        });
      },
    },
  ];
}

function isSitePath(pathname: string): pathname is SitePagePath {
  return (SITE_PAGE_PATHS as readonly string[]).includes(pathname);
}

function pageAt(prerender: PrerenderModule, pagePath: string): SitePage {
  const page = prerender.sitePageAt(pagePath);
  if (!page) throw new Error(`The public site has no page for ${pagePath} (src/site/site-pages.ts)`);
  return page;
}

/** The pages' script, alone: it shares no chunk with the app, so a page loads only its own bytes. */
async function buildSiteScript(root: string, outDir: string): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { conditions: ['source', 'module', 'browser', 'import', 'default'] },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: path.join(root, 'src/site/site.ts'),
        output: { entryFileNames: 'assets/site-[hash].js', format: 'es' },
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const entry = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk' && file.isEntry);
  if (!entry) throw new Error('The site script build wrote no entry');
  await writeCompressed(path.join(outDir, entry.fileName));
  return `/${entry.fileName}`;
}

/** The app's stylesheet: the @font-face rules of Inter (the theme's only CSS import). */
async function readEntryCss(outDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { isEntry?: boolean; css?: string[] }
  >;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry === true);
  const files = entry?.css ?? [];
  const sheets = await Promise.all(files.map((file) => readFile(path.join(outDir, file), 'utf8')));
  return sheets.join('');
}

function createSsrLoader(root: string): Promise<ViteDevServer> {
  return createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    plugins: [react()],
    resolve: { conditions: ['source', ...defaultServerConditions] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}
