import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';

export const SETUP_READY_TITLE = 'Your business is ready';
export const SETUP_SIGN_IN_AGAIN_TEXT =
  'To open your dashboard, sign in once more: your new sign-in carries the business. We will take you to the sign-in page in 3 seconds.';

type SetupSuccessPanelProps = {
  businessName: string;
  /** The logo the owner just chose, shown from the local file (nothing is downloaded). */
  logo: File | null;
  /** How long until the sign-out, for the progress bar. */
  delayMs: number;
  onSignInNow: () => void;
};

function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The hand-off after the setup: the owner sees her business and learns that she is signed out
 * to sign in again (the token must carry the new business), so the sign-out is no surprise.
 */
export function SetupSuccessPanel({ businessName, logo, delayMs, onSignInNow }: SetupSuccessPanelProps) {
  const logoUrl = useObjectUrl(logo);
  // The owner pressed Save at the bottom of a long form: bring the panel into view and focus.
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = panelRef.current;
    panel?.focus({ preventScroll: true });
    // Not implemented by every environment (jsdom); scroll-margin keeps it clear of the top bar.
    panel?.scrollIntoView?.({ block: 'start' });
  }, []);
  const [startedAt] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setElapsed(Date.now() - startedAt), 100);
    return () => window.clearInterval(timer);
  }, [startedAt]);

  return (
    <Paper
      ref={panelRef}
      tabIndex={-1}
      variant="outlined"
      role="status"
      aria-labelledby="setup-ready-title"
      sx={{
        p: 3,
        mb: 3,
        borderColor: 'success.main',
        display: 'grid',
        gap: 2.5,
        outline: 'none',
        scrollMarginTop: 96,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
        <Avatar
          variant="rounded"
          src={logoUrl ?? undefined}
          alt={logoUrl ? `${businessName} logo` : undefined}
          sx={{
            width: 72,
            height: 72,
            bgcolor: 'action.hover',
            color: 'text.secondary',
            border: 1,
            borderColor: 'divider',
            '& img': { objectFit: 'contain' },
          }}
        >
          <StorefrontOutlinedIcon fontSize="large" aria-hidden="true" />
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography
            id="setup-ready-title"
            variant="h4"
            component="h2"
            sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
          >
            <CheckCircleIcon color="success" aria-hidden="true" />
            {SETUP_READY_TITLE}
          </Typography>
          <Typography variant="h5" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {businessName}
          </Typography>
        </Box>
      </Box>
      <Typography color="text.secondary">{SETUP_SIGN_IN_AGAIN_TEXT}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (elapsed / delayMs) * 100)}
          aria-label="Time until sign-in"
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
        />
        <Button variant="contained" onClick={onSignInNow}>
          Sign in now
        </Button>
      </Box>
    </Paper>
  );
}
