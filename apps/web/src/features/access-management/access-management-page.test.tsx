import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TBusinessUser, TLocation, TPage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession, USER_ID } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { AccessManagementPage, NO_STAFF_TEXT } from './access-management-page';

const NOW = '2026-11-01T10:00:00.000Z';
const SHOP_ID = '5f0c8a1e-0000-4000-8000-0000000000a1';

function member(fullName: string, overrides: Partial<TBusinessUser> = {}): TBusinessUser {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    userId: id,
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
    username: null,
    phoneNumber: null,
    picture: null,
    roles: ['ROLE_INVENTORY_ADMIN'],
    businessId: crypto.randomUUID(),
    locationId: null,
    address: { country: null, zipCode: null, city: null, state: null, street: null },
    business: null,
    status: 'ACTIVE',
    description: null,
    pendingEmail: null,
    createdAt: NOW,
    ...overrides,
  };
}

const OWNER = member('Ada Owner', { id: USER_ID, roles: ['ROLE_BUSINESS_OWNER'] });
const OTHER_OWNER = member('Otto Owner', { roles: ['ROLE_BUSINESS_OWNER'] });
const JANE = member('Jane Doe', {
  roles: ['ROLE_INVENTORY_ADMIN', 'ROLE_PRODUCT_READER'],
  locationId: SHOP_ID,
});
const IVAN = member('Ivan Invited', { status: 'INVITED', roles: ['ROLE_STORE_ASSISTANT'] });
const STAFF = [OWNER, OTHER_OWNER, JANE, IVAN];

const SHOP = { id: SHOP_ID, locationId: SHOP_ID, name: 'High Street shop' } as TLocation;

function pageOf(request: Request, items: TBusinessUser[]): TPage<TBusinessUser> {
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 0);
  const size = Number(query.get('size') ?? 10);
  const status = query.get('status');
  const matching = items.filter((item) => !status || item.status === status);
  return {
    content: matching.slice(page * size, page * size + size),
    page,
    size,
    totalElements: matching.length,
    totalPages: Math.ceil(matching.length / size),
  };
}

const path = (request: Request) => new URL(request.url).pathname;

/** The server as the page reads it; `write` answers the changes. */
function server(items: TBusinessUser[], write: FetchHandler = () => jsonResponse(200, {})): FetchHandler {
  return async (request) => {
    const at = path(request);
    if (request.method !== 'GET') return write(request);
    if (at === '/api/users/business-users') return jsonResponse(200, pageOf(request, items));
    if (at === '/api/users/total') return jsonResponse(200, { total: items.length - 1 });
    if (at.startsWith('/api/locations')) return jsonResponse(200, [SHOP]);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
  };
}

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/access',
        element: (
          <>
            <AppToastContainer />
            <AccessManagementPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/access'], session: makeSession({ roles }) },
  );
  return fake;
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Team members' });
  const cell = await within(table).findByText(name);
  return cell.closest('tr')!;
};
const writes = (requests: Request[]) => requests.filter((request) => request.method !== 'GET');

describe(AccessManagementPage.name, () => {
  it('lists the members with role chips, location, status and the worker count', async () => {
    const { requests } = setup(server(STAFF));
    const jane = await rowOf('Jane Doe');
    expect(jane).toHaveTextContent(
      /Jane Doe.*jane@example\.com.*Inventory admin.*Product reader.*High Street shop.*Active/,
    );
    expect(await rowOf('Ivan Invited')).toHaveTextContent(/Store assistant.*—.*Invited/);
    // A narrow column wraps the address after its "@", not inside a word.
    expect(within(jane).getByText(/jane@/)).toContainHTML('jane@<wbr>example.com');
    expect(await screen.findByText(/3 workers besides the owner/)).toBeInTheDocument();
    expect(screen.getByText('1 invitation is waiting to be accepted.')).toBeInTheDocument();
    const list = requests.find((request) => path(request) === '/api/users/business-users')!;
    expect(Object.fromEntries(new URL(list.url).searchParams)).toEqual({ page: '0', size: '10' });
  });

  it('names the next step when the business has no staff', async () => {
    setup(server([OWNER]));
    expect(await screen.findByText(NO_STAFF_TEXT)).toBeInTheDocument();
    expect(await rowOf('Ada Owner')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Invite staff' })).toHaveLength(2);
  });

  it('shows the pending invitations with resend', async () => {
    const { requests } = setup(
      server(STAFF, () => jsonResponse(200, { message: 'We sent the invitation again.' })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show pending invitations' }));
    await waitFor(() => expect(screen.queryByText('Jane Doe')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Invited' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation Ivan Invited' }));
    await screen.findByText('Invitation sent again');
    expect(writes(requests).map((request) => `${request.method} ${path(request)}`)).toEqual([
      `POST /api/users/${IVAN.id}/resend-invitation`,
    ]);
  });

  it('gives no actions on your own row, and owners rows only to an owner', async () => {
    setup(server(STAFF));
    const own = await rowOf('Ada Owner');
    expect(own).toHaveTextContent('(you)');
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(await rowOf('Otto Owner')).getByRole('button', { name: 'Delete Otto Owner' }),
    ).toBeInTheDocument();
  });

  it('keeps an admin away from owners', async () => {
    setup(server(STAFF), ['ROLE_BUSINESS_ADMIN']);
    const otto = await rowOf('Otto Owner');
    expect(within(otto).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(await rowOf('Jane Doe')).getByRole('button', { name: 'Assign roles Jane Doe' }),
    ).toBeInTheDocument();
  });

  it('invites with roles by group and a location, and shows the server field errors', async () => {
    const { requests } = setup(
      server(STAFF, () =>
        jsonResponse(409, {
          code: 'CONFLICT',
          message: 'This e-mail address already has an account.',
          details: { fieldErrors: { email: ['This e-mail address already has an account.'] } },
        }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff' });
    // The owner role is never offered in an invitation.
    expect(within(dialog).queryByRole('checkbox', { name: 'Business owner' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByText('Enter the full name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one role.')).toBeInTheDocument();
    expect(writes(requests)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Mia Stock');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'jane@example.com');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Inventory contributor' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Loyalty reader' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High Street shop' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(
      await within(dialog).findByText('This e-mail address already has an account.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
    const [sent] = writes(requests);
    expect(`${sent!.method} ${path(sent!)}`).toBe('POST /api/users');
    expect(await sent!.json()).toEqual({
      fullName: 'Mia Stock',
      email: 'jane@example.com',
      roles: ['ROLE_INVENTORY_CONTRIBUTOR', 'ROLE_LOYALTY_READER'],
      locationId: SHOP_ID,
    });
  });

  it('says "Failed to create user!" when the server gives no reason', async () => {
    setup(server(STAFF, () => new Response('', { status: 500 })));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite staff' });
    await userEvent.type(within(dialog).getByLabelText(/Full name/), 'Mia Stock');
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'mia@example.com');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Product admin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create user!');
  });

  it('assigns roles by replacing the list; an owner may grant the owner role', async () => {
    const { requests } = setup(
      server(STAFF, () =>
        jsonResponse(200, { userId: JANE.id, roles: ['ROLE_PRODUCT_READER', 'ROLE_BUSINESS_OWNER'] }),
      ),
    );
    await userEvent.click(
      within(await rowOf('Jane Doe')).getByRole('button', { name: 'Assign roles Jane Doe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign roles' });
    expect(within(dialog).getByRole('checkbox', { name: 'Inventory admin' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Inventory admin' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Business owner' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await screen.findByText('Roles saved');
    const [sent] = writes(requests);
    expect(`${sent!.method} ${path(sent!)}`).toBe(`PUT /api/users/${JANE.id}/roles`);
    expect(await sent!.json()).toEqual(['ROLE_PRODUCT_READER', 'ROLE_BUSINESS_OWNER']);
    // The list is read again after the change.
    await waitFor(() =>
      expect(
        requests.filter((request) => path(request) === '/api/users/business-users').length,
      ).toBeGreaterThan(2),
    );
  });

  it('does not offer the owner role to an admin, and says "Failed to assign roles!"', async () => {
    setup(
      server(STAFF, () => new Response('', { status: 500 })),
      ['ROLE_BUSINESS_ADMIN'],
    );
    await userEvent.click(
      within(await rowOf('Jane Doe')).getByRole('button', { name: 'Assign roles Jane Doe' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Assign roles' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Business owner' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to assign roles!');
  });

  it('removes one role from its chip after a confirmation', async () => {
    const { requests } = setup(
      server(STAFF, () => jsonResponse(200, { userId: JANE.id, roles: ['ROLE_INVENTORY_ADMIN'] })),
    );
    const jane = await rowOf('Jane Doe');
    const chip = within(jane).getByRole('button', { name: 'Product reader: remove from Jane Doe' });
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    const confirm = await screen.findByRole('dialog', { name: 'Remove role' });
    expect(confirm).toHaveTextContent('Remove the role Product reader from Jane Doe?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Role removed');
    const [sent] = writes(requests);
    expect(`${sent!.method} ${path(sent!)}`).toBe(`PUT /api/users/${JANE.id}/roles/remove`);
    expect(await sent!.json()).toEqual(['ROLE_PRODUCT_READER']);
    // A member's last role has no delete: the server keeps at least one.
    expect(within(await rowOf('Ivan Invited')).queryByTestId('CancelIcon')).not.toBeInTheDocument();
  });

  it('disables a member only after the confirmation, and shows the failure', async () => {
    const { requests } = setup(server(STAFF, () => new Response('', { status: 500 })));
    await userEvent.click(within(await rowOf('Jane Doe')).getByRole('button', { name: 'Disable Jane Doe' }));
    let confirm = await screen.findByRole('dialog', { name: 'Disable user' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(requests)).toHaveLength(0);

    await userEvent.click(within(await rowOf('Jane Doe')).getByRole('button', { name: 'Disable Jane Doe' }));
    confirm = await screen.findByRole('dialog', { name: 'Disable user' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Failed to disable user!')).toBeInTheDocument();
    expect(writes(requests).map((request) => `${request.method} ${path(request)}`)).toEqual([
      `PUT /api/users/${JANE.id}/disable`,
    ]);
  });

  it('enables a disabled member and deletes one after confirming', async () => {
    const sam = member('Sam Disabled', { status: 'DISABLED' });
    const { requests } = setup(
      server([OWNER, sam, JANE], (request) =>
        request.method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse(200, sam),
      ),
    );
    await userEvent.click(
      within(await rowOf('Sam Disabled')).getByRole('button', { name: 'Enable Sam Disabled' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Enable user' })).getByRole('button', {
        name: 'Enable',
      }),
    );
    await screen.findByText('User enabled');
    await userEvent.click(within(await rowOf('Jane Doe')).getByRole('button', { name: 'Delete Jane Doe' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete user' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await screen.findByText('User deleted');
    expect(writes(requests).map((request) => `${request.method} ${path(request)}`)).toEqual([
      `PUT /api/users/${sam.id}/enable`,
      `DELETE /api/users/${JANE.id}`,
    ]);
  });

  it('says "Failed to fetch total worker count" when the count fails', async () => {
    setup((request) =>
      path(request) === '/api/users/total' ? new Response('', { status: 500 }) : server(STAFF)(request),
    );
    expect(await screen.findByText('Failed to fetch total worker count')).toBeInTheDocument();
  });
});
