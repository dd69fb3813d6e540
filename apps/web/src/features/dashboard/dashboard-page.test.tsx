import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, TSetupProgress } from '@app/contracts';
import { BUSINESS_ID, USER_ID, jsonResponse, makeSession } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { dismissKeyOf } from './components/setup-checklist';
import { DashboardPage } from './dashboard-page';

const NOTHING_DONE: TSetupProgress = {
  hasLocation: false,
  hasStore: false,
  hasProducts: false,
  hasStaff: false,
};

function renderDashboard(progress: TSetupProgress, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const fake = mockFetch(() => jsonResponse(200, progress));
  const view = renderRoutes(
    [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/dashboard/*', element: <p>Another screen</p> },
    ],
    { initialEntries: ['/dashboard'], session: makeSession({ roles }) },
  );
  return { ...fake, ...view };
}

afterEach(() => {
  window.localStorage.clear();
});

describe('the setup checklist', () => {
  it('lists the three first steps of a new business with links to their screens', async () => {
    const { requests, router } = renderDashboard(NOTHING_DONE);
    const checklist = await screen.findByRole('region', { name: 'Get your business going' });
    expect(within(checklist).getByText('0 of 3 done.', { exact: false })).toBeInTheDocument();
    const steps = within(checklist).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Add a location and a store',
      'Add products',
      'Invite staff',
    ]);
    expect(
      within(checklist).getByRole('link', { name: 'Start: Add a location and a store' }),
    ).toHaveAttribute('href', '/dashboard/stores');
    expect(within(checklist).getByRole('link', { name: 'Start: Add products' })).toHaveAttribute(
      'href',
      '/dashboard/product',
    );
    expect(new URL(requests[0]!.url).pathname).toBe(`/api/businesses/${BUSINESS_ID}/setup-progress`);
    expect(requests[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    await userEvent.click(within(checklist).getByRole('link', { name: 'Start: Invite staff' }));
    expect(router.state.location.pathname).toBe('/dashboard/access');
  });

  it('ticks the steps that are done and needs a location and a store for the first', async () => {
    renderDashboard({ hasLocation: true, hasStore: false, hasProducts: false, hasStaff: true });
    const checklist = await screen.findByRole('region', { name: 'Get your business going' });
    expect(within(checklist).getByText('1 of 3 done.', { exact: false })).toBeInTheDocument();
    const [location, products, staff] = within(checklist).getAllByRole('listitem');
    expect(within(location!).getByTitle('To do')).toBeInTheDocument();
    expect(within(products!).getByTitle('To do')).toBeInTheDocument();
    expect(within(staff!).getByTitle('Done')).toBeInTheDocument();
    expect(within(checklist).queryByRole('link', { name: 'Start: Invite staff' })).toBeNull();
  });

  it('is not shown once every step is done', async () => {
    const { fetchMock } = renderDashboard({
      hasLocation: true,
      hasStore: true,
      hasProducts: true,
      hasStaff: true,
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
  });

  it('can be dismissed, and stays dismissed for this user', async () => {
    const { unmount } = renderDashboard(NOTHING_DONE);
    const checklist = await screen.findByRole('region', { name: 'Get your business going' });
    await userEvent.click(within(checklist).getByRole('button', { name: 'Dismiss the setup checklist' }));
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    expect(window.localStorage.getItem(dismissKeyOf(USER_ID))).toBe('1');
    unmount();
    const again = renderDashboard(NOTHING_DONE);
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    expect(again.fetchMock).not.toHaveBeenCalled();
  });

  it('is not shown to staff, whose roles cannot take the steps', async () => {
    const { fetchMock } = renderDashboard(NOTHING_DONE, ['ROLE_PRODUCT_READER']);
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
