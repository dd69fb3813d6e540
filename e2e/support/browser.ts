import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { baseURL } from './api.js';

export const VIEWPORT = { width: 1280, height: 800 } as const;

/** The cookie the consent panel writes (apps/web/src/features/cookie-consent). */
export const CONSENT_COOKIE_NAME = 'cookieConsent';
const ALL_CONSENT = { necessary: true, preferences: true, statistics: true, marketing: true };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

type ContextOptions = {
  /** Store cookie consent up front, so the consent panel does not cover the page. Default true. */
  hasConsent?: boolean;
  /** Only for injecting axe-core: the app's CSP (script-src 'self') refuses inline scripts. */
  bypassCSP?: boolean;
};

export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: VIEWPORT,
    bypassCSP: options.bypassCSP ?? false,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (options.hasConsent ?? true) {
    await context.addCookies([
      {
        name: CONSENT_COOKIE_NAME,
        value: encodeURIComponent(JSON.stringify(ALL_CONSENT)),
        url: baseURL(),
      },
    ]);
  }
  return context;
}

/** Fills and submits the login form (opening /login first when elsewhere). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url(), baseURL()).pathname !== '/login') await page.goto('/login');
  await page.getByRole('textbox', { name: 'E-mail or username' }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the login form and waits for the page the app should land on. */
export async function signIn(page: Page, email: string, password: string, landing: string): Promise<void> {
  await submitSignIn(page, email, password);
  try {
    await page.waitForURL((url) => url.pathname === landing, { timeout: 10_000 });
  } catch {
    throw new Error(
      `After signing in ${email} expected to land on ${landing}, but the app is on ${pathOf(page)}.`,
    );
  }
}

/** The path of the page's URL, for assertions that should not depend on the port. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * One browser per test file and a fresh context and page per test, closed afterwards. Call at
 * the top of a spec file; read `page()` inside the tests.
 */
export function usePage(options: ContextOptions = {}): { page: () => Page; context: () => BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error('the browser did not start');
    context = await newContext(browser, options);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
  });
  return {
    page: () => {
      if (!page) throw new Error('usePage: no page outside a test');
      return page;
    },
    context: () => {
      if (!context) throw new Error('usePage: no context outside a test');
      return context;
    },
  };
}
