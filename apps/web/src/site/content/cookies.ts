import { CONSENT_COOKIE_NAME, CONSENT_DAYS } from '../../features/cookie-consent/cookie-consent';
import type { DocumentPage, SitePage } from '../site-page';
import { COOKIE_TABLE, STORAGE_TABLE } from './browser-storage';

/**
 * The cookie bar's categories (000 "Cookie dialog") and what each does in this product. Trackers
 * are URLs set at build time and empty by default (`readTrackerUrls`): the page says so rather
 * than naming providers that are not there. The renderer adds the "Cookie settings" button.
 */
export const cookiesPage: SitePage = {
  kind: 'document',
  path: '/cookies',
  title: 'Cookie policy',
  description:
    'The two cookies Retail Back-Office sets, what it keeps in your browser’s storage, what each consent category allows, and how to change your choice.',
  eyebrow: 'Legal',
  heading: 'Cookies and browser storage',
  lead: `This site sets two cookies, both necessary: ${CONSENT_COOKIE_NAME}, which remembers your cookie choices, and a sign-in cookie for the dashboard. It loads no analytics or advertising scripts unless you allow them and the operator has set them up.`,
  updated: '2026-11-27',
  sections: [
    {
      id: 'cookies-we-set',
      heading: 'Cookies we set',
      paragraphs: [
        `Both cookies belong to this site; neither is shared with anyone else. Your choice is kept for ${CONSENT_DAYS} days, after which the cookie bar asks again.`,
      ],
      table: COOKIE_TABLE,
    },
    {
      id: 'browser-storage',
      heading: 'Browser storage',
      paragraphs: [
        'The dashboard also keeps a few things in your browser’s storage. They are not cookies: the browser never sends them along by itself (the dashboard sends its access token with the requests it makes), and only this site can read them. They are kept whatever you choose in the cookie bar, because the signed-in screens need them to work as you left them.',
      ],
      table: STORAGE_TABLE,
    },
    {
      id: 'categories',
      heading: 'The consent categories',
      paragraphs: ['The cookie bar offers four categories:'],
      list: [
        'Necessary: always on. The two cookies above; the site cannot sign you in or remember your choice without them.',
        'Preferences: this site sets no cookie in this category. The choices the dashboard remembers are kept in browser storage, as listed above.',
        'Statistics: allows an analytics script to load, so that the operator can see how the site is used. It loads only if the operator of this site has set one up, and none is set up by default.',
        'Marketing: allows a marketing pixel to load, to measure campaigns. It loads only if the operator has set one up, and none is set up by default.',
      ],
    },
    {
      id: 'other-sites',
      heading: 'Other sites',
      paragraphs: [
        'When an owner pays for a plan or connects a payment account, the browser goes to Stripe’s own pages, which set Stripe’s cookies under Stripe’s cookie policy. Unless the operator has set up the statistics or marketing scripts above, no other site places cookies through these pages.',
      ],
    },
    {
      id: 'change-your-choice',
      heading: 'Changing your choice',
      paragraphs: [
        'Press the “Cookie settings” button on this page, or the “Cookie settings” link at the foot of any page, to open the cookie bar again. Choose Allow all or Deny, or open “Choose cookies”, tick the categories you want and press Allow selection.',
        'Withdrawing consent stops a script from loading on your next visit. Deleting the cookies in your browser has the same effect as never having chosen: the cookie bar appears again, and deleting the sign-in cookie signs you out.',
      ],
    },
  ],
} satisfies DocumentPage;
