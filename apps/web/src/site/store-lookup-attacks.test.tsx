/**
 * Attacks on the browser side of the store lookup (/scan-pay-go?store=CODE, issue 15), on the
 * page's real markup: a store name and opening hours that an owner filled with markup, an answer
 * tampered with on its way (a proxy, a cache), and a link whose code is made to move the lookup.
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { writeConsent } from '../features/cookie-consent/cookie-consent';
import { jsonResponse } from '../test/fixtures';
import { mockFetch } from '../test/render';
import { SitePageView } from './components/site-page-view';
import { startSite } from './site-behaviour';
import { sitePageAt } from './site-pages';

const CODE = 'Qx7-leith0000000';
const IMAGE_PATH = `/api/public/stores/${CODE}/image`;

/** /scan-pay-go as the server sends it (the build's markup, no React), then its script. */
function loadScanPayGo(search: string): HTMLElement {
  const page = sitePageAt('/scan-pay-go');
  if (!page) throw new Error('no page /scan-pay-go');
  window.history.replaceState(null, '', `/scan-pay-go${search}`);
  document.body.innerHTML = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <StaticRouter location="/scan-pay-go">
        <SitePageView page={page} />
      </StaticRouter>
    </ThemeProvider>,
  );
  // A stored choice: the cookie bar stays closed and asks nothing of the server.
  writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
  startSite();
  const section = document.querySelector<HTMLElement>('[data-store-lookup]');
  if (!section) throw new Error('the page has the store section');
  return section;
}

/** The elements a markup injection would add: counted before and after the store is shown. */
const ACTIVE_ELEMENTS = 'script, img, svg, iframe, object, embed, a, form, style, link';

const storeImage = (section: HTMLElement) => section.querySelector<HTMLImageElement>('[data-store-image]');

afterEach(() => {
  document.body.innerHTML = '';
  document.title = '';
});

describe('the store lookup of /scan-pay-go under attack', () => {
  describe("markup in the owner's name and opening hours", () => {
    const NAME = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const HOURS = '"><svg onload="window.__pwned=3"></svg>\n<a href="javascript:alert(1)">Mon–Sat</a>';

    it('is shown as the text it is: no element is added, and the title is text too', async () => {
      mockFetch(() => jsonResponse(200, { name: NAME, openingHours: HOURS, imageUrl: IMAGE_PATH }));
      const section = loadScanPayGo(`?store=${CODE}`);
      const activeBefore = section.querySelectorAll(ACTIVE_ELEMENTS).length;
      await within(section).findByRole('heading', { name: NAME });

      expect(section.querySelectorAll(ACTIVE_ELEMENTS)).toHaveLength(activeBefore);
      expect(within(section).getByText((_content, element) => element?.textContent === HOURS)).toBeVisible();
      expect(document.title).toBe(`${NAME} · Scan, Pay & Go`);
      expect(storeImage(section)).toHaveAttribute('alt', `${NAME}, the store`);
      expect(storeImage(section)).toHaveAttribute('src', IMAGE_PATH);
      expect((window as unknown as Record<string, unknown>).__pwned).toBeUndefined();
    });
  });

  describe('an answer tampered with on its way', () => {
    it.each([
      ['a script URL', 'javascript:alert(document.cookie)'],
      ['another origin', 'https://evil.example/pixel.png?c=1'],
      ['a protocol-relative address', '//evil.example/pixel.png'],
      ['an SVG data URL', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['another route of the app', '/api/auth/logout'],
      ['a walk out of the image route', `/api/public/stores/${CODE}/../../../auth/logout`],
      ['the image route of a code with a slash', '/api/public/stores/a/b/image'],
    ])('never puts %s in the image', async (_case, imageUrl) => {
      mockFetch(() => jsonResponse(200, { name: 'Harbour Store', openingHours: null, imageUrl }));
      const section = loadScanPayGo(`?store=${CODE}`);
      await within(section).findByRole('heading', { name: 'Harbour Store' });
      expect(storeImage(section)).not.toHaveAttribute('src');
      expect(storeImage(section)).toHaveAttribute('hidden');
    });

    it.each([
      ['an HTML page with a 200', () => new Response('<script>window.__pwned=4</script>', { status: 200 })],
      ['a name that is not text', () => jsonResponse(200, { name: { toString: 'x' }, openingHours: null })],
      ['an array', () => jsonResponse(200, [{ name: 'Harbour Store' }])],
    ])('shows no store for %s, only the message for a failed load', async (_case, answer) => {
      mockFetch(answer);
      const section = loadScanPayGo(`?store=${CODE}`);
      await within(section).findByRole('heading', { name: 'The store could not be loaded' });
      expect(within(section).getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(storeImage(section)).not.toHaveAttribute('src');
      expect(section.querySelector('script')).toBeNull();
      expect((window as unknown as Record<string, unknown>).__pwned).toBeUndefined();
    });
  });

  describe('codes made to move the lookup', () => {
    it.each(['..', '.', '%2e%2e', '%2E', ' .. '])(
      'asks nothing for the dot segment %s, which would leave the lookup route, and finds no store',
      async (code) => {
        const { fetchMock } = mockFetch(() =>
          jsonResponse(200, { name: 'Wrong', openingHours: null, imageUrl: null }),
        );
        const section = loadScanPayGo(`?store=${code}`);
        await within(section).findByRole('heading', { name: 'We could not find this store' });
        expect(fetchMock).not.toHaveBeenCalled();
      },
    );

    it.each([
      '../../auth/logout',
      '..%2F..%2Fauth%2Flogout',
      'a/b?x=1#y',
      '%252e%252e',
      'AAAA%00BBBB',
      'https://evil.example/x',
      '//evil.example',
    ])(
      'asks only GET /api/public/stores/<one segment> of this origin, without credentials, for %s',
      async (code) => {
        const { requests } = mockFetch(() => jsonResponse(404, { code: 'NOT_FOUND' }));
        const section = loadScanPayGo(`?store=${code}`);
        await within(section).findByRole('heading', { name: 'We could not find this store' });
        expect(requests).toHaveLength(1);
        const url = new URL(requests[0]!.url);
        expect(url.origin).toBe(window.location.origin);
        expect(url.pathname).toMatch(/^\/api\/public\/stores\/[^/]+$/);
        expect(url.search).toBe('');
        expect(url.hash).toBe('');
        expect(requests[0]!.method).toBe('GET');
        expect(requests[0]!.credentials).toBe('omit');
      },
    );
  });
});
