import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import {
  ANALYTICS_SCRIPT_ID,
  MARKETING_SCRIPT_ID,
  readConsent,
  forgetTrackerUrls,
  writeConsent,
} from '../features/cookie-consent/cookie-consent';
import { jsonResponse, makeToken } from '../test/fixtures';
import { mockFetch } from '../test/render';
import { SitePageView } from './components/site-page-view';
import { startSite } from './site-behaviour';
import { sitePageAt } from './site-pages';

/** A page as the server sends it: the build's markup, no React running, then its script. */
function loadPage(path: string, search = '') {
  const page = sitePageAt(path);
  if (!page) throw new Error(`no page ${path}`);
  window.history.replaceState(null, '', path + search);
  document.body.innerHTML = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <StaticRouter location={path}>
        <SitePageView page={page} />
      </StaticRouter>
    </ThemeProvider>,
  );
  startSite();
}

function bar(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-cookie-bar]');
  if (!element) throw new Error('every page has the cookie bar');
  return element;
}

afterEach(() => {
  forgetTrackerUrls();
  document.body.innerHTML = '';
  document.getElementById(ANALYTICS_SCRIPT_ID)?.remove();
  document.getElementById(MARKETING_SCRIPT_ID)?.remove();
  document.documentElement.style.removeProperty('--cookie-bar-height');
});

describe('the cookie bar of the static pages', () => {
  it('appears to a first visitor and takes focus; Allow all stores every category and closes it', async () => {
    mockFetch(() => jsonResponse(200, { analyticsScriptUrl: null, marketingPixelUrl: null }));
    loadPage('/loyalty');
    expect(screen.getByRole('dialog', { name: 'Cookies on this site' })).toBe(bar());
    expect(bar()).toHaveFocus();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Allow all' }));
    expect(readConsent()).toEqual({ necessary: true, preferences: true, statistics: true, marketing: true });
    expect(bar()).toHaveAttribute('hidden');
    expect(document.documentElement.style.getPropertyValue('--cookie-bar-height')).toBe('');
  });

  it('stores only the necessary category on Deny, and on Escape', async () => {
    loadPage('/about');
    await userEvent.click(within(bar()).getByRole('button', { name: 'Deny' }));
    expect(readConsent()).toEqual({
      necessary: true,
      preferences: false,
      statistics: false,
      marketing: false,
    });

    document.cookie = 'cookieConsent=; max-age=0; path=/';
    loadPage('/about');
    bar().focus();
    await userEvent.keyboard('{Escape}');
    expect(readConsent()?.statistics).toBe(false);
    expect(bar()).toHaveAttribute('hidden');
  });

  it('lets the visitor choose categories, then loads only the tracker they allowed', async () => {
    const { fetchMock } = mockFetch(() =>
      jsonResponse(200, {
        analyticsScriptUrl: 'https://stats.example.com/a.js',
        marketingPixelUrl: 'https://ads.example.com/p.js',
      }),
    );
    loadPage('/crm');
    const choose = within(bar()).getByRole('button', { name: 'Choose cookies' });
    expect(choose).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(choose);
    expect(choose).toHaveAttribute('aria-expanded', 'true');
    expect(within(bar()).getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
    await userEvent.click(within(bar()).getByRole('checkbox', { name: 'Statistics' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Allow selection' }));

    expect(readConsent()).toEqual({
      necessary: true,
      preferences: false,
      statistics: true,
      marketing: false,
    });
    await expect
      .poll(() => document.getElementById(ANALYTICS_SCRIPT_ID)?.getAttribute('src'))
      .toBe('https://stats.example.com/a.js');
    expect(document.getElementById(MARKETING_SCRIPT_ID)).toBeNull();
  });

  it('stays hidden over a stored choice, and "Cookie settings" reopens it with that choice ticked', async () => {
    writeConsent({ necessary: true, preferences: true, statistics: false, marketing: false });
    loadPage('/about');
    expect(bar()).toHaveAttribute('hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    expect(bar()).not.toHaveAttribute('hidden');
    expect(within(bar()).getByRole('checkbox', { name: 'Preferences' })).toBeChecked();
    expect(within(bar()).getByRole('checkbox', { name: 'Statistics' })).not.toBeChecked();
    expect(within(bar()).getByRole('button', { name: 'Choose cookies' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens the choices on /cookies over a stored choice, as the page promises', () => {
    writeConsent({ necessary: true, preferences: false, statistics: true, marketing: false });
    loadPage('/cookies');
    expect(bar()).not.toHaveAttribute('hidden');
    expect(within(bar()).getByRole('checkbox', { name: 'Statistics' })).toBeChecked();
    expect(within(bar()).getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
  });
});

describe('the header of the static pages', () => {
  it('offers Sign in and Get started without a session', () => {
    writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
    loadPage('/');
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
    expect(within(header).queryByRole('link', { name: 'Open dashboard' })).toBeNull();
  });

  it('offers Open dashboard to a tab with a live session', () => {
    writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
    window.sessionStorage.setItem('authToken', makeToken());
    window.sessionStorage.setItem('authTokenExpiry', String(Date.now() + 60_000));
    loadPage('/');
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Open dashboard' })[0]).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(header).queryByRole('link', { name: 'Sign in' })).toBeNull();
  });
});

describe('the cards that lead to other pages', () => {
  it('are links named by the page they lead to, not "More about ..."', () => {
    writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
    loadPage('/');
    const section = screen.getByRole('region', { name: 'See each part' });
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toContainEqual([
      'For businesses',
      '/business-features',
    ]);
    expect(within(section).getByRole('heading', { name: /^Loyalty/ })).toContainElement(
      within(section).getByRole('link', { name: 'Loyalty' }),
    );
    expect(section).not.toHaveTextContent(/More about/);
  });
});

describe('the store of a QR code on /scan-pay-go', () => {
  const section = () => document.querySelector<HTMLElement>('[data-store-lookup]');
  const pictureFrame = () => document.querySelector<HTMLElement>('[data-store-frame]');

  it('stays hidden without a store in the address', () => {
    const { fetchMock } = mockFetch(() => jsonResponse(404, {}));
    loadPage('/scan-pay-go');
    expect(section()).toHaveAttribute('hidden');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the store's name, image and opening hours", async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, {
        name: 'Leith Corner Shop',
        openingHours: 'Mon–Sat 8:00–20:00\nSun 10:00–16:00',
        imageUrl: '/api/public/stores/Qx7-leith0000000/image',
      }),
    );
    loadPage('/scan-pay-go', '?store=Qx7-leith0000000');
    const store = section();
    if (!store) throw new Error('the page has the store section');
    await within(store).findByRole('heading', { name: 'Leith Corner Shop' });
    expect(store).not.toHaveAttribute('hidden');
    expect(store).toHaveAttribute('aria-busy', 'false');
    expect(within(store).getByText(/Mon–Sat 8:00–20:00/)).toBeVisible();
    expect(within(store).getByRole('img', { name: 'Leith Corner Shop, the store' })).toHaveAttribute(
      'src',
      '/api/public/stores/Qx7-leith0000000/image',
    );
    expect(pictureFrame()).not.toHaveAttribute('hidden');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/public/stores/Qx7-leith0000000');
    expect(document.title).toBe('Leith Corner Shop · Scan, Pay & Go');
  });

  it('says so when no store has the code, without a pointless Try again', async () => {
    mockFetch(() => jsonResponse(404, { message: 'No store has this code.' }));
    loadPage('/scan-pay-go', '?store=%2F..%2Fadmin');
    const store = section()!;
    // The picture's place shows while the store loads, and goes with a message: no empty grey box.
    expect(pictureFrame()).not.toHaveAttribute('hidden');
    await within(store).findByRole('heading', { name: 'We could not find this store' });
    expect(within(store).queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(pictureFrame()).toHaveAttribute('hidden');
  });

  it('offers Try again after a failed load, and shows the store when it works', async () => {
    let calls = 0;
    const { requests } = mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse(503, {})
        : jsonResponse(200, { name: 'Harbour Store', openingHours: null, imageUrl: null });
    });
    loadPage('/scan-pay-go', '?store=a/b');
    const store = section()!;
    await within(store).findByRole('heading', { name: 'The store could not be loaded' });
    await userEvent.click(within(store).getByRole('button', { name: 'Try again' }));
    await within(store).findByRole('heading', { name: 'Harbour Store' });
    expect(within(store).getByText('The store has not published its opening hours.')).toBeVisible();
    // A store without a picture gets no picture's place.
    expect(pictureFrame()).toHaveAttribute('hidden');
    expect(new URL(requests[0]!.url).pathname).toBe('/api/public/stores/a%2Fb');
  });
});
