import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_ID, jsonResponse, makeSession, makeToken, makeUser, signedOut } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { BUSINESS_SET_UP_NOTE, EMAIL_VERIFIED_NOTE, LoginPage } from './login-page';
import { VERIFICATION_EXPIRED_TITLE } from './verification-expired-page';
import { readSignInHandOff, saveSignInHandOff } from '../../session/sign-in-hand-off';
import { ResetPasswordPage } from './reset-password-page';
import { DEMO_BUTTON_LABEL } from './components/demo-sign-in';

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
    const sent = requests.find((request) => request.url.endsWith('/api/auth/login'));
    expect(await sent?.json()).toEqual({ email: 'ada@example.com', password: 'correct horse' });
    expect(sent?.headers.get('Authorization')).toBeNull();
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
    const { requests } = mockFetch(() => jsonResponse(200, {}));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter your e-mail address or username.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    // Only the page's question whether a demo exists went out, no sign-in.
    expect(requests.map((request) => new URL(request.url).pathname)).not.toContain('/api/auth/login');
  });

  it('shows a success note after e-mail verification', () => {
    renderLogin('/login?verified=1');
    expect(screen.getByText(EMAIL_VERIFIED_NOTE)).toBeInTheDocument();
  });

  it('sends a signed-in user on to the dashboard', async () => {
    renderLogin('/login', { session: makeSession() });
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });

  it('greets an owner back from the business setup with her address filled in, once', async () => {
    saveSignInHandOff({ reason: 'business-set-up', email: 'ada@example.com' });
    const { unmount } = renderLogin();
    expect(screen.getByText(BUSINESS_SET_UP_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail or username/)).toHaveValue('ada@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    // Consumed: the next visit shows the plain page.
    await vi.waitFor(() => expect(readSignInHandOff()).toBeNull());
    expect(screen.getByText(BUSINESS_SET_UP_NOTE)).toBeInTheDocument();
    unmount();
    renderLogin();
    expect(screen.queryByText(BUSINESS_SET_UP_NOTE)).toBeNull();
    expect(screen.getByLabelText(/E-mail or username/)).toHaveValue('');
  });

  it('offers a new verification link, with the address filled in, to an unverified account', async () => {
    const { requests } = mockFetch((request) =>
      new URL(request.url).pathname === '/api/auth/login'
        ? jsonResponse(403, {
            code: 'EMAIL_NOT_VERIFIED',
            message: 'Please verify your e-mail address first.',
          })
        : jsonResponse(200, { message: 'If this address needs verifying, a new link is on its way.' }),
    );
    renderLogin();
    await signIn();
    const alert = await screen.findByRole('alert');
    await userEvent.click(within(alert).getByRole('button', { name: 'Send a new link' }));
    const form = await screen.findByRole('form', { name: 'Send a new verification link' });
    expect(within(form).getByRole('textbox', { name: /E-mail/ })).toHaveValue('ada@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('If this address needs verifying, a new link is on its way.'),
    ).toBeInTheDocument();
    const resend = requests.find((request) => request.url.endsWith('/api/auth/verify-email/resend'));
    expect(await resend?.json()).toEqual({ email: 'ada@example.com' });
    expect(resend?.headers.get('Authorization')).toBeNull();
  });

  it('shows the expired-link page with "Send a new link" for /login?verification=expired', async () => {
    const { requests } = mockFetch(() => jsonResponse(200, { message: 'A new link is on its way.' }));
    renderLogin('/login?verification=expired');
    expect(await screen.findByRole('heading', { name: VERIFICATION_EXPIRED_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    const send = screen.getByRole('button', { name: 'Send a new link' });
    await userEvent.click(send);
    expect(screen.getByText('Enter the e-mail address you signed up with.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /E-mail/ }), 'ada@example.com');
    await userEvent.click(send);
    expect(await screen.findByText('A new link is on its way.')).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/auth/verify-email/resend');
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com' });
  });

  describe('the demo', () => {
    const DEMO = {
      email: 'owner@demo-market.example',
      password: 'Demo-Market-2026',
      businessName: 'Demo Market',
    };

    it('shows the demo sign-in and signs in with it on "Explore the demo"', async () => {
      const { requests } = mockFetch((request) =>
        request.url.endsWith('/api/demo')
          ? jsonResponse(200, DEMO)
          : jsonResponse(200, { token: makeToken(), expiresIn: 3600, user: makeUser() }),
      );
      renderLogin();
      const demo = await screen.findByRole('region', { name: 'Try Demo Market' });
      expect(demo).toHaveTextContent(DEMO.email);
      expect(demo).toHaveTextContent(DEMO.password);
      await userEvent.click(within(demo).getByRole('button', { name: DEMO_BUTTON_LABEL }));
      expect(await screen.findByText('Dashboard')).toBeInTheDocument();
      const login = requests.find((request) => request.url.endsWith('/api/auth/login'));
      expect(await login?.json()).toEqual({ email: DEMO.email, password: DEMO.password });
    });

    it('shows nothing of a demo when the server has none', async () => {
      const { requests } = mockFetch(() => jsonResponse(404, { code: 'NOT_FOUND', message: 'No demo.' }));
      renderLogin();
      await waitFor(() => expect(requests.some((request) => request.url.endsWith('/api/demo'))).toBe(true));
      expect(screen.queryByRole('button', { name: DEMO_BUTTON_LABEL })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    });
  });
});
