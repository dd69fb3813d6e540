import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createSessionState, initialSessionState, type SessionState } from '../../session/session.slice';
import { jsonResponse, makeSession, makeToken, makeUser } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { FORBIDDEN_HINT, FORBIDDEN_TITLE } from './forbidden-notice';
import { ProtectedLayout } from './protected-layout';

const bareShell = (content: ReactNode) => <div data-testid="shell">{content}</div>;

function renderAt(path: string, session: SessionState) {
  return renderRoutes(
    [
      {
        path: '/dashboard',
        element: <ProtectedLayout renderShell={bareShell} />,
        children: [
          { index: true, element: <p>Dashboard page</p> },
          { path: 'product', element: <p>Products page</p> },
          { path: 'profile', element: <p>Profile page</p> },
          { path: 'business-setup', element: <p>Business setup page</p> },
          { path: 'access', element: <p>Access page</p> },
        ],
      },
      { path: '/login', element: <p>Login page</p> },
      { path: '/unauthorized', element: <p>Unauthorized page</p> },
    ],
    { initialEntries: [path], session },
  );
}

describe(ProtectedLayout.name, () => {
  it('shows the loading indicator while the session is being checked', () => {
    renderAt('/dashboard', initialSessionState);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('sends a visitor without a session to the login route', async () => {
    const { router } = renderAt('/dashboard/product', createSessionState(null));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/dashboard/product' });
  });

  it('does not bring the next sign-in back to the page of a user who signed out', async () => {
    const signedOut = { ...createSessionState(null), isSignedOutByUser: true };
    const { router } = renderAt('/dashboard/business-setup', signedOut);
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it('sends a user whose expired token cannot be renewed to login, saying the session ended', async () => {
    mockFetch(() =>
      jsonResponse(401, {
        code: 'UNAUTHENTICATED',
        message: 'Your session has ended. Please sign in again.',
      }),
    );
    window.sessionStorage.setItem('authToken', makeToken());
    const { store } = renderAt('/dashboard', makeSession({ expiresAt: Date.now() - 1 }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(store.getState().session.token).toBeNull();
    expect(store.getState().session.message).toBe('Your session has ended. Please sign in again.');
    expect(window.sessionStorage.getItem('authToken')).toBeNull();
  });

  it('renews an expired token with the refresh cookie and stays on the page', async () => {
    const renewed = makeToken({ exp: Math.floor(Date.now() / 1000) + 3600 });
    const { requests } = mockFetch(() =>
      jsonResponse(200, { token: renewed, expiresIn: 3600, user: makeUser() }),
    );
    const { store } = renderAt('/dashboard/product', makeSession({ expiresAt: Date.now() - 1 }));
    expect(await screen.findByText('Products page')).toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/auth/refresh']);
    expect(store.getState().session.token).toBe(renewed);
  });

  it('sends an owner without a business to business setup', async () => {
    renderAt('/dashboard/product', makeSession({ businessId: null }));
    expect(await screen.findByText('Business setup page')).toBeInTheDocument();
  });

  it('lets an owner without a business stay on business setup', async () => {
    renderAt('/dashboard/business-setup', makeSession({ businessId: null }));
    expect(await screen.findByText('Business setup page')).toBeInTheDocument();
  });

  it('counts the stored business id when the user record has none', async () => {
    const session = { ...makeSession({ businessId: null }), businessId: 'stored-business' };
    renderAt('/dashboard/product', session);
    expect(await screen.findByText('Products page')).toBeInTheDocument();
  });

  it('sends a user without the owner role and without a business to /unauthorized', async () => {
    renderAt('/dashboard/profile', makeSession({ roles: ['ROLE_PRODUCT_ADMIN'], businessId: null }));
    expect(await screen.findByText('Unauthorized page')).toBeInTheDocument();
  });

  it('refuses a page whose roles the user does not hold, inside the shell', async () => {
    renderAt('/dashboard/product', makeSession({ roles: ['ROLE_INVENTORY_READER'] }));
    expect(await screen.findByText(FORBIDDEN_TITLE)).toBeInTheDocument();
    expect(screen.getByText(FORBIDDEN_HINT)).toBeInTheDocument();
    expect(screen.getByTestId('shell')).toBeInTheDocument();
    expect(screen.queryByText('Products page')).not.toBeInTheDocument();
  });

  it('uses the typographic apostrophe of the specification', () => {
    expect(FORBIDDEN_TITLE).toBe('You don\u2019t have permission to view this page.');
  });

  it('refuses business-only pages to staff', async () => {
    renderAt('/dashboard/access', makeSession({ roles: ['ROLE_PRODUCT_ADMIN'] }));
    expect(await screen.findByText(FORBIDDEN_TITLE)).toBeInTheDocument();
  });

  it('shows the page when the user holds one of its roles', async () => {
    renderAt('/dashboard/product', makeSession({ roles: ['ROLE_PRODUCT_READER'] }));
    expect(await screen.findByText('Products page')).toBeInTheDocument();
  });

  it('shows pages open to any signed-in user', async () => {
    renderAt('/dashboard/profile', makeSession({ roles: ['ROLE_LOYALTY_READER'] }));
    expect(await screen.findByText('Profile page')).toBeInTheDocument();
  });
});
