import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { BEAN_CO, DEPOT, HIGH_STREET, makeOrder, pageOf, serve, summaryOf } from './purchasing.fixtures';
import {
  NO_MATCHING_ORDERS_TEXT,
  NO_ORDERS_READER_TEXT,
  NO_ORDERS_TEXT,
  PurchaseOrdersPage,
} from './purchase-orders-page';

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const isListCall = (request: Request) => new URL(request.url).pathname === API.purchaseOrders.root;

const ORDERS = [
  makeOrder({ id: '0d000000-0000-4000-8000-000000000012', number: 12, status: 'PARTIALLY_RECEIVED' }),
  makeOrder({
    id: '0d000000-0000-4000-8000-000000000011',
    number: 11,
    status: 'DRAFT',
    supplierName: BEAN_CO.name,
    expectedAt: null,
  }),
].map(summaryOf);

function setup(
  handler: FetchHandler,
  roles: Role[] = ['ROLE_BUSINESS_OWNER'],
  path = '/dashboard/purchasing',
) {
  const fake = mockFetch(handler);
  const view = renderRoutes([{ path: '/dashboard/purchasing', element: <PurchaseOrdersPage /> }], {
    initialEntries: [path],
    session: makeSession({ roles }),
  });
  return { ...fake, router: view.router };
}

const list = serve([
  { path: API.purchaseOrders.root, answer: () => jsonResponse(200, pageOf(ORDERS, 0, 10, 23)) },
]);

describe(PurchaseOrdersPage.name, () => {
  it('shows skeleton rows while the first page loads', async () => {
    setup(() => new Promise<Response>(() => {}));
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    expect(table.querySelectorAll('.MuiSkeleton-root').length).toBeGreaterThan(0);
  });

  it('lists the orders of the page with number, supplier, location, sums and status', async () => {
    const { requests } = setup(list);
    const table = await screen.findByRole('table', { name: 'Purchase orders' });
    const rows = await within(table).findAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      /PO-000012.*Fresh Farms.*North Depot.*Mar 9, 2026.*2.*\$150\.00.*0 \/ 30.*Partly received/,
    );
    expect(rows[2]).toHaveTextContent(/PO-000011.*Bean Co.*—.*Draft/);
    // Seven columns fit the 1024 px shell: the created day under the number, the location under the supplier.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Supplier', 'Expected', 'Lines', 'Total', 'Received', 'Status']);
    expect(within(rows[1]!).getAllByRole('cell')[0]).toHaveTextContent('PO-000012Created Mar 2, 2026');
    expect(within(rows[1]!).getAllByRole('cell')[1]).toHaveTextContent('Fresh FarmsNorth Depot');
    expect(within(rows[1]!).getByRole('link', { name: 'PO-000012' })).toHaveAttribute(
      'href',
      '/dashboard/purchasing/orders/0d000000-0000-4000-8000-000000000012',
    );
    expect(screen.getByText('23 orders')).toBeInTheDocument();
    expect(query(requests.find(isListCall)!)).toEqual({ page: '0', size: '10' });
  });

  it('filters by status, supplier and location on the server, from the first page', async () => {
    const { requests } = setup(list);
    await screen.findByText('PO-000012');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Partly received' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bean Co' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'North Depot' }));
    expect(query(requests.filter(isListCall).at(-1)!)).toEqual({
      page: '0',
      size: '10',
      status: 'PARTIALLY_RECEIVED',
      supplierId: BEAN_CO.id,
      locationId: DEPOT.id,
    });
  });

  it('offers New order and Suggested orders at the top, and names the next step when empty', async () => {
    setup(serve([{ path: API.purchaseOrders.root, answer: () => jsonResponse(200, pageOf([])) }]));
    expect(await screen.findByText(NO_ORDERS_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New order' })[0]).toHaveAttribute(
      'href',
      '/dashboard/purchasing/orders/new',
    );
    expect(screen.getByRole('link', { name: 'Suggested orders' })).toHaveAttribute(
      'href',
      '/dashboard/purchasing/suggested',
    );
  });

  it('says no order matches when a filter empties the list', async () => {
    setup(
      serve([
        {
          path: API.purchaseOrders.root,
          answer: (request) => jsonResponse(200, pageOf(query(request).status ? [] : ORDERS)),
        },
      ]),
    );
    await screen.findByText('PO-000012');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    expect(await screen.findByText(NO_MATCHING_ORDERS_TEXT)).toBeInTheDocument();
  });

  it('hides New order from a role that reads orders only', async () => {
    setup(serve([{ path: API.purchaseOrders.root, answer: () => jsonResponse(200, pageOf([])) }]), [
      'ROLE_INVENTORY_READER',
    ]);
    expect(await screen.findByText(NO_ORDERS_READER_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Suggested orders' })).toBeInTheDocument();
  });

  it('shows the server’s message, else the fallback, with Retry', async () => {
    setup(serve([{ path: API.purchaseOrders.root, answer: () => new Response('', { status: 500 }) }]));
    expect(await screen.findByText('Failed to fetch purchase orders')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  describe('the address', () => {
    it('opens the list its filters and page name', async () => {
      const { requests } = setup(
        list,
        undefined,
        `/dashboard/purchasing?status=SENT&supplier=${BEAN_CO.id}&page=2`,
      );
      await screen.findByText('PO-000012');
      expect(query(requests.find(isListCall)!)).toEqual({
        page: '1',
        size: '10',
        status: 'SENT',
        supplierId: BEAN_CO.id,
      });
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Sent');
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Supplier' })).toHaveTextContent('Bean Co'),
      );
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('All locations');
      expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    });

    it('records each filter and page, so back returns to the list seen before', async () => {
      const { requests, router } = setup(list);
      await screen.findByText('PO-000012');
      await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
      await userEvent.click(await screen.findByRole('option', { name: 'High Street' }));
      await waitFor(() => expect(router.state.location.search).toBe(`?location=${HIGH_STREET.id}`));
      await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() => expect(router.state.location.search).toBe(`?location=${HIGH_STREET.id}&page=2`));
      expect(query(requests.filter(isListCall).at(-1)!)).toEqual({
        page: '1',
        size: '10',
        locationId: HIGH_STREET.id,
      });

      // Another filter is another list: its first page.
      await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Draft' }));
      await waitFor(() =>
        expect(router.state.location.search).toBe(`?status=DRAFT&location=${HIGH_STREET.id}`),
      );

      await act(() => router.navigate(-1));
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses'),
      );
      expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
      await act(() => router.navigate(-2));
      await waitFor(() =>
        expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('All locations'),
      );
      expect(router.state.location.search).toBe('');
      expect(screen.getByText('1–10 of 23')).toBeInTheDocument();
    });

    it('reads what it cannot use as the unfiltered first page', async () => {
      const { requests } = setup(
        list,
        undefined,
        '/dashboard/purchasing?status=LOST&supplier=abc&page=-2&size=7',
      );
      await screen.findByText('PO-000012');
      expect(query(requests.find(isListCall)!)).toEqual({ page: '0', size: '10' });
    });

    it('turns a page past the end into the last page without a step of its own', async () => {
      const { requests, router } = setup(list, undefined, '/dashboard/purchasing?page=9');
      await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
      expect(router.state.historyAction).toBe('REPLACE');
      await waitFor(() =>
        expect(query(requests.filter(isListCall).at(-1)!)).toEqual({ page: '2', size: '10' }),
      );
    });
  });
});
