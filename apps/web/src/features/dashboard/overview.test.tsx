import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { FREE_PLAN, NO_WEEK, pageOf, renderDashboard } from './dashboard.test-kit';
import { HOME_MESSAGES } from './home-messages';

const card = (name: string) => screen.findByRole('region', { name });
const ANALYTICS = /^\/api\/sales-analytics\//;

describe('the overview of the dashboard home', () => {
  it("shows an owner's figures from the server, each card linking to its screen", async () => {
    const { requests } = renderDashboard();
    // The card waits for the plan, then reads its figures.
    await screen.findByText('$1,234.50');
    const sales = await card('Sales');
    const today = requests.find((request) => request.url.includes('/total/business'))!;
    const day = new URL(today.url).searchParams.get('start')!.slice(0, 10);
    expect(new URL(today.url).searchParams.get('end')).toBe(`${day} 23:59`);
    expect(within(sales).getByText('12 sales, 30 units')).toBeInTheDocument();
    expect(within(sales).getByText('$3,000.00')).toBeInTheDocument();
    expect(within(sales).getByText('75 % of last week so far')).toBeInTheDocument();
    // The last 14 days, today the last, also as a table for screen readers.
    const days = await within(sales).findByRole('table', { name: 'Sales of the last 14 days' });
    expect(within(days).getAllByRole('row')).toHaveLength(15);
    expect(within(days).getAllByRole('row')[14]).toHaveTextContent('$987.00');
    const trend = requests.find((request) => request.url.includes('/trends/business'))!;
    expect(new URL(trend.url).searchParams.get('end')).toBe(`${day} 23:59`);
    expect(new URL(trend.url).searchParams.get('interval')).toBe('daily');
    expect(within(sales).getByRole('link', { name: /Sales/ })).toHaveAttribute(
      'href',
      '/dashboard/analytics/basic',
    );

    const lowStock = await card('Low stock');
    expect(await within(lowStock).findByText('7')).toBeInTheDocument();
    // The emptiest first: 1 of 20 before 2 of 10; each with its location.
    const rows = within(within(lowStock).getByRole('list', { name: 'Low-stock items' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Rye bread.*Depot.*1reorder at 20$/),
      expect.stringMatching(/^Oat milk 1 l.*High Street.*2reorder at 10$/),
    ]);
    expect(within(lowStock).getByRole('link', { name: /Low stock/ })).toHaveAttribute(
      'href',
      '/dashboard/inventory',
    );

    const movements = await card('Movements to validate');
    expect(await within(movements).findByText('At the source')).toBeInTheDocument();
    expect(within(movements).getByText('Depot → High Street')).toBeInTheDocument();
    expect(within(movements).getByRole('link', { name: /Movements to validate/ })).toHaveAttribute(
      'href',
      '/dashboard/inventory?tab=movements',
    );

    const value = await card('Stock value');
    expect(await within(value).findByText('$2,060.75')).toBeInTheDocument();
    expect(
      within(value).getByText('at cost · $3,920.00 at price · 513 units · 2 items without a cost'),
    ).toBeInTheDocument();
    const places = within(within(value).getByRole('list', { name: 'Stock value by location' })).getAllByRole(
      'listitem',
    );
    expect(places.map((row) => row.textContent)).toEqual([
      'High Street512 units · Store$2,048.75$3,900.00 at price',
      'Depot1 unit · Warehouse$12.00$20.00 at price',
    ]);

    const activity = await card('Recent activity');
    expect(await within(activity).findByText('Created product Oat milk 1 l')).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: /Recent activity/ })).toHaveAttribute(
      'href',
      '/dashboard/logs',
    );
  });

  it('shows a store assistant stock, movements and the latest sales, and asks nothing else', async () => {
    const { paths } = renderDashboard({ roles: ['ROLE_STORE_ASSISTANT'] });
    const latest = await card('Latest sales');
    expect(await within(latest).findByText('$7.10')).toBeInTheDocument();
    expect(within(latest).getByRole('link', { name: /Latest sales/ })).toHaveAttribute(
      'href',
      '/dashboard/inventory?tab=till',
    );
    expect(await card('Low stock')).toBeInTheDocument();
    expect(await card('Movements to validate')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sales' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull();
    // The till sees no costs.
    expect(screen.queryByRole('region', { name: 'Stock value' })).toBeNull();
    expect(
      paths().filter((path) => ANALYTICS.test(path) || /audit|subscriptions|inventory\/value/.test(path)),
    ).toEqual([]);
  });

  it('says what to do when there is nothing yet, and shows the latest sales on a plan without the audit log', async () => {
    const empty = () => jsonResponse(200, pageOf([], 0));
    const { paths } = renderDashboard({
      answers: {
        '/api/subscriptions/current': FREE_PLAN,
        '/api/sales-analytics/total/business': () => jsonResponse(200, NO_WEEK.thisWeek),
        '/api/sales-analytics/total/week/business': () => jsonResponse(200, NO_WEEK),
        '/api/locations/business': () => jsonResponse(200, []),
        '/api/stock-movement/all': empty,
        '/api/sales': empty,
      },
    });
    await screen.findByText(HOME_MESSAGES.noSalesToday);
    expect(within(await card('Sales')).getByText(HOME_MESSAGES.noSalesToday)).toBeInTheDocument();
    expect(await within(await card('Low stock')).findByText(HOME_MESSAGES.noLowStock)).toBeInTheDocument();
    expect(
      await within(await card('Movements to validate')).findByText(HOME_MESSAGES.noMovements),
    ).toBeInTheDocument();
    await screen.findByText(HOME_MESSAGES.noSales);
    expect(within(await card('Latest sales')).getByText(HOME_MESSAGES.noSales)).toBeInTheDocument();
    expect(paths()).not.toContain('/api/audit');
  });

  it('says when a card cannot load, and loads it again on Retry', async () => {
    let calls = 0;
    renderDashboard({
      answers: {
        '/api/locations/business': () =>
          ++calls === 1 ? jsonResponse(500, { message: 'Database down' }) : jsonResponse(200, []),
      },
    });
    const lowStock = await card('Low stock');
    expect(await within(lowStock).findByText('Database down')).toBeInTheDocument();
    await userEvent.click(within(lowStock).getByRole('button', { name: 'Retry' }));
    expect(await within(lowStock).findByText(HOME_MESSAGES.noLowStock)).toBeInTheDocument();
  });
});
