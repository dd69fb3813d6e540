/**
 * Whether someone asked to see the cookie choices again (the "Cookie settings" footer link, the
 * /cookies page). Kept outside the features so that any layout can ask and the root layout shows
 * the dialog; a plain store, so nothing of the dialog loads before it is asked for.
 */
let isRequested = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function openCookieSettings(): void {
  if (isRequested) return;
  isRequested = true;
  notify();
}

export function closeCookieSettings(): void {
  if (!isRequested) return;
  isRequested = false;
  notify();
}

export function subscribeToCookieSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isCookieSettingsRequested(): boolean {
  return isRequested;
}

/**
 * The height of the cookie bar while it is on screen, as `--cookie-bar-height` on the root
 * element: the scroll-to-top button rises above it and the page gets room under its last button.
 */
export const COOKIE_BAR_HEIGHT_VARIABLE = '--cookie-bar-height';

export function setCookieBarHeight(height: number): void {
  if (height > 0) document.documentElement.style.setProperty(COOKIE_BAR_HEIGHT_VARIABLE, `${height}px`);
  else document.documentElement.style.removeProperty(COOKIE_BAR_HEIGHT_VARIABLE);
}
