import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { BackToBusinessProfile, SandboxPanel } from './components/sandbox-panel';
import { SANDBOX_ONBOARDING_FAILED, SANDBOX_TEXTS } from './messages';
import { useCompleteSandboxOnboardingMutation } from './payments.api';
import { readSandboxAccount } from './sandbox-account';

/**
 * /dashboard/payments/sandbox-onboarding?account=acct_sandbox_…: where the sandbox provider's
 * onboarding link leads (Connect Stripe and Re-auth Stripe open it in a new tab). One click
 * completes the account; the owner then closes the tab or goes back to the business profile.
 */
export function SandboxOnboardingPage() {
  const [searchParams] = useSearchParams();
  const account = readSandboxAccount(searchParams);
  const [completeOnboarding, { isLoading, isSuccess, error }] = useCompleteSandboxOnboardingMutation();

  const complete = () => {
    if (account) void completeOnboarding({ account });
  };

  return (
    <SandboxPanel title="Sandbox onboarding" account={account}>
      {isSuccess ? (
        <>
          <Alert severity="success" role="status">
            {SANDBOX_TEXTS.onboardingDone}
          </Alert>
          <BackToBusinessProfile variant="outlined" />
        </>
      ) : (
        <>
          <Typography color="text.secondary">{SANDBOX_TEXTS.onboardingIntro}</Typography>
          {error ? <Alert severity="error">{getErrorMessage(error, SANDBOX_ONBOARDING_FAILED)}</Alert> : null}
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Button variant="contained" disabled={isLoading} onClick={complete}>
              {isLoading ? 'Completing...' : 'Complete onboarding'}
            </Button>
            <BackToBusinessProfile />
          </Box>
        </>
      )}
    </SandboxPanel>
  );
}
