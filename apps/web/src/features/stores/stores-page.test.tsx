import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TStore } from '@app/contracts';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { SANDBOX_HINT } from './components/reader-dialog';
import { NO_READERS_TEXT } from './components/store-details-dialog';
import { CHOOSE_STORE_LOCATION, NO_FREE_LOCATION_TEXT } from './components/store-dialog';
import { NO_STORES_TEXT } from './components/stores-tab';
import { STORE_IMAGE_TYPE_ERROR } from './store-form-data';
import { makeDetails, makeLocation, makeReader, makeStore } from './stores.fixtures';
import { StoresPage } from './stores-page';

const path = (request: Request) => new URL(request.url).pathname;

type Routes = Record<string, (request: Request) => Response | Promise<Response>>;

/** Answers by "METHOD /path"; anything else is a 404 the test did not expect. */
function api(routes: Routes): FetchHandler {
  return (request) => {
    const answer = routes[`${request.method} ${path(request)}`];
    return answer
      ? answer(request)
      : jsonResponse(404, { message: `Unexpected ${request.method} ${request.url}` });
  };
}

function setup(routes: Routes, roles: Role[] = ['ROLE_BUSINESS_OWNER'], entry = '/dashboard/stores') {
  const fake = mockFetch(api(routes));
  const view = renderRoutes(
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
    { initialEntries: [entry], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

/**
 * jsdom's Blob does not reach the wire through Node's fetch (its bytes read as "undefined"), so
 * the tests read the parts as the page appends them.
 */
let append: MockInstance<FormData['append']>;
beforeEach(() => {
  append = vi.spyOn(FormData.prototype, 'append');
});
afterEach(() => {
  append.mockRestore();
});

async function sentStorePart(): Promise<unknown> {
  const call = append.mock.calls.findLast(([name]) => name === 'store');
  return JSON.parse(await call![1].text());
}

function sentImage(): File | undefined {
  return append.mock.calls.findLast(([name]) => name === 'image')?.[1] as File | undefined;
}

const storesAnswer = (stores: TStore[]) => () => jsonResponse(200, stores);

async function storeCard(name: string) {
  return screen.findByRole('article', { name });
}

describe(StoresPage.name, () => {
  it('shows a card per store with its location, phone, hours and basket weighing', async () => {
    const store = makeStore();
    const { requests } = setup({ 'GET /api/stores/business': storesAnswer([store]) });
    const card = await storeCard('Leith Corner Shop');
    expect(card).toHaveTextContent('Harbour Street · 12 Harbour Street, Leith, EH6 6LU, United Kingdom');
    expect(card).toHaveTextContent('+44 131 555 0199');
    expect(card).toHaveTextContent('Mon–Sat 8:00–20:00');
    expect(within(card).getByRole('switch', { name: 'Basket weighing' })).not.toBeChecked();
    expect(screen.getByRole('tab', { name: 'Stores' })).toHaveAttribute('aria-selected', 'true');
    expect(requests[0]!.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('names the next step when there are no stores', async () => {
    setup({ 'GET /api/stores/business': storesAnswer([]) });
    expect(await screen.findByText(NO_STORES_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add store' })).toHaveLength(2);
  });

  it('includes discontinued stores through the unfiltered call', async () => {
    const closed = makeStore({ name: 'Old Town', active: false });
    setup({
      'GET /api/stores/business': storesAnswer([makeStore()]),
      'GET /api/stores/business-unfiltered': storesAnswer([makeStore(), closed]),
    });
    await storeCard('Leith Corner Shop');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(within(await storeCard('Old Town')).getByText('Discontinued')).toBeInTheDocument();
  });

  it('adds a store as multipart: the store part as JSON and the image', async () => {
    const free = makeLocation({ name: 'Canal Side' });
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([]),
      'GET /api/locations/unreferenced': () => jsonResponse(200, [free]),
      'POST /api/stores': () => jsonResponse(201, makeStore({ name: 'Canal Shop', location: free })),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    await screen.findByText(NO_STORES_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add store' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add store' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add store' }));
    expect(within(dialog).getByText('Enter the store name.')).toBeInTheDocument();
    expect(within(dialog).getByText(CHOOSE_STORE_LOCATION)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Canal Shop');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Location/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Canal Side/ }));
    await userEvent.type(within(dialog).getByLabelText('Opening hours'), 'Daily 7–22');
    const imageInput = within(dialog).getByLabelText('Store image');
    await userEvent.upload(imageInput, new File(['gif'], 'shop.gif', { type: 'image/gif' }), {
      applyAccept: false,
    });
    expect(within(dialog).getByText(STORE_IMAGE_TYPE_ERROR)).toBeInTheDocument();
    await userEvent.upload(imageInput, new File(['png'], 'shop.png', { type: 'image/png' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add store' }));

    expect(await screen.findByText('Store added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(create.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    const raw = await create.text();
    expect(raw).toMatch(/name="store"; filename="[^"]+"\r\nContent-Type: application\/json/);
    expect(raw).toMatch(/name="image"; filename="[^"]+"\r\nContent-Type: image\/png/);
    expect(await sentStorePart()).toEqual({
      name: 'Canal Shop',
      locationId: free.id,
      phone: null,
      email: null,
      openingHours: 'Daily 7–22',
    });
    expect(sentImage()?.name).toBe('shop.png');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers to add a location when none is free, and picks the new one', async () => {
    const added = makeLocation({ name: 'Dock Road', latitude: null, longitude: null });
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([]),
      'GET /api/locations/unreferenced': () => new Response(null, { status: 204 }),
      'POST /api/locations': () => jsonResponse(201, added),
      'POST /api/stores': () => jsonResponse(201, makeStore({ location: added })),
    });
    await screen.findByText(NO_STORES_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add store' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add store' });
    expect(await within(dialog).findByText(NO_FREE_LOCATION_TEXT)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Dock Shop');

    await userEvent.click(within(dialog).getByRole('button', { name: 'New location' }));
    const locationDialog = await screen.findByRole('dialog', { name: 'Add location' });
    await userEvent.type(within(locationDialog).getByLabelText(/Name/), 'Dock Road');
    await userEvent.click(within(locationDialog).getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add location' })).toBeNull());

    expect(within(dialog).getByRole('combobox', { name: /Location/ })).toHaveTextContent('Dock Road');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add store' }));
    expect(await screen.findByText('Store added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST' && path(request) === '/api/stores')!;
    expect(create.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(await sentStorePart()).toMatchObject({ locationId: added.id });
    expect(sentImage()).toBeUndefined();
  });

  it('edits a store with its own location offered', async () => {
    const store = makeStore();
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([store]),
      'GET /api/locations/unreferenced': () => new Response(null, { status: 204 }),
      [`PUT /api/stores/${store.id}`]: () => jsonResponse(200, { ...store, name: 'Leith Market' }),
    });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Leith Corner Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit store' });
    expect(within(dialog).getByRole('combobox', { name: /Location/ })).toHaveTextContent('Harbour Street');
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Leith Market');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Store updated')).toBeInTheDocument();
    const update = requests.find((request) => request.method === 'PUT')!;
    expect(update.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    expect(await sentStorePart()).toMatchObject({
      name: 'Leith Market',
      locationId: store.locationId,
    });
  });

  it('discontinues a store through the update call with active false', async () => {
    const store = makeStore();
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([store]),
      [`PUT /api/stores/${store.id}`]: () => jsonResponse(200, { ...store, active: false }),
    });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('button', { name: 'Discontinue Leith Corner Shop' }));
    expect(await screen.findByText('Store discontinued')).toBeInTheDocument();
    const update = requests.find((request) => request.method === 'PUT')!;
    expect(update.headers.get('Content-Type')).toBe('application/json');
    expect(await update.json()).toEqual({
      name: store.name,
      locationId: store.locationId,
      phone: store.phone,
      email: store.email,
      openingHours: store.openingHours,
      active: false,
    });
  });

  it('turns basket weighing on', async () => {
    const store = makeStore();
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([store]),
      [`PUT /api/stores/${store.id}/toggleBasketWeight`]: () =>
        jsonResponse(200, { ...store, basketWeightEnabled: true }),
    });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('switch', { name: 'Basket weighing' }));
    expect(await screen.findByText('Basket weighing turned on')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'PUT')).toBe(true);
  });

  it('deletes after confirmation and shows why the server refused', async () => {
    const store = makeStore();
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([store]),
      [`DELETE /api/stores/${store.id}`]: () =>
        jsonResponse(409, { code: 'IN_USE', message: 'Leith Corner Shop still has carrying containers.' }),
    });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Leith Corner Shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Leith Corner Shop still has carrying containers.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('shows a printable QR code of the scan address', async () => {
    setup({ 'GET /api/stores/business': storesAnswer([makeStore()]) });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('button', { name: 'QR code of Leith Corner Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'QR code of Leith Corner Shop' });
    const image = await within(dialog).findByRole('img', { name: 'QR code of Leith Corner Shop' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(dialog).toHaveTextContent(`${window.location.origin}/scan-pay-go?store=Qx7-leith`);
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeEnabled();
  });

  it('shows the store’s figures and readers, and registers a reader', async () => {
    const store = makeStore();
    let readers = [makeReader(store.locationId)];
    const { requests } = setup({
      'GET /api/stores/business': storesAnswer([store]),
      [`GET /api/stores/${store.id}/details`]: () =>
        jsonResponse(200, makeDetails(store, { readers, readerCount: readers.length })),
      'POST /api/locations/readers/pos-terminal-register': () => {
        readers = [...readers, makeReader(store.locationId, { label: 'Till 2' })];
        return jsonResponse(201, readers.at(-1));
      },
    });
    const card = await storeCard('Leith Corner Shop');
    await userEvent.click(within(card).getByRole('button', { name: 'Details of Leith Corner Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leith Corner Shop' });
    await within(dialog).findByText('Till 1');
    expect(dialog).toHaveTextContent(/Products128/);
    expect(dialog).toHaveTextContent(/Units in stock5,?240/);
    expect(within(dialog).getByText('Sandbox')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Register reader' }));
    const register = await screen.findByRole('dialog', { name: 'Register a card reader' });
    expect(register).toHaveTextContent(SANDBOX_HINT);
    await userEvent.type(within(register).getByLabelText(/Label/), 'Till 2');
    await userEvent.type(within(register).getByLabelText(/Registration code/), 'simulated-wpe');
    await userEvent.click(within(register).getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Card reader registered')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({
      locationId: store.locationId,
      registrationCode: 'simulated-wpe',
      label: 'Till 2',
    });
    expect(await within(dialog).findByText('Till 2')).toBeInTheDocument();
  });

  it('shows a reader role the stores without changing anything', async () => {
    const store = makeStore();
    setup(
      {
        'GET /api/stores/business': storesAnswer([store]),
        [`GET /api/stores/${store.id}/details`]: () => jsonResponse(200, makeDetails(store)),
      },
      ['ROLE_INVENTORY_READER'],
    );
    const card = await storeCard('Leith Corner Shop');
    expect(screen.queryByRole('button', { name: 'Add store' })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^(Edit|Delete|Discontinue) / })).toBeNull();
    expect(within(card).getByRole('switch', { name: 'Basket weighing' })).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Details of Leith Corner Shop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leith Corner Shop' });
    expect(await within(dialog).findByText(NO_READERS_TEXT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Register reader' })).toBeNull();
  });
});
