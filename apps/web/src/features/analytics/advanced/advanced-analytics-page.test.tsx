import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { AdvancedAnalyticsPage } from './advanced-analytics-page';
import { DAIRY, STORE, analyticsCalls, renderTierPage } from './analytics-tier.test-kit';

const FILTER = '/api/sales-analytics/filter-advanced';

afterEach(() => vi.unstubAllGlobals());

function filterBodies(requests: Request[]) {
  return Promise.all(
    requests
      .filter((request) => new URL(request.url).pathname === FILTER)
      .map(async (request) => JSON.parse(await request.clone().text()) as Record<string, unknown>),
  );
}

describe(AdvancedAnalyticsPage.name, () => {
  it('sends the filter as built: stores, categories, SKUs, totals, grouping and limit', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTierPage(<AdvancedAnalyticsPage />, {
      planId: 'ADVANCED',
      routes: [{ method: 'POST', path: FILTER, answer: () => jsonResponse(200, []) }],
    });
    // An empty answer is one placeholder row (001 section 4).
    const table = await screen.findByRole('table', { name: 'Sales by product' });
    const placeholder = await within(table).findByText('No Data');
    expect(
      within(placeholder.closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'No Data',
      '',
      '0',
      expect.stringMatching(/0\.00/),
      expect.stringMatching(/0\.00/),
      expect.stringMatching(/0\.00/),
      '–',
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Stores' }));
    await user.click(await screen.findByRole('option', { name: STORE.name }));
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: new RegExp(DAIRY.categoryName) }));
    await user.type(screen.getByRole('combobox', { name: 'SKUs' }), 'OAT-1{Enter}rye-2');
    await user.click(screen.getByRole('textbox', { name: 'Min total' }));
    await user.paste('10');
    await user.click(screen.getByRole('textbox', { name: 'Max total' }));
    await user.paste('99.50');
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(screen.getByRole('option', { name: 'Store' }));
    await user.clear(screen.getByRole('textbox', { name: 'Rows' }));
    await user.click(screen.getByRole('textbox', { name: 'Rows' }));
    await user.paste('20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(async () => expect(await filterBodies(requests)).toHaveLength(2));
    const [first, applied] = await filterBodies(requests);
    expect(first).toEqual({
      start: expect.any(String),
      end: expect.any(String),
      groupBy: 'product',
      limit: 100,
    });
    expect(applied).toEqual({
      start: first?.start,
      end: first?.end,
      storeIds: [STORE.id],
      categoryIds: [DAIRY.id],
      skus: ['OAT-1', 'rye-2'],
      minTotal: '10',
      maxTotal: '99.50',
      groupBy: 'store',
      limit: 20,
    });
  });

  it('shows what each group cost and earned, with an en dash where nothing was taken', async () => {
    const row = (
      label: string,
      totalPrice: string,
      cost: string,
      margin: string,
      marginPercent: number | null,
    ) => ({
      key: label,
      label,
      quantity: 5,
      totalPrice,
      cost,
      margin,
      marginPercent,
      productName: label,
      sku: label.toUpperCase(),
    });
    renderTierPage(<AdvancedAnalyticsPage />, {
      routes: [
        {
          method: 'POST',
          path: FILTER,
          answer: () =>
            jsonResponse(200, [
              row('Oat milk', '222.00', '150.00', '72.00', 32.4),
              row('Crisps', '3.60', '4.20', '-0.60', -16.7),
              row('Tote bag', '0.00', '3.00', '-3.00', null),
            ]),
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Sales by product' });
    const cells = (name: string) =>
      within(within(table).getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    await within(table).findByText('Oat milk');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Product', 'SKU', 'Quantity', 'Totalsorted descending', 'Cost', 'Margin', 'Margin %']);
    expect(cells('Oat milk').slice(-4)).toEqual(['$222.00', '$150.00', '$72.00', '32.4 %']);
    expect(cells('Crisps').slice(-3)).toEqual(['$4.20', '-$0.60', '-16.7 %']);
    expect(cells('Tote bag').slice(-3)).toEqual(['$3.00', '-$3.00', '–']);
    // Right-aligned figures of one width, so the columns line up by their digits.
    const margin = within(table).getByText('$72.00');
    expect(margin).toHaveStyle({ fontVariantNumeric: 'tabular-nums' });
    expect(margin.closest('td')).toHaveClass('MuiTableCell-alignRight');
  });

  it("names the product trend it shows on screen, from the SKU asked, at the store's name", async () => {
    const { requests } = renderTierPage(<AdvancedAnalyticsPage />, {
      routes: [
        {
          path: '/api/sales-analytics/product-trend',
          answer: () => jsonResponse(200, [{ period: '2026-03-01', totalSales: '12.50' }]),
        },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Product trend' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'SKU' }), ' oat-1 ');
    await userEvent.click(screen.getByRole('button', { name: 'Show trend' }));

    expect(
      await screen.findByRole('heading', { name: `Sales of oat-1 at ${STORE.name}` }),
    ).toBeInTheDocument();
    const trend = analyticsCalls(requests).find((request) => request.url.includes('/product-trend'));
    expect(new URL(trend!.url).searchParams.get('sku')).toBe('oat-1');
  });

  it('shows a calm locked state and sends no call when the plan lacks the tier', async () => {
    const { requests, store } = renderTierPage(<AdvancedAnalyticsPage />, { planId: 'BASIC' });
    expect(await screen.findByText('Advanced analytics is not part of your plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/subscription-plans');
    expect(analyticsCalls(requests)).toEqual([]);
    expect(store.getState().ui.upgradeModalOpen).toBe(false);
  });

  it('turns into the locked state on the first refusal when the role cannot read the plan', async () => {
    const { requests, store } = renderTierPage(<AdvancedAnalyticsPage />, {
      roles: ['ROLE_ANALYTICS_READER'],
      routes: [
        {
          method: 'POST',
          path: FILTER,
          answer: () => jsonResponse(403, { code: 'PLAN_VIOLATION', message: 'Upgrade to Advanced.' }),
        },
      ],
    });
    expect(await screen.findByText('Advanced analytics is not part of your plan')).toBeInTheDocument();
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(analyticsCalls(requests)).toHaveLength(1);
  });
});
