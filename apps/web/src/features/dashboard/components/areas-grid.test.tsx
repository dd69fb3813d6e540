import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { DASHBOARD_AREAS } from '../dashboard-areas';
import { AreasGrid } from './areas-grid';

describe(AreasGrid.name, () => {
  it.each([false, true])('gives every area card an icon (compact: %s)', (compact) => {
    renderRoutes([{ path: '/dashboard', element: <AreasGrid areas={DASHBOARD_AREAS} compact={compact} /> }], {
      initialEntries: ['/dashboard'],
    });
    const cards = within(screen.getByRole('list', { name: 'Dashboard areas' })).getAllByRole('link');
    expect(cards).toHaveLength(DASHBOARD_AREAS.length);
    for (const [index, card] of cards.entries()) {
      expect(card.querySelector('[aria-hidden="true"] svg'), DASHBOARD_AREAS[index]!.path).not.toBeNull();
    }
  });

  it('marks Purchasing with a cart and Cycle Counts with a checked list', () => {
    renderRoutes([{ path: '/dashboard', element: <AreasGrid areas={DASHBOARD_AREAS} compact /> }], {
      initialEntries: ['/dashboard'],
    });
    expect(
      screen.getByRole('link', { name: /Purchasing/ }).querySelector('[data-testid$="Icon"]'),
    ).toHaveAttribute('data-testid', 'ShoppingCartOutlinedIcon');
    expect(
      screen.getByRole('link', { name: /Cycle Counts/ }).querySelector('[data-testid$="Icon"]'),
    ).toHaveAttribute('data-testid', 'FactCheckOutlinedIcon');
  });
});
