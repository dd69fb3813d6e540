import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyticsPage, PLAN_UNKNOWN_TEXT } from './analytics-page';
import { renderAnalytics } from './analytics.test-kit';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PATH = '/dashboard/analytics';

describe(AnalyticsPage.name, () => {
  it('opens the tiers of the plan and shows Feature Locked, naming the plan, for the others', async () => {
    const { router } = renderAnalytics(<AnalyticsPage />, PATH, [], { planId: 'BASIC' });

    const basic = await screen.findByRole('link', { name: 'Open Basic analytics' });
    expect(basic).toHaveAttribute('href', '/dashboard/analytics/basic');
    expect(screen.queryByRole('link', { name: /Advanced/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supreme analytics, locked' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Advanced analytics, locked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feature Locked' });
    expect(dialog).toHaveTextContent(
      'Advanced analytics comes with the Advanced plan and above. Your business is on the Basic plan.',
    );
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('opens every tier on the Supreme plan', async () => {
    renderAnalytics(<AnalyticsPage />, PATH, [], { planId: 'SUPREME' });
    expect(await screen.findByRole('link', { name: 'Open Supreme analytics' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(3);
  });

  it('lets analytics roles, who cannot read the plan, open every tier without asking for it', async () => {
    const { requests } = renderAnalytics(<AnalyticsPage />, PATH, [], { roles: ['ROLE_ANALYTICS_READER'] });
    expect(await screen.findByText(PLAN_UNKNOWN_TEXT)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Open / })).toHaveLength(3);
    expect(requests.some((request) => request.url.includes('/api/subscriptions'))).toBe(false);
  });
});
