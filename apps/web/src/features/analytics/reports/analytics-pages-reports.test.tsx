import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { AdvancedAnalyticsPage } from '../advanced/advanced-analytics-page';
import { renderTierPage } from '../advanced/analytics-tier.test-kit';
import { WITH_SALES, renderAnalytics, sentTo } from '../analytics.test-kit';
import { BasicAnalyticsPage } from '../basic/basic-analytics-page';
import { SupremeAnalyticsPage } from '../supreme/supreme-analytics-page';
import { ASK_LABEL } from './ask-panel';
import { BEST_SELLERS, BUSINESS_ROUTE, page, summaryOf } from './reports.test-kit';

/** Where the report screens sit on the three tiers' pages. */

afterEach(() => vi.unstubAllGlobals());

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup({ delay: null });
});

const REPORTS = [
  BUSINESS_ROUTE,
  { path: '/api/reports', answer: () => jsonResponse(200, page([summaryOf(BEST_SELLERS)])) },
  { method: 'POST', path: '/api/reports/advanced/ai', answer: () => jsonResponse(200, BEST_SELLERS) },
  {
    method: 'POST',
    path: /^\/api\/sales-analytics\/(filter-advanced|super-filter)$/,
    answer: () => jsonResponse(200, []),
  },
];

describe('the report screens on the analytics pages', () => {
  it('asks on the Advanced page and lists the asked reports under My reports', async () => {
    const { requests } = renderTierPage(<AdvancedAnalyticsPage />, { planId: 'ADVANCED', routes: REPORTS });
    await user.click(await screen.findByRole('tab', { name: 'Ask' }));
    await user.type(screen.getByRole('textbox', { name: ASK_LABEL }), 'best sellers last month{Enter}');
    expect(await screen.findByRole('heading', { name: BEST_SELLERS.title })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My reports' }));
    const history = await screen.findByRole('table', { name: 'My reports' });
    expect(await within(history).findByRole('button', { name: BEST_SELLERS.title })).toBeInTheDocument();
    expect(sentTo(requests, '/api/reports/advanced/ai')).toHaveLength(1);
  });

  it('offers Ask, Forecast and My reports beside the super filter on the Supreme page', async () => {
    renderTierPage(<SupremeAnalyticsPage />, { planId: 'SUPREME', routes: REPORTS });
    const sections = await screen.findByRole('tablist', { name: 'Supreme analytics section' });
    expect(
      within(sections)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Super filter', 'Ask', 'Forecast', 'My reports']);
    // The super filter stays the first thing the page shows.
    expect(await screen.findByRole('table', { name: 'Sales by product' })).toBeInTheDocument();
    await user.click(within(sections).getByRole('tab', { name: 'Forecast' }));
    expect(await screen.findByRole('form', { name: 'Forecast' })).toBeInTheDocument();
    await user.click(within(sections).getByRole('tab', { name: 'Ask' }));
    expect(screen.getByRole('textbox', { name: ASK_LABEL })).toBeInTheDocument();
  });

  it('shows the ready-made reports on the Basic page once its figures answered', async () => {
    renderAnalytics(<BasicAnalyticsPage />, '/dashboard/analytics/basic', WITH_SALES);
    const reports = await screen.findByRole('group', { name: 'Ready-made reports' });
    expect(within(reports).getAllByRole('button')).toHaveLength(6);
  });
});
