import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TLocation, TWarehouse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { CHOOSE_LOCATION } from './components/warehouse-dialog';
import { NO_WAREHOUSES_TEXT, WarehousesPage } from './warehouses-page';

const NOW = '2026-01-05T10:00:00.000Z';

function location(overrides: Partial<TLocation> = {}): TLocation {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    locationId: id,
    name: 'North depot',
    street: '1 Quay Road',
    city: 'Leeds',
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

function warehouse(overrides: Partial<TWarehouse> = {}): TWarehouse {
  const id = overrides.id ?? crypto.randomUUID();
  const at = overrides.location ?? location({ usedBy: 'WAREHOUSE' });
  return {
    id,
    warehouseId: id,
    name: 'Main warehouse',
    locationId: at.id,
    location: at,
    capacity: 5000,
    managerName: 'Grace Hopper',
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const path = (request: Request) => new URL(request.url).pathname;

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/warehouse',
        element: (
          <>
            <AppToastContainer />
            <WarehousesPage />
          </>
        ),
      },
      { path: '/dashboard/stores', element: <p>Stores page</p> },
    ],
    { initialEntries: ['/dashboard/warehouse'], session: makeSession({ roles }) },
  );
  return fake;
}

describe(WarehousesPage.name, () => {
  it('lists the warehouses with location, capacity, manager and status', async () => {
    const { requests } = setup(() =>
      jsonResponse(200, [warehouse(), warehouse({ name: 'Overflow', capacity: null, managerName: null })]),
    );
    const table = await screen.findByRole('table', { name: 'Warehouses' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/Main warehouse.*North depot.*5000.*Grace Hopper.*Active/);
    expect(rows[2]).toHaveTextContent(/Overflow.*—.*—/);
    expect(path(requests[0]!)).toBe('/api/warehouses');
    expect(requests[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('asks for discontinued ones too under Discontinued and shows only those', async () => {
    const { requests } = setup((request) =>
      new URL(request.url).search === '?active=all'
        ? jsonResponse(200, [warehouse(), warehouse({ name: 'Old shed', active: false })])
        : jsonResponse(200, [warehouse()]),
    );
    await screen.findByText('Main warehouse');
    await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
    expect(await screen.findByText('Old shed')).toBeInTheDocument();
    expect(screen.queryByText('Main warehouse')).toBeNull();
    expect(requests.at(-1)!.url).toMatch(/\/api\/warehouses\?active=all$/);
  });

  it('names the next step when there are none', async () => {
    setup(() => jsonResponse(200, []));
    expect(await screen.findByText(NO_WAREHOUSES_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add warehouse' })).toHaveLength(2);
  });

  it('adds a warehouse at a free location', async () => {
    const free = location({ name: 'South yard' });
    const { requests } = setup((request) => {
      if (path(request) === '/api/locations/unreferenced') return jsonResponse(200, [free]);
      if (request.method === 'POST') return jsonResponse(201, warehouse({ name: 'South', location: free }));
      return jsonResponse(200, []);
    });
    await screen.findByText(NO_WAREHOUSES_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add warehouse' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add warehouse' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add warehouse' }));
    expect(within(dialog).getByText('Enter the warehouse name.')).toBeInTheDocument();
    expect(within(dialog).getByText(CHOOSE_LOCATION)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'South');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: /South yard/ }));
    await userEvent.type(within(dialog).getByLabelText('Capacity (units)'), '1200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add warehouse' }));

    expect(await screen.findByText('Warehouse added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(path(create)).toBe('/api/warehouses');
    expect(await create.json()).toEqual({
      name: 'South',
      locationId: free.id,
      capacity: 1200,
      managerName: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when every location is taken and links to the locations', async () => {
    setup((request) =>
      path(request) === '/api/locations/unreferenced'
        ? new Response(null, { status: 204 })
        : jsonResponse(200, []),
    );
    await screen.findByText(NO_WAREHOUSES_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add warehouse' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add warehouse' });
    expect(
      await within(dialog).findByText(/Every location serves a store or a warehouse/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Add a location' })).toHaveAttribute(
      'href',
      '/dashboard/stores',
    );
  });

  it('edits a warehouse, offering its own location', async () => {
    const current = warehouse();
    const { requests } = setup((request) => {
      if (path(request) === '/api/locations/unreferenced') return new Response(null, { status: 204 });
      if (request.method === 'PUT') return jsonResponse(200, { ...current, managerName: 'Ada' });
      return jsonResponse(200, [current]);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Main warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit warehouse' });
    expect(within(dialog).getByRole('combobox', { name: /Location/ })).toHaveTextContent('North depot');
    const manager = within(dialog).getByLabelText('Manager');
    await userEvent.clear(manager);
    await userEvent.type(manager, 'Ada');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Warehouse updated')).toBeInTheDocument();
    const update = requests.find((request) => request.method === 'PUT')!;
    expect(path(update)).toBe(`/api/warehouses/${current.id}`);
    expect(await update.json()).toMatchObject({ managerName: 'Ada', locationId: current.locationId });
  });

  it('deletes after confirmation and shows the server’s refusal', async () => {
    const current = warehouse();
    const { requests } = setup((request) =>
      request.method === 'DELETE'
        ? jsonResponse(409, {
            code: 'IN_USE',
            message: 'Stock sits at Main warehouse. Discontinue it instead.',
          })
        : jsonResponse(200, [current]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Main warehouse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(confirm).toHaveTextContent('Delete Main warehouse?');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(
      await screen.findByText('Stock sits at Main warehouse. Discontinue it instead.'),
    ).toBeInTheDocument();
    expect(path(requests.find((request) => request.method === 'DELETE')!)).toBe(
      `/api/warehouses/${current.id}`,
    );
  });

  it('shows the specification’s text when discontinuing fails without a message', async () => {
    const current = warehouse();
    const { requests } = setup((request) =>
      request.method === 'PATCH' ? jsonResponse(500, {}) : jsonResponse(200, [current]),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Discontinue Main warehouse' }));
    expect(await screen.findByText('Failed to discontinue warehouse')).toBeInTheDocument();
    expect(path(requests.find((request) => request.method === 'PATCH')!)).toBe(
      `/api/warehouses/${current.id}/discontinue`,
    );
  });

  it('shows a reader the list without any action', async () => {
    setup(() => jsonResponse(200, [warehouse()]), ['ROLE_INVENTORY_READER']);
    await screen.findByText('Main warehouse');
    expect(screen.queryByRole('button', { name: 'Add warehouse' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Discontinue) / })).toBeNull();
  });

  it('lets a contributor edit and discontinue but not delete', async () => {
    setup(() => jsonResponse(200, [warehouse()]), ['ROLE_INVENTORY_CONTRIBUTOR']);
    expect(await screen.findByRole('button', { name: 'Edit Main warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Discontinue Main warehouse' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add warehouse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Main warehouse' })).toBeNull();
  });
});
