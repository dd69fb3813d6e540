import type { CookieConsent } from './cookie-consent';

export type OptionalCookieCategory = Exclude<keyof CookieConsent, 'necessary'>;

/**
 * The words of the cookie bar (000 section 2, "Cookie dialog"), shared by the app's dialog and the
 * bar the static pages write, so that both read the same.
 */
export const COOKIE_TEXTS = {
  title: 'Cookies on this site',
  text:
    'We use necessary cookies to run the site. With your consent we also use cookies for preferences, ' +
    'statistics and marketing. You can change your choice at any time.',
  choose: 'Choose cookies',
  deny: 'Deny',
  allowAll: 'Allow all',
  allowSelection: 'Allow selection',
  categoriesLabel: 'Cookie categories',
  necessary: 'Necessary',
} as const;

export const COOKIE_CATEGORIES: readonly {
  key: OptionalCookieCategory;
  label: string;
  description: string;
}[] = [
  { key: 'preferences', label: 'Preferences', description: 'Remember your settings and choices.' },
  { key: 'statistics', label: 'Statistics', description: 'Help us understand how the site is used.' },
  { key: 'marketing', label: 'Marketing', description: 'Measure our campaigns and show relevant offers.' },
];
