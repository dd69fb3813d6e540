import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { notifySuccess } from '../components/toast';
import { readConsent, writeConsent } from '../features/cookie-consent/cookie-consent';
import type { RouteHandle } from '../hooks/use-route-title';
import { makeSession } from '../test/fixtures';
import { renderRoutes } from '../test/render';
import { closeCookieSettings } from '../ui/cookie-settings';
import { RootLayout } from './root-layout';
import { appRoutes } from './routes';

const ROUTES = [{ path: '/', element: <RootLayout />, children: [{ index: true, element: <p>Page</p> }] }];

afterEach(() => {
  Object.assign(window, { scrollY: 0, pageYOffset: 0 });
  closeCookieSettings();
});

describe(RootLayout.name, () => {
  it('mounts the toast container with the first toast, and shows that toast', async () => {
    const { container } = renderRoutes(ROUTES);
    await screen.findByText('Page');
    expect(container.ownerDocument.querySelector('.Toastify')).toBeNull();

    act(() => notifySuccess('Saved.'));

    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('shows the scroll-to-top button once the page is scrolled down', async () => {
    renderRoutes(ROUTES);
    await screen.findByText('Page');
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull();

    act(() => {
      // jsdom does not scroll; MUI's trigger reads pageYOffset, the layout scrollY.
      Object.assign(window, { scrollY: 500, pageYOffset: 500 });
      fireEvent.scroll(window);
    });

    expect(await screen.findByRole('button', { name: 'Scroll to top' })).toBeInTheDocument();
  });
});

describe('root layout: titles, progress, cookie settings', () => {
  it('sets each route’s document title', async () => {
    const { router } = renderRoutes(appRoutes, { initialEntries: ['/login'] });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(document.title).toBe('Sign in · Retail Back-Office'));
    await act(() => router.navigate('/register'));
    await waitFor(() => expect(document.title).toBe('Create your account · Retail Back-Office'));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.title).toBe('Retail Back-Office'));
  });

  it('titles dashboard pages after their breadcrumb', async () => {
    renderRoutes(appRoutes, { initialEntries: ['/dashboard/settings'], session: makeSession() });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(document.title).toBe('Settings · Retail Back-Office');
  });

  it('gives every route of app/routes.tsx a title', () => {
    const missing: string[] = [];
    const visit = (routes: RouteObject[], parent: string) => {
      for (const route of routes) {
        const path = route.index ? `${parent}(index)` : `${parent}/${route.path ?? ''}`;
        const handle = route.handle as RouteHandle | undefined;
        if (path !== '//' && handle?.title === undefined && handle?.documentTitle === undefined) {
          missing.push(path);
        }
        if (route.children) visit(route.children, path);
      }
    };
    visit(appRoutes[0]?.children ?? [], '');
    expect(missing).toEqual([]);
  });

  it('shows the progress bar while a route’s code loads', async () => {
    let finish: (value: { Component: () => ReactElement }) => void = () => undefined;
    const routes = [
      {
        path: '/',
        element: <RootLayout />,
        children: [
          { index: true, element: <p>Page</p> },
          { path: 'slow', lazy: () => new Promise<{ Component: () => ReactElement }>((r) => (finish = r)) },
        ],
      },
    ];
    const { router } = renderRoutes(routes);
    await screen.findByText('Page');
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
    act(() => void router.navigate('/slow'));
    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    await act(async () => finish({ Component: () => <p>Slow page</p> }));
    expect(await screen.findByText('Slow page')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page' })).toBeNull();
  });

  it('reopens the cookie dialog from the footer link, over a stored choice', async () => {
    writeConsent({ necessary: true, preferences: false, statistics: false, marketing: false });
    renderRoutes(appRoutes, { initialEntries: ['/login'] });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('dialog', { name: 'Cookies on this site' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cookie settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookies on this site' });
    await waitFor(() => expect(dialog).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Allow all' }));
    expect(screen.queryByRole('dialog', { name: 'Cookies on this site' })).toBeNull();
    expect(readConsent()?.marketing).toBe(true);
    expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus();
  });
});
