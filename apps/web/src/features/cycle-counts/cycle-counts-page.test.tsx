import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API, type Role, type TCategory, type TCycleCount } from '@app/contracts';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToastContainer } from '../../components/toast';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, serveRoutes, type Route } from '../../test/render';
import { ABC_EXPLANATIONS } from './components/new-count-dialog';
import {
  COUNT_ID,
  LOCATIONS,
  LOCATION_ID,
  OTHER_LOCATION_ID,
  countedLine,
  makeLine,
  makeSheet,
  pageOf,
  summaryOf,
} from './cycle-counts.fixtures';
import {
  CycleCountsPage,
  NO_COUNTS_READER_TEXT,
  NO_COUNTS_TEXT,
  NO_MATCHING_COUNTS_TEXT,
} from './cycle-counts-page';
import { CycleCountPage } from './cycle-count-page';

const COUNTING = makeSheet([countedLine(1, 8), countedLine(2, 21), makeLine(3)], {
  note: 'Before the spring delivery',
});
const COMPLETED = makeSheet([countedLine(1, 10)], {
  id: '8d1f2a4c-0000-4000-8000-0000000000d2',
  status: 'COMPLETED',
  scope: { kind: 'ABC', abcClass: 'A' },
});

function category(id: string, name: string): TCategory {
  return {
    id,
    categoryId: id,
    categoryName: name,
    description: null,
    locationId: LOCATION_ID,
    location: { id: LOCATION_ID, name: 'High Street' },
    active: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
const DAIRY = category('8d1f2a4c-0000-4000-8000-0000000000e1', 'Dairy');
const BAKERY = category('8d1f2a4c-0000-4000-8000-0000000000e2', 'Bakery');

const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
const path = (request: Request) => new URL(request.url).pathname;

function serve(sheets: TCycleCount[], extra: Route[] = []) {
  return serveRoutes([
    ...extra,
    { path: API.locations.business, answer: () => jsonResponse(200, LOCATIONS) },
    {
      path: API.cycleCounts.root,
      answer: (request) => {
        const status = query(request).status;
        return jsonResponse(
          200,
          pageOf(sheets.filter((sheet) => !status || sheet.status === status).map(summaryOf)),
        );
      },
    },
    ...sheets.map((sheet) => ({
      path: `/api/cycle-counts/${sheet.id}`,
      answer: () => jsonResponse(200, sheet),
    })),
  ]);
}

function setup(handler: ReturnType<typeof serveRoutes>, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(handler);
  const view = renderRoutes(
    [
      {
        // The toasts outlive the list: a new count opens its sheet.
        element: (
          <>
            <AppToastContainer />
            <Outlet />
          </>
        ),
        children: [
          { path: '/dashboard/cycle-counts', element: <CycleCountsPage /> },
          { path: '/dashboard/cycle-counts/:countId', element: <p>Sheet page</p> },
        ],
      },
    ],
    { initialEntries: ['/dashboard/cycle-counts'], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

afterEach(() => window.localStorage.clear());

describe(CycleCountsPage.name, () => {
  it('lists the counts of the chosen location with status, progress and net variance value', async () => {
    const { requests } = setup(serve([COUNTING, COMPLETED]));
    const table = await screen.findByRole('table', { name: 'Counts' });
    expect(await within(table).findByText('Counting')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // Line 1: 8 of 10 (−2 × 2.50); line 2: 21 of 20 (+1 × 2.50): net −1 unit, −2.50.
    expect(within(table).getByRole('columnheader', { name: 'Net variance' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(
      /All products.*Before the spring delivery.*Counting.*2 \/ 3.*−\$2\.50.*−1 unit/,
    );
    expect(rows[2]).toHaveTextContent(/Class A products.*Completed.*1 \/ 1.*\$0\.00.*0 units/);
    // Five columns within a 768 px tablet: the table may be narrower than DataTable's 750 px.
    expect(table).toHaveStyle({ minWidth: '734px' });
    // The summaries carry the variance: no sheet is read for its row.
    expect(requests.filter((request) => path(request).startsWith(`${API.cycleCounts.root}/`))).toEqual([]);
    expect(screen.getByText('2 counts')).toBeInTheDocument();
    const list = requests.find((request) => path(request) === API.cycleCounts.root)!;
    expect(query(list)).toEqual({ page: '0', size: '10', locationId: LOCATION_ID });
    expect(within(rows[1]!).getByRole('link')).toHaveAttribute('href', `/dashboard/cycle-counts/${COUNT_ID}`);
  });

  it('asks the server for one status, and says when none has it', async () => {
    const { requests } = setup(serve([COUNTING]));
    await screen.findByText('Counting');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText(NO_MATCHING_COUNTS_TEXT)).toBeInTheDocument();
    expect(query(requests.at(-1)!)).toMatchObject({ status: 'CANCELLED', page: '0' });
  });

  it('names the next step when the location has no counts, and reads another location', async () => {
    const { requests } = setup(serve([]));
    expect(await screen.findByText(NO_COUNTS_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New count' })).toHaveLength(2);
    await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    await userEvent.click(await screen.findByRole('option', { name: /North Depot/ }));
    await waitFor(() => expect(query(requests.at(-1)!)).toMatchObject({ locationId: OTHER_LOCATION_ID }));
  });

  it('shows readers and store assistants the list without New count', async () => {
    setup(serve([]), ['ROLE_STORE_ASSISTANT']);
    expect(await screen.findByText(NO_COUNTS_READER_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New count' })).toBeNull();
  });

  it('leaves the variance out for a store assistant, who counts blind and sees no costs', async () => {
    // The server leaves both sums out of her answer.
    const { varianceUnits: _units, varianceValueNet: _value, ...blind } = summaryOf(COUNTING);
    setup(
      serveRoutes([
        { path: API.locations.business, answer: () => jsonResponse(200, LOCATIONS) },
        { path: API.cycleCounts.root, answer: () => jsonResponse(200, pageOf([blind])) },
      ]),
      ['ROLE_STORE_ASSISTANT'],
    );
    const table = await screen.findByRole('table', { name: 'Counts' });
    expect(await within(table).findByText('Counting')).toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Net variance' })).toBeNull();
    expect(table).not.toHaveTextContent('$');
  });

  it('shows the server’s message when the list fails', async () => {
    setup(
      serve(
        [],
        [
          {
            path: API.cycleCounts.root,
            answer: () => jsonResponse(500, {}),
          },
        ],
      ),
    );
    expect(await screen.findByText('Failed to fetch cycle counts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('starts a count of two categories and opens its sheet', async () => {
    const created = makeSheet([makeLine(1)], {
      scope: { kind: 'CATEGORIES', categoryIds: [DAIRY.id, BAKERY.id] },
    });
    const { requests, router } = setup(
      serve(
        [],
        [
          {
            path: `/api/categories/location/${LOCATION_ID}`,
            answer: () => jsonResponse(200, [DAIRY, BAKERY]),
          },
          { method: 'POST', path: API.cycleCounts.root, answer: () => jsonResponse(201, created) },
        ],
      ),
    );
    await screen.findByText(NO_COUNTS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'New count' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New count' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Some categories' }));
    // None picked yet: the contract's message, under the field, and nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    expect(await within(dialog).findByText('Name at least one of the categories.')).toBeInTheDocument();

    const categories = within(dialog).getByRole('combobox', { name: /Categories/ });
    await userEvent.click(categories);
    await userEvent.click(await screen.findByRole('option', { name: 'Dairy' }));
    await userEvent.click(categories);
    await userEvent.click(await screen.findByRole('option', { name: 'Bakery' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note' }), '  Quarter end ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));

    expect(await screen.findByText('Count started')).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(await posts[0]!.json()).toEqual({
      locationId: LOCATION_ID,
      scope: { kind: 'CATEGORIES', categoryIds: [DAIRY.id, BAKERY.id] },
      note: 'Quarter end',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/cycle-counts/${COUNT_ID}`));
    // The router's state changes before React draws the route: wait for the page too.
    expect(await screen.findByText('Sheet page')).toBeInTheDocument();
  });

  it('puts the focus on the new sheet’s heading once it opens, not on <body>', async () => {
    const created = makeSheet([makeLine(1)]);
    mockFetch(
      serve(
        [created],
        [{ method: 'POST', path: API.cycleCounts.root, answer: () => jsonResponse(201, created) }],
      ),
    );
    renderRoutes(
      [
        {
          // The toast is shown here, not queued for the next test's container.
          element: (
            <>
              <AppToastContainer />
              <Outlet />
            </>
          ),
          children: [
            { path: '/dashboard/cycle-counts', element: <CycleCountsPage /> },
            { path: '/dashboard/cycle-counts/:countId', element: <CycleCountPage /> },
          ],
        },
      ],
      { initialEntries: ['/dashboard/cycle-counts'], session: makeSession() },
    );
    await screen.findByRole('table', { name: 'Counts' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New count' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New count' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Count at High Street' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Count started')).toBeInTheDocument();
  });

  it('explains the ABC classes and sends the class picked', async () => {
    const { requests } = setup(
      serve([], [{ method: 'POST', path: API.cycleCounts.root, answer: () => jsonResponse(201, COMPLETED) }]),
    );
    await screen.findByText(NO_COUNTS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'New count' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New count' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'An ABC class' }));
    expect(within(dialog).getByText(ABC_EXPLANATIONS.A)).toBeInTheDocument();
    expect(ABC_EXPLANATIONS.A).toMatch(/80% of the last 90 days' sales value/);
    await userEvent.click(within(dialog).getByRole('radio', { name: ABC_EXPLANATIONS.B }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    await screen.findByText('Count started');
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({
      locationId: LOCATION_ID,
      scope: { kind: 'ABC', abcClass: 'B' },
      note: null,
    });
  });

  it('picks products found by the server’s search', async () => {
    const item = {
      id: '8d1f2a4c-0000-4000-8000-0000000000f1',
      inventoryId: '8d1f2a4c-0000-4000-8000-0000000000f1',
      locationId: LOCATION_ID,
      productId: '8d1f2a4c-0000-4000-8000-0000000000f2',
      sku: 'MILK-1L',
      barcode: null,
      productName: 'Oat milk 1 l',
      quantity: 12,
      reorderPoint: null,
      averageUnitCost: null,
      active: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { requests } = setup(
      serve(
        [],
        [
          { path: API.inventory.productsSearch, answer: () => jsonResponse(200, pageOf([item])) },
          { method: 'POST', path: API.cycleCounts.root, answer: () => jsonResponse(201, COUNTING) },
        ],
      ),
    );
    await screen.findByText(NO_COUNTS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'New count' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New count' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Some products' }));
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Products/ }), 'milk');
    await userEvent.click(await screen.findByRole('option', { name: 'MILK-1L · Oat milk 1 l' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => path(request) === API.inventory.productsSearch && query(request).query === 'milk',
        ),
      ).toBe(true),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    await screen.findByText('Count started');
    const post = requests.find((request) => request.method === 'POST')!;
    expect((await post.json()).scope).toEqual({ kind: 'PRODUCTS', productIds: [item.productId] });
  });

  it('shows the server’s refusal of an empty scope in the dialog', async () => {
    setup(
      serve(
        [],
        [
          {
            method: 'POST',
            path: API.cycleCounts.root,
            answer: () =>
              jsonResponse(422, {
                code: 'UNPROCESSABLE',
                message: 'No active stock record at High Street is in this scope: there is nothing to count.',
                details: { field: 'scope' },
              }),
          },
        ],
      ),
    );
    await screen.findByText(NO_COUNTS_TEXT);
    await userEvent.click(screen.getAllByRole('button', { name: 'New count' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New count' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start count' }));
    expect(
      await within(dialog).findByText(
        'No active stock record at High Street is in this scope: there is nothing to count.',
      ),
    ).toBeInTheDocument();
  });
});
