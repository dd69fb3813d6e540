import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { mockFetch, renderRoutes, type FetchHandler } from '../../test/render';
import { loggedOut } from '../../session/session.slice';
import { RESET_LINK_DEAD, ResetPasswordConfirmPage } from './reset-password-confirm-page';
import { ResetPasswordPage } from './reset-password-page';
import { INVITATION_DEAD, ValidateAccountPage } from './validate-account-page';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/api/auth/reset-password/confirm', element: <ResetPasswordConfirmPage /> },
  { path: '/validate-account', element: <ValidateAccountPage /> },
  { path: '/login', element: <p>Login page</p> },
];

const isLinkStatus = (request: Request) => new URL(request.url).pathname === '/api/auth/link-status';

/** The link check on load answers `isUsable`; every other call goes to `handler`. */
function linkThen(handler: FetchHandler, isUsable = true): FetchHandler {
  return (request) => (isLinkStatus(request) ? jsonResponse(200, { isUsable }) : handler(request));
}

/** The calls after the link check. */
const afterCheck = (requests: Request[]) => requests.filter((request) => !isLinkStatus(request));

async function choosePassword(password = 'new-password-1', confirmation = password) {
  await userEvent.type(await screen.findByLabelText(/^New password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm new password/), confirmation);
}

afterEach(() => {
  vi.useRealTimers();
});

describe(ResetPasswordPage.name, () => {
  it('shows the server answer after the request', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { message: 'If the address exists, a link is on its way.' }),
    );
    renderRoutes(routes, { initialEntries: ['/reset-password'] });
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('If the address exists, a link is on its way.')).toBeInTheDocument();
    expect(await requests[0]?.json()).toEqual({ email: 'ada@example.com' });
  });

  it('falls back to the reset request failure text', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
    renderRoutes(routes, { initialEntries: ['/reset-password'] });
    await userEvent.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during password reset request',
    );
  });
});

describe(ResetPasswordConfirmPage.name, () => {
  it('posts the new password with the token and goes to /login', async () => {
    const fake = mockFetch(linkThen(() => jsonResponse(200, { message: 'Your password is changed.' })));
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    const [confirm] = afterCheck(fake.requests);
    expect(new URL(confirm!.url).pathname).toBe('/api/auth/reset-password/confirm');
    expect(new URL(confirm!.url).searchParams.get('token')).toBe('abc123');
    expect(await confirm?.json()).toEqual({ newPassword: 'new-password-1' });
  });

  it('refuses different passwords', async () => {
    const { requests } = mockFetch(linkThen(() => jsonResponse(200, {})));
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    await choosePassword('new-password-1', 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(afterCheck(requests)).toEqual([]);
  });

  it('falls back to the confirmation failure text', async () => {
    mockFetch(linkThen(() => new Response(null, { status: 500 })));
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred during password reset confirmation',
    );
  });

  it('explains a link without a token', () => {
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm'] });
    expect(screen.getByRole('alert')).toHaveTextContent('The link is missing its token.');
  });

  it('reports a used or expired link on load, before any password is typed, with the way on', async () => {
    const { requests } = mockFetch(linkThen(() => jsonResponse(500, {}), false));
    const { router } = renderRoutes(routes, {
      initialEntries: ['/api/auth/reset-password/confirm?token=used-1'],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_DEAD.title);
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe('POST');
    expect(new URL(requests[0]!.url).search).toBe('');
    expect(await requests[0]?.json()).toEqual({ token: 'used-1', purpose: 'RESET_PASSWORD' });
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('keeps the form and what was typed when the API cache is reset (a session ending)', async () => {
    mockFetch(linkThen(() => jsonResponse(200, {})));
    const { store } = renderRoutes(routes, {
      initialEntries: ['/api/auth/reset-password/confirm?token=abc123'],
    });
    await userEvent.type(await screen.findByLabelText(/^New password/), 'typed-already-1');
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(screen.getByLabelText(/^New password/)).toHaveValue('typed-already-1');
  });

  it('shows the form when the check itself fails: submitting reports the link', async () => {
    mockFetch((request) =>
      isLinkStatus(request) ? new Response(null, { status: 429 }) : jsonResponse(200, {}),
    );
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    expect(await screen.findByLabelText(/^New password/)).toBeInTheDocument();
  });
});

describe(ValidateAccountPage.name, () => {
  it('sets the password without a bearer token and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fake = mockFetch(
      linkThen(
        () =>
          new Response('Account validated. You can sign in now.', {
            status: 200,
            headers: { 'Content-Type': 'text/plain' },
          }),
      ),
    );
    renderRoutes(routes, { initialEntries: ['/validate-account?token=t-1'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText(/Account validated\. You can sign in now\./)).toBeInTheDocument();
    const [validate] = afterCheck(fake.requests);
    expect(validate?.headers.get('Authorization')).toBeNull();
    expect(new URL(validate!.url).pathname).toBe('/api/users/validate-account');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('Login page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('falls back to "Account validation failed!"', async () => {
    mockFetch(linkThen(() => new Response(null, { status: 400 })));
    renderRoutes(routes, { initialEntries: ['/validate-account?token=t-1'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account validation failed!');
  });

  it('reports a used invitation on load: ask the administrator, or sign in', async () => {
    const { requests } = mockFetch(linkThen(() => jsonResponse(500, {}), false));
    const { router } = renderRoutes(routes, { initialEntries: ['/validate-account?token=used-2'] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVITATION_DEAD.title);
    expect(alert).toHaveTextContent('Ask your administrator for a new invitation.');
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
    expect(await requests[0]?.json()).toEqual({ token: 'used-2', purpose: 'VALIDATE_ACCOUNT' });
    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(router.state.location.pathname).toBe('/login');
  });
});
