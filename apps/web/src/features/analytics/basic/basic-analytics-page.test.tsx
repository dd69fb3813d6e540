import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import {
  HARBOUR,
  NO_TOTALS,
  WITH_SALES,
  planViolation,
  renderAnalytics,
  sentTo,
  type Route,
} from '../analytics.test-kit';
import { LOCKED_TEXT } from '../components/analytics-state';
import { TREND_EMPTY_TEXT } from '../components/trend-chart';
import { BasicAnalyticsPage, NO_SALES_HINT } from './basic-analytics-page';
import { NO_PRODUCTS_SOLD } from './product-rankings-card';
import { NO_STORE_SALES } from './top-stores-card';

/** The calls that answer figures (the pickers' `/choices` only names stores and categories). */
const FIGURES = /^\/api\/sales-analytics\/(?!choices$)/;

const PATH = '/dashboard/analytics/basic';
const A = '/api/sales-analytics';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBasic(routes: Route[] = []) {
  return renderAnalytics(<BasicAnalyticsPage />, PATH, [...routes, ...WITH_SALES]);
}

const figure = (label: string) => screen.findByRole('group', { name: label });
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe(BasicAnalyticsPage.name, () => {
  it('shows the totals, the rankings, the trend, the top stores and the week in the business’s currency', async () => {
    const { requests } = renderBasic();

    expect(await figure('Total sales')).toHaveTextContent('£1,234.50');
    expect(await figure('Average basket')).toHaveTextContent('£14.19');
    expect(await figure('Transactions')).toHaveTextContent('87');

    const top = await screen.findByRole('table', { name: 'Top 5 products by revenue' });
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent(/Oat milk.*120.*£222\.00/);
    expect(screen.getByRole('table', { name: 'Least 5 products by revenue' })).toHaveTextContent(
      'Sea salt crisps',
    );
    expect(await screen.findByRole('table', { name: 'Top stores by sales' })).toHaveTextContent('£800.00');
    expect(await screen.findByRole('table', { name: 'This week against last week' })).toHaveTextContent(
      '+50 %',
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Show as table' }));
    const trend = screen.getByRole('table', { name: /^Daily sales at all stores/ });
    expect(within(trend).getAllByRole('row')[2]).toHaveTextContent('£250.50');

    // The range's whole days go as dd-MM-yyyy HH:mm; the business calls carry no store.
    const [totals] = sentTo(requests, `${A}/total/business`);
    expect(totals?.start).toMatch(/^\d{2}-\d{2}-\d{4} 00:00$/);
    expect(totals?.end).toMatch(/^\d{2}-\d{2}-\d{4} 23:59$/);
    expect(sentTo(requests, `${A}/trends/business`)[0]?.interval).toBe('daily');

    await userEvent.click(screen.getByRole('button', { name: 'Quantity' }));
    expect(await screen.findByRole('table', { name: 'Top 5 products by units sold' })).toBeInTheDocument();
    expect(sentTo(requests, `${A}/top-quantity/business`)).toHaveLength(1);
  });

  it('shows the margin beside the sales total, and each ranked product’s margin and its percent', async () => {
    renderBasic();

    const margin = await figure('Margin');
    expect(margin).toHaveTextContent('£456.00');
    expect(margin).toHaveTextContent('36.9 % of sales');
    // Beside the sales total: the next card along.
    expect((await figure('Total sales')).nextElementSibling).toBe(margin);

    const top = await screen.findByRole('table', { name: 'Top 5 products by revenue' });
    expect(cellsOf(within(top).getAllByRole('row')[0]!)).toEqual([
      '#',
      'Product',
      'Units',
      'Revenue',
      'Margin',
      'Margin %',
    ]);
    expect(cellsOf(within(top).getAllByRole('row')[1]!)).toEqual([
      '1',
      'Oat milkSKU-OAT',
      '120',
      '£222.00',
      '£72.00',
      '32.4 %',
    ]);
    // Nothing taken: no percent to give, an en dash rather than 0 %.
    expect(cellsOf(within(top).getAllByRole('row')[3]!).slice(3)).toEqual(['£0.00', '-£3.00', '–']);
    const least = screen.getByRole('table', { name: 'Least 5 products by revenue' });
    expect(cellsOf(within(least).getAllByRole('row')[1]!).slice(4)).toEqual(['-£0.60', '-16.7 %']);
    // Figures line up by their digits, right-aligned.
    const marginCell = within(within(top).getAllByRole('row')[1]!).getAllByRole('cell')[4]!;
    expect(marginCell).toHaveStyle({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
  });

  it('says there is no margin percent when the range took no money', async () => {
    renderBasic([{ path: /\/total(\/business)?$/, answer: () => jsonResponse(200, NO_TOTALS) }]);
    const margin = await figure('Margin');
    expect(margin).toHaveTextContent('£0.00');
    expect(margin).toHaveTextContent('Sales less cost');
    expect(margin).not.toHaveTextContent('%');
  });

  it('asks the store calls, with the store, once a store is picked, and leaves the top stores out', async () => {
    const { requests } = renderBasic();
    await figure('Total sales');

    await userEvent.click(screen.getByRole('combobox', { name: 'Store' }));
    await userEvent.click(await screen.findByRole('option', { name: HARBOUR.name }));

    await waitFor(() => expect(sentTo(requests, `${A}/total`)).toHaveLength(1));
    expect(sentTo(requests, `${A}/total`)[0]?.storeId).toBe(HARBOUR.id);
    await waitFor(() => expect(sentTo(requests, `${A}/top`)[0]?.storeId).toBe(HARBOUR.id));
    expect(sentTo(requests, `${A}/least`)[0]?.storeId).toBe(HARBOUR.id);
    expect(sentTo(requests, `${A}/trends`)[0]?.storeId).toBe(HARBOUR.id);
    expect(sentTo(requests, `${A}/total/week`)[0]?.storeId).toBe(HARBOUR.id);
    expect(screen.getByRole('heading', { name: 'Basic Analytics' }).nextSibling).toHaveTextContent(
      'Sales at Harbour',
    );
    expect(screen.queryByRole('heading', { name: 'Top stores' })).not.toBeInTheDocument();
  });

  it('says what to do when the range has no sales', async () => {
    const empty = (body: unknown) => () => jsonResponse(200, body);
    renderBasic([
      { path: /\/total(\/business)?$/, answer: empty(NO_TOTALS) },
      { path: /\/(top|least)(\/business)?$/, answer: empty([]) },
      { path: /\/trends\/business$/, answer: empty([{ period: '2026-11-25', totalSales: '0.00' }]) },
      { path: `${A}/stores/top`, answer: empty([]) },
    ]);

    expect(await screen.findByText(NO_SALES_HINT)).toBeInTheDocument();
    expect(await screen.findByText(TREND_EMPTY_TEXT)).toBeInTheDocument();
    expect(await screen.findAllByText(NO_PRODUCTS_SOLD)).toHaveLength(1);
    expect(await screen.findByText(NO_STORE_SALES)).toBeInTheDocument();
  });

  it('shows a failed card with its message and a retry that asks again', async () => {
    let fail = true;
    const { requests } = renderBasic([
      {
        path: `${A}/stores/top`,
        answer: () => (fail ? jsonResponse(500, {}) : jsonResponse(200, [])),
      },
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch top stores in range');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_STORE_SALES)).toBeInTheDocument();
    expect(sentTo(requests, `${A}/stores/top`)).toHaveLength(2);
  });

  it('without the tier in the plan, asks once, opens one Feature Locked and shows a calm locked page', async () => {
    // The pickers' choices are names, not figures: the server answers them on every plan.
    const { requests, store } = renderBasic([{ path: FIGURES, answer: planViolation }]);

    expect(await screen.findByRole('dialog', { name: 'Feature Locked' })).toBeInTheDocument();
    expect(await screen.findByText('Basic analytics is not part of your plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Plans', hidden: true })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
    const analyticsCalls = requests.filter((request) => FIGURES.test(new URL(request.url).pathname));
    expect(analyticsCalls).toHaveLength(1);
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(screen.queryByText(LOCKED_TEXT)).not.toBeInTheDocument();
  });
});
