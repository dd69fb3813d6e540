/**
 * axe-core on the public pages in Chromium (playwright-core): every page at a phone and a desktop
 * viewport, in light and dark, first as a first visitor sees it (the cookie bar showing), then
 * after "Allow all" and a reload. axe runs every rule that is on by default, the best-practice
 * ones included, and only violations are kept.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chromium.js';
import { chromiumPath } from './lighthouse-run.js';

export const AXE_VIEWPORTS = [
  { name: '390x844', width: 390, height: 844 },
  { name: '1440x900', width: 1440, height: 900 },
] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;
/** `banner`: a first visit, the cookie bar showing; `accepted`: after "Allow all" and a reload. */
export const CONSENT_STATES = ['banner', 'accepted'] as const;

export type AxeViewport = (typeof AXE_VIEWPORTS)[number]['name'];
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type ConsentState = (typeof CONSENT_STATES)[number];

/**
 * The web app's consent cookie (apps/web/src/features/cookie-consent/cookie-consent.ts, which the
 * bench cannot import): used only when no "Allow all" button is there to click.
 */
const CONSENT_COOKIE = {
  name: 'cookieConsent',
  value: encodeURIComponent(
    JSON.stringify({ necessary: true, preferences: true, statistics: true, marketing: true }),
  ),
};
const ALLOW_ALL = /^allow all$/i;
const PAGE_TIMEOUT_MS = 30_000;
const NETWORK_IDLE_TIMEOUT_MS = 10_000;
const ANIMATIONS_TIMEOUT_MS = 5_000;

export type AxeViolation = {
  /** The rule id (`color-contrast`, `region`, ...). */
  id: string;
  impact: string | null;
  help: string;
  /** How many elements break the rule. */
  nodes: number;
  /** The first of them, as axe's selector (frames and shadow roots joined by ` >>> `). */
  firstTarget: string;
};

export type AxeVariant = {
  viewport: AxeViewport;
  colorScheme: ColorScheme;
  consent: ConsentState;
  /** The HTTP status of the page's document. */
  status: number | null;
  /** Whether an "Allow all" button was visible when axe ran. */
  consentBarVisible: boolean;
  /** How consent was given before the `accepted` run: the page's own button, or the cookie set. */
  consentGivenBy?: 'click' | 'cookie';
  violations: AxeViolation[];
  /** Set when the page could not be loaded or axe failed; the variant then has no violations. */
  error?: string;
};

export type AxePage = { path: string; variants: AxeVariant[] };

/** What of axe's API the page is asked for; axe's own types need the DOM library. */
type AxeInPage = {
  axe: {
    run: (
      context: unknown,
      options: { resultTypes: string[] },
    ) => Promise<{
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: (string | string[])[] }[];
      }[];
    }>;
  };
  document: unknown;
};

type AnimationsInPage = {
  document: {
    getAnimations: () => { playState: string; effect: { getTiming: () => { iterations: number } } | null }[];
  };
};

export function axeSource(): { source: string; version: string } {
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const version = (require('axe-core/package.json') as { version: string }).version;
  return { source, version };
}

/** Runs axe on every page and variant, one page at a time in one headless Chromium. */
export async function runAxe(
  baseUrl: string,
  paths: readonly string[],
  log: (line: string) => void,
): Promise<{ version: string; browser: string; pages: AxePage[] }> {
  const { source, version } = axeSource();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const pages: AxePage[] = [];
    for (const path of paths) {
      log(`axe ${path} ...`);
      const variants: AxeVariant[] = [];
      for (const viewport of AXE_VIEWPORTS)
        for (const colorScheme of COLOR_SCHEMES)
          variants.push(
            ...(await checkVariantPair(browser, `${baseUrl}${path}`, viewport, colorScheme, source)),
          );
      pages.push({ path, variants });
    }
    return { version, browser: `Chromium ${browser.version()}`, pages };
  } finally {
    await browser.close();
  }
}

/**
 * One viewport and colour scheme in a fresh context (no cookie, empty cache): axe with the cookie
 * bar, then consent, a reload and axe again. The context bypasses the page's CSP only so that
 * axe's script can be injected; nothing axe checks depends on CSP.
 */
async function checkVariantPair(
  browser: Browser,
  url: string,
  viewport: (typeof AXE_VIEWPORTS)[number],
  colorScheme: ColorScheme,
  source: string,
): Promise<AxeVariant[]> {
  const base = { viewport: viewport.name, colorScheme };
  let context: BrowserContext | undefined;
  const done: AxeVariant[] = [];
  try {
    context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme,
      bypassCSP: true,
    });
    const page = await context.newPage();
    const first = await page.goto(url, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await settle(page);
    done.push({
      ...base,
      consent: 'banner',
      status: first?.status() ?? null,
      consentBarVisible: await isConsentBarVisible(page),
      violations: await runAxeInPage(page, source),
    });

    const consentGivenBy = await giveConsent(page, context, url);
    const second = await page.reload({ waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
    await settle(page);
    done.push({
      ...base,
      consent: 'accepted',
      status: second?.status() ?? null,
      consentBarVisible: await isConsentBarVisible(page),
      consentGivenBy,
      violations: await runAxeInPage(page, source),
    });
    return done;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    // The variants not measured are reported as errors, so a count of 0 is never a failed load.
    for (const consent of CONSENT_STATES.slice(done.length))
      done.push({ ...base, consent, status: null, consentBarVisible: false, violations: [], error: message });
    return done;
  } finally {
    await context?.close();
  }
}

/** Network idle (a script may still hydrate or load the cookie bar), then running animations done. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_TIMEOUT_MS }).catch(() => undefined);
  // A bar fading in would be measured half transparent: wait until finite animations have ended.
  await page
    .waitForFunction(
      () =>
        (globalThis as unknown as AnimationsInPage).document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: ANIMATIONS_TIMEOUT_MS },
    )
    .catch(() => undefined);
}

async function isConsentBarVisible(page: Page): Promise<boolean> {
  return page
    .getByRole('button', { name: ALLOW_ALL })
    .first()
    .isVisible()
    .catch(() => false);
}

/** Clicks the page's own "Allow all" (it writes the consent the site reads); else sets the cookie. */
async function giveConsent(page: Page, context: BrowserContext, url: string): Promise<'click' | 'cookie'> {
  if (await isConsentBarVisible(page)) {
    await page.getByRole('button', { name: ALLOW_ALL }).first().click({ timeout: PAGE_TIMEOUT_MS });
    return 'click';
  }
  await context.addCookies([{ ...CONSENT_COOKIE, url }]);
  return 'cookie';
}

async function runAxeInPage(page: Page, source: string): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    const scope = globalThis as unknown as AxeInPage;
    // No runOnly: every rule axe enables by default, best-practice tags included.
    const results = await scope.axe.run(scope.document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.length,
      firstTarget: (violation.nodes[0]?.target ?? [])
        .map((part) => (Array.isArray(part) ? part.join(' >>> ') : part))
        .join(' >>> '),
    }));
  });
}
