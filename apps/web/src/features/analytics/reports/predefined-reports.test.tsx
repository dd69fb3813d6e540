import { PREDEFINED_REPORTS, PREDEFINED_REPORT_TITLES } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { HIGH_STREET, sentTo } from '../analytics.test-kit';
import { LOCKED_TEXT } from '../components/analytics-state';
import { PredefinedReports } from './predefined-reports';
import { BEST_SELLERS, planRefusal, renderReports } from './reports.test-kit';

const BASIC = '/api/reports/basic';

afterEach(() => vi.unstubAllGlobals());

// Typing without the default pause between keys keeps each file well under its time budget.
let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

describe(PredefinedReports.name, () => {
  it("offers the six ready-made reports and shows the one clicked, for the page's store", async () => {
    const { requests } = renderReports(
      <PredefinedReports storeId={HIGH_STREET.id} storeName="High Street" />,
      [{ path: BASIC, answer: () => jsonResponse(200, BEST_SELLERS) }],
    );
    const group = screen.getByRole('group', { name: 'Ready-made reports' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(PREDEFINED_REPORTS.map((option) => PREDEFINED_REPORT_TITLES[option]));
    expect(screen.getByText(/at High Street;/)).toBeInTheDocument();

    const bestSellers = within(group).getByRole('button', { name: 'Best sellers' });
    await user.click(bestSellers);
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Best sellers, October 2026' })).toBeInTheDocument();
    expect(bestSellers).toHaveAttribute('aria-pressed', 'true');
    expect(sentTo(requests, BASIC)).toEqual([{ predefinedOption: 'TOP_PRODUCTS', storeId: HIGH_STREET.id }]);
  });

  it('reads the whole business without a store', async () => {
    const { requests } = renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => jsonResponse(200, BEST_SELLERS) },
    ]);
    await user.click(screen.getByRole('button', { name: 'Stock value' }));
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    expect(sentTo(requests, BASIC)).toEqual([{ predefinedOption: 'STOCK_VALUE' }]);
  });

  it("falls back to 'Failed to fetch basic report' when the server says nothing", async () => {
    renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => new Response(null, { status: 500 }) },
    ]);
    await user.click(screen.getByRole('button', { name: 'Running low' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch basic report');
  });

  it('opens Feature Locked on a plan refusal and says calmly that the plan lacks it', async () => {
    const { store } = renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => planRefusal('Analytics come with a paid plan.') },
    ]);
    await user.click(screen.getByRole('button', { name: 'Sales summary' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Analytics come with a paid plan.');
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(screen.getByText(LOCKED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch basic report')).not.toBeInTheDocument();
  });
});
