import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavigationProgress } from '../components/navigation-progress';
import { hasToastDemand, subscribeToToastDemand } from '../components/toast-demand';
import { applyConsent, readConsent } from '../features/cookie-consent/cookie-consent';
import { SCROLL_TO_TOP_THRESHOLD, useHasScrolledPast } from '../hooks/use-has-scrolled-past';
import { useDocumentTitle } from '../hooks/use-route-title';
import {
  closeCookieSettings,
  isCookieSettingsRequested,
  subscribeToCookieSettings,
} from '../ui/cookie-settings';
import { selectUi } from '../ui/ui.slice';
import { markInitialRender } from './initial-render';

// None of these is needed to show a page, so they load after it and stay out of the first load;
// the toast container and the scroll-to-top button not before they can show anything.
const UpgradeDialogHost = lazy(() =>
  import('./upgrade-dialog-host').then((m) => ({ default: m.UpgradeDialogHost })),
);
const CookieDialog = lazy(() =>
  import('../features/cookie-consent/cookie-dialog').then((m) => ({ default: m.CookieDialog })),
);
const ScrollToTop = lazy(() =>
  import('../components/scroll-to-top').then((m) => ({ default: m.ScrollToTop })),
);
const AppToastContainer = lazy(() =>
  import('../components/toast').then((m) => ({ default: m.AppToastContainer })),
);

/**
 * Wraps every route: the page, the progress bar, the document title, the upgrade dialog, cookie
 * consent, toasts and scroll-to-top.
 */
export function RootLayout() {
  const { upgradeModalOpen } = useSelector(selectUi);
  const [hasConsent] = useState(() => readConsent() !== null);
  const isCookieSettingsOpen = useSyncExternalStore(subscribeToCookieSettings, isCookieSettingsRequested);
  const hasToasts = useSyncExternalStore(subscribeToToastDemand, hasToastDemand);
  const hasScrolled = useHasScrolledPast(SCROLL_TO_TOP_THRESHOLD);
  const isNavigating = useNavigation().state !== 'idle';
  useDocumentTitle();

  useEffect(() => {
    markInitialRender();
    const consent = readConsent();
    if (consent) void applyConsent(consent);
  }, []);

  return (
    <>
      {isNavigating ? <NavigationProgress /> : null}
      <Outlet />
      <Suspense fallback={null}>
        {upgradeModalOpen ? <UpgradeDialogHost /> : null}
        {hasConsent && !isCookieSettingsOpen ? null : (
          <CookieDialog
            key={isCookieSettingsOpen ? 'reopened' : 'first'}
            isReopened={isCookieSettingsOpen}
            onClose={closeCookieSettings}
          />
        )}
      </Suspense>
      {/* Their own boundaries: mounting one later must not hide an open dialog while it loads. */}
      <Suspense fallback={null}>{hasScrolled ? <ScrollToTop /> : null}</Suspense>
      <Suspense fallback={null}>{hasToasts ? <AppToastContainer /> : null}</Suspense>
      <ScrollRestoration />
    </>
  );
}
