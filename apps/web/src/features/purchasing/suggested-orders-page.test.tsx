import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Role, type TSuggestions } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { BEAN_CO, DEPOT, FRESH_FARMS, TEA, makeGroup, makeOrder, serve } from './purchasing.fixtures';
import { SuggestedOrdersPage, nothingToReorderText } from './suggested-orders-page';

const teaLine = {
  ...makeGroup().lines[0]!,
  productId: TEA.productId,
  sku: TEA.sku,
  productName: TEA.productName,
  forecastDemand: null,
  unitCost: '0.00',
  lineCost: '0.00',
};

const SUGGESTIONS: TSuggestions = {
  locationId: DEPOT.id,
  locationName: DEPOT.name,
  groups: [
    makeGroup(),
    makeGroup({
      supplierId: BEAN_CO.id,
      supplierName: BEAN_CO.name,
      leadTimeDays: 7,
      isLeadTimeAssumed: true,
      lines: [teaLine],
      totalCost: '0.00',
    }),
    makeGroup({ supplierId: null, supplierName: null, canOrder: false, lines: [teaLine], totalCost: '0.00' }),
    makeGroup({
      supplierId: '5a000000-0000-4000-8000-000000000009',
      supplierName: 'Old Mill',
      canOrder: false,
      lines: [teaLine],
      totalCost: '0.00',
    }),
  ],
};

const DRAFTS = [
  makeOrder({ id: '0d000000-0000-4000-8000-000000000013', number: 13, status: 'DRAFT' }),
  makeOrder({
    id: '0d000000-0000-4000-8000-000000000014',
    number: 14,
    status: 'DRAFT',
    supplierName: BEAN_CO.name,
  }),
];

function setup(handler: FetchHandler, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      {
        path: '/dashboard/purchasing/suggested',
        element: (
          <>
            <AppToastContainer />
            <SuggestedOrdersPage />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard/purchasing/suggested'], session: makeSession({ roles }) },
  );
  return fake;
}

const server = (drafts = DRAFTS) =>
  serve([
    { path: API.purchaseOrders.suggestions, answer: () => jsonResponse(200, SUGGESTIONS) },
    {
      method: 'POST',
      path: API.purchaseOrders.draftsFromSuggestions,
      answer: () => jsonResponse(201, { orders: drafts }),
    },
  ]);

describe(SuggestedOrdersPage.name, () => {
  it('shows a skeleton while the suggestions load', async () => {
    setup(serve([{ path: API.purchaseOrders.suggestions, answer: () => new Promise<Response>(() => {}) }]));
    expect(await screen.findByLabelText('Loading suggested orders')).toBeInTheDocument();
  });

  it('groups the suggestions of the picked location by supplier, with lead time and total', async () => {
    const { requests } = setup(server());
    const fresh = await screen.findByRole('region', { name: 'Fresh Farms' });
    expect(fresh).toHaveTextContent('Lead time 5 days · 1 product');
    expect(fresh).toHaveTextContent('$71.06');
    const row = within(fresh).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(/Ground coffee 500 g.*COF-500.*3.*10.*0.*0.*4.*14.*11.*\$6\.46.*\$71\.06/);
    expect(screen.getByRole('region', { name: 'Bean Co' })).toHaveTextContent('Lead time 7 days (assumed)');
    const call = requests.find(
      (request) => new URL(request.url).pathname === API.purchaseOrders.suggestions,
    )!;
    expect(new URL(call.url).searchParams.get('locationId')).toBe(DEPOT.id);
  });

  it('keeps the headers on one line, each short label with its meaning in full', async () => {
    setup(server());
    const table = await screen.findByRole('table', { name: 'Suggestions for Fresh Farms' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Product',
      'On hand',
      'Reorder at',
      'On order',
      'Drafted',
      'Forecast',
      'Target',
      'Order',
      'Cost',
      'Total',
    ]);
    for (const header of headers) {
      // Ten columns fit the 1024 px shell only if no header breaks onto a second line.
      expect(getComputedStyle(header).whiteSpace, header.textContent ?? '').toBe('nowrap');
      expect(header.textContent.length).toBeLessThanOrEqual(10);
    }
    expect(within(table).getByRole('columnheader', { name: 'Reorder at' })).toHaveAttribute(
      'title',
      'Reorder point: below it the product is suggested',
    );
  });

  it('explains why a group cannot be ordered, and offers no draft for it', async () => {
    setup(server());
    const none = await screen.findByRole('region', { name: 'No supplier' });
    expect(none).toHaveTextContent('These products have no supplier.');
    expect(within(none).queryByRole('button')).toBeNull();
    const old = screen.getByRole('region', { name: 'Old Mill' });
    expect(old).toHaveTextContent('Old Mill is discontinued.');
    expect(within(old).queryByRole('button')).toBeNull();
  });

  it('creates drafts for every orderable group, then links to them', async () => {
    const { requests } = setup(server());
    await screen.findByRole('region', { name: 'Fresh Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Create draft orders' }));
    expect(await screen.findAllByText('2 draft orders created', { exact: false })).not.toHaveLength(0);
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({ locationId: DEPOT.id });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('link', { name: 'PO-000013' })).toHaveAttribute(
      'href',
      '/dashboard/purchasing/orders/0d000000-0000-4000-8000-000000000013',
    );
    expect(screen.getByRole('link', { name: 'PO-000014' })).toBeInTheDocument();
  });

  it('creates the draft of one group', async () => {
    const { requests } = setup(server([DRAFTS[0]!]));
    await screen.findByRole('region', { name: 'Fresh Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Create draft order for Fresh Farms' }));
    expect(await screen.findAllByText('1 draft order created', { exact: false })).not.toHaveLength(0);
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({ locationId: DEPOT.id, supplierIds: [FRESH_FARMS.id] });
  });

  it('moves focus to the notice of the new drafts when their group leaves, and on to the suggestions', async () => {
    let isDrafted = false;
    setup(
      serve([
        {
          path: API.purchaseOrders.suggestions,
          // A drafted group's products are on a draft now: the next read leaves the group out.
          answer: () =>
            jsonResponse(
              200,
              isDrafted ? { ...SUGGESTIONS, groups: SUGGESTIONS.groups.slice(1) } : SUGGESTIONS,
            ),
        },
        {
          method: 'POST',
          path: API.purchaseOrders.draftsFromSuggestions,
          answer: () => {
            isDrafted = true;
            return jsonResponse(201, { orders: [DRAFTS[0]] });
          },
        },
      ]),
    );
    const fresh = await screen.findByRole('region', { name: 'Fresh Farms' });
    within(fresh).getByRole('button', { name: 'Create draft order for Fresh Farms' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fresh Farms' })).toBeNull());
    const notice = screen.getByText(/review and send them/).closest<HTMLElement>('[role="alert"]')!;
    expect(notice).toHaveFocus();
    expect(within(notice).getByRole('link', { name: 'PO-000013' })).toBeInTheDocument();

    await userEvent.tab();
    expect(within(notice).getByRole('link', { name: 'PO-000013' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(notice).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Suggestions' })).toHaveFocus();
  });

  it('says there is nothing to reorder at the location', async () => {
    setup(
      serve([
        {
          path: API.purchaseOrders.suggestions,
          answer: () => jsonResponse(200, { ...SUGGESTIONS, groups: [] }),
        },
      ]),
    );
    expect(await screen.findByText(nothingToReorderText('North Depot'))).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nothing to reorder at North Depot: every product is at or above its reorder point, or already on an order.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create draft orders' })).toBeNull();
  });

  it('shows the server’s refusal of the drafts', async () => {
    setup(
      serve([
        { path: API.purchaseOrders.suggestions, answer: () => jsonResponse(200, SUGGESTIONS) },
        {
          method: 'POST',
          path: API.purchaseOrders.draftsFromSuggestions,
          answer: () => jsonResponse(409, { code: 'CONFLICT', message: 'Nothing to order at North Depot.' }),
        },
      ]),
    );
    await screen.findByRole('region', { name: 'Fresh Farms' });
    await userEvent.click(screen.getByRole('button', { name: 'Create draft orders' }));
    expect(await screen.findByText('Nothing to order at North Depot.')).toBeInTheDocument();
  });

  it('lets a reader see the suggestions without making drafts', async () => {
    setup(server(), ['ROLE_INVENTORY_READER']);
    await screen.findByRole('region', { name: 'Fresh Farms' });
    expect(screen.queryByRole('button', { name: /Create draft/ })).toBeNull();
  });
});
