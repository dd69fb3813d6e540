import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import { makeSession, makeToken } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { stubViewportWidth } from '../../../test/viewport';
import type { SessionState } from '../../../session/session.slice';
import { MarketingHeader } from './marketing-header';

const PHONE = 390;
const DESKTOP = 1280;

function renderHeader(width: number, session?: SessionState, store?: AppStore) {
  stubViewportWidth(width);
  return renderRoutes(
    [
      { path: '/', element: <MarketingHeader /> },
      { path: '/login', element: <h1>Login page</h1> },
      { path: '/dashboard', element: <h1>Dashboard page</h1> },
    ],
    { session, store },
  );
}

async function openMenu() {
  const button = screen.getByRole('button', { name: 'Open menu' });
  await userEvent.click(button);
  return screen.findByRole('menu', { name: 'Site menu' });
}

describe(MarketingHeader.name, () => {
  describe('below md', () => {
    it('keeps the links and actions out of the bar until the menu opens', async () => {
      renderHeader(PHONE);
      const button = screen.getByRole('button', { name: 'Open menu' });
      expect(button).toHaveAttribute('aria-haspopup', 'true');
      expect(screen.queryByRole('navigation', { name: 'Site' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();

      const menu = await openMenu();
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['For businesses', 'For shoppers', 'Pricing', 'About', 'Sign in', 'Get started']);
      expect(within(menu).getByRole('menuitem', { name: 'Get started' })).toHaveAttribute(
        'href',
        '/register',
      );
    });

    it('is used with the keyboard: arrows move, Enter follows the link, Escape closes', async () => {
      const { router } = renderHeader(PHONE);
      screen.getByRole('button', { name: 'Open menu' }).focus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu', { name: 'Site menu' });
      expect(within(menu).getByRole('menuitem', { name: 'For businesses' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();

      await userEvent.keyboard('{Enter}');
      await screen.findByRole('menu', { name: 'Site menu' });
      await userEvent.keyboard('{ArrowUp}');
      expect(screen.getByRole('menuitem', { name: 'Get started' })).toHaveFocus();
      await userEvent.keyboard('{ArrowUp}');
      expect(screen.getByRole('menuitem', { name: 'Sign in' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(await screen.findByRole('heading', { name: 'Login page' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    });

    it('offers Open dashboard instead of Sign in and Get started to a signed-in visitor', async () => {
      const { router } = renderHeader(PHONE, makeSession());
      const menu = await openMenu();
      expect(within(menu).queryByRole('menuitem', { name: 'Sign in' })).toBeNull();
      expect(within(menu).queryByRole('menuitem', { name: 'Get started' })).toBeNull();
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Open dashboard' }));
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });

  describe('from md up', () => {
    it('shows the links, Sign in and Get started in the bar, without a menu button', () => {
      renderHeader(DESKTOP);
      const nav = screen.getByRole('navigation', { name: 'Site' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['For businesses', 'For shoppers', 'Pricing', 'About']);
      expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
      expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
      expect(screen.queryByRole('link', { name: 'Open dashboard' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    });

    it('shows Open dashboard to a signed-in visitor', () => {
      renderHeader(DESKTOP, makeSession());
      expect(screen.getByRole('link', { name: 'Open dashboard' })).toHaveAttribute('href', '/dashboard');
      expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Get started' })).toBeNull();
    });

    it('shows Open dashboard for a session restored from sessionStorage', () => {
      window.sessionStorage.setItem('authToken', makeToken());
      window.sessionStorage.setItem('authTokenExpiry', String(Date.now() + 60_000));
      renderHeader(DESKTOP, undefined, createAppStore());
      expect(screen.getByRole('link', { name: 'Open dashboard' })).toBeInTheDocument();
    });

    it('shows Sign in and Get started again once the token has expired', () => {
      renderHeader(DESKTOP, makeSession({ expiresAt: Date.now() - 1 }));
      expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Open dashboard' })).toBeNull();
    });
  });
});
