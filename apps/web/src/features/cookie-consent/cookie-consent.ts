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

export type TrackerUrls = { analytics?: string | undefined; marketing?: string | undefined };

/** Tracker URLs are configured at build time; nothing loads when they are unset. */
export function readTrackerUrls(): TrackerUrls {
  return {
    analytics: import.meta.env.VITE_ANALYTICS_SCRIPT_URL,
    marketing: import.meta.env.VITE_MARKETING_PIXEL_URL,
  };
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

/** Loads the analytics script for statistics consent and the pixel for marketing consent. */
export function applyConsent(consent: CookieConsent, urls: TrackerUrls = readTrackerUrls()): void {
  const analytics = urls.analytics?.trim();
  const marketing = urls.marketing?.trim();
  if (consent.statistics && analytics) loadScriptOnce(ANALYTICS_SCRIPT_ID, analytics);
  if (consent.marketing && marketing) loadScriptOnce(MARKETING_SCRIPT_ID, marketing);
}
