/**
 * The script of the static public pages (a module, so it runs after the page is parsed). The pages
 * run no React: this adds what needs script to markup the build wrote (`prerender.tsx`): the
 * session's header actions, the phone menu's Escape, the cookie bar (000 section 2) with the
 * trackers its consent allows, and the store of a scan-pay-go QR code.
 */
import {
  ALL_CONSENT,
  NO_CONSENT,
  applyConsent,
  focusAfterChoice,
  readConsent,
  writeConsent,
  type CookieConsent,
} from '../features/cookie-consent/cookie-consent';
import { COOKIE_CATEGORIES } from '../features/cookie-consent/cookie-texts';
import { enhanceDisclosureMenu } from '../features/marketing/disclosure-menu';
import { readStoredSession } from '../session/session-storage';
import { setCookieBarHeight } from '../ui/cookie-settings';
import { showStore } from './store-lookup-script';

/** The page about cookies, which opens the choices with the stored ones ticked. */
const COOKIES_PATH = '/cookies';

/** A tab with a live session (sessionStorage, 000 section 4) gets "Open dashboard". */
function showSessionActions(): void {
  const isSignedIn = readStoredSession() !== null;
  for (const actions of document.querySelectorAll<HTMLElement>('[data-session-actions]')) {
    actions.hidden = (actions.dataset.sessionActions === 'signed-in') !== isSignedIn;
  }
}

/**
 * The cookie bar: shown until a consent cookie exists, and again from "Cookie settings" with the
 * stored choice ticked and the categories open. Non-modal, as the app's: it takes focus when it
 * appears, Escape denies, and focus goes back afterwards.
 */
export function enhanceCookieBar(bar: HTMLElement): void {
  const details = bar.querySelector<HTMLElement>('#cookie-bar-details');
  const choose = bar.querySelector<HTMLElement>('[data-consent="choose"]');
  let previousFocus: Element | null = null;
  let observer: ResizeObserver | null = null;

  const setDetailsOpen = (isOpen: boolean) => {
    if (details) details.hidden = !isOpen;
    choose?.setAttribute('aria-expanded', String(isOpen));
  };
  const boxOf = (key: string) => bar.querySelector<HTMLInputElement>(`input[name="${key}"]`);

  const open = (isReopened: boolean) => {
    const stored = readConsent();
    for (const category of COOKIE_CATEGORIES) {
      const box = boxOf(category.key);
      if (box) box.checked = stored?.[category.key] ?? false;
    }
    setDetailsOpen(isReopened);
    previousFocus = document.activeElement;
    bar.hidden = false;
    bar.focus();
    setCookieBarHeight(bar.offsetHeight);
    observer?.disconnect();
    observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => setCookieBarHeight(bar.offsetHeight));
    observer?.observe(bar);
  };

  const save = (consent: CookieConsent) => {
    writeConsent(consent);
    void applyConsent(consent);
    bar.hidden = true;
    observer?.disconnect();
    setCookieBarHeight(0);
    focusAfterChoice(previousFocus);
  };

  bar.addEventListener('click', (event) => {
    const action =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent]') : null;
    switch (action?.dataset.consent) {
      case 'choose':
        setDetailsOpen(details?.hidden ?? false);
        break;
      case 'deny':
        save(NO_CONSENT);
        break;
      case 'all':
        save(ALL_CONSENT);
        break;
      case 'selection': {
        const selection: CookieConsent = { ...NO_CONSENT };
        for (const category of COOKIE_CATEGORIES)
          selection[category.key] = boxOf(category.key)?.checked ?? false;
        save(selection);
        break;
      }
      default:
    }
  });
  bar.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    save(NO_CONSENT);
  });
  for (const button of document.querySelectorAll<HTMLElement>('[data-cookie-settings]')) {
    button.addEventListener('click', () => open(true));
  }
  // The page about cookies opens the choices (000 section 2: /cookies reopens the dialog).
  if (readConsent() === null) open(false);
  else if (window.location.pathname === COOKIES_PATH) open(true);
}

export function startSite(): void {
  showSessionActions();
  for (const menu of document.querySelectorAll<HTMLDetailsElement>('details[data-disclosure-menu]')) {
    enhanceDisclosureMenu(menu);
  }
  const bar = document.querySelector<HTMLElement>('[data-cookie-bar]');
  if (bar) enhanceCookieBar(bar);
  const consent = readConsent();
  if (consent) void applyConsent(consent);
  const store = document.querySelector<HTMLElement>('[data-store-lookup]');
  if (store) void showStore(store, new URLSearchParams(window.location.search).get('store'));
}
