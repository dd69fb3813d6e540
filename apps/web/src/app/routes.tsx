import type { RouteObject } from 'react-router';
import { Loading } from '../components/loading';
import type { RouteHandle } from '../hooks/use-route-title';
import { RootLayout } from './root-layout';
import { lazyPage } from './lazy-page';
import { RouteErrorPage } from './route-error-page';

const page = lazyPage;

const loadMarketing = () => import('../features/marketing/marketing-page');
const loadComing = () => import('../features/coming-soon/coming-soon-page');

/** Public marketing routes of 000 section 2 that share the content-driven page. */
export const MARKETING_PATHS = [
  'scan-pay-go',
  'loyalty',
  'smart-inventory',
  'supply-chain',
  'crm',
  'about',
  'terms',
  'privacy',
  'cookies',
  'analytics',
  'shopper-features',
  'business-features',
] as const;

/** Protected pages whose feature is not built yet: the shell, the title and a short note. */
export const COMING_PAGES: readonly { path: string; title: string }[] = [
  { path: 'product', title: 'Products' },
  { path: 'inventory', title: 'Inventory' },
  { path: 'warehouse', title: 'Warehouses' },
  { path: 'profile', title: 'Profile' },
  { path: 'settings', title: 'Settings' },
  { path: 'business-profile', title: 'Business Profile' },
  { path: 'access', title: 'Access Management' },
  { path: 'rewards', title: 'Rewards' },
  { path: 'broadcast', title: 'Broadcast' },
  { path: 'communications', title: 'Communications' },
  { path: 'logs', title: 'Logs' },
  { path: 'analytics', title: 'Analytics' },
  { path: 'suppliers', title: 'Suppliers' },
  { path: 'carrying-container', title: 'Carrying Containers' },
  { path: 'subscribe', title: 'Subscribe' },
  { path: 'analytics/basic', title: 'Basic Analytics' },
  { path: 'analytics/advanced', title: 'Advanced Analytics' },
  { path: 'analytics/supreme', title: 'Supreme Analytics' },
];

function handle(title: string): RouteHandle {
  return { title };
}

export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <Loading fullScreen />,
    children: [
      {
        index: true,
        lazy: page(
          () => import('../features/marketing/home-page'),
          (m) => m.HomePage,
        ),
      },
      ...MARKETING_PATHS.map((path) => ({ path, lazy: page(loadMarketing, (m) => m.MarketingPage) })),
      {
        path: 'subscription-plans',
        lazy: page(
          () => import('../features/marketing/subscription-plans-page'),
          (m) => m.SubscriptionPlansPage,
        ),
      },
      {
        path: 'login',
        lazy: page(
          () => import('../features/auth/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'register',
        lazy: page(
          () => import('../features/auth/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'reset-password',
        lazy: page(
          () => import('../features/auth/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        // The reset e-mail links here; the server answers this GET with the app (DESIGN 3).
        path: 'api/auth/reset-password/confirm',
        lazy: page(
          () => import('../features/auth/reset-password-confirm-page'),
          (m) => m.ResetPasswordConfirmPage,
        ),
      },
      {
        path: 'validate-account',
        lazy: page(
          () => import('../features/auth/validate-account-page'),
          (m) => m.ValidateAccountPage,
        ),
      },
      {
        path: 'unauthorized',
        lazy: page(
          () => import('../features/errors/unauthorized-page'),
          (m) => m.UnauthorizedPage,
        ),
      },
      {
        path: 'dashboard',
        lazy: page(
          () => import('./guard/protected-layout'),
          (m) => m.ProtectedLayout,
        ),
        children: [
          {
            index: true,
            handle: handle('Dashboard'),
            lazy: page(
              () => import('../features/dashboard/dashboard-page'),
              (m) => m.DashboardPage,
            ),
          },
          {
            path: 'business-setup',
            handle: handle('Business Setup'),
            lazy: page(
              () => import('../features/business-setup/business-setup-page'),
              (m) => m.BusinessSetupPage,
            ),
          },
          ...COMING_PAGES.map(({ path, title }) => ({
            path,
            handle: handle(title),
            lazy: page(loadComing, (m) => m.ComingSoonPage),
          })),
          {
            path: '*',
            handle: handle('Not found'),
            lazy: page(
              () => import('../features/errors/not-found-page'),
              (m) => m.NotFoundPanel,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: page(
          () => import('../features/errors/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];
