import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { mockFetch, renderRoutes } from '../../test/render';
import { RegisterPage } from './register-page';

function renderRegister() {
  return renderRoutes([{ path: '/register', element: <RegisterPage /> }], { initialEntries: ['/register'] });
}

async function fillForm(password = 'a-long-password') {
  await userEvent.type(screen.getByLabelText(/Full name/), 'Ada Owner');
  await userEvent.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe(RegisterPage.name, () => {
  it('registers and asks to check the e-mail', async () => {
    const { requests } = mockFetch(() =>
      jsonResponse(201, {
        userId: crypto.randomUUID(),
        email: 'ada@example.com',
        message: 'Check your inbox to verify your e-mail address.',
      }),
    );
    renderRegister();
    await fillForm();
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    // The same words whether the address was new or had an account (which gets another mail).
    expect(screen.getByText(/We sent an e-mail to/)).toHaveTextContent(
      'We sent an e-mail to ada@example.com. Open it and follow its link to continue.',
    );
    expect(await requests[0]?.json()).toEqual({
      fullName: 'Ada Owner',
      email: 'ada@example.com',
      password: 'a-long-password',
    });
  });

  it('checks the password length before calling the server', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(201, {}));
    renderRegister();
    await fillForm('short');
    expect(screen.getByText('A password needs at least 8 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows server field errors at their fields', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        code: 'VALIDATION_ERROR',
        message: 'Check the highlighted fields.',
        details: { fieldErrors: { password: ['This password is too common.'] } },
      }),
    );
    renderRegister();
    await fillForm();
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    // Once, at the field: no alert repeats it, and focus goes there.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByText('This password is too common.')).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
  });

  it('focuses the first invalid field on submit and clears its error once it is changed', async () => {
    renderRegister();
    await userEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    const fullName = screen.getByLabelText(/^Full name/);
    await waitFor(() => expect(fullName).toHaveFocus());
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(fullName, 'A');
    expect(fullName).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the registration failure text', async () => {
    mockFetch(() => new Response(null, { status: 503 }));
    renderRegister();
    await fillForm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed – please try again!');
  });
});
