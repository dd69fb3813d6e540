import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { SANDBOX_TEXTS } from './messages';
import { SandboxDashboardPage } from './sandbox-dashboard-page';
import { SandboxOnboardingPage } from './sandbox-onboarding-page';

const ACCOUNT = 'acct_sandbox_1A2b3C';

function setup(entry: string, handler: FetchHandler = () => new Response(null, { status: 204 })) {
  const fake = mockFetch(handler);
  renderRoutes(
    [
      { path: '/dashboard/payments/sandbox-onboarding', element: <SandboxOnboardingPage /> },
      { path: '/dashboard/payments/sandbox-dashboard', element: <SandboxDashboardPage /> },
    ],
    { initialEntries: [entry], session: makeSession() },
  );
  return fake;
}

describe(SandboxOnboardingPage.name, () => {
  it('says it is the sandbox, completes the account on a click and says the tab can close', async () => {
    const { requests } = setup(`/dashboard/payments/sandbox-onboarding?account=${ACCOUNT}`);
    const page = screen.getByRole('region', { name: 'Sandbox onboarding' });
    expect(within(page).getByRole('note')).toHaveTextContent('No real money moves');
    expect(page).toHaveTextContent(ACCOUNT);

    await userEvent.click(within(page).getByRole('button', { name: 'Complete onboarding' }));
    expect(await within(page).findByRole('status')).toHaveTextContent(SANDBOX_TEXTS.onboardingDone);
    expect(within(page).getByRole('link', { name: 'Back to the business profile' })).toHaveAttribute(
      'href',
      '/dashboard/business-profile?stripe=return',
    );
    const [post] = requests;
    expect(`${post!.method} ${new URL(post!.url).pathname}`).toBe('POST /api/stripe/sandbox/onboarding');
    expect(await post!.json()).toEqual({ account: ACCOUNT });
  });

  it('shows the server’s refusal and lets the owner try again', async () => {
    setup(`/dashboard/payments/sandbox-onboarding?account=${ACCOUNT}`, () =>
      jsonResponse(404, { code: 'NOT_FOUND', message: 'No such sandbox account.' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Complete onboarding' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such sandbox account.');
    expect(screen.getByRole('button', { name: 'Complete onboarding' })).toBeEnabled();
  });

  it('refuses a link without a sandbox account', () => {
    const { requests } = setup('/dashboard/payments/sandbox-onboarding?account=acct_live123');
    expect(screen.getByRole('alert')).toHaveTextContent(SANDBOX_TEXTS.invalidAccount);
    expect(screen.queryByRole('button', { name: 'Complete onboarding' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the business profile' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe(SandboxDashboardPage.name, () => {
  it('shows the account and its state, and no figures', () => {
    setup(`/dashboard/payments/sandbox-dashboard?account=${ACCOUNT}`);
    const page = screen.getByRole('region', { name: 'Sandbox Express Dashboard' });
    expect(page).toHaveTextContent(ACCOUNT);
    expect(page).toHaveTextContent('StatusOnboarding complete');
    expect(page).toHaveTextContent(SANDBOX_TEXTS.dashboardNote);
    expect(page.textContent).not.toMatch(/[$€£]\s?\d/);
  });
});
