import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TContainer, TLocation, TStore } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { USER_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { CarryingContainersPage, NO_STORES_TEXT, noContainersText } from './carrying-containers-page';
import { storeChoiceKey } from './use-remembered-store';

const NOW = '2026-01-05T10:00:00.000Z';

function store(name: string): TStore {
  const id = crypto.randomUUID();
  const locationId = crypto.randomUUID();
  const location: TLocation = {
    id: locationId,
    locationId,
    name: `${name} site`,
    street: null,
    city: null,
    state: null,
    zipCode: null,
    country: null,
    latitude: null,
    longitude: null,
    phone: null,
    active: true,
    usedBy: 'STORE',
    createdAt: NOW,
    updatedAt: NOW,
  };
  return {
    id,
    storeId: id,
    name,
    locationId,
    location,
    phone: null,
    email: null,
    openingHours: null,
    imageUrl: null,
    qrCode: `qr-${name.toLowerCase()}`,
    basketWeightEnabled: false,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

function container(storeId: string, overrides: Partial<TContainer> = {}): TContainer {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    containerId: id,
    name: 'Blue basket',
    storeId,
    type: 'BASKET',
    capacityKg: 12.5,
    tareWeightKg: 0.75,
    code: 'B-01',
    isActive: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const CENTRE = store('Centre');
const HARBOUR = store('Harbour');
const path = (request: Request) => new URL(request.url).pathname;

/** Stores, and each store's containers by path; writes answer from `write`. */
function api(containers: Record<string, TContainer[]>, write?: FetchHandler): FetchHandler {
  return (request) => {
    if (request.method !== 'GET' && write) return write(request);
    if (path(request) === '/api/stores/business') return jsonResponse(200, [CENTRE, HARBOUR]);
    const match = /^\/api\/carrying-containers\/store\/([^/]+)(\/unfiltered)?$/.exec(path(request));
    const all = containers[match?.[1] ?? ''] ?? [];
    return jsonResponse(200, match?.[2] ? all : all.filter((item) => item.isActive));
  };
}

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/carrying-container',
        element: (
          <>
            <AppToastContainer />
            <CarryingContainersPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/carrying-container'], session: makeSession({ roles }) },
  );
  return fake;
}

afterEach(() => {
  window.localStorage.clear();
});

describe(CarryingContainersPage.name, () => {
  it('lists the first store’s active containers with type, weights, code and status', async () => {
    const { requests } = setup(
      api({
        [CENTRE.id]: [container(CENTRE.id), container(CENTRE.id, { name: 'Old cart', isActive: false })],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Carrying containers of Centre' });
    const rows = await within(table).findAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent(/Blue basket.*Basket.*12\.5 kg.*0\.75 kg.*B-01.*Active/);
    expect(requests.map(path)).toEqual([
      '/api/stores/business',
      `/api/carrying-containers/store/${CENTRE.id}`,
    ]);
  });

  it('shows discontinued ones through the unfiltered call once "Active only" is off', async () => {
    const { requests } = setup(
      api({
        [CENTRE.id]: [container(CENTRE.id), container(CENTRE.id, { name: 'Old cart', isActive: false })],
      }),
    );
    await screen.findByText('Blue basket');
    await userEvent.click(screen.getByRole('switch', { name: 'Active only' }));
    expect(await screen.findByText('Old cart')).toBeInTheDocument();
    expect(path(requests.at(-1)!)).toBe(`/api/carrying-containers/store/${CENTRE.id}/unfiltered`);
  });

  it('remembers the picked store for the user', async () => {
    setup(api({ [HARBOUR.id]: [container(HARBOUR.id, { name: 'Harbour bag', type: 'BAG' })] }));
    await screen.findByText(noContainersText('Centre'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Store' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Harbour' }));
    expect(await screen.findByText('Harbour bag')).toBeInTheDocument();
    expect(window.localStorage.getItem(storeChoiceKey(USER_ID))).toBe(HARBOUR.id);
  });

  it('opens on the remembered store', async () => {
    window.localStorage.setItem(storeChoiceKey(USER_ID), HARBOUR.id);
    setup(api({ [HARBOUR.id]: [container(HARBOUR.id, { name: 'Harbour bag' })] }));
    expect(await screen.findByText('Harbour bag')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Store' })).toHaveTextContent('Harbour');
  });

  it('asks for a store first when the business has none', async () => {
    setup(() => jsonResponse(200, []));
    expect(await screen.findByText(NO_STORES_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Stores & Locations' })).toHaveAttribute(
      'href',
      '/dashboard/stores',
    );
    expect(screen.queryByRole('button', { name: 'Add container' })).toBeNull();
  });

  it('adds a container to the picked store', async () => {
    const { requests } = setup(
      api({}, () => jsonResponse(201, container(CENTRE.id, { name: 'Trolley', type: 'CART' }))),
    );
    await screen.findByText(noContainersText('Centre'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Add container' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add carrying container' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Trolley');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cart' }));
    await userEvent.type(within(dialog).getByLabelText('Capacity'), '40');
    await userEvent.type(within(dialog).getByLabelText('Tare weight'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add container' }));
    expect(within(dialog).getByText('The tare weight cannot exceed the capacity.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Tare weight'));
    await userEvent.type(within(dialog).getByLabelText('Tare weight'), '8,5');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'T-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add container' }));
    expect(await screen.findByText('Carrying container added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(path(create)).toBe('/api/carrying-containers');
    expect(await create.json()).toEqual({
      name: 'Trolley',
      storeId: CENTRE.id,
      type: 'CART',
      capacityKg: 40,
      tareWeightKg: 8.5,
      code: 'T-7',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('discontinues through the store’s path', async () => {
    const basket = container(CENTRE.id);
    const { requests } = setup(
      api({ [CENTRE.id]: [basket] }, () => jsonResponse(200, { ...basket, isActive: false })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Discontinue Blue basket' }));
    expect(await screen.findByText('Carrying container discontinued')).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(path(patch)).toBe(`/api/carrying-containers/${basket.id}/store/${CENTRE.id}/discontinue`);
  });

  it('deletes after confirmation, with the specification’s text on a bare failure', async () => {
    const basket = container(CENTRE.id);
    const { requests } = setup(api({ [CENTRE.id]: [basket] }, () => jsonResponse(500, {})));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Blue basket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Delete Blue basket' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirm Action' })).getByRole('button', {
        name: 'Proceed',
      }),
    );
    expect(await screen.findByText('Failed to delete carrying container')).toBeInTheDocument();
    expect(path(requests.find((request) => request.method === 'DELETE')!)).toBe(
      `/api/carrying-containers/${basket.id}`,
    );
  });

  it('shows a store assistant the list without any action', async () => {
    setup(api({ [CENTRE.id]: [container(CENTRE.id)] }), ['ROLE_STORE_ASSISTANT']);
    await screen.findByText('Blue basket');
    expect(screen.queryByRole('button', { name: 'Add container' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Discontinue) / })).toBeNull();
  });
});
