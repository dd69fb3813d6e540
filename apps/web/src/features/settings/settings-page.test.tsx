import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { SettingsPage } from './settings-page';

function setup(roles: Role[]) {
  return renderRoutes(
    [
      { path: '/dashboard/settings', element: <SettingsPage /> },
      { path: '/dashboard/profile', element: <p>Profile page</p> },
      { path: '/dashboard/business-profile', element: <p>Business profile page</p> },
    ],
    { initialEntries: ['/dashboard/settings'], session: makeSession({ roles }) },
  );
}

const entries = () =>
  within(screen.getByRole('list', { name: 'Settings' }))
    .getAllByRole('link')
    .map((link) => [link.querySelector('h2')?.textContent, link.getAttribute('href')]);

describe(SettingsPage.name, () => {
  it('offers Profile and Business Profile to a business role', async () => {
    setup(['ROLE_BUSINESS_ADMIN']);
    expect(entries()).toEqual([
      ['Profile', '/dashboard/profile'],
      ['Business Profile', '/dashboard/business-profile'],
    ]);
    await userEvent.click(screen.getByRole('link', { name: /Business Profile/ }));
    expect(await screen.findByText('Business profile page')).toBeInTheDocument();
  });

  it('offers only Profile to a role without business access', () => {
    setup(['ROLE_INVENTORY_READER']);
    expect(entries()).toEqual([['Profile', '/dashboard/profile']]);
  });
});
