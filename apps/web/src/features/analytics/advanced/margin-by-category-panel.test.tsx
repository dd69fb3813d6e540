import type { TCategoryMarginRow } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpgradeDialogHost } from '../../../app/upgrade-dialog-host';
import { jsonResponse } from '../../../test/fixtures';
import { AdvancedAnalyticsPage } from './advanced-analytics-page';
import { STORE, analyticsCalls, renderTierPage, type Route } from './analytics-tier.test-kit';
import {
  MARGIN_CHART_LABEL,
  MARGIN_MESSAGE,
  MARGIN_ORDER_TEXT,
  MARGIN_TABLE_LABEL,
  MarginByCategoryPanel,
  NO_MARGIN_TEXT,
} from './margin-by-category-panel';

const MARGINS = '/api/sales-analytics/margin-by-category';
const FILTER = '/api/sales-analytics/filter-advanced';

afterEach(() => vi.unstubAllGlobals());

const ROWS: TCategoryMarginRow[] = [
  {
    key: '2c000000-0000-4000-8000-000000000001',
    label: 'Dairy',
    quantity: 1240,
    totalPrice: '2480.00',
    cost: '1612.00',
    margin: '868.00',
    marginPercent: 35,
    unitsWithoutCost: 0,
  },
  {
    key: '2c000000-0000-4000-8000-000000000002',
    label: 'Bakery',
    quantity: 300,
    totalPrice: '600.00',
    cost: '624.00',
    margin: '-24.00',
    marginPercent: -4,
    unitsWithoutCost: 12,
  },
  {
    key: null,
    label: 'No category',
    quantity: 2,
    totalPrice: '0.00',
    cost: '1.50',
    margin: '-1.50',
    marginPercent: null,
    unitsWithoutCost: 0,
  },
];

/** The advanced page on its margin tab, over a server that answers the filter with nothing. */
async function openMargins(routes: Route[], options: Parameters<typeof renderTierPage>[1] = {}) {
  const view = renderTierPage(
    <>
      <AdvancedAnalyticsPage />
      <UpgradeDialogHost />
    </>,
    {
      ...options,
      routes: [...routes, { method: 'POST', path: FILTER, answer: () => jsonResponse(200, []) }],
    },
  );
  await userEvent.click(await screen.findByRole('tab', { name: 'Margin by category' }));
  return view;
}

function marginBodies(requests: Request[]) {
  return Promise.all(
    requests
      .filter((request) => new URL(request.url).pathname === MARGINS)
      .map(async (request) => JSON.parse(await request.clone().text()) as Record<string, unknown>),
  );
}

const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe(MarginByCategoryPanel.name, () => {
  it('asks for the last 30 days at every store, then for the store picked', async () => {
    const { requests } = await openMargins([
      { method: 'POST', path: MARGINS, answer: () => jsonResponse(200, ROWS) },
    ]);
    await screen.findByRole('table', { name: MARGIN_TABLE_LABEL });

    await userEvent.click(screen.getByRole('combobox', { name: 'Store' }));
    await userEvent.click(await screen.findByRole('option', { name: STORE.name }));

    await waitFor(async () => expect(await marginBodies(requests)).toHaveLength(2));
    const [first, byStore] = await marginBodies(requests);
    // Whole days in the business's wall time: today and the 29 days before it.
    expect(first).toEqual({
      start: expect.stringMatching(/^\d{2}-\d{2}-\d{4} 00:00$/),
      end: expect.stringMatching(/^\d{2}-\d{2}-\d{4} 23:59$/),
    });
    expect(byStore).toEqual({ start: first?.start, end: first?.end, storeIds: [STORE.id] });
  });

  it('shows each category’s sales, cost, margin and percent, a chart of the margins and the units without a cost', async () => {
    await openMargins([{ method: 'POST', path: MARGINS, answer: () => jsonResponse(200, ROWS) }]);

    const table = await screen.findByRole('table', { name: MARGIN_TABLE_LABEL });
    const rows = within(table).getAllByRole('row');
    expect(cellsOf(rows[0]!)).toEqual(['Category', 'Units', 'Sales', 'Cost', 'Margin', 'Margin %']);
    // Highest margin first, as the card says (the server sends most sales first), the figures in
    // the business's currency.
    expect(screen.getByText(MARGIN_ORDER_TEXT)).toBeInTheDocument();
    expect(cellsOf(rows[1]!)).toEqual(['Dairy', '1,240', '$2,480.00', '$1,612.00', '$868.00', '35.0 %']);
    // Nothing taken: an en dash, not 0 %.
    expect(cellsOf(rows[2]!)).toEqual(['No category', '2', '$0.00', '$1.50', '-$1.50', '–']);
    expect(cellsOf(rows[3]!)).toEqual(['Bakery', '300', '$600.00', '$624.00', '-$24.00', '-4.0 %']);
    expect(within(rows[1]!).getAllByRole('cell')[3]).toHaveStyle({
      textAlign: 'right',
      fontVariantNumeric: 'tabular-nums',
    });

    expect(screen.getByRole('figure', { name: MARGIN_CHART_LABEL })).toBeInTheDocument();
    expect(
      screen.getByText(
        '12 units sold without a cost are counted at no cost: add cost prices or receive stock through purchase orders',
      ),
    ).toBeInTheDocument();
  });

  it('tells two categories of one name apart by their locations', async () => {
    const LOCATION = '1c000000-0000-4000-8000-000000000009';
    const [dairy, bakery] = ROWS as [TCategoryMarginRow, TCategoryMarginRow];
    const riverside = { ...bakery, key: '2c000000-0000-4000-8000-000000000003', label: 'Dairy' };
    await openMargins([
      { method: 'POST', path: MARGINS, answer: () => jsonResponse(200, [dairy, riverside]) },
      {
        path: '/api/sales-analytics/choices',
        answer: () =>
          jsonResponse(200, {
            stores: [{ id: STORE.id, name: STORE.name, locationId: LOCATION, active: true }],
            categories: [
              { id: dairy.key, name: 'Dairy', locationId: LOCATION, locationName: 'Demo Market Old Town' },
              {
                id: riverside.key,
                name: 'Dairy',
                locationId: LOCATION,
                locationName: 'Demo Market Riverside',
              },
            ],
          }),
      },
    ]);
    const table = await screen.findByRole('table', { name: MARGIN_TABLE_LABEL });
    const rows = within(table).getAllByRole('row');
    await waitFor(() => expect(cellsOf(rows[1]!)[0]).toBe('DairyDemo Market Old Town'));
    expect(cellsOf(rows[2]!)[0]).toBe('DairyDemo Market Riverside');
  });

  it('says what to do when the range sold nothing, without a table, chart or cost note', async () => {
    await openMargins([{ method: 'POST', path: MARGINS, answer: () => jsonResponse(200, []) }]);

    expect(await screen.findByText(NO_MARGIN_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: MARGIN_TABLE_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByRole('figure', { name: MARGIN_CHART_LABEL })).not.toBeInTheDocument();
    expect(screen.queryByText(/without a cost/)).not.toBeInTheDocument();
  });

  it('shows its failure with a retry that asks again', async () => {
    let fail = true;
    const { requests } = await openMargins([
      {
        method: 'POST',
        path: MARGINS,
        answer: () => (fail ? jsonResponse(500, {}) : jsonResponse(200, ROWS)),
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MARGIN_MESSAGE);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: MARGIN_TABLE_LABEL })).toBeInTheDocument();
    expect(await marginBodies(requests)).toHaveLength(2);
  });

  it('opens Feature Locked and turns the page into its locked state when the plan refuses it', async () => {
    const { requests, store } = await openMargins(
      [
        {
          method: 'POST',
          path: MARGINS,
          answer: () => jsonResponse(403, { code: 'PLAN_VIOLATION', message: 'Upgrade to Advanced.' }),
        },
      ],
      // A role that cannot read the plan sends the call and learns from the server's refusal.
      { roles: ['ROLE_ANALYTICS_READER'] },
    );

    expect(await screen.findByRole('dialog', { name: 'Feature Locked' })).toBeInTheDocument();
    expect(await screen.findByText('Advanced analytics is not part of your plan')).toBeInTheDocument();
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(screen.queryByRole('table', { name: MARGIN_TABLE_LABEL })).not.toBeInTheDocument();
    expect(analyticsCalls(requests).filter((request) => request.url.endsWith(MARGINS))).toHaveLength(1);
  });
});
