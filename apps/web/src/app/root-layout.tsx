import { lazy, Suspense, useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, ScrollRestoration } from 'react-router';
import { applyConsent, readConsent } from '../features/cookie-consent/cookie-consent';
import { selectUi } from '../ui/ui.slice';

// None of these is needed to show a page, so they load after it and stay out of the first load.
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
        <ScrollToTop />
        <AppToastContainer />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
