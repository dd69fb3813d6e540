import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAddress } from '@app/contracts';
import { USER_ID, jsonResponse, makeSession, makeUser } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { LOGO_TYPE_ERROR, buildBusinessFormData } from './business-form-data';
import { readSignInHandOff } from '../../session/sign-in-hand-off';
import { BusinessSetupPage } from './business-setup-page';
import { SETUP_READY_TITLE } from './components/setup-success-panel';

const NO_ADDRESS: TAddress = { country: null, zipCode: null, city: null, state: null, street: null };
const ADDRESS: TAddress = {
  country: 'France',
  zipCode: '69001',
  city: 'Lyon',
  state: null,
  street: '1 Rue de la République',
};

function userRecord(address: TAddress = NO_ADDRESS) {
  return {
    ...makeUser({ businessId: null }),
    fullName: 'Ada Lovelace',
    locationId: null,
    address,
    business: null,
  };
}

function setup(handler: FetchHandler) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      { path: '/dashboard/business-setup', element: <BusinessSetupPage /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: ['/dashboard/business-setup'], session: makeSession({ businessId: null }) },
  );
  return { ...fake, ...view };
}

function userThen(
  create: (request: Request) => Response | Promise<Response>,
  address: TAddress = NO_ADDRESS,
): FetchHandler {
  return (request) => (request.method === 'GET' ? jsonResponse(200, userRecord(address)) : create(request));
}

afterEach(() => {
  vi.useRealTimers();
});

describe(BusinessSetupPage.name, () => {
  it('sends an owner whose business is set up to the dashboard', async () => {
    const fake = mockFetch(() => jsonResponse(200, userRecord(NO_ADDRESS)));
    renderRoutes(
      [
        { path: '/dashboard/business-setup', element: <BusinessSetupPage /> },
        { path: '/dashboard', element: <p>Dashboard page</p> },
      ],
      { initialEntries: ['/dashboard/business-setup'], session: makeSession() },
    );
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(fake.requests).toHaveLength(0);
  });

  it('greets the user by name and shows the three sections', async () => {
    const { requests } = setup(userThen(() => jsonResponse(201, {})));
    expect(screen.getByRole('heading', { name: 'Complete Your Business Profile' })).toBeInTheDocument();
    expect(await screen.findByText(/Welcome, Ada Lovelace!/)).toBeInTheDocument();
    for (const name of ['Business details', 'Address', 'Branding']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    expect(new URL(requests[0]!.url).pathname).toBe(`/api/users/${USER_ID}`);
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('lists the industry types with their labels', async () => {
    setup(userThen(() => jsonResponse(201, {})));
    await userEvent.click(screen.getByRole('combobox', { name: 'Industry type' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Not specified',
      'Technology / Software / IT',
      'Retail',
      'Restaurant / Food',
      'Services',
    ]);
  });

  it('asks for the address without an address on file', async () => {
    setup(userThen(() => jsonResponse(201, {})));
    await screen.findByText(/Welcome, Ada Lovelace!/);
    expect(screen.queryByRole('checkbox', { name: 'Use my address on file' })).toBeNull();
    for (const label of ['Street', 'City', 'State', 'Postal code', 'Country']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
  });

  it('offers the address on file, which hides the address fields', async () => {
    setup(userThen(() => jsonResponse(201, {}), ADDRESS));
    const checkbox = await screen.findByRole('checkbox', { name: 'Use my address on file' });
    await userEvent.click(checkbox);
    expect(screen.queryByLabelText('Street')).toBeNull();
    expect(screen.queryByLabelText('Country')).toBeNull();
  });

  it('requires the business name', async () => {
    const { fetchMock } = setup(userThen(() => jsonResponse(201, {})));
    await screen.findByText(/Welcome, Ada Lovelace!/);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter the business name.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a logo that is not JPEG, PNG or WebP', async () => {
    setup(userThen(() => jsonResponse(201, {})));
    const input = screen.getByLabelText('Business logo');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    await userEvent.upload(input, new File(['x'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(screen.getByText(LOGO_TYPE_ERROR)).toBeInTheDocument();
  });

  it('reads "Processing..." while saving, clears the form, shows the business and signs out after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:logo', revokeObjectURL: () => undefined }),
    );
    let finish: (response: Response) => void = () => undefined;
    const { requests, store } = setup(
      userThen(
        () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      ),
    );
    await screen.findByText(/Welcome, Ada Lovelace!/);
    await userEvent.type(screen.getByLabelText(/Business name/), 'Corner Shop');
    await userEvent.type(screen.getByLabelText('City'), 'Lyon');
    await userEvent.upload(
      screen.getByLabelText('Business logo'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();

    const create = requests.find((request) => request.method === 'POST');
    expect(create && new URL(create.url).pathname).toBe('/api/businesses/create');
    expect(create?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
    // DESIGN 13: the business reads its days in the owner's time zone, taken from the browser.
    const sent = JSON.parse((await create!.formData()).get('business') as string) as { timeZone?: string };
    expect(sent.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await act(async () =>
      finish(jsonResponse(201, { id: crypto.randomUUID(), businessName: 'Corner Shop' })),
    );
    const panel = await screen.findByRole('status', { name: SETUP_READY_TITLE });
    expect(panel).toHaveTextContent('Corner Shop');
    expect(panel).toHaveTextContent(/sign in once more/);
    expect(within(panel).getByRole('img', { name: 'Corner Shop logo' })).toHaveAttribute('src', 'blob:logo');
    expect(screen.getByLabelText(/Business name/)).toHaveValue('');
    expect(store.getState().session.token).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(readSignInHandOff()).toEqual({ reason: 'business-set-up', email: 'ada@example.com' });
    expect(store.getState().session.token).toBeNull();
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
  });

  it('signs in at once with "Sign in now"', async () => {
    setup(userThen(() => jsonResponse(201, { id: crypto.randomUUID(), businessName: 'Deli' })));
    await screen.findByText(/Welcome, Ada Lovelace!/);
    await userEvent.type(screen.getByLabelText(/Business name/), 'Deli');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const panel = await screen.findByRole('status', { name: SETUP_READY_TITLE });
    expect(panel).toHaveTextContent('Deli');
    await userEvent.click(within(panel).getByRole('button', { name: 'Sign in now' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(readSignInHandOff()?.email).toBe('ada@example.com');
  });

  it('shows the server message and field errors on failure', async () => {
    setup(
      userThen(() =>
        jsonResponse(400, {
          code: 'VALIDATION_ERROR',
          message: 'Check the highlighted fields.',
          details: { fieldErrors: { 'address.city': ['The city is unknown.'] } },
        }),
      ),
    );
    await screen.findByText(/Welcome, Ada Lovelace!/);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.type(screen.getByLabelText(/Business name/), 'Corner Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The error shows once, under its field, and the field takes focus; no alert repeats it.
    expect(await screen.findByText('The city is unknown.')).toBeInTheDocument();
    expect(screen.queryByText('Check the highlighted fields.')).toBeNull();
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveFocus());
    await userEvent.type(screen.getByLabelText(/^City/), 'x');
    expect(screen.queryByText('The city is unknown.')).toBeNull();
  });

  it('shows an error without a field in the alert', async () => {
    setup(userThen(() => jsonResponse(409, { code: 'CONFLICT', message: 'A business exists already.' })));
    await screen.findByText(/Welcome, Ada Lovelace!/);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.type(screen.getByLabelText(/Business name/), 'Corner Shop');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A business exists already.');
  });

  it('completes a bare domain to https when the website field is left', async () => {
    setup(userThen(() => jsonResponse(201, {})));
    await screen.findByText(/Welcome, Ada Lovelace!/);
    const website = screen.getByLabelText(/^Website/);
    await userEvent.type(website, 'shop.example');
    await userEvent.tab();
    expect(website).toHaveValue('https://shop.example');
  });
});

describe(buildBusinessFormData.name, () => {
  it('sends the business as a JSON part and the logo as a file part', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const body = buildBusinessFormData({ businessName: 'Corner Shop', useUserAddress: true }, logo);
    expect(JSON.parse(body.get('business') as string)).toEqual({
      businessName: 'Corner Shop',
      useUserAddress: true,
    });
    expect((body.get('logo') as File).name).toBe('logo.png');
  });

  it('leaves out the logo part without a logo', () => {
    expect(buildBusinessFormData({ businessName: 'Corner Shop' }, null).has('logo')).toBe(false);
  });
});
