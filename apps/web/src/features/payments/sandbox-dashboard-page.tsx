import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { BackToBusinessProfile, SandboxPanel } from './components/sandbox-panel';
import { SANDBOX_TEXTS } from './messages';
import { readSandboxAccount } from './sandbox-account';

/**
 * /dashboard/payments/sandbox-dashboard?account=acct_sandbox_…: the sandbox provider's "Express
 * Dashboard". The server gives its link only once onboarding is complete. The sandbox moves no
 * money, so the page shows no figures at all rather than made-up ones.
 */
export function SandboxDashboardPage() {
  const [searchParams] = useSearchParams();
  const account = readSandboxAccount(searchParams);
  return (
    <SandboxPanel title="Sandbox Express Dashboard" account={account}>
      <Box component="dl" sx={{ m: 0 }}>
        <Typography variant="body2" color="text.secondary" component="dt">
          Status
        </Typography>
        <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
          <Chip size="small" color="success" variant="outlined" label="Onboarding complete" />
        </Box>
      </Box>
      <Typography color="text.secondary">{SANDBOX_TEXTS.dashboardNote}</Typography>
      <BackToBusinessProfile variant="outlined" />
    </SandboxPanel>
  );
}
