import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PICTURE_MAX_BYTES, type TBusinessUser } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { USER_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import {
  EMAIL_CHANGE_EXPIRED,
  PICTURE_SIZE_ERROR,
  PICTURE_TYPE_ERROR,
  PROFILE_CONFIRMATIONS,
} from './messages';
import { profileUser } from './profile.fixtures';
import { ProfilePage } from './profile-page';

const path = (request: Request) => new URL(request.url).pathname;
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

/** A user record the fake server changes as `PUT /api/users/{id}` would. */
function userServer(initial: TBusinessUser = profileUser()): FetchHandler {
  let user = initial;
  return async (request) => {
    if (request.method === 'GET') return jsonResponse(200, user);
    if (request.method === 'PUT' && path(request) === `/api/users/${USER_ID}`) {
      const { address, email, ...rest } = (await request.json()) as Record<string, unknown>;
      user = {
        ...user,
        ...rest,
        ...(email ? { pendingEmail: email as string } : {}),
        address: { ...user.address, ...(address as object) },
      };
      return jsonResponse(200, user);
    }
    return jsonResponse(500, {});
  };
}

function setup(handler: FetchHandler, initialEntry = '/dashboard/profile') {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        path: '/dashboard/profile',
        element: (
          <>
            <AppToastContainer />
            <ProfilePage />
          </>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [initialEntry], session: makeSession() },
  );
  return { ...fake, ...view };
}

const card = (name: string) => screen.getByRole('region', { name });

async function proceed(title: string, message: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(dialog).toHaveTextContent(message);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
}

describe(ProfilePage.name, () => {
  it('loads the user of the access token and shows the header and both cards', async () => {
    const { requests } = setup(userServer());
    const header = await screen.findByRole('region', { name: 'Account' });
    expect(header).toHaveTextContent('Ada Lovelace');
    expect(header).toHaveTextContent('ada@example.com');
    expect(header).toHaveTextContent('Analytical Engines Ltd');
    expect(within(header).getByRole('button', { name: 'Delete Account' })).toBeInTheDocument();
    expect(card('User information')).toHaveTextContent('Founder');
    // A long address wraps after its "@" in the half-width field, not inside a word.
    expect(card('User information')).toContainHTML('ada@<wbr>example.com');
    expect(card('Address')).toHaveTextContent('Postal code');
    expect(card('Address')).toHaveTextContent('69001');
    expect(path(requests[0]!)).toBe(`/api/users/${USER_ID}`);
  });

  it('saves only the changed information after "Update Profile"', async () => {
    const { requests } = setup(userServer());
    await screen.findByRole('region', { name: 'Account' });
    await userEvent.click(within(card('User information')).getByRole('button', { name: 'Edit' }));
    expect(within(card('User information')).getByLabelText('Business name')).toHaveAttribute('readonly');
    const phone = within(card('User information')).getByLabelText('Phone number');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+331');
    await userEvent.click(within(card('User information')).getByRole('button', { name: 'Save' }));
    await proceed(PROFILE_CONFIRMATIONS.profile.title, PROFILE_CONFIRMATIONS.profile.message);
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    const [put] = writes(requests);
    expect(put?.method).toBe('PUT');
    expect(await put!.json()).toEqual({ phoneNumber: '+331' });
    await waitFor(() => expect(card('User information')).toHaveTextContent('+331'));
    expect(within(card('User information')).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('keeps the top bar’s copy of the user in step with a saved name', async () => {
    const { store } = setup(userServer());
    await screen.findByRole('region', { name: 'Account' });
    const info = card('User information');
    await userEvent.click(within(info).getByRole('button', { name: 'Edit' }));
    const name = within(info).getByLabelText(/Full name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await proceed(PROFILE_CONFIRMATIONS.profile.title, PROFILE_CONFIRMATIONS.profile.message);
    await waitFor(() => expect(store.getState().session.user?.fullName).toBe('Ada King'));
    expect(JSON.parse(window.sessionStorage.getItem('authUser') ?? '{}')).toMatchObject({
      fullName: 'Ada King',
    });
  });

  it('drops the changes on Close and on a cancelled confirmation, sending nothing', async () => {
    const { requests } = setup(userServer());
    await screen.findByRole('region', { name: 'Account' });
    const info = card('User information');
    await userEvent.click(within(info).getByRole('button', { name: 'Edit' }));
    await userEvent.type(within(info).getByLabelText('Username'), 'x');
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(within(info).getByRole('button', { name: 'Close' }));
    expect(info).not.toHaveTextContent('adax');
    expect(within(info).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);
  });

  it('checks the fields before asking and shows the server’s field errors at the fields', async () => {
    const server = userServer();
    const { requests } = setup((request) =>
      request.method === 'PUT'
        ? jsonResponse(400, {
            code: 'VALIDATION_FAILED',
            message: 'Check the fields.',
            details: { fieldErrors: { email: ['This e-mail address is already in use.'] } },
          })
        : server(request),
    );
    await screen.findByRole('region', { name: 'Account' });
    const info = card('User information');
    await userEvent.click(within(info).getByRole('button', { name: 'Edit' }));
    await userEvent.clear(within(info).getByLabelText(/Full name/));
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    expect(within(info).getByText('Enter the full name.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(within(info).getByLabelText(/Full name/), 'Ada King');
    const email = within(info).getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(within(info).getByRole('button', { name: 'Save' }));
    await proceed(PROFILE_CONFIRMATIONS.profile.title, PROFILE_CONFIRMATIONS.profile.message);
    expect(await within(info).findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(await writes(requests)[0]!.json()).toEqual({ fullName: 'Ada King', email: 'taken@example.com' });
  });

  it('saves the address on its own after "Update Address"', async () => {
    const { requests } = setup(userServer());
    await screen.findByRole('region', { name: 'Account' });
    const address = card('Address');
    await userEvent.click(within(address).getByRole('button', { name: 'Edit' }));
    expect(within(card('User information')).queryByRole('button', { name: 'Save' })).toBeNull();
    const city = within(address).getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Paris');
    await userEvent.clear(within(address).getByLabelText('Postal code'));
    await userEvent.click(within(address).getByRole('button', { name: 'Save' }));
    await proceed(PROFILE_CONFIRMATIONS.address.title, PROFILE_CONFIRMATIONS.address.message);
    expect(await screen.findByText('Address updated')).toBeInTheDocument();
    expect(await writes(requests)[0]!.json()).toEqual({ address: { city: 'Paris', zipCode: '' } });
  });

  it('says where the link of a pending e-mail change went', async () => {
    setup(userServer(profileUser({ pendingEmail: 'ada@new.example' })));
    expect(
      await screen.findByText('We sent a link to ada@new.example. Your address changes when you open it.'),
    ).toBeInTheDocument();
  });

  it('reads ?emailChange=done as a success and ?emailChange=expired as an error', async () => {
    const first = setup(userServer(), '/dashboard/profile?emailChange=done');
    expect(await screen.findByText('Your e-mail address has been changed.')).toBeInTheDocument();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();
    const second = setup(userServer(), '/dashboard/profile?emailChange=expired');
    expect(await screen.findByText(EMAIL_CHANGE_EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(second.router.state.location.search).toBe(''));
  });

  it('refuses a picture that is not an image or too large, and uploads a good one', async () => {
    Object.assign(URL, { createObjectURL: () => 'blob:picture', revokeObjectURL: () => undefined });
    const server = userServer();
    const { requests } = setup((request) =>
      path(request).endsWith('/picture')
        ? jsonResponse(200, profileUser({ picture: 'users/ada.png' }))
        : server(request),
    );
    await screen.findByRole('region', { name: 'Account' });
    const input = screen.getByLabelText('Profile picture');
    await userEvent.upload(input, new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText(PICTURE_TYPE_ERROR)).toBeInTheDocument();
    const huge = new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(input, huge);
    expect(await screen.findByText(PICTURE_SIZE_ERROR)).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);

    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Picture updated')).toBeInTheDocument();
    const [put] = writes(requests);
    expect(path(put!)).toBe(`/api/users/${USER_ID}/picture`);
    const sent = (await put!.formData()).get('picture');
    expect((sent as File).type).toBe('image/png');
  });

  it('shows why an owner cannot delete the account (409) and stays signed in', async () => {
    const reason = 'Delete your business or hand it over before you delete your account.';
    const server = userServer();
    const { store } = setup((request) =>
      request.method === 'DELETE'
        ? jsonResponse(409, { code: 'CONFLICT', message: reason })
        : server(request),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_CONFIRMATIONS.deleteAccount.title });
    expect(dialog).toHaveTextContent(PROFILE_CONFIRMATIONS.deleteAccount.message);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(store.getState().session.token).not.toBeNull();
  });

  it('signs out and goes to /login once the account is deleted', async () => {
    const server = userServer();
    const { store, requests } = setup((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : server(request),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Account' }),
    );
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(
      requests.some((request) => request.method === 'DELETE' && path(request) === `/api/users/${USER_ID}`),
    ).toBe(true);
  });
});
