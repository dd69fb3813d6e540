import { SITE_PAGE_PATHS } from '@app/contracts';
import type { RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import type { RouteHandle } from '../hooks/use-route-title';
import { RootLayout } from './root-layout';
import { lazyPage } from './lazy-page';
import { lazyShellPage } from './lazy-shell-page';
import { RouteErrorPage } from './route-error-page';
import { fitsTablet } from './shell/tablet-pages';
import { SitePageLoad } from './site-page-load';

const page = lazyPage;
const shellPage = lazyShellPage;

const loadComing = () => import('../features/coming-soon/coming-soon-page');

/** Protected pages whose feature is not built yet: the shell, the title and a short note. */
export const COMING_PAGES: readonly { path: string; title: string }[] = [];

function handle(title: string): RouteHandle {
  return { title };
}

/** A public route's document title only: it has no breadcrumb. */
function pageTitle(documentTitle: string): RouteHandle {
  return { documentTitle };
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Loading fullScreen />,
    children: [
      // The public site is static HTML the server sends; a link inside the app loads it.
      ...SITE_PAGE_PATHS.map((path) =>
        path === '/'
          ? { index: true, handle: pageTitle(''), element: <SitePageLoad /> }
          : { path: path.slice(1), handle: pageTitle(''), element: <SitePageLoad /> },
      ),
      {
        path: 'subscription-plans',
        handle: pageTitle('Subscription plans'),
        lazy: page(
          () => import('../features/marketing/subscription-plans-page'),
          (m) => m.SubscriptionPlansPage,
        ),
      },
      {
        path: 'login',
        handle: pageTitle('Sign in'),
        lazy: page(
          () => import('../features/auth/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'register',
        handle: pageTitle('Create your account'),
        lazy: page(
          () => import('../features/auth/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'reset-password',
        handle: pageTitle('Reset your password'),
        lazy: page(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // The reset e-mail links here; the server answers this GET with the app (DESIGN 3).
        path: 'api/auth/reset-password/confirm',
        handle: pageTitle('Choose a new password'),
        lazy: page(
          () => import('../features/auth/reset-password-confirm-page'),
          (m) => m.ResetPasswordConfirmPage,
        ),
      },
      {
        path: 'validate-account',
        handle: pageTitle('Activate your account'),
        lazy: page(
          () => import('../features/auth/validate-account-page'),
          (m) => m.ValidateAccountPage,
        ),
      },
      {
        // The link mailed to a new address (WEB_ROUTES.confirmEmail): confirms on a click only.
        path: 'confirm-email',
        handle: pageTitle('Confirm your new e-mail address'),
        lazy: page(
          () => import('../features/auth/confirm-email-page'),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: 'unauthorized',
        handle: pageTitle('Unauthorized'),
        lazy: page(
          () => import('../features/errors/unauthorized-page'),
          (m) => m.UnauthorizedPage,
        ),
      },
      {
        path: 'dashboard',
        handle: pageTitle('Dashboard'),
        lazy: page(
          () => import('./guard/protected-layout'),
          (m) => m.ProtectedLayout,
        ),
        children: [
          {
            index: true,
            handle: handle('Dashboard'),
            lazy: shellPage(
              () => import('../features/dashboard/dashboard-page'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: 'business-setup',
            handle: handle('Business Setup'),
            lazy: shellPage(
              () => import('../features/business-setup/business-setup-page'),
              (m) => m.BusinessSetupPage,
            ),
          },
          {
            path: 'stores',
            handle: handle('Stores & Locations'),
            lazy: shellPage(
              () => import('../features/stores/stores-page'),
              (m) => m.StoresPage,
            ),
          },
          {
            path: 'warehouse',
            handle: handle('Warehouses'),
            lazy: shellPage(
              () => import('../features/warehouses/warehouses-page'),
              (m) => m.WarehousesPage,
            ),
          },
          {
            path: 'suppliers',
            handle: handle('Suppliers'),
            lazy: shellPage(
              () => import('../features/suppliers/suppliers-page'),
              (m) => m.SuppliersPage,
            ),
          },
          {
            path: 'purchasing',
            handle: handle('Purchasing'),
            lazy: shellPage(
              () => import('../features/purchasing/purchase-orders-page'),
              (m) => m.PurchaseOrdersPage,
            ),
          },
          {
            path: 'purchasing/suggested',
            handle: handle('Suggested orders'),
            lazy: shellPage(
              () => import('../features/purchasing/suggested-orders-page'),
              (m) => m.SuggestedOrdersPage,
            ),
          },
          {
            path: 'purchasing/orders/new',
            handle: handle('New purchase order'),
            lazy: shellPage(
              () => import('../features/purchasing/order-page'),
              (m) => m.OrderPage,
            ),
          },
          {
            path: 'purchasing/orders/:orderId',
            handle: handle('Purchase order'),
            lazy: shellPage(
              () => import('../features/purchasing/order-page'),
              (m) => m.OrderPage,
            ),
          },
          {
            path: 'cycle-counts',
            handle: fitsTablet(handle('Cycle Counts')),
            lazy: shellPage(
              () => import('../features/cycle-counts/cycle-counts-page'),
              (m) => m.CycleCountsPage,
            ),
          },
          {
            path: 'cycle-counts/:countId',
            handle: fitsTablet(handle('Count Sheet')),
            lazy: shellPage(
              () => import('../features/cycle-counts/cycle-count-page'),
              (m) => m.CycleCountPage,
            ),
          },
          {
            path: 'rewards',
            handle: handle('Rewards'),
            lazy: shellPage(
              () => import('../features/rewards/rewards-page'),
              (m) => m.RewardsPage,
            ),
          },
          {
            path: 'carrying-container',
            handle: handle('Carrying Containers'),
            lazy: shellPage(
              () => import('../features/carrying-containers/carrying-containers-page'),
              (m) => m.CarryingContainersPage,
            ),
          },
          {
            path: 'product',
            handle: handle('Products'),
            lazy: shellPage(
              () => import('../features/products/products-page'),
              (m) => m.ProductsPage,
            ),
          },
          {
            path: 'inventory',
            handle: handle('Inventory'),
            lazy: shellPage(
              () => import('./inventory-page'),
              (m) => m.InventoryPage,
            ),
          },
          {
            path: 'profile',
            handle: handle('Profile'),
            lazy: shellPage(
              () => import('../features/profile/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: 'settings',
            handle: handle('Settings'),
            lazy: shellPage(
              () => import('../features/settings/settings-page'),
              (m) => m.SettingsPage,
            ),
          },
          {
            path: 'business-profile',
            handle: handle('Business Profile'),
            lazy: shellPage(
              () => import('../features/business-profile/business-profile-page'),
              (m) => m.BusinessProfilePage,
            ),
          },
          {
            path: 'subscribe',
            handle: handle('Subscribe'),
            lazy: shellPage(
              () => import('../features/subscribe/subscribe-page'),
              (m) => m.SubscribePage,
            ),
          },
          {
            // The sandbox payment provider's pages (the owner's onboarding and dashboard links).
            path: 'payments/sandbox-onboarding',
            handle: handle('Sandbox Onboarding'),
            lazy: shellPage(
              () => import('../features/payments/sandbox-onboarding-page'),
              (m) => m.SandboxOnboardingPage,
            ),
          },
          {
            path: 'payments/sandbox-dashboard',
            handle: handle('Sandbox Dashboard'),
            lazy: shellPage(
              () => import('../features/payments/sandbox-dashboard-page'),
              (m) => m.SandboxDashboardPage,
            ),
          },
          {
            path: 'access',
            handle: handle('Access Management'),
            lazy: shellPage(
              () => import('../features/access-management/access-management-page'),
              (m) => m.AccessManagementPage,
            ),
          },
          {
            path: 'logs',
            handle: handle('Logs'),
            lazy: shellPage(
              () => import('../features/audit-logs/audit-logs-page'),
              (m) => m.AuditLogsPage,
            ),
          },
          {
            path: 'analytics',
            handle: handle('Analytics'),
            lazy: shellPage(
              () => import('../features/analytics/analytics-page'),
              (m) => m.AnalyticsPage,
            ),
          },
          {
            path: 'analytics/basic',
            handle: handle('Basic Analytics'),
            lazy: shellPage(
              () => import('../features/analytics/basic/basic-analytics-page'),
              (m) => m.BasicAnalyticsPage,
            ),
          },
          {
            path: 'analytics/advanced',
            handle: handle('Advanced Analytics'),
            lazy: shellPage(
              () => import('../features/analytics/advanced/advanced-analytics-page'),
              (m) => m.AdvancedAnalyticsPage,
            ),
          },
          {
            path: 'analytics/supreme',
            handle: handle('Supreme Analytics'),
            lazy: shellPage(
              () => import('../features/analytics/supreme/supreme-analytics-page'),
              (m) => m.SupremeAnalyticsPage,
            ),
          },
          {
            path: 'communications',
            handle: handle('Communications'),
            lazy: shellPage(
              () => import('../features/communications/communications-page'),
              (m) => m.CommunicationsPage,
            ),
          },
          {
            path: 'broadcast',
            handle: handle('Broadcast'),
            lazy: shellPage(
              () => import('../features/broadcast/broadcast-page'),
              (m) => m.BroadcastPage,
            ),
          },
          ...COMING_PAGES.map(({ path, title }) => ({
            path,
            handle: handle(title),
            lazy: shellPage(loadComing, (m) => m.ComingSoonPage),
          })),
          {
            path: '*',
            handle: handle('Not found'),
            lazy: shellPage(
              () => import('../features/errors/not-found-page'),
              (m) => m.NotFoundPanel,
            ),
          },
        ],
      },
      {
        path: '*',
        handle: pageTitle('Page not found'),
        lazy: page(
          () => import('../features/errors/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
