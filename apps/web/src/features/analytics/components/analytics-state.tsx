import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { getErrorMessage, isApiError } from '../../../api/api-error';
import { RouterLink } from '../../../components/router-link';
import { ANALYTICS_MESSAGES } from '../analytics.api';

/** What the cards need of an RTK Query hook's answer. */
export type QueryStatus = {
  isLoading: boolean;
  isFetching?: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
};

/** The server refused the call for the business's plan (base-api has opened 'Feature Locked'). */
export function isPlanLocked(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'PLAN_VIOLATION';
}

type AnalyticsCardProps = {
  title: string;
  subtitle?: ReactNode;
  /** Controls at the top right (a switch, a toggle). */
  action?: ReactNode;
  children: ReactNode;
};

/** One titled card of an analytics screen; its heading names the region for screen readers. */
export function AnalyticsCard({ title, subtitle, action, children }: AnalyticsCardProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

type QueryViewProps = {
  status: QueryStatus;
  /** True when the answer has nothing to show. */
  isEmpty: boolean;
  /** What to say (and what to do) when there is nothing: a sentence. */
  emptyText: string;
  /** Room the content takes, so the card does not jump when it arrives. */
  height?: number;
  /** What the call is, for the loading indicator's name: "Loading top products". */
  loadingLabel: string;
  fallbackError?: string;
  children: ReactNode;
};

/** Loading, error, locked and empty states around a card's content; the content once there is some. */
export function QueryView({
  status,
  isEmpty,
  emptyText,
  height = 160,
  loadingLabel,
  fallbackError = ANALYTICS_MESSAGES.load,
  children,
}: QueryViewProps) {
  if (status.isLoading) {
    return (
      <Box role="status" aria-label={loadingLabel}>
        <Skeleton variant="rounded" height={height} />
      </Box>
    );
  }
  if (status.isError) {
    if (isPlanLocked(status.error)) return <LockedNote />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void status.refetch()}>
            Retry
          </Button>
        }
      >
        {getErrorMessage(status.error, fallbackError)}
      </Alert>
    );
  }
  if (isEmpty) return <EmptyNote text={emptyText} minHeight={Math.min(height, 96)} />;
  // A new range keeps the last figures on screen, dimmed, until the new ones arrive.
  return (
    <Box
      aria-busy={status.isFetching || undefined}
      sx={{ opacity: status.isFetching ? 0.6 : 1, minWidth: 0 }}
    >
      {children}
    </Box>
  );
}

export function EmptyNote({ text, minHeight = 120 }: { text: string; minHeight?: number }) {
  return (
    <Box
      sx={{
        minHeight,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        color: 'text.secondary',
        px: 2,
      }}
    >
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** Words for screen readers only: a header cell over row names, a separator inside a button. */
export const VISUALLY_HIDDEN_SX = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export const LOCKED_TEXT = 'Your plan does not include this report.';

function LockedNote() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', py: 2 }}>
      <LockOutlinedIcon fontSize="small" aria-hidden="true" />
      <Typography variant="body2">{LOCKED_TEXT}</Typography>
    </Box>
  );
}

type LockedPanelProps = { planName: string; feature: string };

/**
 * A whole screen the business's plan does not include, reached by its address: one calm panel
 * (the 'Feature Locked' dialog has opened once already) with the way to the plans.
 */
export function LockedPanel({ planName, feature }: LockedPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: 4, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <LockOutlinedIcon color="primary" aria-hidden="true" />
        <Typography variant="h5" component="h2">
          {feature} is not part of your plan
        </Typography>
      </Box>
      <Typography color="text.secondary">
        {feature} comes with the {planName} plan and above. Upgrade to see these figures.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to="/subscription-plans" variant="contained">
          View Plans
        </Button>
        <Button component={RouterLink} to="/dashboard/analytics" variant="outlined">
          Back to Analytics
        </Button>
      </Box>
    </Paper>
  );
}
