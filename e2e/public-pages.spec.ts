import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePage } from './support/browser.js';
import { screenshots } from './support/screens.js';

/** Public routes of 000 section 2 with the header of the public pages. */
const MARKETING_ROUTES = [
  '/',
  '/scan-pay-go',
  '/loyalty',
  '/smart-inventory',
  '/supply-chain',
  '/crm',
  '/about',
  '/terms',
  '/privacy',
  '/cookies',
  '/analytics',
  '/shopper-features',
  '/business-features',
  '/subscription-plans',
];

/** The auth pages, in their own layout; the link pages with a token so that their form shows. */
const AUTH_ROUTES = [
  '/login',
  '/register',
  '/reset-password',
  '/api/auth/reset-password/confirm?token=e2e-layout',
  '/validate-account?token=e2e-layout',
];

const HEIGHT = 800;

async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.locator('h1').first().waitFor();
  // Widths depend on the typeface: measure once Inter has loaded.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** How far the page is wider than the window, in CSS pixels (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

function slugOf(route: string): string {
  return route === '/' ? 'home' : route.replace(/\?.*$/, '');
}

/** Takes the page in the light and the dark scheme (the theme follows the system). */
async function shootBothSchemes(page: Page, shot: ReturnType<typeof screenshots>, route: string) {
  await shot(page, `${slugOf(route)} light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await shot(page, `${slugOf(route)} dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

const browserPage = usePage();

describe('public pages', () => {
  it.each([360, 390])(
    'fit a %i px phone without horizontal scroll; the header menu holds the actions',
    async (width) => {
      const page = browserPage.page();
      const shot = screenshots(`public pages ${width}`);
      await page.setViewportSize({ width, height: HEIGHT });
      const overflowing: string[] = [];

      for (const route of [...MARKETING_ROUTES, ...AUTH_ROUTES]) {
        await open(page, route);
        const overflow = await measureOverflow(page);
        if (overflow > 0) overflowing.push(`${route} is ${overflow} px too wide`);
        if (width === 390) await shootBothSchemes(page, shot, route);
      }
      expect(overflowing).toEqual([]);

      for (const route of MARKETING_ROUTES) {
        await open(page, route);
        expect(await page.getByRole('navigation', { name: 'Site' }).count()).toBe(0);
        // The menu is a <details> disclosure: its <summary> is the button.
        const menuButton = page.getByRole('banner').locator('summary[aria-label="Menu"]');
        await menuButton.click();
        const menu = page.getByRole('navigation', { name: 'Site menu' });
        await menu.getByRole('link', { name: 'Sign in' }).waitFor();
        await menu.getByRole('link', { name: 'Get started' }).waitFor();
        if (route === '/') await shot(page, 'menu open');
        await page.keyboard.press('Escape');
        await menu.waitFor({ state: 'hidden' });
        expect(await menuButton.evaluate((summary) => summary === document.activeElement)).toBe(true);
      }
    },
  );

  it('keep the full header from md up, at 1280 px', async () => {
    const page = browserPage.page();
    const shot = screenshots('public pages 1280');
    await page.setViewportSize({ width: 1280, height: HEIGHT });
    const overflowing: string[] = [];

    for (const route of [...MARKETING_ROUTES, ...AUTH_ROUTES]) {
      await open(page, route);
      const overflow = await measureOverflow(page);
      if (overflow > 0) overflowing.push(`${route} is ${overflow} px too wide`);
      if (MARKETING_ROUTES.includes(route)) {
        const header = page.getByRole('banner');
        await header
          .getByRole('navigation', { name: 'Site' })
          .getByRole('link', { name: 'Pricing' })
          .waitFor();
        await header.getByRole('link', { name: 'Sign in' }).waitFor();
        await header.getByRole('link', { name: 'Get started' }).waitFor();
        expect(await page.getByRole('banner').locator('summary').isVisible()).toBe(false);
      }
      await shootBothSchemes(page, shot, route);
    }
    expect(overflowing).toEqual([]);
  });
});
