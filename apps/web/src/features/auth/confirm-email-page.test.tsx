import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { CONFIRM_EMAIL_TEXT, ConfirmEmailPage } from './confirm-email-page';

const routes = [
  { path: '/confirm-email', element: <ConfirmEmailPage /> },
  { path: '/login', element: <p>Login page</p> },
];

describe(ConfirmEmailPage.name, () => {
  it('posts the token only on a click, then says the address is confirmed', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(200, { message: 'Your new e-mail address is confirmed. Use it to sign in from now on.' }),
    );
    renderRoutes(routes, { initialEntries: ['/confirm-email?token=abc123'] });
    expect(screen.getByText(CONFIRM_EMAIL_TEXT)).toBeInTheDocument();
    // A mail scanner opening the link sends nothing.
    expect(requests).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByText(/Your new e-mail address is confirmed/)).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/users/confirm-email');
    expect(await requests[0]?.json()).toEqual({ token: 'abc123' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it("shows the server's reason for a used or expired link", async () => {
    mockFetch(() =>
      jsonResponse(400, { code: 'INVALID_TOKEN', message: 'This link is not valid: it was already used.' }),
    );
    renderRoutes(routes, { initialEntries: ['/confirm-email?token=old'] });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid: it was already used.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('offers no button without a token', () => {
    mockFetch(() => jsonResponse(500, {}));
    renderRoutes(routes, { initialEntries: ['/confirm-email'] });
    expect(screen.queryByRole('button', { name: 'Confirm e-mail address' })).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
