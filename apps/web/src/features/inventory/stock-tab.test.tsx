import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { StockTab } from './stock-tab';
import { DEPOT, EMPTY_JAR, HIGH_STREET, OAT_MILK, RYE_BREAD, pageOf, suggestionOf } from './test-data';
import { STOCK_PAGE_PATH, renderStockTab } from './test-server';

function table() {
  return screen.getByRole('table', { name: 'Stock' });
}

function rowOf(sku: string) {
  return within(table()).getByText(sku).closest('tr')!;
}

function listRequests(requests: Request[]) {
  return requests
    .filter((request) => request.url.includes('/api/inventory/page/location/'))
    .map((request) => new URL(request.url));
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe(StockTab.name, () => {
  describe('the stock list', () => {
    it("lists the chosen location's stock a page at a time, with what is in transit and the low-stock badge", async () => {
      const { requests } = renderStockTab();
      await screen.findByText('OAT-1L');

      const [first] = listRequests(requests);
      expect(first!.pathname).toBe(`/api/inventory/page/location/${HIGH_STREET.id}`);
      expect(Object.fromEntries(first!.searchParams)).toEqual({ page: '0', size: '10', active: 'true' });

      const oat = rowOf('OAT-1L');
      expect(oat).toHaveTextContent('Oat milk 1 l');
      expect(oat).toHaveTextContent('4006381333931');
      expect(within(oat).getByLabelText('6 on the way in, 2 on the way out')).toHaveTextContent('6 in2 out');
      expect(oat).toHaveTextContent('12');
      expect(oat).toHaveTextContent('Active');
      expect(within(oat).queryByText('Low stock')).toBeNull();

      const rye = rowOf('RYE-800');
      expect(within(rye).getByText('Low stock')).toBeInTheDocument();
      expect(rye).toHaveTextContent('No barcode');
      expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('High Street');
    });

    it('shows what the location’s stock is worth to those who see costs, and not to the till', async () => {
      const value = {
        locations: [],
        total: { items: 2, units: 13, value: '31.20', retailValue: '52.00', uncostedItems: 1 },
      };
      const { requests } = renderStockTab([
        { path: '/api/inventory/value', answer: () => jsonResponse(200, value) },
      ]);
      const strip = await screen.findByRole('region', { name: 'Stock value at High Street' });
      expect(await within(strip).findByText('$31.20')).toBeInTheDocument();
      expect(strip).toHaveTextContent('At selling price$52.00');
      expect(strip).toHaveTextContent('Units on hand132 items with stock');
      expect(strip).toHaveTextContent('Without a cost1Left out of the value: add a cost price');
      const asked = requests.find((request) => request.url.includes('/api/inventory/value'))!;
      expect(new URL(asked.url).searchParams.get('locationId')).toBe(HIGH_STREET.id);
    });

    it('keeps the stock value away from a store assistant', async () => {
      const { requests } = renderStockTab([], { roles: ['ROLE_STORE_ASSISTANT'] });
      await screen.findByText('OAT-1L');
      expect(screen.queryByRole('region', { name: /Stock value/ })).toBeNull();
      expect(requests.some((request) => request.url.includes('/api/inventory/value'))).toBe(false);
    });

    it('remembers the location chosen, per user', async () => {
      const { requests } = renderStockTab([
        {
          path: `/api/inventory/page/location/${DEPOT.id}`,
          answer: () => jsonResponse(200, pageOf([{ ...RYE_BREAD, locationId: DEPOT.id }])),
        },
      ]);
      await screen.findByText('OAT-1L');
      await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
      await userEvent.click(await screen.findByRole('option', { name: /North Depot/ }));
      await waitFor(() => expect(screen.queryByText('OAT-1L')).toBeNull());
      expect(screen.getByText('RYE-800')).toBeInTheDocument();
      expect(listRequests(requests).some((url) => url.pathname.endsWith(DEPOT.id))).toBe(true);
      expect(Object.values({ ...window.localStorage })).toContain(DEPOT.id);
    });

    it("opens an alert's location under the low-stock filter, then leaves the address to the picker", async () => {
      const { requests, router } = renderStockTab(
        [
          {
            path: `/api/inventory/page/location/${DEPOT.id}`,
            answer: () => jsonResponse(200, pageOf([{ ...RYE_BREAD, locationId: DEPOT.id }])),
          },
        ],
        { path: `/dashboard/inventory?location=${DEPOT.id}&lowStock=1` },
      );
      await screen.findByText('RYE-800');
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('North Depot');
      expect(screen.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'true');
      const depot = listRequests(requests).filter((url) => url.pathname.endsWith(DEPOT.id));
      expect(depot.at(-1)!.searchParams.get('isLowStock')).toBe('true');
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(Object.values({ ...window.localStorage })).toContain(DEPOT.id);

      // Another location opens unfiltered.
      await userEvent.click(screen.getByRole('combobox', { name: 'Location' }));
      await userEvent.click(await screen.findByRole('option', { name: /High Street/ }));
      await screen.findByText('OAT-1L');
      expect(screen.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'false');
    });

    it('names the next action when the location has no stock records yet', async () => {
      renderStockTab([{ path: STOCK_PAGE_PATH, answer: () => jsonResponse(200, pageOf([])) }]);
      expect(
        await screen.findByText(
          'No stock records at this location yet. Add a stock record or upload a spreadsheet.',
        ),
      ).toBeInTheDocument();
      expect(within(table()).getByRole('button', { name: 'Add stock record' })).toBeInTheDocument();
      expect(within(table()).getByRole('button', { name: 'Upload spreadsheet' })).toBeInTheDocument();
    });

    it("shows the server's message, else the fallback, when the list fails", async () => {
      renderStockTab([{ path: STOCK_PAGE_PATH, answer: () => jsonResponse(500, {}) }]);
      expect(await screen.findByText('Failed to fetch inventory')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    });

    it('searches with the trimmed text and suggests SKUs of the location as one types', async () => {
      const { requests } = renderStockTab([
        {
          path: '/api/inventory/search/sku',
          answer: () => jsonResponse(200, pageOf([suggestionOf(RYE_BREAD)])),
        },
      ]);
      await screen.findByText('OAT-1L');
      const search = screen.getByRole('combobox', { name: 'Search stock by SKU' });
      await userEvent.type(search, '  ry');

      const suggestion = await screen.findByRole('option', { name: /RYE-800/ });
      expect(suggestion).toHaveTextContent('Rye bread 800 g');
      expect(suggestion).toHaveTextContent('3 in stock');
      const asked = requests.find((request) => request.url.includes('/api/inventory/search/sku'))!;
      expect(Object.fromEntries(new URL(asked.url).searchParams)).toEqual({
        query: 'ry',
        locationId: HIGH_STREET.id,
        page: '0',
        size: '10',
      });
      await waitFor(() =>
        expect(listRequests(requests).some((url) => url.searchParams.get('search') === 'ry')).toBe(true),
      );

      await userEvent.click(suggestion);
      expect(search).toHaveValue('RYE-800');
      await waitFor(() =>
        expect(listRequests(requests).some((url) => url.searchParams.get('search') === 'RYE-800')).toBe(true),
      );
    });

    it('asks for retired items, all items and the low-stock ones with the filters', async () => {
      const { requests } = renderStockTab();
      await screen.findByText('OAT-1L');
      await userEvent.click(screen.getByRole('button', { name: 'Retired' }));
      await waitFor(() =>
        expect(listRequests(requests).some((url) => url.searchParams.get('active') === 'false')).toBe(true),
      );
      await userEvent.click(screen.getByRole('button', { name: 'All' }));
      await userEvent.click(screen.getByRole('button', { name: 'Low stock' }));
      expect(screen.getByRole('button', { name: 'Low stock' })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() =>
        expect(
          listRequests(requests).some(
            (url) =>
              url.searchParams.get('active') === 'all' && url.searchParams.get('isLowStock') === 'true',
          ),
        ).toBe(true),
      );
    });

    it('goes back to the first page when a filter changes', async () => {
      const many = Array.from({ length: 10 }, (_unused, index) => ({
        ...OAT_MILK,
        id: `5b0c1e2f-0000-4000-8000-0000000b${String(index).padStart(4, '0')}`,
        sku: `SKU-${index}`,
      }));
      const { requests } = renderStockTab([
        {
          path: STOCK_PAGE_PATH,
          answer: (request) =>
            jsonResponse(200, pageOf(many, Number(new URL(request.url).searchParams.get('page')), 10, 25)),
        },
      ]);
      await screen.findByText('SKU-0');
      await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
      await waitFor(() =>
        expect(listRequests(requests).some((url) => url.searchParams.get('page') === '1')).toBe(true),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Low stock' }));
      await waitFor(() =>
        expect(
          listRequests(requests).some(
            (url) => url.searchParams.get('isLowStock') === 'true' && url.searchParams.get('page') === '0',
          ),
        ).toBe(true),
      );
    });
  });

  describe('actions by role', () => {
    it('shows a reader the list and the history only', async () => {
      renderStockTab([], { roles: ['ROLE_INVENTORY_READER'] });
      await screen.findByText('OAT-1L');
      const oat = rowOf('OAT-1L');
      expect(within(oat).getByRole('button', { name: 'History OAT-1L' })).toBeInTheDocument();
      expect(within(oat).queryByRole('button', { name: 'Adjust OAT-1L' })).toBeNull();
      expect(within(oat).queryByRole('button', { name: 'Count OAT-1L' })).toBeNull();
      expect(within(oat).queryByRole('button', { name: 'More actions for OAT-1L' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add stock record' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Remove items at zero' })).toBeNull();
    });

    it('lets a store assistant adjust and count, but not retire, delete or add', async () => {
      renderStockTab([], { roles: ['ROLE_STORE_ASSISTANT'] });
      await screen.findByText('OAT-1L');
      const oat = rowOf('OAT-1L');
      expect(within(oat).getByRole('button', { name: 'Adjust OAT-1L' })).toBeInTheDocument();
      expect(within(oat).getByRole('button', { name: 'Count OAT-1L' })).toBeInTheDocument();
      expect(within(oat).queryByRole('button', { name: 'More actions for OAT-1L' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add stock record' })).toBeNull();
    });

    it('lets a contributor retire but not delete', async () => {
      renderStockTab([], { roles: ['ROLE_INVENTORY_CONTRIBUTOR'] });
      await screen.findByText('OAT-1L');
      await userEvent.click(within(rowOf('OAT-1L')).getByRole('button', { name: 'More actions for OAT-1L' }));
      expect(await screen.findByRole('menuitem', { name: 'Retire' })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: /Delete/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Remove items at zero' })).toBeNull();
    });
  });

  describe('retire, reactivate and delete', () => {
    it('retires after a confirmation', async () => {
      const { requests } = renderStockTab([
        {
          method: 'PATCH',
          path: `/api/inventory/${OAT_MILK.id}/location/${HIGH_STREET.id}/retire`,
          answer: () => jsonResponse(200, { ...OAT_MILK, active: false }),
        },
      ]);
      await screen.findByText('OAT-1L');
      await userEvent.click(within(rowOf('OAT-1L')).getByRole('button', { name: 'More actions for OAT-1L' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Retire' }));
      const confirm = await screen.findByRole('dialog', { name: 'Retire stock record' });
      expect(requests.some((request) => request.method === 'PATCH')).toBe(false);
      await userEvent.click(within(confirm).getByRole('button', { name: 'Retire' }));
      expect(await screen.findByText('Stock record retired')).toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
    });

    it('reactivates a retired item at once', async () => {
      const retired = { ...OAT_MILK, active: false };
      renderStockTab([
        { path: STOCK_PAGE_PATH, answer: () => jsonResponse(200, pageOf([retired])) },
        {
          method: 'PATCH',
          path: `/api/inventory/${OAT_MILK.id}/location/${HIGH_STREET.id}/reactivate`,
          answer: () => jsonResponse(200, OAT_MILK),
        },
      ]);
      await screen.findByText('OAT-1L');
      expect(rowOf('OAT-1L')).toHaveTextContent('Retired');
      await userEvent.click(within(rowOf('OAT-1L')).getByRole('button', { name: 'More actions for OAT-1L' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Reactivate' }));
      expect(await screen.findByText('Stock record reactivated')).toBeInTheDocument();
    });

    it('deletes only an item at 0, after a confirmation', async () => {
      const { requests } = renderStockTab([
        {
          method: 'DELETE',
          path: `/api/inventory/${EMPTY_JAR.id}/location/${HIGH_STREET.id}`,
          answer: () => new Response(null, { status: 204 }),
        },
      ]);
      await screen.findByText('OAT-1L');
      await userEvent.click(within(rowOf('OAT-1L')).getByRole('button', { name: 'More actions for OAT-1L' }));
      expect(await screen.findByRole('menuitem', { name: /Delete/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await userEvent.keyboard('{Escape}');

      await userEvent.click(
        within(rowOf('JAR-250')).getByRole('button', { name: 'More actions for JAR-250' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete stock record' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('Stock record deleted')).toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    });

    it('removes the items at zero and says how many', async () => {
      renderStockTab([
        {
          method: 'DELETE',
          path: `/api/inventory/location/${HIGH_STREET.id}/zero-quantity`,
          answer: () => jsonResponse(200, { deleted: 4 }),
        },
      ]);
      await screen.findByText('OAT-1L');
      await userEvent.click(screen.getByRole('button', { name: 'Remove items at zero' }));
      const confirm = await screen.findByRole('dialog', { name: 'Remove items at zero' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('4 items at zero removed')).toBeInTheDocument();
    });

    it("shows the server's refusal of a delete", async () => {
      renderStockTab([
        {
          method: 'DELETE',
          path: `/api/inventory/${EMPTY_JAR.id}/location/${HIGH_STREET.id}`,
          answer: () =>
            jsonResponse(409, {
              code: 'CONFLICT',
              message: 'Only an item at 0 units can be deleted: this one holds 2.',
            }),
        },
      ]);
      await screen.findByText('JAR-250');
      await userEvent.click(
        within(rowOf('JAR-250')).getByRole('button', { name: 'More actions for JAR-250' }),
      );
      await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
      await userEvent.click(
        within(await screen.findByRole('dialog', { name: 'Delete stock record' })).getByRole('button', {
          name: 'Delete',
        }),
      );
      expect(
        await screen.findByText('Only an item at 0 units can be deleted: this one holds 2.'),
      ).toBeInTheDocument();
    });
  });
});
