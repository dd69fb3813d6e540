import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../components/form-text-field';
import { useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { isApiError } from '../../api/api-error';
import { PasswordField } from '../../components/password-field';
import { useFormErrors } from '../../lib/use-form-errors';
import { createSession } from '../../session/session-storage';
import { loggedIn, selectSession, selectToken } from '../../session/session.slice';
import { AUTH_MESSAGES, useLoginMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';

export const EMAIL_VERIFIED_NOTE = 'Your e-mail address is verified. You can sign in now.';

/**
 * Sign-in only needs both fields filled; the server checks the rest. (The contracts schema is not
 * used here so that zod stays out of the first load of /login.)
 */
function checkLoginValues(values: { email: string; password: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.email.trim()) errors.email = 'Enter your e-mail address or username.';
  if (!values.password) errors.password = 'Enter your password.';
  return errors;
}

function readFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/dashboard') ? from : null;
}

/** Sign-in with e-mail (or username) and password. */
export function LoginPage() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useDispatch();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSelector(selectToken);
  // "Your session has ended. Please sign in again." after a session that could not be renewed.
  const sessionMessage = useSelector(selectSession).message;
  const [values, setValues] = useState({ email: '', password: '' });
  const {
    formRef,
    alertRef,
    errors: fieldErrors,
    formError,
    setFormError,
    showErrors,
    showServerError,
    clearError,
  } = useFormErrors();
  // A paused account or a network over its limit: resetting the password is the way on.
  const [isRateLimited, setIsRateLimited] = useState(false);
  const isVerified = searchParams.get('verified') === '1';

  // Signed in (now or already): go to the page that sent the user here, else the dashboard.
  if (token) return <Navigate to={readFrom(location.state) ?? '/dashboard'} replace />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsRateLimited(false);
    const errors = checkLoginValues(values);
    showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const response = await login({ email: values.email.trim(), password: values.password }).unwrap();
      const session = createSession(response);
      if (!session) {
        setFormError(AUTH_MESSAGES.login);
        return;
      }
      dispatch(loggedIn(session));
    } catch (error) {
      showServerError(error, AUTH_MESSAGES.login);
      setIsRateLimited(isApiError(error) && error.code === 'RATE_LIMITED');
    }
  };

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your business."
      footer={
        <>
          New here?{' '}
          <Link component={RouterLink} to="/register">
            Create an account
          </Link>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        {isVerified ? <Alert severity="success">{EMAIL_VERIFIED_NOTE}</Alert> : null}
        {sessionMessage && !formError ? <Alert severity="info">{sessionMessage}</Alert> : null}
        {formError ? (
          <Alert
            ref={alertRef}
            severity="error"
            action={
              isRateLimited ? (
                <Link component={RouterLink} to="/reset-password" state={{ email: values.email.trim() }}>
                  Reset your password
                </Link>
              ) : undefined
            }
          >
            {formError}
          </Alert>
        ) : null}
        <FormTextField
          label="E-mail or username"
          name="email"
          autoComplete="username"
          autoFocus
          required
          value={values.email}
          onChange={(event) => {
            setValues({ ...values, email: event.target.value });
            clearError('email');
          }}
          error={Boolean(fieldErrors.email)}
          helperText={fieldErrors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(event) => {
            setValues({ ...values, password: event.target.value });
            clearError('password');
          }}
          error={Boolean(fieldErrors.password)}
          helperText={fieldErrors.password}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/reset-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isLoading}>
          {isLoading ? 'Signing in...' : 'Sign in'}
        </Button>
      </Box>
    </AuthLayout>
  );
}
