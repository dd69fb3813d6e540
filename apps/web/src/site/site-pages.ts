import { SITE_PAGE_PATHS, type SitePagePath } from '@app/contracts';
import { aboutPage } from './content/about';
import { analyticsPage } from './content/analytics';
import { businessFeaturesPage } from './content/business-features';
import { cookiesPage } from './content/cookies';
import { crmPage } from './content/crm';
import { homePage } from './content/home';
import { loyaltyPage } from './content/loyalty';
import { privacyPage } from './content/privacy';
import { scanPayGoPage } from './content/scan-pay-go';
import { shopperFeaturesPage } from './content/shopper-features';
import { smartInventoryPage } from './content/smart-inventory';
import { supplyChainPage } from './content/supply-chain';
import { termsPage } from './content/terms';
import type { SitePage } from './site-page';

/** One page per path: a path added to SITE_PAGE_PATHS without its page does not compile. */
const PAGE_BY_PATH: Record<SitePagePath, SitePage> = {
  '/': homePage,
  '/scan-pay-go': scanPayGoPage,
  '/loyalty': loyaltyPage,
  '/smart-inventory': smartInventoryPage,
  '/supply-chain': supplyChainPage,
  '/crm': crmPage,
  '/about': aboutPage,
  '/analytics': analyticsPage,
  '/shopper-features': shopperFeaturesPage,
  '/business-features': businessFeaturesPage,
  '/terms': termsPage,
  '/privacy': privacyPage,
  '/cookies': cookiesPage,
};

/** The thirteen public pages in the order of SITE_PAGE_PATHS (the sitemap's and the build's order). */
export const SITE_PAGES: readonly SitePage[] = SITE_PAGE_PATHS.map((path) => PAGE_BY_PATH[path]);

/**
 * The page served at a path, or undefined. A trailing slash and a query or fragment are ignored,
 * so `/scan-pay-go?store=CODE` and `/loyalty/` find their pages.
 */
export function sitePageAt(path: string): SitePage | undefined {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return SITE_PAGES.find((page) => page.path === trimmed);
}
