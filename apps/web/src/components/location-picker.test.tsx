import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TLocation } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_ID, jsonResponse, makeSession } from '../test/fixtures';
import { mockFetch, renderRoutes } from '../test/render';
import { LocationPicker, NoLocationsState, locationChoiceKeyOf, useLocationChoice } from './location-picker';

function makeLocation(id: string, name: string): TLocation {
  return {
    id,
    locationId: id,
    name,
    street: '1 Main Street',
    city: 'Lyon',
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
}

const NORTH = makeLocation('8d1f2a4c-0000-4000-8000-000000000001', 'North store');
const SOUTH = makeLocation('8d1f2a4c-0000-4000-8000-000000000002', 'South store');

function Screen() {
  const choice = useLocationChoice();
  return (
    <div>
      <LocationPicker choice={choice} />
      <p>Working on {choice.location?.name ?? 'nothing'}</p>
      {choice.isEmpty ? <NoLocationsState subject="Products" /> : null}
    </div>
  );
}

function renderPicker(answer: () => Response, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(answer);
  const view = renderRoutes(
    [
      { path: '/dashboard/product', element: <Screen /> },
      { path: '/dashboard/stores', element: <p>Stores screen</p> },
    ],
    { initialEntries: ['/dashboard/product'], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

afterEach(() => window.localStorage.clear());

describe(LocationPicker.name, () => {
  it('lists the active locations of the business and takes the first at first', async () => {
    const { requests } = renderPicker(() => jsonResponse(200, [NORTH, SOUTH]));
    expect(await screen.findByText('Working on North store')).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/locations/business');
    expect(requests[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
    await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    const options = screen.getAllByRole('option');
    expect(options.map((option) => within(option).getAllByText(/store/)[0]?.textContent)).toEqual([
      'North store',
      'South store',
    ]);
  });

  it('remembers the choice for this user', async () => {
    renderPicker(() => jsonResponse(200, [NORTH, SOUTH]));
    await userEvent.click(await screen.findByRole('combobox', { name: 'Location' }));
    await userEvent.click(screen.getByRole('option', { name: /South store/ }));
    expect(screen.getByText('Working on South store')).toBeInTheDocument();
    expect(window.localStorage.getItem(locationChoiceKeyOf(USER_ID))).toBe(SOUTH.id);
  });

  it('starts from the remembered choice', async () => {
    window.localStorage.setItem(locationChoiceKeyOf(USER_ID), SOUTH.id);
    renderPicker(() => jsonResponse(200, [NORTH, SOUTH]));
    expect(await screen.findByText('Working on South store')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('South store');
  });

  it('falls back to the first location when the remembered one is no longer active', async () => {
    window.localStorage.setItem(locationChoiceKeyOf(USER_ID), 'a-location-since-discontinued');
    renderPicker(() => jsonResponse(200, [NORTH, SOUTH]));
    expect(await screen.findByText('Working on North store')).toBeInTheDocument();
  });

  it('leads to the locations screen when the business has none', async () => {
    const { router } = renderPicker(() => jsonResponse(200, []));
    expect(await screen.findByRole('heading', { name: 'No locations yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Add a location first' });
    expect(links[0]).toHaveAttribute('href', '/dashboard/stores');
    await userEvent.click(links[0]!);
    expect(router.state.location.pathname).toBe('/dashboard/stores');
  });

  it('offers no link to a role that cannot reach the locations screen', async () => {
    renderPicker(() => jsonResponse(200, []), ['ROLE_PRODUCT_READER']);
    expect(await screen.findByRole('heading', { name: 'No locations yet' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add a location first' })).toBeNull();
    expect(screen.getByText(/Ask an owner or an administrator/)).toBeInTheDocument();
  });

  it("shows the server's message, else the fallback, when the list fails", async () => {
    renderPicker(() => jsonResponse(500, {}));
    expect(await screen.findByText('Failed to fetch locations')).toBeInTheDocument();
  });
});
