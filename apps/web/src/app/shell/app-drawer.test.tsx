import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AppDrawerContent } from './app-drawer';
import { NAV_ENTRIES } from './nav-items';

function renderDrawer() {
  renderRoutes(
    [
      {
        path: '/dashboard',
        element: <AppDrawerContent entries={NAV_ENTRIES} onNavigate={() => {}} onLogout={() => {}} />,
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

describe(AppDrawerContent.name, () => {
  it('shows an icon before every entry, the groups’ children included', async () => {
    const navigation = renderDrawer();
    for (const group of NAV_ENTRIES.filter((entry) => entry.children)) {
      await userEvent.click(within(navigation).getByRole('button', { name: group.label }));
    }
    const leaves = NAV_ENTRIES.flatMap((entry) => entry.children ?? [entry]);
    for (const leaf of leaves) {
      const link = within(navigation)
        .getAllByRole('link', { name: leaf.label })
        .find((candidate) => candidate.getAttribute('href') === leaf.path);
      expect(link, leaf.path).toBeDefined();
      expect(link!.querySelector('.MuiListItemIcon-root svg'), leaf.path).not.toBeNull();
    }
    for (const group of NAV_ENTRIES.filter((entry) => entry.children)) {
      const button = within(navigation).getByRole('button', { name: group.label });
      expect(button.querySelector('.MuiListItemIcon-root svg'), group.path).not.toBeNull();
    }
  });

  it('marks Purchasing with a cart and Cycle Counts with a checked list', async () => {
    const navigation = renderDrawer();
    await userEvent.click(within(navigation).getByRole('button', { name: 'Inventory' }));
    expect(
      within(navigation).getByRole('link', { name: 'Purchasing' }).querySelector('[data-testid]'),
    ).toHaveAttribute('data-testid', 'ShoppingCartOutlinedIcon');
    expect(
      within(navigation).getByRole('link', { name: 'Cycle Counts' }).querySelector('[data-testid]'),
    ).toHaveAttribute('data-testid', 'FactCheckOutlinedIcon');
  });
});
