import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { ResetPasswordConfirmPage } from './reset-password-confirm-page';
import { ResetPasswordPage } from './reset-password-page';
import { ValidateAccountPage } from './validate-account-page';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/api/auth/reset-password/confirm', element: <ResetPasswordConfirmPage /> },
  { path: '/validate-account', element: <ValidateAccountPage /> },
  { path: '/login', element: <p>Login page</p> },
];

async function choosePassword(password = 'new-password-1', confirmation = password) {
  await userEvent.type(screen.getByLabelText(/^New password/), password);
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
    const { requests } = mockFetch(() => jsonResponse(200, { message: 'Your password is changed.' }));
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/auth/reset-password/confirm');
    expect(new URL(requests[0]!.url).searchParams.get('token')).toBe('abc123');
    expect(await requests[0]?.json()).toEqual({ newPassword: 'new-password-1' });
  });

  it('refuses different passwords', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, {}));
    renderRoutes(routes, { initialEntries: ['/api/auth/reset-password/confirm?token=abc123'] });
    await choosePassword('new-password-1', 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to the confirmation failure text', async () => {
    mockFetch(() => new Response(null, { status: 500 }));
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
});

describe(ValidateAccountPage.name, () => {
  it('sets the password without a bearer token and goes to /login after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = mockFetch(
      () =>
        new Response('Account validated. You can sign in now.', {
          status: 200,
          headers: { 'Content-Type': 'text/plain' },
        }),
    );
    renderRoutes(routes, { initialEntries: ['/validate-account?token=t-1'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByText(/Account validated\. You can sign in now\./)).toBeInTheDocument();
    expect(requests[0]?.headers.get('Authorization')).toBeNull();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/users/validate-account');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(screen.queryByText('Login page')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('falls back to "Account validation failed!"', async () => {
    mockFetch(() => new Response(null, { status: 400 }));
    renderRoutes(routes, { initialEntries: ['/validate-account?token=t-1'] });
    await choosePassword();
    await userEvent.click(screen.getByRole('button', { name: 'Activate account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account validation failed!');
  });
});
