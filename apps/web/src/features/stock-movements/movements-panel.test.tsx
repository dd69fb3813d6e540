import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { EMPTY_MOVEMENTS_TEXT, NO_MATCHING_MOVEMENTS_TEXT } from './messages';
import { MovementsPanel } from './movements-panel';
import { movementTable, renderPanel, rowOf, sentTo } from './movements-panel.test-kit';
import { FOCUSED_MOVEMENT_LABEL } from './components/focused-movement-bar';
import { LOCATION_NAME_LINES } from './components/movement-table';
import {
  BATCH_ID,
  HIGH_STREET,
  IN_TRANSIT,
  LOCKED,
  PENDING,
  makeMovement,
  pageOf,
} from './stock-movements.fixtures';

const ALL = '/api/stock-movement/all';

/** The batch bar's title, whose id sits in a span of its own. */
const batchTitle = (_text: string, element: Element | null) =>
  element?.tagName === 'P' && /^Batch 5B0000 · \d+ movements$/.test(element.textContent ?? '');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe(MovementsPanel.name, () => {
  describe('the list', () => {
    it('lists the movements newest first, a page at a time, with their status', async () => {
      const { requests } = renderPanel();
      expect(await screen.findByText('COF-500')).toBeInTheDocument();

      const [list] = sentTo(requests, ALL);
      expect(Object.fromEntries(list!.query)).toEqual({ page: '0', size: '10' });
      expect(list!.request.headers.get('Authorization')).toMatch(/^Bearer /);

      const pending = rowOf('COF-500');
      expect(pending).toHaveTextContent('Ground coffee 500 g');
      expect(pending).toHaveTextContent('12');
      expect(pending).toHaveTextContent('North Depot');
      expect(pending).toHaveTextContent('High Street');
      expect(pending).toHaveTextContent('Pending');
      expect(pending).toHaveTextContent('Single');
      expect(rowOf('TEA-01')).toHaveTextContent('In transit');
      expect(rowOf('TEA-01')).toHaveTextContent(BATCH_ID.slice(0, 6).toUpperCase());
      expect(rowOf('JAM-02')).toHaveTextContent('Completed');
      expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
    });

    it('offers the next step of each movement, and no step for a finished one', async () => {
      renderPanel();
      await screen.findByText('COF-500');
      expect(within(rowOf('COF-500')).getByRole('button', { name: /^Validate at source/ })).toBeEnabled();
      expect(within(rowOf('COF-500')).getByRole('button', { name: /^Cancel movement/ })).toBeEnabled();
      expect(within(rowOf('TEA-01')).getByRole('button', { name: /^Validate at destination/ })).toBeEnabled();
      const completed = rowOf('JAM-02');
      expect(within(completed).queryByRole('button', { name: /^Validate/ })).toBeNull();
      expect(within(completed).queryByRole('button', { name: /^Cancel/ })).toBeNull();
      expect(within(completed).getByRole('button', { name: /^Transfer document/ })).toBeEnabled();
    });

    it('marks a locked movement, and leaves its cancel to inventory administrators', async () => {
      const locked = [{ path: ALL, answer: () => jsonResponse(200, pageOf([LOCKED])) }];
      const first = renderPanel(locked, { roles: ['ROLE_STORE_ASSISTANT'] });
      await screen.findByText('OIL-75');
      expect(rowOf('OIL-75')).toHaveTextContent('Locked');
      expect(within(rowOf('OIL-75')).queryByRole('button', { name: /^Validate/ })).toBeNull();
      expect(
        within(rowOf('OIL-75')).getByRole('button', { name: /^Only an inventory administrator/ }),
      ).toBeDisabled();
      first.unmount();

      renderPanel(locked, { roles: ['ROLE_INVENTORY_ADMIN'] });
      await screen.findByText('OIL-75');
      expect(within(rowOf('OIL-75')).getByRole('button', { name: /^Cancel movement/ })).toBeEnabled();
    });

    it('hides every change from a reader', async () => {
      renderPanel([], { roles: ['ROLE_INVENTORY_READER'] });
      await screen.findByText('COF-500');
      expect(screen.queryByRole('button', { name: 'New movement' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Upload sheet' })).toBeNull();
      expect(within(movementTable()).queryByRole('button', { name: /^Validate|^Cancel/ })).toBeNull();
      expect(within(rowOf('COF-500')).getByRole('button', { name: /^Transfer document/ })).toBeEnabled();
    });

    it('names the next action when the business has no movement yet', async () => {
      renderPanel([{ path: ALL, answer: () => jsonResponse(200, pageOf([])) }]);
      expect(await screen.findByText(EMPTY_MOVEMENTS_TEXT)).toBeInTheDocument();
      await userEvent.click(within(movementTable()).getByRole('button', { name: 'New movement' }));
      expect(await screen.findByRole('dialog', { name: 'New movement' })).toBeInTheDocument();
    });

    it("shows the server's message, else the fallback, when the list fails", async () => {
      renderPanel([{ path: ALL, answer: () => jsonResponse(500, {}) }]);
      expect(await screen.findByText('Failed to fetch stock movements')).toBeInTheDocument();
    });
  });

  it('shows long location names whole on up to two lines, the full name on hover', async () => {
    const riverside = 'Demo Market Riverside Superstore and Garden Centre';
    renderPanel([
      {
        path: ALL,
        answer: () => jsonResponse(200, pageOf([{ ...PENDING, destinationLocationName: riverside }])),
      },
    ]);
    await screen.findByText('COF-500');
    const destination = within(rowOf('COF-500')).getByText(riverside);
    expect(destination).toHaveAttribute('title', riverside);
    // Wrapped, not cut to one line: cut only after the second.
    expect(destination).not.toHaveStyle({ whiteSpace: 'nowrap' });
    expect(destination).toHaveStyle({ overflow: 'hidden', overflowWrap: 'break-word' });
    expect(destination).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(LOCATION_NAME_LINES).toBe(2);
  });

  describe('the movement of an alert', () => {
    const SHORT = makeMovement({
      id: '4c000000-0000-4000-8000-0000000000a1',
      sku: 'FRU-0001',
      productName: 'Fresh Carrots 1 kg',
      status: 'COMPLETED',
      receivedQuantity: 9,
      discrepancyReason: 'SHORT',
      discrepancyNote: 'Three crates missing from the pallet',
    });
    const entry = `/dashboard/inventory?tab=movements&movement=${SHORT.id}`;

    it('shows only that movement, with what arrived and why, until Show all movements', async () => {
      const { requests, router } = renderPanel(
        [{ path: `/api/stock-movement/${SHORT.id}`, answer: () => jsonResponse(200, SHORT) }],
        { roles: ['ROLE_INVENTORY_ADMIN'], entry },
      );
      const bar = await screen.findByRole('region', { name: FOCUSED_MOVEMENT_LABEL });
      expect(
        await within(bar).findByText('12 × FRU-0001 from North Depot to High Street'),
      ).toBeInTheDocument();
      expect(bar).toHaveTextContent('9 of 12 arrived. Arrived short: Three crates missing from the pallet');
      expect(within(movementTable()).getAllByRole('row')).toHaveLength(2);
      expect(rowOf('FRU-0001')).toHaveTextContent('9 of 12 arrived');
      expect(within(movementTable()).queryByText('COF-500')).toBeNull();
      expect(sentTo(requests, `/api/stock-movement/${SHORT.id}`)).toHaveLength(1);

      await userEvent.click(within(bar).getByRole('button', { name: 'Show all movements' }));
      expect(await within(movementTable()).findByText('COF-500')).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: FOCUSED_MOVEMENT_LABEL })).toBeNull();
      expect(new URLSearchParams(router.state.location.search).get('movement')).toBeNull();
      expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('movements');
      // The button went with the bar: the keyboard goes on from the search, not from the page's top.
      expect(screen.getByRole('searchbox', { name: 'Search by SKU' })).toHaveFocus();
    });

    it('leaves the movement for the list as soon as a filter is used', async () => {
      const { router } = renderPanel(
        [{ path: `/api/stock-movement/${SHORT.id}`, answer: () => jsonResponse(200, SHORT) }],
        { entry },
      );
      await screen.findByText('FRU-0001');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search by SKU' }), 'cof');
      expect(await within(movementTable()).findByText('COF-500')).toBeInTheDocument();
      expect(new URLSearchParams(router.state.location.search).get('movement')).toBeNull();
    });

    it('says why when the movement cannot be read, and offers the whole list', async () => {
      renderPanel(
        [
          {
            path: `/api/stock-movement/${SHORT.id}`,
            answer: () => jsonResponse(404, { code: 'NOT_FOUND', message: 'Stock movement not found.' }),
          },
        ],
        { entry },
      );
      const bar = await screen.findByRole('region', { name: FOCUSED_MOVEMENT_LABEL });
      expect(await within(bar).findByText('Stock movement not found.')).toBeInTheDocument();
      await userEvent.click(within(bar).getByRole('button', { name: 'Show all movements' }));
      expect(await within(movementTable()).findByText('COF-500')).toBeInTheDocument();
    });
  });

  describe('filters', () => {
    it('asks the server for a status, a location and a SKU, from the first page', async () => {
      const { requests } = renderPanel();
      await screen.findByText('COF-500');

      await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'In transit' }));
      await waitFor(() => expect(sentTo(requests, ALL).at(-1)!.query.get('status')).toBe('IN_TRANSIT'));

      await userEvent.click(screen.getByRole('combobox', { name: 'From or to' }));
      await userEvent.click(await screen.findByRole('option', { name: 'High Street' }));
      await waitFor(() => expect(sentTo(requests, ALL).at(-1)!.query.get('locationId')).toBe(HIGH_STREET.id));

      await userEvent.type(screen.getByRole('searchbox', { name: 'Search by SKU' }), '  cof ');
      await waitFor(() => expect(sentTo(requests, ALL).at(-1)!.query.get('search')).toBe('cof'));
      const last = sentTo(requests, ALL).at(-1)!.query;
      expect(last.get('status')).toBe('IN_TRANSIT');
      expect(last.get('page')).toBe('0');
    });

    it('shows one batch from its id, and clears the filters from the empty state', async () => {
      const { requests } = renderPanel([
        {
          path: ALL,
          answer: (request) =>
            jsonResponse(
              200,
              pageOf(new URL(request.url).searchParams.get('status') ? [] : [PENDING, IN_TRANSIT]),
            ),
        },
      ]);
      await screen.findByText('TEA-01');
      await userEvent.click(within(rowOf('TEA-01')).getByRole('button', { name: /^Show batch/ }));
      await waitFor(() => expect(sentTo(requests, ALL).at(-1)!.query.get('batchId')).toBe(BATCH_ID));
      expect(screen.getByText(batchTitle)).toBeInTheDocument();
      // The batch waits at both ends here: both validations are offered for the whole batch.
      expect(screen.getByRole('button', { name: 'Validate at source' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Validate at destination' })).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Show all movements' }));
      await waitFor(() => expect(screen.queryByText(batchTitle)).toBeNull());
      await userEvent.click(within(rowOf('TEA-01')).getByRole('button', { name: /^Show batch/ }));
      await screen.findByText(batchTitle);

      await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
      expect(await screen.findByText(NO_MATCHING_MOVEMENTS_TEXT)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
      // The unfiltered first page is still cached: it shows again at once.
      expect(await screen.findByText('COF-500')).toBeInTheDocument();
      expect(screen.queryByText(batchTitle)).toBeNull();
      expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All statuses');
    });
  });

  describe('cancel', () => {
    it('asks first, then cancels with an Idempotency-Key, and keeps the key for a retry', async () => {
      let answers = 0;
      const { requests } = renderPanel([
        {
          method: 'PUT',
          path: `/api/stock-movement/cancel/${PENDING.id}`,
          answer: () =>
            (answers += 1) === 1
              ? jsonResponse(503, { code: 'UNAVAILABLE', message: 'The server is busy. Try again.' })
              : jsonResponse(200, { ...PENDING, status: 'CANCELLED' }),
        },
      ]);
      await screen.findByText('COF-500');
      await userEvent.click(within(rowOf('COF-500')).getByRole('button', { name: /^Cancel movement/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel this movement?' });
      expect(dialog).toHaveTextContent('12 × COF-500 from North Depot to High Street');

      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel movement' }));
      expect(await screen.findByText('The server is busy. Try again.')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel movement' }));
      expect(await screen.findByText('Stock movement cancelled')).toBeInTheDocument();

      const cancels = sentTo(requests, `/api/stock-movement/cancel/${PENDING.id}`, 'PUT');
      expect(cancels).toHaveLength(2);
      const [firstKey, secondKey] = cancels.map(({ request }) => request.headers.get('Idempotency-Key'));
      expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
      expect(secondKey).toBe(firstKey);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('cancels the ticked movements of a batch together', async () => {
      const second = { ...IN_TRANSIT, id: '4c000000-0000-4000-8000-000000000009', sku: 'TEA-02' };
      const { requests } = renderPanel([
        { path: ALL, answer: () => jsonResponse(200, pageOf([IN_TRANSIT, second])) },
        { method: 'PUT', path: '/api/stock-movement/batch/cancel', answer: () => jsonResponse(200, []) },
      ]);
      await screen.findByText('TEA-01');
      await userEvent.click(within(rowOf('TEA-01')).getByRole('button', { name: /^Show batch/ }));
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all rows' }));
      await userEvent.click(screen.getByRole('button', { name: 'Cancel selected (2)' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel 2 movements?' });
      expect(dialog).toHaveTextContent('goes back to its source');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel 2 movements' }));
      expect(await screen.findByText('2 movements cancelled')).toBeInTheDocument();

      const [cancel] = sentTo(requests, '/api/stock-movement/batch/cancel', 'PUT');
      expect(cancel!.query.getAll('movementIds')).toEqual([IN_TRANSIT.id, second.id]);
      expect(cancel!.request.headers.get('Idempotency-Key')).toBeTruthy();
    });
  });

  it('downloads the transfer document of any movement, without codes', async () => {
    const createObjectURL = vi.fn(() => 'blob:document');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { requests } = renderPanel([
      {
        path: `/api/stock-movement/${COMPLETED_ID}/document`,
        answer: () =>
          new Response(new TextEncoder().encode('%PDF-1.7'), {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="transfer-4c000000.pdf"',
            },
          }),
      },
    ]);
    await screen.findByText('JAM-02');
    await userEvent.click(within(rowOf('JAM-02')).getByRole('button', { name: /^Transfer document/ }));
    expect(await screen.findByText('Transfer document saved as transfer-4c000000.pdf')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const [download] = sentTo(requests, `/api/stock-movement/${COMPLETED_ID}/document`);
    expect(download!.request.headers.get('X-Source-Validation-Code')).toBeNull();
  });
});

const COMPLETED_ID = '4c000000-0000-4000-8000-000000000003';
