import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { WEB_ROUTES } from '@app/contracts';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { SANDBOX_TEXTS } from '../messages';

/** Back to the business profile as Stripe sends the owner back: the profile reads the business again. */
export const BUSINESS_PROFILE_RETURN = `${WEB_ROUTES.businessProfile}?stripe=return`;

export function BackToBusinessProfile({ variant = 'text' }: { variant?: 'text' | 'outlined' }) {
  return (
    <Button
      component={RouterLink}
      to={BUSINESS_PROFILE_RETURN}
      variant={variant}
      sx={{ justifySelf: 'start' }}
    >
      Back to the business profile
    </Button>
  );
}

type SandboxPanelProps = {
  title: string;
  /** The sandbox account of `?account=`; null shows why the page cannot go on. */
  account: string | null;
  children: ReactNode;
};

/**
 * The frame of the sandbox provider's pages: what the sandbox is (no real money, no real data),
 * the account, then the page's own part.
 */
export function SandboxPanel({ title, account, children }: SandboxPanelProps) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader title={title} subtitle="Sandbox payment provider" />
      <Paper
        variant="outlined"
        component="section"
        aria-label={title}
        sx={{ p: 3, display: 'grid', gap: 2.5 }}
      >
        <Alert severity="info" icon={<ScienceOutlinedIcon />} role="note">
          {SANDBOX_TEXTS.provider}
        </Alert>
        {account ? (
          <>
            <Box component="dl" sx={{ m: 0 }}>
              <Typography variant="body2" color="text.secondary" component="dt">
                Payment account
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, fontWeight: 500, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
              >
                {account}
              </Typography>
            </Box>
            {children}
          </>
        ) : (
          <>
            <Alert severity="error">{SANDBOX_TEXTS.invalidAccount}</Alert>
            <BackToBusinessProfile variant="outlined" />
          </>
        )}
      </Paper>
    </Box>
  );
}
