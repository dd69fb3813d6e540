import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as Contracts from '@app/contracts';
import { FREE_PLAN, renderDashboard } from './dashboard.test-kit';

// Every plan of DESIGN 6 has basic analytics today; a Free plan without it stands for a plan
// that lacks it, so that the locked card is tried as it would show.
vi.mock('@app/contracts', async (importOriginal) => {
  const contracts = await importOriginal<typeof Contracts>();
  return {
    ...contracts,
    PLANS: { ...contracts.PLANS, FREE: { ...contracts.PLANS.FREE, features: [] } },
  };
});

describe('the sales card without basic analytics in the plan', () => {
  it('is locked: a click opens Feature Locked, and no analytics call goes out', async () => {
    const { store, paths } = renderDashboard({ answers: { '/api/subscriptions/current': FREE_PLAN } });
    const locked = await screen.findByRole('button', { name: /Sales/ });
    await screen.findByRole('region', { name: 'Low stock' });
    expect(store.getState().ui.upgradeModalOpen).toBe(false);
    await userEvent.click(locked);
    expect(store.getState().ui.upgradeModalOpen).toBe(true);
    expect(paths().filter((path) => path.startsWith('/api/sales-analytics/'))).toEqual([]);
  });
});
