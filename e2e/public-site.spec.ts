import { API, SITE_CONFIG_PATH, SITE_PAGE_PATHS, type TLocation } from '@app/contracts';
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, call, createOwnerWithBusiness } from './support/api.js';
import { signIn, usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

// A first visit: no consent stored, so the cookie bar shows as it does to a new visitor.
const browserPage = usePage({ hasConsent: false });

/** Every request the page makes to the operator's trackers or asks for their configuration. */
function watchTrackers(page: Page): { analytics: Request[]; pixel: Request[]; config: Request[] } {
  const origin = inject('trackerOrigin');
  const seen = { analytics: [] as Request[], pixel: [] as Request[], config: [] as Request[] };
  page.on('request', (request) => {
    const url = request.url();
    if (url === `${origin}/analytics.js`) seen.analytics.push(request);
    else if (url === `${origin}/pixel.js`) seen.pixel.push(request);
    else if (new URL(url).pathname === SITE_CONFIG_PATH) seen.config.push(request);
  });
  return seen;
}

/** What the trackers' scripts recorded on the page: proof that they ran, not only loaded. */
function trackersRun(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __trackers?: string[] }).__trackers ?? []);
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

describe('the public site', () => {
  it('loads no tracker before consent, and each only after its own consent (static page and app)', async () => {
    const page = browserPage.page();
    const seen = watchTrackers(page);
    const shot = screenshots('public site consent');

    await page.goto('/loyalty');
    const bar = page.getByRole('dialog', { name: 'Cookies on this site' });
    await bar.waitFor();
    await settle(page);
    await shot(page, 'first visit with the cookie bar');
    expect(seen.analytics).toHaveLength(0);
    expect(seen.pixel).toHaveLength(0);
    // Not even the configuration is asked for before a consent needs it.
    expect(seen.config).toHaveLength(0);

    await bar.getByRole('button', { name: 'Choose cookies' }).click();
    await bar.getByRole('checkbox', { name: 'Statistics' }).check();
    await bar.getByRole('button', { name: 'Allow selection' }).click();
    await bar.waitFor({ state: 'hidden' });
    await expect.poll(() => trackersRun(page)).toEqual(['analytics']);
    await settle(page);
    expect(seen.analytics).toHaveLength(1);
    expect(seen.pixel).toHaveLength(0);

    // The next page loads the allowed script again, once, without asking.
    await page.goto('/crm');
    await expect.poll(() => trackersRun(page)).toEqual(['analytics']);
    expect(await bar.isVisible()).toBe(false);
    expect(seen.analytics).toHaveLength(2);
    expect(seen.pixel).toHaveLength(0);

    // Marketing consent from "Cookie settings" in the footer adds the pixel.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await bar.getByRole('checkbox', { name: 'Marketing' }).check();
    await bar.getByRole('button', { name: 'Allow selection' }).click();
    await expect.poll(() => trackersRun(page)).toEqual(['analytics', 'pixel']);
    expect(seen.pixel).toHaveLength(1);
    expect(seen.analytics).toHaveLength(2);

    // The app's own pages follow the same consent.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expect.poll(() => trackersRun(page)).toEqual(expect.arrayContaining(['analytics', 'pixel']));
    expect(seen.analytics).toHaveLength(3);
    expect(seen.pixel).toHaveLength(2);
  });

  it('loads nothing after Deny, on the static pages and in the app', async () => {
    const page = browserPage.page();
    const seen = watchTrackers(page);
    await page.goto('/');
    const bar = page.getByRole('dialog', { name: 'Cookies on this site' });
    await bar.getByRole('button', { name: 'Deny' }).click();
    await page.goto('/about');
    await settle(page);
    await page.goto('/register');
    await settle(page);
    expect(await trackersRun(page)).toEqual([]);
    expect(seen.analytics.length + seen.pixel.length + seen.config.length).toBe(0);
  });

  it("opens a store's scan-pay-go page from the address its QR code encodes", async () => {
    const owner = await createOwnerWithBusiness('Quayside Goods');
    const location = await call<TLocation>(owner.token, 'POST', API.locations.root, {
      name: 'Quayside',
      city: 'Whitby',
    });
    const form = new FormData();
    form.append(
      'store',
      JSON.stringify({
        name: 'Quayside Corner',
        locationId: location.id,
        openingHours: 'Mon-Sat 8:00-18:00',
      }),
    );
    await call(owner.token, 'POST', API.stores.root, form);

    const page = browserPage.page();
    const shot = screenshots('public site scan pay go');
    await page.goto('/cookies');
    await page
      .getByRole('dialog', { name: 'Cookies on this site' })
      .getByRole('button', { name: 'Deny' })
      .click();
    await signIn(page, owner.email, owner.password, '/dashboard');
    await page.goto('/dashboard/stores');
    await page.getByRole('button', { name: 'QR code of Quayside Corner' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code of Quayside Corner' });
    await dialog.getByRole('img', { name: 'QR code of Quayside Corner' }).waitFor();
    // The address the code encodes, printed under it.
    const address = await dialog.getByText(/\/scan-pay-go\?store=/).textContent();
    expect(address?.startsWith(`${baseURL()}/scan-pay-go?store=`)).toBe(true);

    // A shopper's phone: another tab, no session.
    const phone = await browserPage
      .context()
      .browser()!
      .newPage({ viewport: { width: 390, height: 844 } });
    try {
      await phone.goto(address!);
      const store = phone.locator('[data-store-lookup]');
      await store.getByRole('heading', { name: 'Quayside Corner' }).waitFor();
      expect(await store.getByText('Mon-Sat 8:00-18:00').isVisible()).toBe(true);
      expect(await phone.title()).toBe('Quayside Corner · Scan, Pay & Go');
      await shot(phone, 'the store of a QR code on a phone');

      await phone.goto(`${baseURL()}/scan-pay-go?store=AAAAAAAAAAAAAAAA`);
      await phone
        .locator('[data-store-lookup]')
        .getByRole('heading', { name: 'We could not find this store' })
        .waitFor();
    } finally {
      await phone.close();
    }
  });

  it('reaches the static pages from the app by full loads, and serves robots.txt and sitemap.xml', async () => {
    const page = browserPage.page();
    await page.goto('/login');
    await page
      .getByRole('dialog', { name: 'Cookies on this site' })
      .getByRole('button', { name: 'Deny' })
      .click();
    await page.getByRole('link', { name: 'Terms' }).click();
    await page.waitForURL((url) => url.pathname === '/terms');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The static page runs no React: its only script is the page's own.
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.src));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/assets\/site-[\w-]+\.js$/);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${baseURL()}/terms`);

    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    for (const path of SITE_PAGE_PATHS) expect(sitemap).toContain(`<loc>${baseURL()}${path}</loc>`);
    const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
  });
});
