import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSession } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { UPGRADE_MODAL_STATE_KEY, planViolationReceived } from '../../ui/ui.slice';
import { appRoutes } from '../routes';
import { DashboardShell } from './dashboard-shell';

function stubViewport(isDesktop: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: isDesktop && query.includes('min-width'),
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

const ALL_ENTRIES = [
  'Products',
  'Inventory',
  'Analytics',
  'Access Management',
  'Rewards',
  'Communications',
  'Logs',
  'Settings',
];

function navigation() {
  return screen.getByRole('navigation', { name: 'Main' });
}

function entryNames() {
  return [...navigation().querySelectorAll('a, [role="button"]')]
    .map((element) => element.textContent)
    .filter((text) => text && text !== 'Retail Back-Office');
}

beforeEach(() => {
  stubViewport(true);
});

describe(DashboardShell.name, () => {
  it('shows the product title, a menu button and every entry to an owner', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
    expect(await screen.findByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Retail Back-Office');
    for (const name of ALL_ENTRIES) expect(within(navigation()).getByText(name)).toBeInTheDocument();
    expect(within(navigation()).getByText('Logout')).toBeInTheDocument();
  });

  it('links the drawer logo to the dashboard', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/product'], session: makeSession() });
    const logo = await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', {
      name: 'Retail Back-Office dashboard',
    });
    expect(logo).toHaveAttribute('href', '/dashboard');
  });

  it('hides the entries the user’s roles cannot reach', async () => {
    renderRoutes(appRoutes, {
      initialEntries: ['/dashboard'],
      session: makeSession({ roles: ['ROLE_PRODUCT_READER'] }),
    });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(entryNames()).toEqual(['Products', 'Settings', 'Logout']);
    await userEvent.click(within(navigation()).getByRole('button', { name: 'Settings' }));
    expect(within(navigation()).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );
    expect(within(navigation()).queryByText('Business Profile')).toBeNull();
  });

  it('expands Settings to Profile and Business Profile', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
    const settings = await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole(
      'button',
      { name: 'Settings' },
    );
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(settings);
    expect(within(navigation()).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(navigation()).getByRole('link', { name: 'Business Profile' })).toHaveAttribute(
      'href',
      '/dashboard/business-profile',
    );
  });

  it('shows breadcrumbs with the Dashboard home link and the page title, and the coming note', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/logs'], session: makeSession() });
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(breadcrumbs).getByText('Logs')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('The Logs area is coming soon.')).toBeInTheDocument();
  });

  it('logs out and goes to the login route', async () => {
    const { store, router } = renderRoutes(appRoutes, {
      initialEntries: ['/dashboard'],
      session: makeSession(),
    });
    await userEvent.click(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('button', {
        name: 'Logout',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.token).toBeNull();
  });

  it('toggles the persistent drawer with the menu button', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
    const menu = await screen.findByRole('button', { name: 'Close navigation' });
    await userEvent.click(menu);
    expect(screen.getByRole('button', { name: 'Open navigation' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses a temporary drawer below md that opens from the menu button', async () => {
    stubViewport(false);
    renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  it('opens the upgrade dialog when navigation state carries the flag', async () => {
    const { store, router } = renderRoutes(appRoutes, {
      initialEntries: [{ pathname: '/dashboard', state: { [UPGRADE_MODAL_STATE_KEY]: true } }],
      session: makeSession(),
    });
    expect(await screen.findByRole('dialog', { name: 'Feature Locked' })).toBeInTheDocument();
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'View Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription-plans'));
    expect(store.getState().ui.upgradeModalOpen).toBe(false);
  });

  it('shows the plan violation message and closes to the dashboard', async () => {
    const { store, router } = renderRoutes(appRoutes, {
      initialEntries: ['/dashboard/product'],
      session: makeSession(),
    });
    await screen.findByText('The Products area is coming soon.');
    store.dispatch(planViolationReceived('Your plan allows 100 products.'));
    const dialog = await screen.findByRole('dialog', { name: 'Feature Locked' });
    expect(dialog).toHaveTextContent('Your plan allows 100 products.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
