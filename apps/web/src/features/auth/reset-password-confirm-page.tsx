import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { getErrorMessage, getFieldErrors } from '../../api/api-error';
import { notifySuccess } from '../../components/toast';
import { AUTH_MESSAGES, useConfirmPasswordResetMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';
import { LinkCheck } from './components/link-check';
import { NewPasswordForm } from './components/new-password-form';

export const MISSING_TOKEN_TEXT = 'The link is missing its token.';
export const RESET_LINK_DEAD = {
  title: 'This reset link no longer works',
  text: 'It was already used, or it is more than an hour old. Ask for a new one: it arrives within a minute.',
};

/** Served at /api/auth/reset-password/confirm?token=..., the link of the reset e-mail. */
export function ResetPasswordConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [confirmReset, { isLoading }] = useConfirmPasswordResetMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const submit = async (newPassword: string) => {
    setFormError(null);
    setPasswordError(null);
    try {
      const response = await confirmReset({ token, newPassword }).unwrap();
      notifySuccess(response.message);
      await navigate('/login', { replace: true });
    } catch (error) {
      // Shown once: under the password when it is about the password, else in the alert.
      const atPassword = getFieldErrors(error).newPassword?.[0] ?? null;
      setPasswordError(atPassword);
      setFormError(atPassword ? null : getErrorMessage(error, AUTH_MESSAGES.resetConfirm));
    }
  };

  return (
    <AuthLayout
      title="Choose a new password"
      footer={
        <Link component={RouterLink} to="/login">
          Back to sign in
        </Link>
      }
    >
      {token ? (
        <LinkCheck
          token={token}
          purpose="RESET_PASSWORD"
          deadLink={{
            ...RESET_LINK_DEAD,
            actions: (
              <Button component={RouterLink} to="/reset-password" variant="contained" size="large">
                Ask for a new link
              </Button>
            ),
          }}
        >
          <NewPasswordForm
            submitLabel="Set new password"
            isBusy={isLoading}
            formError={formError}
            passwordError={passwordError}
            onSubmit={(newPassword) => void submit(newPassword)}
          />
        </LinkCheck>
      ) : (
        <Alert severity="error">
          {MISSING_TOKEN_TEXT}{' '}
          <Link component={RouterLink} to="/reset-password">
            Ask for a new link
          </Link>
          .
        </Alert>
      )}
    </AuthLayout>
  );
}
