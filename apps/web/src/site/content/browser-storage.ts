import { SESSION_SECONDS } from '@app/contracts';
import { CONSENT_COOKIE_NAME, CONSENT_DAYS } from '../../features/cookie-consent/cookie-consent';
import { SESSION_KEYS } from '../../session/session-storage';

/**
 * What the product keeps in a visitor's browser, shared by the Privacy and Cookies pages. Names
 * come from the code's own constants where the code exports them; the others are checked against
 * the code by site-pages.test.ts, so a renamed key fails the tests instead of leaving the pages
 * wrong.
 */

/** The refresh cookie of apps/server `auth.routes.ts` (a server constant the web cannot import). */
export const REFRESH_COOKIE_NAME = 'rb_refresh';

/** sessionStorage key of `session/sign-in-hand-off.ts` (not exported there). */
export const SIGN_IN_HAND_OFF_KEY = 'signInHandOff';

/** Prefixes of the per-user localStorage keys; each key ends with the user's id. */
export const LOCAL_STORAGE_PREFIXES = {
  locationChoice: 'locationChoice:',
  tillStore: 'tillStore:',
  carryingContainerStore: 'carryingContainerStore:',
  setupChecklistDismissed: 'setupChecklistDismissed:',
} as const;

const USER_KEY = (prefix: string) => `${prefix}<user id>`;

const ACCESS_TOKEN_MINUTES = SESSION_SECONDS / 60;

export const COOKIE_TABLE: string[][] = [
  ['Name', 'Purpose', 'Category', 'Lifetime'],
  [
    CONSENT_COOKIE_NAME,
    'Remembers your cookie choices: necessary (always on), preferences, statistics and marketing, each yes or no.',
    'Necessary',
    `${CONSENT_DAYS} days from your last choice`,
  ],
  [
    REFRESH_COOKIE_NAME,
    'Keeps you signed in: exchanged for a new access token while you use the dashboard. Sent only to the sign-in part of the server (/api/auth) and unreadable by scripts (httpOnly, SameSite=Strict). The server keeps only a hash of it.',
    'Necessary',
    '8 hours after it was last renewed, never beyond 7 days after you signed in; removed when you sign out',
  ],
];

export const STORAGE_TABLE: string[][] = [
  ['Name', 'Where', 'Purpose', 'Lifetime'],
  [
    Object.values(SESSION_KEYS).join(', '),
    'sessionStorage',
    `Your sign-in in this tab: the access token (valid for ${ACCESS_TOKEN_MINUTES} minutes), when it expires, your name, e-mail address, username, phone number, picture reference and roles, and your business’s id.`,
    'Until you sign out or close the tab',
  ],
  [
    SIGN_IN_HAND_OFF_KEY,
    'sessionStorage',
    'After you set up a business, the e-mail address to fill in on the sign-in page.',
    'Removed when the sign-in page has read it',
  ],
  [
    USER_KEY(LOCAL_STORAGE_PREFIXES.locationChoice),
    'localStorage',
    'The location you last picked on a screen that shows one location’s data.',
    'Until you clear your browser’s site data',
  ],
  [
    USER_KEY(LOCAL_STORAGE_PREFIXES.tillStore),
    'localStorage',
    'The store the till sells at, for each person using this browser.',
    'Until you clear your browser’s site data',
  ],
  [
    USER_KEY(LOCAL_STORAGE_PREFIXES.carryingContainerStore),
    'localStorage',
    'The store last picked on the Carrying containers screen.',
    'Until you clear your browser’s site data',
  ],
  [
    USER_KEY(LOCAL_STORAGE_PREFIXES.setupChecklistDismissed),
    'localStorage',
    'That you closed the set-up checklist on the dashboard.',
    'Until you clear your browser’s site data',
  ],
];
