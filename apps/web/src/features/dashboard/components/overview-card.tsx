import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactElement, type ReactNode } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { RouterLink } from '../../../components/router-link';
import { HOME_MESSAGES } from '../home-messages';

/** What a card's calls are doing, as RTK Query tells it. */
export type CardStatus = {
  isLoading: boolean;
  /** The failure, if any (its message is shown). */
  error?: unknown;
  onRetry: () => void;
  /** Loaded, and nothing to show: the empty sentence replaces the content. */
  isEmpty?: boolean;
  emptyText?: string;
};

type OverviewCardProps = {
  title: string;
  /** A short line under the title: what the card counts. */
  caption: string;
  icon: ReactElement;
  /** The screen the card sums up; the whole header links there (none while the card waits). */
  to?: string;
  /** A locked card's header opens "Feature Locked" instead of linking. */
  onLockedClick?: () => void;
  status?: CardStatus;
  fallbackMessage?: string;
  children?: ReactNode;
};

function CardSkeleton() {
  return (
    <Box aria-hidden="true">
      <Skeleton variant="text" width="45%" height={36} />
      <Skeleton variant="text" width="80%" />
      <Skeleton variant="text" width="70%" />
      <Skeleton variant="text" width="60%" />
    </Box>
  );
}

/**
 * One card of the home's overview: a header that links to the card's screen, then its figures,
 * with the loading, empty and error states every card shares.
 */
export function OverviewCard(props: OverviewCardProps) {
  const { title, caption, icon, to, onLockedClick, status, fallbackMessage, children } = props;
  const titleId = useId();
  const isLocked = Boolean(onLockedClick);

  let body: ReactNode = children;
  if (isLocked) {
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
        <LockOutlinedIcon fontSize="small" aria-hidden="true" />
        <Typography variant="body2">Feature Locked</Typography>
      </Box>
    );
  } else if (status?.isLoading) {
    body = (
      <>
        <Typography role="status" sx={visuallyHidden}>
          Loading
        </Typography>
        <CardSkeleton />
      </>
    );
  } else if (status?.error) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={status.onRetry}>
            {HOME_MESSAGES.retry}
          </Button>
        }
      >
        {getErrorMessage(status.error, fallbackMessage)}
      </Alert>
    );
  } else if (status?.isEmpty) {
    body = (
      <Typography variant="body2" color="text.secondary">
        {status.emptyText}
      </Typography>
    );
  }

  const header = (
    <>
      <Box
        aria-hidden="true"
        sx={{
          display: 'inline-flex',
          p: 0.75,
          borderRadius: 1.5,
          bgcolor: 'action.hover',
          color: isLocked ? 'text.secondary' : 'primary.main',
        }}
      >
        {icon}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="h5" component="h2" noWrap>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {caption}
        </Typography>
      </Box>
      {isLocked ? (
        <LockOutlinedIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden="true" />
      ) : to ? (
        <ArrowForwardIcon sx={{ fontSize: 18, color: 'text.secondary' }} aria-hidden="true" />
      ) : null}
    </>
  );
  const headerSx = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-start',
    gap: 1.5,
    px: 2,
    py: 1.5,
  };

  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {onLockedClick ? (
        <CardActionArea onClick={onLockedClick} aria-haspopup="dialog" sx={headerSx}>
          {header}
        </CardActionArea>
      ) : to ? (
        <CardActionArea component={RouterLink} to={to} sx={headerSx}>
          {header}
        </CardActionArea>
      ) : (
        <Box sx={headerSx}>{header}</Box>
      )}
      <Divider />
      <Box sx={{ p: 2, flex: 1, minWidth: 0 }}>{body}</Box>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
