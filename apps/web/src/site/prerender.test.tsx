// @vitest-environment node
// Node, as the build renders: in a DOM emotion writes style tags instead of collecting the rules.
import { API } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { renderSitePage, SITE_ORIGIN_PLACEHOLDER, type SiteAssets } from './prerender';
import { SITE_PAGES } from './site-pages';
import { STORE_PATH } from './store-lookup-script';
import type { ProductPage } from './site-page';

const ASSETS: SiteAssets = {
  fontCss: '@font-face{font-family:Inter;src:url(/assets/inter-400.woff2)}',
  fontPreloads: ['/assets/inter-400.woff2'],
  script: '/assets/site-abc.js',
};

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));
const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)">`).exec(html)?.[1];

describe(renderSitePage.name, () => {
  it.each(SITE_PAGES.map((page) => [page.path, page] as const))(
    'writes %s whole: head tags, one h1, the styles it uses, the script and the hidden cookie bar',
    (_path, page) => {
      const html = renderSitePage(page, ASSETS);
      const head = headOf(html);
      const body = bodyOf(html);
      expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
      expect(head).toMatch(
        /<title>[^<]+ · Retail Back-Office<\/title>|<title>Retail Back-Office: [^<]+<\/title>/,
      );
      expect(metaContent(head, 'name', 'description')).toBeDefined();
      expect(head).toContain(
        `<link rel="canonical" href="${SITE_ORIGIN_PLACEHOLDER}${page.path === '/' ? '/' : page.path}">`,
      );
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:image:alt', 'og:type'])
        expect(metaContent(head, 'property', property), property).toBeTruthy();
      expect(metaContent(head, 'property', 'og:image')).toMatch(
        new RegExp(`^${SITE_ORIGIN_PLACEHOLDER}/site/[a-z]+-1280\\.webp\\?v=[0-9a-f]{8}$`),
      );
      expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(head).toContain(
        '<link rel="preload" href="/assets/inter-400.woff2" as="font" type="font/woff2" crossorigin>',
      );

      // One script, the page's own module: no inline script (the CSP allows none) and no React.
      expect([...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])).toEqual([
        '<script type="module" src="/assets/site-abc.js">',
      ]);
      expect(body.match(/<h1\b/g)).toHaveLength(1);
      expect(body).toContain('data-cookie-bar=""');
      expect(body).toMatch(
        /<div[^>]*data-cookie-bar=""[^>]*hidden=""|<div[^>]*hidden=""[^>]*data-cookie-bar=""/,
      );

      // Every emotion class the markup uses has its rules in the page's style element.
      const style = /<style>([\s\S]*)<\/style>/.exec(head)?.[1] ?? '';
      // (css-0 is emotion's name for no rules at all.)
      const classes = new Set(
        [...body.matchAll(/\bcss-[a-z0-9]+\b/g)].map((match) => match[0]).filter((name) => name !== 'css-0'),
      );
      expect(classes.size).toBeGreaterThan(10);
      for (const name of classes) expect(style, name).toContain(`.${name}`);
    },
  );

  it('escapes what it puts into attributes and the title', () => {
    const page = SITE_PAGES.find(
      (candidate): candidate is ProductPage => candidate.kind === 'product' && candidate.path !== '/',
    );
    if (!page) throw new Error('the site has product pages');
    const html = renderSitePage(
      {
        ...page,
        title: 'Tea & "biscuits" <b>',
        description: 'A "quoted" <script>alert(1)</script> description & more.',
      },
      ASSETS,
    );
    expect(html).toContain('<title>Tea &amp; &quot;biscuits&quot; &lt;b&gt; · Retail Back-Office</title>');
    expect(html).toContain(
      '<meta name="description" content="A &quot;quoted&quot; &lt;script&gt;alert(1)&lt;/script&gt; description &amp; more.">',
    );
    expect(html).not.toContain('<script>alert(1)');
  });

  it('writes the store lookup into scan-pay-go only, hidden until a QR code names a store', () => {
    for (const page of SITE_PAGES) {
      const body = bodyOf(renderSitePage(page, ASSETS));
      expect(body.includes('data-store-lookup'), page.path).toBe(page.path === '/scan-pay-go');
    }
    // The script asks the public lookup of the contracts.
    expect(`${STORE_PATH}:code`).toBe(API.publicStores.byCode);
  });

  it('rings a focused MUI button, which without React never gets .Mui-focusVisible', () => {
    const html = renderSitePage(SITE_PAGES[0]!, ASSETS);
    expect(headOf(html)).toContain(
      '.MuiButtonBase-root:focus-visible{outline:2px solid var(--mui-palette-primary-main);outline-offset:2px;}',
    );
  });

  it('names the column of every table cell, for the stacked rows of a phone', () => {
    for (const page of SITE_PAGES.filter((candidate) => candidate.kind === 'document')) {
      const body = bodyOf(renderSitePage(page, ASSETS));
      const cells = body.match(/<td\b[^>]*>/g) ?? [];
      for (const cell of cells) expect(cell, page.path).toMatch(/ data-label="[^"]+"/);
    }
    const cookies = bodyOf(
      renderSitePage(
        SITE_PAGES.find((page) => page.path === '/cookies')!,
        ASSETS,
      ),
    );
    expect(cookies).toMatch(/<td data-label="Lifetime"[^>]*>180 days from your last choice<\/td>/);
  });

  it('gives /cookies the button that reopens the cookie choices', () => {
    for (const page of SITE_PAGES) {
      const body = bodyOf(renderSitePage(page, ASSETS));
      const buttons = body.match(/data-cookie-settings=""/g) ?? [];
      // The footer's "Cookie settings" on every page, and the page's own button on /cookies.
      expect(buttons.length, page.path).toBe(page.path === '/cookies' ? 2 : 1);
    }
  });
});
