import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role, TSupplier, TSupplierPage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { NO_MATCHING_SUPPLIERS_TEXT, NO_SUPPLIERS_TEXT, SuppliersPage } from './suppliers-page';

const NOW = '2026-01-05T10:00:00.000Z';

function supplier(name: string, overrides: Partial<TSupplier> = {}): TSupplier {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    supplierId: id,
    name,
    contactName: 'Mary Seacole',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '+44 20 7946 0000',
    address: null,
    notes: null,
    leadTimeDays: 5,
    active: true,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** 23 suppliers, answered a page at a time as the server would, by name. */
const ALL = Array.from({ length: 23 }, (_unused, index) =>
  supplier(`Supplier ${String(index + 1).padStart(2, '0')}`, { active: index !== 22 }),
);

function pageOf(request: Request, items: TSupplier[] = ALL): TSupplierPage {
  const query = new URL(request.url).searchParams;
  const page = Number(query.get('page') ?? 0);
  const size = Number(query.get('size') ?? 10);
  const active = query.get('active') ?? 'true';
  const search = query.get('search')?.toLowerCase();
  const matching = items.filter(
    (item) =>
      (active === 'all' || String(item.active) === active) &&
      (!search || item.name.toLowerCase().includes(search)),
  );
  return {
    content: matching.slice(page * size, page * size + size),
    page,
    size,
    totalElements: matching.length,
    totalPages: Math.ceil(matching.length / size),
  };
}

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const path = (request: Request) => new URL(request.url).pathname;

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/suppliers',
        element: (
          <>
            <AppToastContainer />
            <SuppliersPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/suppliers'], session: makeSession({ roles }) },
  );
  return fake;
}

const list: FetchHandler = (request) => jsonResponse(200, pageOf(request));

describe(SuppliersPage.name, () => {
  it('shows the first page of ten from the server, with the total', async () => {
    const { requests } = setup(list);
    const table = await screen.findByRole('table', { name: 'Suppliers' });
    await within(table).findByText('Supplier 01');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /Supplier 01.*Mary Seacole.*supplier\.01@example\.com.*\+44 20 7946 0000.*Active/,
    );
    expect(screen.getByText('1–10 of 22')).toBeInTheDocument();
    expect(screen.getByText('22 suppliers')).toBeInTheDocument();
    expect(path(requests[0]!)).toBe('/api/suppliers');
    expect(query(requests[0]!)).toEqual({ page: '0', size: '10', active: 'true' });
  });

  it('asks the server for the next page and for another page size', async () => {
    const { requests } = setup(list);
    await screen.findByText('Supplier 01');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Supplier 11')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 22')).toBeInTheDocument();
    expect(query(requests.at(-1)!)).toMatchObject({ page: '1', size: '10' });

    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '25' }));
    expect(await screen.findByText('1–22 of 22')).toBeInTheDocument();
    expect(query(requests.at(-1)!)).toMatchObject({ page: '0', size: '25' });
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    const { requests } = setup(list);
    await screen.findByText('Supplier 01');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Supplier 11');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), ' 2');
    expect(await screen.findByText('Supplier 02')).toBeInTheDocument();
    expect(query(requests.at(-1)!)).toEqual({ page: '0', size: '10', active: 'true', search: '2' });
    // One call for the settled text, none per keystroke.
    expect(requests.filter((request) => query(request).search !== undefined)).toHaveLength(1);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'zzz');
    expect(await screen.findByText(NO_MATCHING_SUPPLIERS_TEXT)).toBeInTheDocument();
  });

  it('filters discontinued suppliers on the server', async () => {
    const { requests } = setup(list);
    await screen.findByText('Supplier 01');
    await userEvent.click(screen.getByRole('button', { name: 'Discontinued' }));
    expect(await screen.findByText('Supplier 23')).toBeInTheDocument();
    expect(query(requests.at(-1)!)).toMatchObject({ active: 'false', page: '0' });
  });

  it('names the next step when there are none', async () => {
    setup((request) => jsonResponse(200, pageOf(request, [])));
    expect(await screen.findByText(NO_SUPPLIERS_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add supplier' })).toHaveLength(2);
  });

  it('adds a supplier with blank fields as null', async () => {
    const { requests } = setup((request) =>
      request.method === 'POST'
        ? jsonResponse(201, supplier('Fresh Farms'))
        : jsonResponse(200, pageOf(request, [])),
    );
    await screen.findByText(NO_SUPPLIERS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'Add supplier' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add supplier' }));
    expect(within(dialog).getByText('Enter the supplier name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/Name/), 'Fresh Farms');
    await userEvent.clear(within(dialog).getByLabelText('E-mail'));
    await userEvent.type(within(dialog).getByLabelText('E-mail'), 'orders@freshfarms.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add supplier' }));
    expect(await screen.findByText('Supplier added')).toBeInTheDocument();
    const create = requests.find((request) => request.method === 'POST')!;
    expect(await create.json()).toEqual({
      name: 'Fresh Farms',
      contactName: null,
      email: 'orders@freshfarms.example',
      phone: null,
      leadTimeDays: null,
      address: null,
      notes: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a name clash under the name field', async () => {
    setup((request) =>
      request.method === 'PUT'
        ? jsonResponse(409, {
            code: 'CONFLICT',
            message: 'A supplier with this name exists.',
            details: { fieldErrors: { name: ['A supplier named Supplier 02 exists already.'] } },
          })
        : list(request),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Supplier 01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const name = within(dialog).getByLabelText(/Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Supplier 02');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('A supplier named Supplier 02 exists already.'),
    ).toBeInTheDocument();
  });

  it('deletes after confirmation, with the specification’s text on a bare failure', async () => {
    const { requests } = setup((request) =>
      request.method === 'DELETE' ? new Response('', { status: 500 }) : list(request),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Supplier 01' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Failed to delete supplier')).toBeInTheDocument();
    expect(path(requests.find((request) => request.method === 'DELETE')!)).toBe(
      `/api/suppliers/${ALL[0]!.id}`,
    );
  });

  it('discontinues a supplier and refreshes the page', async () => {
    const { requests } = setup((request) =>
      request.method === 'PATCH' ? jsonResponse(200, { ...ALL[0], active: false }) : list(request),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Discontinue Supplier 01' }));
    expect(await screen.findByText('Supplier discontinued')).toBeInTheDocument();
    expect(path(requests.find((request) => request.method === 'PATCH')!)).toBe(
      `/api/suppliers/${ALL[0]!.id}/discontinue`,
    );
    await waitFor(() => expect(requests.filter((request) => request.method === 'GET')).toHaveLength(2));
  });

  it('shows a reader the list without any action', async () => {
    setup(list, ['ROLE_INVENTORY_READER']);
    await screen.findByText('Supplier 01');
    expect(screen.queryByRole('button', { name: 'Add supplier' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Discontinue) / })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });
});
