import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, ScrollRestoration } from 'react-router';
import { hasToastDemand, subscribeToToastDemand } from '../components/toast-demand';
import { applyConsent, readConsent } from '../features/cookie-consent/cookie-consent';
import { SCROLL_TO_TOP_THRESHOLD, useHasScrolledPast } from '../hooks/use-has-scrolled-past';
import { selectUi } from '../ui/ui.slice';

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

/** Wraps every route: the page, the upgrade dialog, cookie consent, toasts and scroll-to-top. */
export function RootLayout() {
  const { upgradeModalOpen } = useSelector(selectUi);
  const [hasConsent] = useState(() => readConsent() !== null);
  const hasToasts = useSyncExternalStore(subscribeToToastDemand, hasToastDemand);
  const hasScrolled = useHasScrolledPast(SCROLL_TO_TOP_THRESHOLD);

  useEffect(() => {
    const consent = readConsent();
    if (consent) applyConsent(consent);
  }, []);

  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        {upgradeModalOpen ? <UpgradeDialogHost /> : null}
        {hasConsent ? null : <CookieDialog />}
      </Suspense>
      {/* Their own boundaries: mounting one later must not hide an open dialog while it loads. */}
      <Suspense fallback={null}>{hasScrolled ? <ScrollToTop /> : null}</Suspense>
      <Suspense fallback={null}>{hasToasts ? <AppToastContainer /> : null}</Suspense>
      <ScrollRestoration />
    </>
  );
}
