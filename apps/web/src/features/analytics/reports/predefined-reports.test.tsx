import { PREDEFINED_REPORTS, PREDEFINED_REPORT_TITLES } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { HIGH_STREET, sentTo } from '../analytics.test-kit';
import { LOCKED_TEXT } from '../components/analytics-state';
import { PREDEFINED_REPORT_HINTS, PredefinedReports } from './predefined-reports';
import { BEST_SELLERS, planRefusal, renderReports } from './reports.test-kit';

const BASIC = '/api/reports/basic';
/** A ready-made report as the server answers it: asked for by its name. */
const READY_MADE = { ...BEST_SELLERS, kind: 'BASIC' as const, question: 'Best sellers' };

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
      [{ path: BASIC, answer: () => jsonResponse(200, READY_MADE) }],
    );
    const group = screen.getByRole('group', { name: 'Ready-made reports' });
    // Each is named by what it shows, title then hint: speech input finds it by the words it sees.
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(
      PREDEFINED_REPORTS.map(
        (option) => `${PREDEFINED_REPORT_TITLES[option]}:${PREDEFINED_REPORT_HINTS[option]}`,
      ),
    );
    // (A browser puts a space after the colon, between the two lines; jsdom lays nothing out.)
    expect(
      within(group).getByRole('button', { name: /^Stock value: ?What the stock on hand is worth$/ }),
    ).toBe(within(group).getAllByRole('button')[3]);
    expect(screen.getByText(/at High Street;/)).toBeInTheDocument();

    const bestSellers = within(group).getByRole('button', { name: /^Best sellers:/ });
    await user.click(bestSellers);
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Best sellers, October 2026' })).toBeInTheDocument();
    expect(bestSellers).toHaveAttribute('aria-pressed', 'true');
    // The report was asked for by its name, which is no question to quote.
    expect(screen.queryByText(`“${READY_MADE.question}”`)).not.toBeInTheDocument();
    expect(sentTo(requests, BASIC)).toEqual([{ predefinedOption: 'TOP_PRODUCTS', storeId: HIGH_STREET.id }]);
  });

  it('reads the whole business without a store', async () => {
    const { requests } = renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => jsonResponse(200, BEST_SELLERS) },
    ]);
    await user.click(screen.getByRole('button', { name: /^Stock value:/ }));
    await screen.findByRole('heading', { name: BEST_SELLERS.title });
    expect(sentTo(requests, BASIC)).toEqual([{ predefinedOption: 'STOCK_VALUE' }]);
  });

  it('keeps the pressed button focused while its report loads, and sends no second call meanwhile', async () => {
    let release: () => void = () => undefined;
    const { requests } = renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      {
        path: BASIC,
        answer: () =>
          new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, READY_MADE)))),
      },
    ]);
    const salesSummary = screen.getByRole('button', { name: /^Sales summary:/ });
    salesSummary.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Loading Sales summary' })).toBeInTheDocument();
    // A disabled button would drop the focus to the page's top; this one says it is busy instead.
    expect(salesSummary).toHaveFocus();
    expect(salesSummary).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: /^Slow movers:/ }));
    release();
    await screen.findByRole('heading', { name: READY_MADE.title });
    expect(sentTo(requests, BASIC)).toEqual([{ predefinedOption: 'SALES_SUMMARY' }]);
  });

  it("falls back to 'Failed to fetch basic report' when the server says nothing", async () => {
    renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => new Response(null, { status: 500 }) },
    ]);
    await user.click(screen.getByRole('button', { name: /^Running low:/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch basic report');
  });

  it('opens Feature Locked on a plan refusal and says calmly that the plan lacks it', async () => {
    const { store } = renderReports(<PredefinedReports storeId={null} storeName={null} />, [
      { path: BASIC, answer: () => planRefusal('Analytics come with a paid plan.') },
    ]);
    await user.click(screen.getByRole('button', { name: /^Sales summary:/ }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Analytics come with a paid plan.');
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(screen.getByText(LOCKED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch basic report')).not.toBeInTheDocument();
  });
});
