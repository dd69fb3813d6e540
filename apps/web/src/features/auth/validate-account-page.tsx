import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { getErrorMessage, getFieldErrors } from '../../api/api-error';
import { AUTH_MESSAGES, useValidateAccountMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';
import { LinkCheck } from './components/link-check';
import { NewPasswordForm } from './components/new-password-form';
import { useGetLinkStatusQuery } from './verification.api';
import { MISSING_TOKEN_TEXT } from './reset-password-confirm-page';

/** Redirect delay of 000 section 9. */
export const VALIDATION_REDIRECT_MS = 3000;
export const ACCOUNT_VALIDATED_TEXT = 'Your account is ready. Taking you to sign in...';
export const INVITATION_DEAD = {
  title: 'This invitation no longer works',
  text: 'It was already used, or it is more than three days old. Ask your administrator for a new invitation. If you set your password already, just sign in.',
};

/** Invited staff set their password here from the link in their e-mail. */
export function ValidateAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const [validateAccount, { isLoading }] = useValidateAccountMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [successText, setSuccessText] = useState<string | null>(null);
  // The same query as LinkCheck's (shared): a dead invitation asks for no password.
  const { data: linkStatus } = useGetLinkStatusQuery(
    { token, purpose: 'VALIDATE_ACCOUNT' },
    { skip: !token || successText !== null },
  );

  useEffect(() => {
    if (successText === null) return undefined;
    const timer = window.setTimeout(() => void navigate('/login', { replace: true }), VALIDATION_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, successText]);

  const submit = async (newPassword: string) => {
    setFormError(null);
    setPasswordError(null);
    try {
      const response = await validateAccount({ token, newPassword }).unwrap();
      setSuccessText(typeof response === 'string' && response.trim() ? response : ACCOUNT_VALIDATED_TEXT);
    } catch (error) {
      // Shown once: under the password when it is about the password, else in the alert.
      const atPassword = getFieldErrors(error).newPassword?.[0] ?? null;
      setPasswordError(atPassword);
      setFormError(atPassword ? null : getErrorMessage(error, AUTH_MESSAGES.validateAccount));
    }
  };

  return (
    <AuthLayout
      title="Activate your account"
      subtitle={linkStatus?.isUsable === false ? undefined : 'Choose the password you will sign in with.'}
    >
      {successText ? (
        <Alert severity="success">
          {successText} You will be redirected to{' '}
          <Link component={RouterLink} to="/login">
            sign in
          </Link>{' '}
          in 3 seconds.
        </Alert>
      ) : token ? (
        <LinkCheck
          token={token}
          purpose="VALIDATE_ACCOUNT"
          deadLink={{
            ...INVITATION_DEAD,
            actions: (
              <Button component={RouterLink} to="/login" variant="contained" size="large">
                Back to sign in
              </Button>
            ),
          }}
        >
          <NewPasswordForm
            submitLabel="Activate account"
            isBusy={isLoading}
            formError={formError}
            passwordError={passwordError}
            onSubmit={(newPassword) => void submit(newPassword)}
          />
        </LinkCheck>
      ) : (
        <Alert severity="error">{MISSING_TOKEN_TEXT}</Alert>
      )}
    </AuthLayout>
  );
}
