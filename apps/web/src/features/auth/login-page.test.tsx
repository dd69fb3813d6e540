import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUSINESS_ID, jsonResponse, makeSession, makeToken, makeUser, signedOut } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { EMAIL_VERIFIED_NOTE, LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

function renderLogin(path = '/login', options: Parameters<typeof renderRoutes>[1] = {}) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard/*', element: <p>Dashboard</p> },
    ],
    { initialEntries: [path], ...options },
  );
}

async function signIn(email = 'ada@example.com', password = 'correct horse') {
  await userEvent.type(screen.getByLabelText(/E-mail or username/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe(LoginPage.name, () => {
  it('stores the session and opens the dashboard', async () => {
    const token = makeToken();
    const { requests } = mockFetch(() => jsonResponse(200, { token, expiresIn: 3600, user: makeUser() }));
    const { store } = renderLogin();
    await signIn('  ada@example.com ');
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(store.getState().session.user?.email).toBe('ada@example.com');
    expect(window.sessionStorage.getItem('authToken')).toBe(token);
    expect(window.sessionStorage.getItem('businessId')).toBe(BUSINESS_ID);
  });

  it('returns to the page that sent the user to sign in', async () => {
    mockFetch(() => jsonResponse(200, { token: makeToken(), expiresIn: 3600, user: makeUser() }));
    const { router } = renderLogin('/login', {
      initialEntries: [{ pathname: '/login', state: { from: '/dashboard/product' } }],
    });
    await signIn();
    await screen.findByText('Dashboard');
    expect(router.state.location.pathname).toBe('/dashboard/product');
  });

  it('shows the server message on refusal', async () => {
    mockFetch(() =>
      jsonResponse(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your e-mail address first.' }),
    );
    const { store } = renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Verify your e-mail address first.');
    expect(store.getState().session.token).toBeNull();
  });

  it('offers a password reset, with the address filled in, when sign-ins are paused', async () => {
    mockFetch(() =>
      jsonResponse(
        429,
        {
          code: 'RATE_LIMITED',
          message:
            'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
        },
        { 'Retry-After': '900' },
      ),
    );
    renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/reset-password', element: <ResetPasswordPage /> },
      ],
      { initialEntries: ['/login'] },
    );
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed sign-ins for this account');
    await userEvent.click(within(alert).getByRole('link', { name: 'Reset your password' }));
    expect(await screen.findByRole('textbox', { name: /E-mail/ })).toHaveValue('ada@example.com');
  });

  it('says that the session ended when it could not be renewed', () => {
    renderLogin('/login', {
      session: { ...signedOut(), message: 'Your session has ended. Please sign in again.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. Please sign in again.');
  });

  it('falls back to "Login failed!"', async () => {
    mockFetch(() => new Response('', { status: 500 }));
    renderLogin();
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed!');
  });

  it('asks for both fields before calling the server', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, {}));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address or username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a success note after e-mail verification', () => {
    renderLogin('/login?verified=1');
    expect(screen.getByText(EMAIL_VERIFIED_NOTE)).toBeInTheDocument();
  });

  it('sends a signed-in user on to the dashboard', async () => {
    renderLogin('/login', { session: makeSession() });
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });
});
