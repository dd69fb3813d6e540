import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../../components/toast';
import { jsonResponse, makeSession } from '../../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../../test/render';
import { makeLocation, makeStore } from '../stores.fixtures';
import { StoresPage } from '../stores-page';
import { LocationsTab, NO_LOCATIONS_TEXT } from './locations-tab';
import { GEOLOCATION_REFUSED } from './nearby-dialog';

const path = (request: Request) => new URL(request.url).pathname;

type Routes = Record<string, (request: Request) => Response | Promise<Response>>;

function api(routes: Routes): FetchHandler {
  return (request) => {
    const answer = routes[`${request.method} ${path(request)}`];
    return answer
      ? answer(request)
      : jsonResponse(404, { message: `Unexpected ${request.method} ${request.url}` });
  };
}

function setup(routes: Routes, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(api(routes));
  renderRoutes(
    [
      {
        path: '/dashboard/stores',
        element: (
          <>
            <AppToastContainer />
            <StoresPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/stores?tab=locations'], session: makeSession({ roles }) },
  );
  return fake;
}

const HARBOUR = makeLocation({ usedBy: 'STORE' });
const DEPOT = makeLocation({
  name: 'East Depot',
  street: null,
  city: 'Musselburgh',
  zipCode: null,
  country: null,
  latitude: null,
  longitude: null,
  phone: null,
  usedBy: 'WAREHOUSE',
});
const FREE = makeLocation({ name: 'Canal Side', street: '3 Canal Walk', usedBy: null });
const list = () => jsonResponse(200, [HARBOUR, DEPOT, FREE]);

async function row(name: string) {
  const table = await screen.findByRole('table', { name: 'Locations' });
  const cell = await within(table).findByText(name);
  return cell.closest('tr')!;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe(LocationsTab.name, () => {
  it('lists the locations with address, coordinates, phone, what uses them and status', async () => {
    const { requests } = setup({ 'GET /api/locations/business': list });
    expect(screen.getByRole('tab', { name: 'Locations' })).toHaveAttribute('aria-selected', 'true');
    expect(await row('Harbour Street')).toHaveTextContent(
      /12 Harbour Street, Leith, EH6 6LU, United Kingdom.*55\.9761, -3\.1726.*\+44 131 555 0101.*Store.*Active/,
    );
    expect(await row('East Depot')).toHaveTextContent(/Musselburgh—Warehouse/);
    expect(await row('Canal Side')).toHaveTextContent(/3 Canal Walk.*—Active/);
    expect(path(requests[0]!)).toBe('/api/locations/business');
  });

  it('searches by name or address and shows discontinued ones through the unfiltered call', async () => {
    const old = makeLocation({ name: 'Old Mill', active: false });
    const { requests } = setup({
      'GET /api/locations/business': list,
      'GET /api/locations/business-unfiltered': () => jsonResponse(200, [HARBOUR, old]),
    });
    await row('Harbour Street');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search locations' }), 'musselb');
    expect(screen.queryByText('Harbour Street')).toBeNull();
    expect(screen.getByText('East Depot')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search locations' }));

    await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
    expect(await row('Old Mill')).toHaveTextContent('Discontinued');
    expect(screen.queryByText('Harbour Street')).toBeNull();
    expect(path(requests.at(-1)!)).toBe('/api/locations/business-unfiltered');
  });

  it('names the next step when there are none', async () => {
    setup({ 'GET /api/locations/business': () => jsonResponse(200, []) });
    expect(await screen.findByText(NO_LOCATIONS_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add location' })).toHaveLength(2);
  });

  it('adds a location: blank fields as null, coordinates as numbers', async () => {
    const { requests } = setup({
      'GET /api/locations/business': () => jsonResponse(200, []),
      'POST /api/locations': () => jsonResponse(201, FREE),
    });
    await screen.findByText(NO_LOCATIONS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add location' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Canal Side');
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '55,94');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(
      within(dialog).getByText('Give both the latitude and the longitude, or neither.'),
    ).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Longitude'), '-3.21');
    await userEvent.type(within(dialog).getByLabelText('City'), 'Edinburgh');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('Location added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(await create.json()).toEqual({
      name: 'Canal Side',
      street: null,
      city: 'Edinburgh',
      state: null,
      zipCode: null,
      country: null,
      latitude: 55.94,
      longitude: -3.21,
      phone: null,
    });
  });

  it('shows the server’s field errors in the form', async () => {
    setup({
      'GET /api/locations/business': list,
      [`PUT /api/locations/${FREE.id}`]: () =>
        jsonResponse(409, {
          code: 'CONFLICT',
          message: 'Check the fields.',
          details: { fieldErrors: { name: ['A location named Harbour Street exists already.'] } },
        }),
    });
    await userEvent.click(within(await row('Canal Side')).getByRole('button', { name: 'Edit Canal Side' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    expect(within(dialog).getByLabelText('Street')).toHaveValue('3 Canal Walk');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A location named Harbour Street exists already.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Name/)).toHaveFocus();
  });

  it('deletes after confirmation and shows the IN_USE refusal', async () => {
    const { requests } = setup({
      'GET /api/locations/business': list,
      [`DELETE /api/locations/${HARBOUR.id}`]: () =>
        jsonResponse(409, { code: 'IN_USE', message: 'The store Leith Corner Shop is at Harbour Street.' }),
    });
    await userEvent.click(
      within(await row('Harbour Street')).getByRole('button', { name: 'Delete Harbour Street' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('The store Leith Corner Shop is at Harbour Street.')).toBeInTheDocument();
  });

  it('reactivates, with the specification’s text when the server says nothing', async () => {
    const old = makeLocation({ name: 'Old Mill', active: false });
    setup({
      'GET /api/locations/business': list,
      'GET /api/locations/business-unfiltered': () => jsonResponse(200, [old]),
      [`PATCH /api/locations/${old.id}/reactivate`]: () => new Response('', { status: 502 }),
    });
    await row('Harbour Street');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await userEvent.click(within(await row('Old Mill')).getByRole('button', { name: 'Reactivate Old Mill' }));
    expect(await screen.findByText('Failed to reactivate location')).toBeInTheDocument();
  });

  it('finds the stores near a location, nearest first, with their distance', async () => {
    const near = makeStore({ name: 'Leith Corner Shop' });
    const { requests } = setup({
      'GET /api/locations/business': list,
      'GET /api/stores/nearby': () =>
        jsonResponse(200, [
          { ...near, distanceKm: 0.35 },
          { ...makeStore({ name: 'Portobello' }), distanceKm: 4.27 },
        ]),
    });
    const harbour = await row('Harbour Street');
    expect(
      within(await row('East Depot')).getByRole('button', { name: 'Stores nearby East Depot' }),
    ).toBeDisabled();
    await userEvent.click(within(harbour).getByRole('button', { name: 'Stores nearby Harbour Street' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stores nearby' });
    expect(within(dialog).getByLabelText(/Latitude/)).toHaveValue('55.97612');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    const results = await within(dialog).findByRole('list', { name: 'Stores nearby' });
    const items = within(results).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/Leith Corner Shop.*350 m/);
    expect(items[1]).toHaveTextContent(/Portobello.*4\.27 km/);
    const query = new URL(requests.at(-1)!.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      latitude: '55.97612',
      longitude: '-3.17256',
      radiusKm: '10',
    });
  });

  it('uses the browser’s position when it shares it, and says so when it does not', async () => {
    let allow = true;
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (done: PositionCallback, fail: PositionErrorCallback) =>
          allow
            ? done({ coords: { latitude: 55.95, longitude: -3.19 } } as GeolocationPosition)
            : fail({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    setup({
      'GET /api/locations/business': list,
      'GET /api/stores/nearby': () => jsonResponse(200, []),
    });
    await row('Harbour Street');
    await userEvent.click(screen.getByRole('button', { name: 'Nearby' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stores nearby' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use my position' }));
    expect(within(dialog).getByLabelText(/Latitude/)).toHaveValue('55.950000');
    await userEvent.clear(within(dialog).getByLabelText(/Radius/));
    await userEvent.type(within(dialog).getByLabelText(/Radius/), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Find stores' }));
    expect(
      await within(dialog).findByText('No active stores within 2 km of that point.'),
    ).toBeInTheDocument();

    allow = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use my position' }));
    expect(await within(dialog).findByText(GEOLOCATION_REFUSED)).toBeInTheDocument();
  });

  it('shows a reader role the list and Nearby, without changes', async () => {
    setup({ 'GET /api/locations/business': list }, ['ROLE_INVENTORY_READER']);
    const harbour = await row('Harbour Street');
    expect(screen.queryByRole('button', { name: 'Add location' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nearby' })).toBeInTheDocument();
    expect(within(harbour).queryByRole('button', { name: /^(Edit|Delete|Discontinue) / })).toBeNull();
    await waitFor(() =>
      expect(within(harbour).getByRole('button', { name: 'Stores nearby Harbour Street' })).toBeEnabled(),
    );
  });
});
