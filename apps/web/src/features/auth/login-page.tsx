import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { FormTextField } from '../../components/form-text-field';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { RouterLink } from '../../components/router-link';
import { isApiError } from '../../api/api-error';
import { PasswordField } from '../../components/password-field';
import { useFormErrors } from '../../lib/use-form-errors';
import { createSession } from '../../session/session-storage';
import { clearSignInHandOff, readSignInHandOff } from '../../session/sign-in-hand-off';
import { loggedIn, selectSession, selectToken } from '../../session/session.slice';
import { AUTH_MESSAGES, useLoginMutation } from './auth.api';
import { AuthLayout } from './components/auth-layout';
import { DemoSignIn } from './components/demo-sign-in';

export const EMAIL_VERIFIED_NOTE = 'Your e-mail address is verified. You can sign in now.';
export const BUSINESS_SET_UP_NOTE = 'Your business is set up. Sign in to open your dashboard.';

// Loaded only when needed: the first load of /login stays small.
const VerificationExpiredPage = lazy(() =>
  import('./verification-expired-page').then((m) => ({ default: m.VerificationExpiredPage })),
);
const ResendVerificationForm = lazy(() =>
  import('./components/resend-verification-form').then((m) => ({ default: m.ResendVerificationForm })),
);

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

/** Sign-in with e-mail (or username) and password; /login?verification=expired offers a new link. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  if (searchParams.get('verification') === 'expired') {
    return (
      <Suspense fallback={null}>
        <VerificationExpiredPage />
      </Suspense>
    );
  }
  return <SignInForm />;
}

function SignInForm() {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useDispatch();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const token = useSelector(selectToken);
  // Read once: the banner and the address stay for this visit, a reload shows the plain page.
  const [setUpEmail] = useState(() => readSignInHandOff()?.email ?? null);
  // "Your session has ended. Please sign in again." after a session that could not be renewed.
  const sessionMessage = useSelector(selectSession).message;
  const [values, setValues] = useState({ email: setUpEmail ?? '', password: '' });
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
  // An unverified account: "Send a new link" opens the resend form with the address filled in.
  const [isUnverified, setIsUnverified] = useState(false);
  const [isResendOpen, setIsResendOpen] = useState(false);
  const isVerified = searchParams.get('verified') === '1';

  // Consumed on arrival (in an effect: a state initializer may run twice).
  useEffect(() => clearSignInHandOff(), []);

  // Signed in (now or already): go to the page that sent the user here, else the dashboard.
  if (token) return <Navigate to={readFrom(location.state) ?? '/dashboard'} replace />;

  const signInWith = async (credentials: { email: string; password: string }) => {
    try {
      const response = await login(credentials).unwrap();
      const session = createSession(response);
      if (!session) {
        setFormError(AUTH_MESSAGES.login);
        return;
      }
      dispatch(loggedIn(session));
    } catch (error) {
      showServerError(error, AUTH_MESSAGES.login);
      setIsRateLimited(isApiError(error) && error.code === 'RATE_LIMITED');
      setIsUnverified(isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED');
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsRateLimited(false);
    setIsUnverified(false);
    setIsResendOpen(false);
    const errors = checkLoginValues(values);
    showErrors(errors);
    if (Object.keys(errors).length > 0) return;
    await signInWith({ email: values.email.trim(), password: values.password });
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
      <DemoSignIn
        isBusy={isLoading}
        onExplore={(credentials) => {
          showErrors({});
          void signInWith(credentials);
        }}
      />
      {isUnverified && isResendOpen ? (
        <Box sx={{ display: 'grid', gap: 2, mb: 3, pb: 3, borderBottom: 1, borderColor: 'divider' }}>
          <Alert severity="warning">{formError}</Alert>
          <Suspense fallback={null}>
            <ResendVerificationForm
              initialEmail={values.email.includes('@') ? values.email.trim() : ''}
              isSecondary
            />
          </Suspense>
        </Box>
      ) : null}
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2 }}
      >
        {setUpEmail !== null ? <Alert severity="success">{BUSINESS_SET_UP_NOTE}</Alert> : null}
        {isVerified ? <Alert severity="success">{EMAIL_VERIFIED_NOTE}</Alert> : null}
        {sessionMessage && !formError ? <Alert severity="info">{sessionMessage}</Alert> : null}
        {formError && !(isUnverified && isResendOpen) ? (
          <Alert
            ref={alertRef}
            severity={isUnverified ? 'warning' : 'error'}
            action={
              isRateLimited ? (
                <Link component={RouterLink} to="/reset-password" state={{ email: values.email.trim() }}>
                  Reset your password
                </Link>
              ) : isUnverified ? (
                <Button color="inherit" size="small" onClick={() => setIsResendOpen(true)}>
                  Send a new link
                </Button>
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
          autoFocus={setUpEmail === null}
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
          autoFocus={setUpEmail !== null}
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
