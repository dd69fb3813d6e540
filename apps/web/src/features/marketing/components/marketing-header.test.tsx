import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createAppStore, type AppStore } from '../../../app/store';
import { makeSession, makeToken } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import type { SessionState } from '../../../session/session.slice';
import { MarketingLayout } from './marketing-layout';
import { MarketingHeader } from './marketing-header';

function renderHeader(isSignedIn?: boolean) {
  return renderRoutes([{ path: '/', element: <MarketingHeader isSignedIn={isSignedIn} /> }]);
}

function renderLayout(session?: SessionState, store?: AppStore) {
  return renderRoutes([{ path: '/', element: <MarketingLayout>page</MarketingLayout> }], { session, store });
}

/** The bar's actions (from md) and the menu's (below md) are both in the markup; CSS picks one. */
function barActions() {
  const header = screen.getByRole('banner');
  const menu = within(header).getByRole('navigation', { name: 'Site menu' });
  const inBar = within(header)
    .getAllByRole('link')
    .filter((link) => !menu.contains(link));
  return { header, menu, inBar };
}

describe(MarketingHeader.name, () => {
  it('links the site pages as documents and the plans page inside the app', () => {
    renderHeader(false);
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['For businesses', '/business-features'],
      ['For shoppers', '/shopper-features'],
      ['Pricing', '/subscription-plans'],
      ['About', '/about'],
    ]);
    expect(screen.getByRole('link', { name: 'Retail Back-Office home' })).toHaveAttribute('href', '/');
  });

  it('offers Sign in and Get started to a visitor without a session, in the bar and the menu', () => {
    renderHeader(false);
    const { menu, inBar } = barActions();
    expect(inBar.find((link) => link.textContent === 'Sign in')).toHaveAttribute('href', '/login');
    expect(inBar.find((link) => link.textContent === 'Get started')).toHaveAttribute('href', '/register');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['For businesses', 'For shoppers', 'Pricing', 'About', 'Sign in', 'Get started']);
    expect(screen.queryByRole('link', { name: 'Open dashboard' })).toBeNull();
  });

  it('offers Open dashboard instead to a signed-in visitor', () => {
    renderHeader(true);
    const links = screen.getAllByRole('link', { name: 'Open dashboard' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('writes both sets for a page built ahead of time, the signed-in one hidden', () => {
    const { container } = renderHeader(undefined);
    const signedIn = container.querySelectorAll('[data-session-actions="signed-in"]');
    const signedOut = container.querySelectorAll('[data-session-actions="signed-out"]');
    expect(signedIn).toHaveLength(2);
    expect(signedOut).toHaveLength(2);
    for (const set of signedIn) expect(set).toHaveAttribute('hidden');
    for (const set of signedOut) expect(set).not.toHaveAttribute('hidden');
    expect(screen.queryByRole('link', { name: 'Open dashboard' })).toBeNull();
  });

  it('opens the menu from its button, and Escape closes it with focus back on the button', async () => {
    const { container } = renderHeader(false);
    const details = container.querySelector('details');
    const summary = container.querySelector('summary');
    if (!details || !summary) throw new Error('the menu is a <details> disclosure');
    // "Menu": the disclosure itself says whether it is open.
    expect(summary).toHaveAttribute('aria-label', 'Menu');
    expect(details.open).toBe(false);

    await userEvent.click(summary);
    expect(details.open).toBe(true);
    const firstLink = within(details).getByRole('link', { name: 'For businesses' });
    firstLink.focus();
    await userEvent.keyboard('{Escape}');
    expect(details.open).toBe(false);
    expect(summary).toHaveFocus();
  });

  it('closes the menu on a click outside it', async () => {
    const { container } = renderHeader(false);
    const details = container.querySelector('details');
    if (!details) throw new Error('the menu is a <details> disclosure');
    details.open = true;
    fireEvent.click(document.body);
    expect(details.open).toBe(false);
  });
});

describe(MarketingLayout.name, () => {
  it('shows Open dashboard for a session restored from sessionStorage', () => {
    window.sessionStorage.setItem('authToken', makeToken());
    window.sessionStorage.setItem('authTokenExpiry', String(Date.now() + 60_000));
    renderLayout(undefined, createAppStore());
    expect(screen.getAllByRole('link', { name: 'Open dashboard' }).length).toBeGreaterThan(0);
  });

  it('shows Sign in and Get started again once the token has expired', () => {
    renderLayout(makeSession({ expiresAt: Date.now() - 1 }));
    expect(screen.getAllByRole('link', { name: 'Sign in' }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Open dashboard' })).toBeNull();
  });

  it('reopens the cookie choices from the footer', () => {
    renderLayout();
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveAttribute('data-cookie-settings');
  });
});
