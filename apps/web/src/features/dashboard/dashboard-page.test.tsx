import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, TSetupProgress } from '@app/contracts';
import { BUSINESS_ID, USER_ID, jsonResponse } from '../../test/fixtures';
import { dismissKeyOf } from './components/setup-checklist';
import { NOTHING_DONE, renderDashboard } from './dashboard.test-kit';

const PROGRESS_PATH = `/api/businesses/${BUSINESS_ID}/setup-progress`;

function renderChecklist(progress: TSetupProgress, roles: Role[] = ['ROLE_BUSINESS_OWNER']) {
  const view = renderDashboard({ roles, answers: { [PROGRESS_PATH]: () => jsonResponse(200, progress) } });
  const progressCalls = () => view.paths().filter((path) => path === PROGRESS_PATH);
  return { ...view, progressCalls };
}

afterEach(() => {
  window.localStorage.clear();
});

describe('the setup checklist', () => {
  it('lists the three first steps of a new business with links to their screens', async () => {
    const { requests, router } = renderChecklist(NOTHING_DONE);
    const progressCall = await vi.waitFor(() => {
      const found = requests.find((request) => new URL(request.url).pathname === PROGRESS_PATH);
      if (!found) throw new Error('no progress call yet');
      return found;
    });
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
    expect(progressCall.headers.get('Authorization')).toMatch(/^Bearer /);
    await userEvent.click(within(checklist).getByRole('link', { name: 'Start: Invite staff' }));
    expect(router.state.location.pathname).toBe('/dashboard/access');
  });

  it('ticks the steps that are done and needs a location and a store for the first', async () => {
    renderChecklist({ hasLocation: true, hasStore: false, hasProducts: false, hasStaff: true });
    const checklist = await screen.findByRole('region', { name: 'Get your business going' });
    expect(within(checklist).getByText('1 of 3 done.', { exact: false })).toBeInTheDocument();
    const [location, products, staff] = within(checklist).getAllByRole('listitem');
    expect(within(location!).getByTitle('To do')).toBeInTheDocument();
    expect(within(products!).getByTitle('To do')).toBeInTheDocument();
    expect(within(staff!).getByTitle('Done')).toBeInTheDocument();
    expect(within(checklist).queryByRole('link', { name: 'Start: Invite staff' })).toBeNull();
  });

  it('is not shown once every step is done', async () => {
    const { progressCalls } = renderChecklist({
      hasLocation: true,
      hasStore: true,
      hasProducts: true,
      hasStaff: true,
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    await vi.waitFor(() => expect(progressCalls()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
  });

  it('can be dismissed, and stays dismissed for this user', async () => {
    const { unmount } = renderChecklist(NOTHING_DONE);
    const checklist = await screen.findByRole('region', { name: 'Get your business going' });
    await userEvent.click(within(checklist).getByRole('button', { name: 'Dismiss the setup checklist' }));
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    expect(window.localStorage.getItem(dismissKeyOf(USER_ID))).toBe('1');
    unmount();
    const again = renderChecklist(NOTHING_DONE);
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    await screen.findByRole('region', { name: 'Low stock' });
    expect(again.progressCalls()).toEqual([]);
  });

  it('is not shown to staff, whose roles cannot take the steps', async () => {
    // A product reader sees costs (cost prices), so the home shows what the stock is worth, in the
    // business's currency; it reads nothing else, the setup progress least of all.
    const { paths } = renderChecklist(NOTHING_DONE, ['ROLE_PRODUCT_READER']);
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(screen.queryByRole('region', { name: 'Get your business going' })).toBeNull();
    await vi.waitFor(() => expect(paths()).toContain('/api/inventory/value'));
    expect(new Set(paths())).toEqual(new Set(['/api/inventory/value', `/api/businesses/${BUSINESS_ID}`]));
  });
});
