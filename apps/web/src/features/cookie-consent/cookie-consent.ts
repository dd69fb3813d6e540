import { SITE_CONFIG_PATH } from '@app/contracts';

export type CookieConsent = {
  necessary: true;
  preferences: boolean;
  statistics: boolean;
  marketing: boolean;
};

export const CONSENT_COOKIE_NAME = 'cookieConsent';
/** Consent lifetime of 000 section 9. */
export const CONSENT_DAYS = 180;
const CONSENT_MAX_AGE_SECONDS = CONSENT_DAYS * 24 * 60 * 60;

export const ALL_CONSENT: CookieConsent = {
  necessary: true,
  preferences: true,
  statistics: true,
  marketing: true,
};
export const NO_CONSENT: CookieConsent = {
  necessary: true,
  preferences: false,
  statistics: false,
  marketing: false,
};

export function readConsent(cookies: string = document.cookie): CookieConsent | null {
  const entry = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CONSENT_COOKIE_NAME}=`));
  if (!entry) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(entry.slice(CONSENT_COOKIE_NAME.length + 1)));
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    return {
      necessary: true,
      preferences: record.preferences === true,
      statistics: record.statistics === true,
      marketing: record.marketing === true,
    };
  } catch {
    return null;
  }
}

export function writeConsent(consent: CookieConsent): void {
  const value = encodeURIComponent(JSON.stringify(consent));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE_NAME}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

export type TrackerUrls = { analytics?: string | null; marketing?: string | null };

let configured: Promise<TrackerUrls> | null = null;

function urlOrNull(value: unknown): string | null {
  return typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
}

/**
 * The scripts the operator configured (ANALYTICS_SCRIPT_URL, MARKETING_PIXEL_URL; none by default),
 * asked of the server once per page and only when a consent needs them: a visitor who has not
 * consented causes no request about trackers at all.
 */
export function readTrackerUrls(): Promise<TrackerUrls> {
  configured ??= fetch(new URL(SITE_CONFIG_PATH, window.location.origin), { credentials: 'omit' })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .then((body) => {
      const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      return {
        analytics: urlOrNull(record.analyticsScriptUrl),
        marketing: urlOrNull(record.marketingPixelUrl),
      };
    })
    .catch(() => ({}));
  return configured;
}

/** Forgets the configuration asked for, as a new page load does (tests load several pages in one). */
export function forgetTrackerUrls(): void {
  configured = null;
}

function loadScriptOnce(id: string, src: string): void {
  if (document.getElementById(id)) return;
  const script = document.createElement('script');
  script.id = id;
  script.src = src;
  script.async = true;
  document.head.appendChild(script);
}

export const ANALYTICS_SCRIPT_ID = 'consent-analytics-script';
export const MARKETING_SCRIPT_ID = 'consent-marketing-pixel';

/**
 * Loads the analytics script for statistics consent and the marketing pixel for marketing consent
 * (000 section 2), each once per page. `urls` replaces the server's configuration (tests).
 */
export async function applyConsent(consent: CookieConsent, urls?: TrackerUrls): Promise<void> {
  if (!consent.statistics && !consent.marketing) return;
  const { analytics, marketing } = urls ?? (await readTrackerUrls());
  if (consent.statistics && analytics) loadScriptOnce(ANALYTICS_SCRIPT_ID, analytics.trim());
  if (consent.marketing && marketing) loadScriptOnce(MARKETING_SCRIPT_ID, marketing.trim());
}

/**
 * Where focus goes after a cookie choice (the app's dialog and the static pages' bar): back where
 * it was, or, when that element is gone, to the page's first field, button or link.
 */
export function focusAfterChoice(previous: Element | null): void {
  if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
    previous.focus();
    return;
  }
  document.querySelector<HTMLElement>('main input:not([type="hidden"]), main button, main a[href]')?.focus();
}
