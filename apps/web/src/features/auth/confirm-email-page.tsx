import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WEB_ROUTES } from '@app/contracts';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { RouterLink } from '../../components/router-link';
import { isSessionExpired, selectSession } from '../../session/session.slice';
import { AuthLayout } from './components/auth-layout';
import { CONFIRM_EMAIL_FALLBACK, useConfirmEmailChangeMutation } from './email-change.api';
import { MISSING_TOKEN_TEXT } from './reset-password-confirm-page';

export const CONFIRM_EMAIL_TEXT =
  'Confirm that this mailbox is yours. Your account uses this address from then on, also to sign in.';

/**
 * The page of the link mailed to a new address. It confirms only on a click: mail scanners open
 * links, and an address must not change because a scanner looked at the message.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const session = useSelector(selectSession);
  const isSignedIn = session.token !== null && !isSessionExpired(session);
  const [confirm, { isLoading }] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ isDone: boolean; text: string } | null>(null);

  const submit = async () => {
    try {
      const { message } = await confirm({ token }).unwrap();
      setOutcome({ isDone: true, text: message });
    } catch (error) {
      setOutcome({ isDone: false, text: getErrorMessage(error, CONFIRM_EMAIL_FALLBACK) });
    }
  };

  const next = isSignedIn ? (
    <Button
      component={RouterLink}
      to={`${WEB_ROUTES.profile}?emailChange=done`}
      variant="contained"
      size="large"
    >
      Go to your profile
    </Button>
  ) : (
    <Button component={RouterLink} to={WEB_ROUTES.login} variant="contained" size="large">
      Sign in
    </Button>
  );

  return (
    <AuthLayout title="Confirm your new e-mail address">
      {!token ? (
        <Alert severity="error">{MISSING_TOKEN_TEXT}</Alert>
      ) : outcome ? (
        <Stack spacing={3}>
          <Alert severity={outcome.isDone ? 'success' : 'error'} role={outcome.isDone ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
          {outcome.isDone ? (
            next
          ) : (
            <Button
              component={RouterLink}
              to={isSignedIn ? WEB_ROUTES.profile : WEB_ROUTES.login}
              size="large"
            >
              {isSignedIn ? 'Back to your profile' : 'Back to sign in'}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack spacing={3}>
          <Typography color="text.secondary">{CONFIRM_EMAIL_TEXT}</Typography>
          <Button variant="contained" size="large" disabled={isLoading} onClick={() => void submit()}>
            {isLoading ? 'Confirming...' : 'Confirm e-mail address'}
          </Button>
        </Stack>
      )}
    </AuthLayout>
  );
}
