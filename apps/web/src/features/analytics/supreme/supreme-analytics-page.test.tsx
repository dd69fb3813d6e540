import type { TSalesGroupRow } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { analyticsCalls, renderTierPage } from '../advanced/analytics-tier.test-kit';
import { SupremeAnalyticsPage } from './supreme-analytics-page';

const SUPER = '/api/sales-analytics/super-filter';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Typed as the contract answers them: every money row carries its cost and margin (issue 16).
const ROWS: TSalesGroupRow[] = [
  {
    key: 'OAT-1',
    label: 'Oat milk',
    quantity: 2,
    totalPrice: '10.00',
    cost: '6.00',
    margin: '4.00',
    marginPercent: 40,
    productName: 'Oat milk',
    sku: 'OAT-1',
  },
  {
    key: 'RYE-2',
    label: '=Rye bread',
    quantity: 1,
    totalPrice: '2.50',
    cost: '0.00',
    margin: '2.50',
    marginPercent: 100,
    productName: '=Rye bread',
    sku: 'RYE-2',
  },
];

describe(SupremeAnalyticsPage.name, () => {
  it('pivots the super filter by month with totals, and exports the pivot as CSV', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: Blob[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          saved.push(blob);
          return 'blob:pivot';
        }
        static override revokeObjectURL() {}
      },
    );
    const { requests } = renderTierPage(<SupremeAnalyticsPage />, {
      routes: [{ method: 'POST', path: SUPER, answer: () => jsonResponse(200, ROWS) }],
    });
    await screen.findByRole('table', { name: 'Sales by product' });
    await user.click(screen.getByRole('tab', { name: 'Pivot' }));
    const pivot = await screen.findByRole('table', { name: 'Sales by product and month' });

    // One call per month column (the last 30 days span one or two months).
    const months = analyticsCalls(requests).length - 1;
    const totals = within(pivot).getAllByRole('row').at(-1)!;
    const cells = within(totals)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toHaveLength(months + 1);
    expect(cells.at(-1)).toMatch(new RegExp(`${(12.5 * months).toFixed(2)}$`));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await saved[0]!.text()).split('\r\n');
    // Blob.text() drops the byte-order mark; the CSV's own test sees it.
    expect(lines[0]).toMatch(/^Product,.*,Total$/);
    expect(lines[1]).toBe(
      ['Oat milk', ...Array<string>(months).fill('10.00'), (10 * months).toFixed(2)].join(','),
    );
    expect(lines[2]?.startsWith("'=Rye bread,")).toBe(true);
    expect(lines[3]).toBe(
      ['Total', ...Array<string>(months).fill('12.50'), (12.5 * months).toFixed(2)].join(','),
    );
  });

  it('shows the locked state without a call when the plan is below Supreme', async () => {
    const { requests, store } = renderTierPage(<SupremeAnalyticsPage />, { planId: 'ADVANCED' });
    expect(await screen.findByText('Supreme analytics is not part of your plan')).toBeInTheDocument();
    expect(analyticsCalls(requests)).toEqual([]);
    expect(store.getState().ui.upgradeModalOpen).toBe(false);
  });
});
