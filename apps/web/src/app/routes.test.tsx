import { screen, within } from '@testing-library/react';
import { ROUTE_ROLES } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { makeSession } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { ROUTE_ERROR_TEXT, RouteErrorPage } from './route-error-page';
import { appRoutes } from './routes';

function collectPaths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? parent
      : route.path
        ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
        : parent;
    const normalized = path === '' ? '/' : path;
    return [normalized, ...(route.children ? collectPaths(route.children, normalized) : [])];
  });
}

const PUBLIC_ROUTES = [
  '/',
  '/scan-pay-go',
  '/loyalty',
  '/smart-inventory',
  '/supply-chain',
  '/crm',
  '/about',
  '/terms',
  '/privacy',
  '/cookies',
  '/analytics',
  '/shopper-features',
  '/business-features',
  '/login',
  '/register',
  '/reset-password',
  '/api/auth/reset-password/confirm',
  '/validate-account',
  '/subscription-plans',
  '/unauthorized',
];

describe('appRoutes', () => {
  const paths = new Set(collectPaths(appRoutes));

  it.each(PUBLIC_ROUTES)('registers the public route %s', (path) => {
    expect(paths.has(path)).toBe(true);
  });

  it.each(Object.keys(ROUTE_ROLES))('registers the protected route %s', (path) => {
    expect(paths.has(path)).toBe(true);
  });

  it('renders the public page /subscription-plans', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/subscription-plans'] });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('says a site page is not built instead of loading it again when the server sent the app', async () => {
    // The document itself was loaded from the address: the server had no built page for it.
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${window.location.origin}/about` } as PerformanceEntry,
    ]);
    renderRoutes(appRoutes, { initialEntries: ['/about'] });
    expect(await screen.findByRole('heading', { name: 'This page is not built' })).toBeInTheDocument();
  });

  it('renders the reset confirmation page at the e-mailed API path', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/api/auth/reset-password/confirm?token=x'] });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
  });

  it('shows the illustration and the text of /unauthorized', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/unauthorized'] });
    expect(await screen.findByText('You do not have permission to access this page.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'A locked door' })).toBeInTheDocument();
  });

  it('shows the dashboard cards for the areas the roles reach', async () => {
    renderRoutes(appRoutes, {
      initialEntries: ['/dashboard'],
      session: makeSession({ roles: ['ROLE_INVENTORY_READER'] }),
    });
    const cards = await screen.findByRole('list', { name: 'Dashboard areas' });
    const titles = within(cards)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Inventory',
      'Stores & Locations',
      'Warehouses',
      'Suppliers',
      'Purchasing',
      'Cycle Counts',
      'Carrying Containers',
      'Profile',
    ]);
  });
});

describe(RouteErrorPage.name, () => {
  it('reads "Unexpected Application Error!" when a route fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Broken page');
    }
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    expect(await screen.findByText(ROUTE_ERROR_TEXT)).toBeInTheDocument();
    expect(ROUTE_ERROR_TEXT).toBe('Unexpected Application Error!');
  });
});
