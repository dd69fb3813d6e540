import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { stubViewportWidth } from '../../test/viewport';
import { UPGRADE_MODAL_STATE_KEY, planViolationReceived } from '../../ui/ui.slice';
import { appRoutes } from '../routes';
import { DashboardShell, MIN_LAYOUT_WIDTH } from './dashboard-shell';

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
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/analytics'], session: makeSession() });
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

  it('groups the inventory screens under Inventory, open on one of them', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/warehouse'], session: makeSession() });
    const inventory = await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole(
      'button',
      { name: 'Inventory' },
    );
    expect(inventory).toHaveAttribute('aria-expanded', 'true');
    expect(within(navigation()).getByRole('button', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const links = [
      'Inventory',
      'Stores & Locations',
      'Warehouses',
      'Suppliers',
      'Purchasing',
      'Cycle Counts',
      'Carrying Containers',
    ];
    for (const name of links) expect(within(navigation()).getByRole('link', { name })).toBeInTheDocument();
    expect(within(navigation()).getByRole('link', { name: 'Stores & Locations' })).toHaveAttribute(
      'href',
      '/dashboard/stores',
    );
    expect(within(navigation()).getByRole('link', { name: 'Warehouses' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(inventory);
    expect(inventory).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows breadcrumbs with the Dashboard home link and the page title', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/broadcast'], session: makeSession() });
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(breadcrumbs).getByText('Broadcast')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Broadcast' })).toBeInTheDocument();
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
      initialEntries: ['/dashboard/settings'],
      session: makeSession(),
    });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    store.dispatch(planViolationReceived('Your plan allows 100 products.'));
    const dialog = await screen.findByRole('dialog', { name: 'Feature Locked' });
    expect(dialog).toHaveTextContent('Your plan allows 100 products.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  describe('pages made for a tablet', () => {
    /** The shell's outermost box: the top bar's parent. */
    const shellRoot = () => screen.getByRole('banner').parentElement!;

    it('keeps the 1024 px minimum width on every other page, even in a 768 px window', async () => {
      stubViewportWidth(768);
      mockFetch(() => new Response(null, { status: 404 }));
      renderRoutes(appRoutes, { initialEntries: ['/dashboard/inventory'], session: makeSession() });
      await screen.findByRole('button', { name: 'Open navigation' });
      expect(shellRoot()).toHaveStyle({ minWidth: `${MIN_LAYOUT_WIDTH}px` });
    });

    it('fits the cycle counts and the count sheet to a 768 px tablet, the menu behind its button', async () => {
      stubViewportWidth(768);
      mockFetch(() => new Response(null, { status: 404 }));
      for (const path of [
        '/dashboard/cycle-counts',
        '/dashboard/cycle-counts/8d1f2a4c-0000-4000-8000-0000000000d1',
      ]) {
        const view = renderRoutes(appRoutes, { initialEntries: [path], session: makeSession() });
        const menu = await screen.findByRole('button', { name: 'Open navigation' });
        expect(shellRoot()).not.toHaveStyle({ minWidth: `${MIN_LAYOUT_WIDTH}px` });
        expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
        await userEvent.click(menu);
        expect(await screen.findByRole('navigation', { name: 'Main' })).toBeVisible();
        view.unmount();
      }
    });

    it('keeps the drawer of a tablet page temporary up to 1024 px, where other pages have it persistent', async () => {
      stubViewportWidth(960);
      mockFetch(() => new Response(null, { status: 404 }));
      const tablet = renderRoutes(appRoutes, {
        initialEntries: ['/dashboard/cycle-counts'],
        session: makeSession(),
      });
      expect(await screen.findByRole('button', { name: 'Open navigation' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      tablet.unmount();
      renderRoutes(appRoutes, { initialEntries: ['/dashboard/inventory'], session: makeSession() });
      expect(await screen.findByRole('button', { name: 'Close navigation' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    });

    it('shows the drawer of a tablet page persistent from 1024 px', async () => {
      stubViewportWidth(MIN_LAYOUT_WIDTH);
      mockFetch(() => new Response(null, { status: 404 }));
      renderRoutes(appRoutes, { initialEntries: ['/dashboard/cycle-counts'], session: makeSession() });
      expect(await screen.findByRole('button', { name: 'Close navigation' })).toBeInTheDocument();
      expect(navigation()).toBeVisible();
    });
  });

  describe('account menu', () => {
    async function openAccountMenu() {
      await userEvent.click(await screen.findByRole('button', { name: 'Ada Owner' }));
      return screen.findByRole('menu');
    }

    it('offers Profile, Business Profile and Logout to an owner', async () => {
      renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
      const menu = await openAccountMenu();
      const items = within(menu).getAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Business Profile', 'Logout']);
      expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute(
        'href',
        '/dashboard/profile',
      );
      expect(within(menu).getByRole('menuitem', { name: 'Business Profile' })).toHaveAttribute(
        'href',
        '/dashboard/business-profile',
      );
    });

    it('leaves out Business Profile for a role without it', async () => {
      renderRoutes(appRoutes, {
        initialEntries: ['/dashboard'],
        session: makeSession({ roles: ['ROLE_PRODUCT_READER'] }),
      });
      const menu = await openAccountMenu();
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Profile', 'Logout']);
    });

    it('shows the initials, or the user’s picture', async () => {
      renderRoutes(appRoutes, {
        initialEntries: ['/dashboard'],
        session: makeSession({ user: { picture: 'https://img.example/ada.png' } }),
      });
      const button = await screen.findByRole('button', { name: 'Ada Owner' });
      expect(button.querySelector('img')).toHaveAttribute('src', 'https://img.example/ada.png');
    });

    it('downloads an uploaded picture with the bearer token', async () => {
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() }),
      );
      const { requests } = mockFetch((request) =>
        request.url.includes('/api/azure-blob/download-image')
          ? new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } })
          : jsonResponse(404, {}),
      );
      renderRoutes(appRoutes, {
        initialEntries: ['/dashboard'],
        session: makeSession({ user: { picture: 'users/ada.png' } }),
      });
      const button = await screen.findByRole('button', { name: 'Ada Owner' });
      await waitFor(() => expect(button.querySelector('img')).toHaveAttribute('src', 'blob:picture'));
      const download = requests.find((request) => request.url.includes('download-image'));
      expect(new URL(download!.url).searchParams.get('imageUrl')).toBe('users/ada.png');
      expect(download?.headers.get('Authorization')).toMatch(/^Bearer /);
    });

    it('logs out from the menu with the drawer closed', async () => {
      const { store, router } = renderRoutes(appRoutes, {
        initialEntries: ['/dashboard'],
        session: makeSession(),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Close navigation' }));
      const menu = await openAccountMenu();
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Logout' }));
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(store.getState().session.token).toBeNull();
    });

    it('shows the business’s name and logo in the top bar', async () => {
      const logoBytes = new Uint8Array([137, 80, 78, 71]);
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:logo'), revokeObjectURL: vi.fn() }),
      );
      const { requests } = mockFetch((request) => {
        if (request.url.includes('/api/azure-blob/download-image'))
          return new Response(logoBytes, { status: 200, headers: { 'Content-Type': 'image/png' } });
        // The business for the top bar; the home's cards get nothing (another shape would break them).
        if (new URL(request.url).pathname !== `/api/businesses/${BUSINESS_ID}`)
          return new Response(null, { status: 404 });
        return jsonResponse(200, {
          id: BUSINESS_ID,
          businessName: 'Corner Shop',
          logoUrl: `businesses/${BUSINESS_ID}/logo.png`,
        });
      });
      renderRoutes(appRoutes, { initialEntries: ['/dashboard'], session: makeSession() });
      const banner = await screen.findByRole('banner');
      expect(await within(banner).findByText('Corner Shop')).toBeInTheDocument();
      await waitFor(() => expect(banner.querySelector('img[src="blob:logo"]')).not.toBeNull());
      const download = requests.find((request) => request.url.includes('download-image'));
      expect(download?.headers.get('Authorization')).toMatch(/^Bearer /);
      expect(new URL(download!.url).searchParams.get('containerName')).toBe('inventory');
      expect(new URL(download!.url).searchParams.get('imageUrl')).toBe(`businesses/${BUSINESS_ID}/logo.png`);
    });
  });
});
