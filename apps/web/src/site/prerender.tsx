import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PRODUCT_TITLE } from '../components/brand-logo';
import { theme } from '../app/theme';
import { SitePageView } from './components/site-page-view';
import { SCREENSHOTS } from './screenshots';
import type { SitePage } from './site-page';

/** Replaced by the server with its public address (APP_URL) when it loads the pages. */
export const SITE_ORIGIN_PLACEHOLDER = '%SITE_ORIGIN%';

/** What the client build made that every page links: fonts, and the page script. */
export type SiteAssets = {
  /** The @font-face rules of the app's stylesheet, inlined. */
  fontCss: string;
  /** Font files worth fetching before the stylesheet is parsed (the body and heading weights). */
  fontPreloads: readonly string[];
  /** The page script (`site.ts` built), a module. */
  script: string;
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page's own address, as the canonical URL and og:url say it. */
export function pageUrl(page: SitePage): string {
  return `${SITE_ORIGIN_PLACEHOLDER}${page.path === '/' ? '/' : page.path}`;
}

/** The head of a page: title, description, canonical URL, Open Graph and the card for links. */
export function siteHead(page: SitePage): string {
  const title = page.path === '/' ? `${PRODUCT_TITLE}: ${page.title}` : `${page.title} · ${PRODUCT_TITLE}`;
  const shot =
    page.kind === 'product' ? page.hero : { name: 'dashboard' as const, alt: `${PRODUCT_TITLE} dashboard` };
  const image = SCREENSHOTS[shot.name];
  const url = pageUrl(page);
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', PRODUCT_TITLE],
    ['property', 'og:title', title],
    ['property', 'og:description', page.description],
    ['property', 'og:url', url],
    ['property', 'og:image', `${SITE_ORIGIN_PLACEHOLDER}/site/${shot.name}-1280.webp?v=${image.version}`],
    ['property', 'og:image:width', String(image.width)],
    ['property', 'og:image:height', String(image.height)],
    ['property', 'og:image:alt', shot.alt],
    ['property', 'og:locale', 'en_GB'],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    ...tags.map(([key, name, content]) => `<meta ${key}="${name}" content="${escapeHtml(content)}">`),
  ].join('\n');
}

/**
 * Renders a page to a whole HTML document: the markup of its React components with the styles
 * they used (emotion's cache in compat mode collects them instead of writing style tags into the
 * markup), and no React on the client: the page script only adds behaviour.
 */
export function renderSitePage(page: SitePage, assets: SiteAssets): string {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const body = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <StaticRouter location={page.path}>
          <SitePageView page={page} />
        </StaticRouter>
      </ThemeProvider>
    </CacheProvider>,
  );
  const css = Object.values(cache.inserted)
    .filter((rules): rules is string => typeof rules === 'string')
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">
<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#171a1f">
${siteHead(page)}
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
${assets.fontPreloads.map((font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`).join('\n')}
<style>${assets.fontCss}${css}</style>
<script type="module" src="${assets.script}"></script>
</head>
<body>
<div id="root">${body}</div>
</body>
</html>
`;
}
export { sitePageAt } from './site-pages';
