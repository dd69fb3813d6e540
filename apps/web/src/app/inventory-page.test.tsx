import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeSession } from '../test/fixtures';
import { mockFetch, renderRoutes } from '../test/render';
import { InventoryPage } from './inventory-page';
import { appRoutes } from './routes';

const LOCATION = {
  id: '8d1f2a4c-0000-4000-8000-000000000011',
  locationId: '8d1f2a4c-0000-4000-8000-000000000011',
  name: 'High Street',
  street: null,
  city: 'Bath',
  state: null,
  zipCode: null,
  country: null,
  latitude: null,
  longitude: null,
  phone: null,
  active: true,
  usedBy: 'STORE',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function fakeServer() {
  return mockFetch((request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/locations/business') return jsonResponse(200, [LOCATION]);
    if (path.startsWith('/api/inventory/page/location/') || path === '/api/sales') {
      return jsonResponse(200, { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 });
    }
    if (path === '/api/stores/business') return jsonResponse(200, []);
    return new Response(null, { status: 404 });
  });
}

function renderPage(entry: string, roles: Role[] = ['ROLE_INVENTORY_ADMIN']) {
  fakeServer();
  return renderRoutes([{ path: '/dashboard/inventory', element: <InventoryPage /> }], {
    initialEntries: [entry],
    session: makeSession({ roles }),
  });
}

afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

describe(InventoryPage.name, () => {
  it('opens on the Stock tab with the location picker in the header', async () => {
    renderPage('/dashboard/inventory');
    expect(screen.getByRole('heading', { name: 'Inventory', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Stock' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveTextContent('High Street');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'inventory-tab-stock');
    expect(await screen.findByText(/No stock records at this location yet/)).toBeInTheDocument();
  });

  it('keeps the tab in the address, so a reload opens the Movements tab again', async () => {
    const { router } = renderPage('/dashboard/inventory?tab=movements');
    expect(screen.getByRole('tab', { name: 'Movements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'inventory-tab-movements');
    expect(screen.queryByRole('combobox', { name: 'Location' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Stock' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await userEvent.click(screen.getByRole('tab', { name: 'Movements' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=movements'));
  });

  it('shows the Till tab to those who may record sales, and the Stock tab to the others', async () => {
    const seller = renderPage('/dashboard/inventory?tab=till', ['ROLE_STORE_ASSISTANT']);
    expect(screen.getByRole('tab', { name: 'Till' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'inventory-tab-till');
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
    seller.unmount();

    renderPage('/dashboard/inventory?tab=till', ['ROLE_INVENTORY_READER']);
    expect(screen.queryByRole('tab', { name: 'Till' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Stock' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is the route of /dashboard/inventory, loaded on demand in the shell', async () => {
    fakeServer();
    renderRoutes(appRoutes, {
      initialEntries: ['/dashboard/inventory'],
      session: makeSession({ roles: ['ROLE_INVENTORY_READER'] }),
    });
    expect(await screen.findByRole('tab', { name: 'Stock' })).toBeInTheDocument();
    expect(screen.queryByText('The Inventory area is coming soon.')).toBeNull();
    await waitFor(() => expect(document.title).toMatch(/^Inventory/));
  });
});
