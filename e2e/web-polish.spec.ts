import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, createOwnerWithBusiness, type OwnerWithBusiness } from './support/api.js';
import { findSeriousViolations } from './support/axe.js';
import { CONSENT_COOKIE_NAME, launchBrowser } from './support/browser.js';

/** Screenshots of this file: e2e/artifacts/web-polish/<name>-<width>x<height>-<scheme>.png */
const ARTIFACTS = fileURLToPath(new URL('./artifacts/web-polish', import.meta.url));
const SMALL = { width: 1024, height: 768 } as const;
const LARGE = { width: 1440, height: 900 } as const;
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
type Size = { width: number; height: number };

let browser: Browser;
let owner: OwnerWithBusiness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await launchBrowser();
  owner = await createOwnerWithBusiness('Harbour Goods');
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function openPage(
  options: { size?: Size; scheme?: Scheme; hasConsent?: boolean; bypassCSP?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: options.size ?? SMALL,
    colorScheme: options.scheme ?? 'light',
    bypassCSP: options.bypassCSP ?? false,
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  if (options.hasConsent ?? true) {
    const consent = { necessary: true, preferences: false, statistics: false, marketing: false };
    await context.addCookies([
      { name: CONSENT_COOKIE_NAME, value: encodeURIComponent(JSON.stringify(consent)), url: baseURL() },
    ]);
  }
  return context.newPage();
}

async function shot(page: Page, name: string, scheme: Scheme): Promise<void> {
  const size = page.viewportSize();
  await page.screenshot({ path: `${ARTIFACTS}/${name}-${size?.width}x${size?.height}-${scheme}.png` });
}

async function signInWithForm(page: Page): Promise<void> {
  await page.goto('/login');
  // The tab first asks the other tabs and the refresh cookie for a session; sign in after that.
  await page.waitForLoadState('networkidle');
  await page.getByRole('textbox', { name: 'E-mail or username' }).fill(owner.email);
  await page.getByLabel(/^Password/).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
}

/** The focus ring on the focused control: its own outline, or its input box's. */
async function focusRing(page: Page): Promise<{ style: string; width: string }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const isField = focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement;
    const box = (isField ? focused.closest<HTMLElement>('.MuiInputBase-root') : null) ?? focused;
    // An outlined field's ring is its own border (a ring around the box would strike its label).
    const border = box.querySelector<HTMLElement>(':scope > .MuiOutlinedInput-notchedOutline');
    if (border) {
      const style = getComputedStyle(border);
      return { style: style.borderTopStyle, width: style.borderTopWidth };
    }
    const style = getComputedStyle(box);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
}

function overlaps(a: { y: number; height: number }, b: { y: number; height: number }): boolean {
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('web polish', () => {
  it('signs in with the keyboard alone, with a visible focus ring, after Escape denies cookies', async () => {
    const page = await openPage({ hasConsent: false });
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: 'Cookies on this site' });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element === document.activeElement)).toBe(true);
    await shot(page, 'login-cookie-bar-focused', 'light');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const cookie = (await page.context().cookies()).find((entry) => entry.name === CONSENT_COOKIE_NAME);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? '{}'))).toMatchObject({ marketing: false });

    // Focus is back on the first field; Tab and typing do the rest.
    const email = page.getByRole('textbox', { name: 'E-mail or username' });
    await expect.poll(() => email.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type(owner.email);
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '2px' });
    await page.keyboard.press('Tab');
    await page.keyboard.type(owner.password);
    expect(await focusRing(page)).toEqual({ style: 'solid', width: '2px' });
    await shot(page, 'login-keyboard-focus', 'light');
    await page.keyboard.press('Tab'); // the show-password button
    await expect.poll(() => focusRing(page)).toEqual({ style: 'solid', width: '2px' });
    await shot(page, 'login-keyboard-focus-icon-button', 'light');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    expect(await page.title()).toBe('Dashboard · Retail Back-Office');
  });

  it('reaches Logout from the account menu with the drawer closed', async () => {
    // Two sign-ins, not four: the server allows a few per minute from one address.
    for (const [scheme, size] of [
      ['light', SMALL],
      ['dark', LARGE],
    ] as const) {
      {
        const page = await openPage({ size, scheme });
        await signInWithForm(page);
        await page.getByRole('banner').getByText('Harbour Goods').waitFor();
        await page.getByRole('button', { name: 'Close navigation' }).click();
        await page.getByRole('button', { name: owner.fullName }).click();
        const menu = page.getByRole('menu');
        await menu.waitFor();
        expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
          'Profile',
          'Business Profile',
          'Logout',
        ]);
        await page.waitForTimeout(300); // the menu's grow transition
        await shot(page, 'dashboard-account-menu', scheme);
        if (scheme === 'light' && size === SMALL) {
          await menu.getByRole('menuitem', { name: 'Logout' }).click();
          await page.waitForURL((url) => url.pathname === '/login');
          await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        }
        await page.context().close();
      }
    }
  });

  it('keeps the cookie bar off the primary buttons of /login and /register', async () => {
    for (const scheme of SCHEMES) {
      for (const size of [SMALL, LARGE]) {
        const page = await openPage({ size, scheme, hasConsent: false });
        await page.goto('/login');
        const bar = page.getByRole('dialog', { name: 'Cookies on this site' });
        await bar.waitFor();
        await shot(page, 'login-with-cookie-bar', scheme);
        const barBox = await bar.boundingBox();
        const signIn = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
        expect(barBox && signIn && overlaps(barBox, signIn)).toBe(false);

        await page.goto('/register');
        await page.getByRole('heading', { name: 'Create your account' }).waitFor();
        await bar.waitFor();
        const create = page.getByRole('button', { name: 'Create account' });
        // Wherever the page is scrolled to show it, the bar leaves it free.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const barOnRegister = await bar.boundingBox();
        const createBox = await create.boundingBox();
        expect(barOnRegister && createBox && overlaps(barOnRegister, createBox)).toBe(false);
        await shot(page, 'register-with-cookie-bar-scrolled', scheme);

        await page.getByRole('button', { name: 'Choose cookies' }).click();
        await page.getByRole('checkbox', { name: 'Statistics' }).waitFor();
        await shot(page, 'register-cookie-choices', scheme);
        await page.context().close();

        const consented = await openPage({ size, scheme });
        await consented.goto('/login');
        await consented.getByRole('heading', { name: 'Sign in' }).waitFor();
        await shot(consented, 'login-without-cookie-bar', scheme);
        await consented.context().close();
      }
    }
  });

  it('leaves most of a phone screen to the form', async () => {
    const page = await openPage({ size: { width: 390, height: 844 }, hasConsent: false });
    await page.goto('/login');
    const bar = page.getByRole('dialog', { name: 'Cookies on this site' });
    await bar.waitFor();
    const box = await bar.boundingBox();
    expect(box?.height ?? 844).toBeLessThan(844 / 2);
    await expect.poll(() => page.getByRole('textbox', { name: 'E-mail or username' }).isVisible()).toBe(true);
    await shot(page, 'login-phone-cookie-bar', 'light');
  });

  it('reopens the cookie dialog from the footer link', async () => {
    const page = await openPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('dialog', { name: 'Cookies on this site' }).waitFor();
    await page.getByRole('checkbox', { name: 'Statistics' }).waitFor();
  });

  it('shows a toast of each type in the theme’s colours', async () => {
    // Shared chunks are named by their hash (apps/web/vite.config.ts): the toast module is the one
    // script of the build with react-toastify in it.
    const assets = new URL('../apps/web/dist/assets/', import.meta.url);
    const toastFile = readdirSync(assets).find(
      (file) =>
        file.endsWith('.js') && readFileSync(new URL(file, assets), 'utf8').includes('Toastify__toast'),
    );
    if (!toastFile) throw new Error('no script of the build holds the toast module');
    const toastModule = `/assets/${toastFile}`;
    for (const scheme of SCHEMES) {
      for (const size of [SMALL, LARGE]) {
        const page = await openPage({ size, scheme });
        await page.goto('/login');
        await page.getByRole('heading', { name: 'Sign in' }).waitFor();
        // A string, so that the test runner leaves the browser's own import() alone. The build
        // shortens the chunk's export names: every exported function is called with a message (the
        // notify* ones show a toast, the others throw), then each toast says what type it is.
        await page.evaluate(`(async () => {
          const toasts = await import(${JSON.stringify(toastModule)});
          for (const value of Object.values(toasts)) {
            if (typeof value !== 'function') continue;
            try { value('Toast', { autoClose: false }); } catch {}
          }
        })()`);
        await page.locator('.Toastify__toast--success').waitFor();
        // The build keeps only the toast functions the app calls (success, so far): the other
        // types are the success toast's markup with their own type's classes, so they show the
        // container's real CSS for each type.
        await page.evaluate(`(() => {
          const texts = {
            info: 'Your changes are being synced.',
            warning: 'Your plan ends in 3 days.',
            error: 'Cannot reach the server. Check your connection and try again.',
            success: 'Business profile saved.',
          };
          const success = document.querySelector('.Toastify__toast--success');
          for (const [type, text] of Object.entries(texts)) {
            const toast = type === 'success' ? success : success.cloneNode(true);
            toast.className = toast.className.replaceAll('--success', '--' + type);
            toast.querySelectorAll('[class*="--success"]').forEach((element) => {
              element.setAttribute('class', element.getAttribute('class').replaceAll('--success', '--' + type));
            });
            const walker = document.createTreeWalker(toast, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.textContent === 'Toast') node.textContent = text;
            }
            if (toast !== success) success.parentElement.insertBefore(toast, success);
          }
        })()`);
        for (const type of ['info', 'success', 'warning', 'error']) {
          await page.locator(`.Toastify__toast--${type}`).first().waitFor();
        }
        await page.waitForTimeout(800); // the enter animation
        await shot(page, 'toasts', scheme);
        await page.context().close();
      }
    }
  });

  it('has no serious or critical axe violations on /login, /register and /dashboard, light and dark', async () => {
    for (const scheme of SCHEMES) {
      const page = await openPage({ size: LARGE, scheme, bypassCSP: true });
      for (const [path, heading] of [
        ['/login', 'Sign in'],
        ['/register', 'Create your account'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        expect(await findSeriousViolations(page), `${path} ${scheme}`).toEqual([]);
      }
      await signInWithForm(page);
      await page.getByRole('banner').getByText('Harbour Goods').waitFor();
      expect(await findSeriousViolations(page), `/dashboard ${scheme}`).toEqual([]);
      await shot(page, 'dashboard', scheme);
      await page.context().close();
    }
  });
});
