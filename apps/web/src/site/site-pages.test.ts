import { ROUTE_ROLES, SITE_PAGE_PATHS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { locationChoiceKeyOf } from '../components/location-picker';
import { storeChoiceKey } from '../features/carrying-containers/use-remembered-store';
import { CONSENT_COOKIE_NAME, CONSENT_DAYS } from '../features/cookie-consent/cookie-consent';
import { dismissKeyOf } from '../features/dashboard/components/setup-checklist';
import { tillStoreKeyOf } from '../features/till/use-till-store';
import { SESSION_KEYS } from '../session/session-storage';
import {
  COOKIE_TABLE,
  LOCAL_STORAGE_PREFIXES,
  REFRESH_COOKIE_NAME,
  SIGN_IN_HAND_OFF_KEY,
} from './content/browser-storage';
import { SCREENSHOTS } from './screenshots';
import { SCREENSHOT_NAMES, type DocumentPage, type ProductPage, type SitePage, type Shot } from './site-page';
import { SITE_PAGES, sitePageAt } from './site-pages';

/** Where a call to action or a link may lead: the app's public entry points and its routes. */
const APP_PATHS: readonly string[] = [
  '/register',
  '/login',
  '/subscription-plans',
  ...Object.keys(ROUTE_ROLES),
];
const SITE_PATHS: readonly string[] = SITE_PAGE_PATHS;

const productPages = SITE_PAGES.filter((page): page is ProductPage => page.kind === 'product');
const documentPages = SITE_PAGES.filter((page): page is DocumentPage => page.kind === 'document');

/** Every text of a page, for "the page says X" checks. */
function textOf(page: SitePage): string {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(page);
  return texts.join('\n');
}

function pageAt(path: string): SitePage {
  const page = sitePageAt(path);
  if (!page) throw new Error(`No page at ${path}`);
  return page;
}

function shotsOf(page: ProductPage): Shot[] {
  return [page.hero, ...page.features.flatMap((feature) => (feature.shot ? [feature.shot] : []))];
}

describe('SITE_PAGES', () => {
  it('has exactly one page for each of SITE_PAGE_PATHS, in that order', () => {
    expect(SITE_PAGES.map((page) => page.path)).toEqual([...SITE_PAGE_PATHS]);
  });

  it('gives every page its own title', () => {
    const titles = SITE_PAGES.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of titles) expect(title.trim()).not.toBe('');
  });

  it('gives every page its own description of 70 to 160 characters', () => {
    const descriptions = SITE_PAGES.map((page) => page.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const page of SITE_PAGES) {
      expect(page.description.length, page.path).toBeGreaterThanOrEqual(70);
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  it('leaves no placeholder text on any page', () => {
    for (const page of SITE_PAGES)
      expect(textOf(page), page.path).not.toMatch(/lorem|TODO|TBD|\bundefined\b/i);
  });
});

describe('sitePageAt', () => {
  it('finds each page at its path', () => {
    for (const path of SITE_PAGE_PATHS) expect(sitePageAt(path)?.path).toBe(path);
  });

  it('ignores a trailing slash, a query and a fragment', () => {
    expect(sitePageAt('/loyalty/')?.path).toBe('/loyalty');
    expect(sitePageAt('/scan-pay-go?store=ABC123')?.path).toBe('/scan-pay-go');
    expect(sitePageAt('/privacy#audit-log')?.path).toBe('/privacy');
    expect(sitePageAt('/?ref=mail')?.path).toBe('/');
  });

  it('answers undefined for a path that is not a site page', () => {
    expect(sitePageAt('/login')).toBeUndefined();
    expect(sitePageAt('/dashboard')).toBeUndefined();
    expect(sitePageAt('/loyalty/extra')).toBeUndefined();
    expect(sitePageAt('')).toBeUndefined();
  });
});

describe('product pages', () => {
  it('are every page but the three documents', () => {
    expect(documentPages.map((page) => page.path)).toEqual(['/terms', '/privacy', '/cookies']);
    expect(productPages).toHaveLength(SITE_PAGE_PATHS.length - 3);
  });

  it('have one call to action, leading to registration, the plans or a path of the app', () => {
    for (const page of productPages) {
      expect(page.cta.label.trim(), page.path).not.toBe('');
      expect(APP_PATHS, page.path).toContain(page.cta.to);
    }
  });

  it('have two to four features, each with a screenshot', () => {
    for (const page of productPages) {
      expect(page.features.length, page.path).toBeGreaterThanOrEqual(2);
      expect(page.features.length, page.path).toBeLessThanOrEqual(4);
      for (const feature of page.features) {
        expect(feature.shot, `${page.path}: ${feature.title}`).toBeDefined();
        expect((feature.points ?? []).length, feature.title).toBeLessThanOrEqual(4);
      }
    }
  });

  it('answer three to five questions', () => {
    for (const page of productPages) {
      expect(page.faq.length, page.path).toBeGreaterThanOrEqual(3);
      expect(page.faq.length, page.path).toBeLessThanOrEqual(5);
      for (const { question, answer } of page.faq) {
        expect(question, page.path).toMatch(/\?$/);
        expect(answer.trim(), question).not.toBe('');
      }
    }
  });

  it('name two to four audiences and three or four steps', () => {
    for (const page of productPages) {
      expect(page.audience.items.length, page.path).toBeGreaterThanOrEqual(2);
      expect(page.audience.items.length, page.path).toBeLessThanOrEqual(4);
      expect(page.steps.items.length, page.path).toBeGreaterThanOrEqual(3);
      expect(page.steps.items.length, page.path).toBeLessThanOrEqual(4);
    }
  });

  it('show only screens of the real app, each with an alt text that says what it shows', () => {
    const names: readonly string[] = SCREENSHOT_NAMES;
    for (const page of productPages) {
      for (const shot of shotsOf(page)) {
        expect(names, page.path).toContain(shot.name);
        expect(shot.alt.trim().length, `${page.path} ${shot.name}`).toBeGreaterThanOrEqual(20);
        expect(shot.alt, `${page.path} ${shot.name}`).not.toMatch(/screenshot/i);
      }
    }
  });

  it('give one screen the same alt text wherever it appears', () => {
    const altByName = new Map<string, Set<string>>();
    for (const shot of productPages.flatMap(shotsOf)) {
      altByName.set(shot.name, (altByName.get(shot.name) ?? new Set()).add(shot.alt));
    }
    for (const [name, alts] of altByName) expect([...alts], name).toHaveLength(1);
  });

  it("never show the same picture twice on one page: a feature shows a detail of the hero's screen", () => {
    for (const page of productPages) {
      const pictures = shotsOf(page).map((shot) => `${shot.name} ${JSON.stringify(shot.detail ?? null)}`);
      expect(new Set(pictures).size, page.path).toBe(pictures.length);
    }
  });

  it('cut every detail out of its screen, no wider or taller than the screen', () => {
    for (const shot of productPages.flatMap(shotsOf)) {
      if (!shot.detail) continue;
      const { x, y, width, height } = shot.detail;
      const screen = SCREENSHOTS[shot.name];
      expect(x, shot.name).toBeGreaterThanOrEqual(0);
      expect(y, shot.name).toBeGreaterThanOrEqual(0);
      expect(x + width, shot.name).toBeLessThanOrEqual(screen.width);
      expect(y + height, shot.name).toBeLessThanOrEqual(screen.height);
    }
  });

  it('lead from the home page and the two audience pages to other pages', () => {
    for (const path of ['/', '/shopper-features', '/business-features']) {
      const page = pageAt(path) as ProductPage;
      expect(page.links?.items.length, path).toBeGreaterThanOrEqual(3);
    }
    for (const page of productPages) {
      for (const link of page.links?.items ?? []) {
        expect([...SITE_PATHS, ...APP_PATHS], `${page.path} -> ${link.to}`).toContain(link.to);
        expect(link.to, page.path).not.toBe(page.path);
      }
    }
  });

  it('look up the store of a QR code on /scan-pay-go only', () => {
    expect(productPages.filter((page) => page.hasStoreLookup).map((page) => page.path)).toEqual([
      '/scan-pay-go',
    ]);
  });

  it('tell the shop on /scan-pay-go where to print its QR code', () => {
    const text = textOf(pageAt('/scan-pay-go'));
    expect(text).toContain('Stores');
    expect(text).toContain('“QR code”');
    expect(text).toContain('Print');
  });
});

describe('document pages', () => {
  it('give every section its own id, valid as an HTML id', () => {
    for (const page of documentPages) {
      const ids = page.sections.map((section) => section.id);
      expect(new Set(ids).size, page.path).toBe(ids.length);
      for (const id of ids) expect(id, page.path).toMatch(/^[a-z][a-z0-9-]*$/);
    }
  });

  it('carry an ISO date of their last update', () => {
    for (const page of documentPages) {
      expect(page.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(page.updated))).toBe(false);
    }
  });

  it('give every table row as many cells as its header', () => {
    for (const page of documentPages) {
      for (const section of page.sections) {
        const [header, ...rows] = section.table ?? [];
        for (const row of rows) expect(row, `${page.path}#${section.id}`).toHaveLength(header?.length ?? 0);
      }
    }
  });
});

describe('/privacy', () => {
  const text = textOf(pageAt('/privacy'));

  it('names every sessionStorage key of the session', () => {
    for (const key of Object.values(SESSION_KEYS)) expect(text).toContain(key);
    expect(text).toContain(SIGN_IN_HAND_OFF_KEY);
  });

  it('names the localStorage keys the screens write, as the code spells them', () => {
    expect(locationChoiceKeyOf('u1')).toBe(`${LOCAL_STORAGE_PREFIXES.locationChoice}u1`);
    expect(tillStoreKeyOf('u1')).toBe(`${LOCAL_STORAGE_PREFIXES.tillStore}u1`);
    expect(storeChoiceKey('u1')).toBe(`${LOCAL_STORAGE_PREFIXES.carryingContainerStore}u1`);
    expect(dismissKeyOf('u1')).toBe(`${LOCAL_STORAGE_PREFIXES.setupChecklistDismissed}u1`);
    for (const prefix of Object.values(LOCAL_STORAGE_PREFIXES)) expect(text).toContain(`${prefix}<user id>`);
  });

  it('names the refresh cookie and says card details never reach the service', () => {
    expect(text).toContain(REFRESH_COOKIE_NAME);
    expect(text).toMatch(/card details go to Stripe and never reach us/);
  });

  it('covers loyalty members, uploaded pictures, the audit log and e-mail', () => {
    const ids = (pageAt('/privacy') as DocumentPage).sections.map((section) => section.id);
    expect(ids).toEqual(expect.arrayContaining(['loyalty-members', 'pictures', 'audit-log', 'e-mail']));
  });
});

describe('/cookies', () => {
  const page = pageAt('/cookies') as DocumentPage;
  const text = textOf(page);

  it(`names the consent cookie ${CONSENT_COOKIE_NAME} with its ${CONSENT_DAYS} days`, () => {
    expect(CONSENT_COOKIE_NAME).toBe('cookieConsent');
    expect(CONSENT_DAYS).toBe(180);
    const row = COOKIE_TABLE.find(([name]) => name === CONSENT_COOKIE_NAME);
    expect(row?.[3]).toContain('180 days');
    expect(text).toContain(CONSENT_COOKIE_NAME);
  });

  it('lists the refresh cookie and the browser storage', () => {
    expect(text).toContain(REFRESH_COOKIE_NAME);
    for (const key of Object.values(SESSION_KEYS)) expect(text).toContain(key);
  });

  it('names the four consent categories', () => {
    for (const category of ['Necessary', 'Preferences', 'Statistics', 'Marketing']) {
      expect(text).toContain(`${category}:`);
    }
  });

  it('says that no tracker is set up by default', () => {
    expect(text).toMatch(/none is set up by default/);
  });

  it('tells the reader to change the choice with the Cookie settings button', () => {
    expect(text).toContain('“Cookie settings” button on this page');
  });
});
