import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import {
  ROUTE_ROLES,
  hasAnyRole,
  type AlertSeverity,
  type TAlertSubject,
  type TInboxAlert,
} from '@app/contracts';
import { useState, type ReactElement } from 'react';
import { formatExactTime, formatRelativeTime } from '../lib/relative-time';

/**
 * What the bell's menu and the Communications screen show alike for an alert (issue 13): its
 * severity, when it came, where it is about, and the page of what it is about.
 */

export const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  INFO: 'Info',
  WARNING: 'Warning',
  CRITICAL: 'Critical',
};

const SEVERITY_COLORS = { INFO: 'info', WARNING: 'warning', CRITICAL: 'error' } as const;

const SEVERITY_ICONS: Record<AlertSeverity, (props: SvgIconProps) => ReactElement> = {
  INFO: (props) => <InfoOutlinedIcon {...props} />,
  WARNING: (props) => <WarningAmberIcon {...props} />,
  CRITICAL: (props) => <ErrorOutlineIcon {...props} />,
};

export const RESOLVED_LABEL = 'Resolved';

type SeverityIconProps = {
  severity: AlertSeverity;
  isMuted?: boolean;
  /** Beside the severity's name already: hidden from screen readers. */
  isDecorative?: boolean;
};

export function SeverityIcon({ severity, isMuted = false, isDecorative = false }: SeverityIconProps) {
  const Icon = SEVERITY_ICONS[severity];
  return (
    <Icon
      fontSize="small"
      color={isMuted ? 'disabled' : SEVERITY_COLORS[severity]}
      titleAccess={isDecorative ? undefined : SEVERITY_LABELS[severity]}
      aria-hidden={isDecorative ? true : undefined}
    />
  );
}

export function SeverityChip({ severity, isMuted = false }: { severity: AlertSeverity; isMuted?: boolean }) {
  const Icon = SEVERITY_ICONS[severity];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isMuted ? 'default' : SEVERITY_COLORS[severity]}
      icon={<Icon fontSize="small" aria-hidden="true" />}
      label={SEVERITY_LABELS[severity]}
      // The palette's info and warning shades fail AA as text on paper: the word stays neutral,
      // the border and the icon carry the colour.
      sx={{ '& .MuiChip-label': { color: isMuted ? 'text.secondary' : 'text.primary' } }}
    />
  );
}

/**
 * Whether a system alert's condition ended. Read loosely (a server from before the field answers
 * without it), so that an answer without the field never shows every alert as resolved.
 */
export function isAlertResolved(alert: Pick<TInboxAlert, 'resolvedAt'>): boolean {
  return Boolean(alert.resolvedAt);
}

/** A system alert whose condition ended (stock back over its reorder point, ...). */
export function ResolvedChip() {
  return <Chip size="small" variant="outlined" label={RESOLVED_LABEL} />;
}

/** "5 minutes ago", the exact date and time on hover (and for screen readers, as its description). */
export function AlertTime({ instant }: { instant: string }) {
  return (
    <Tooltip title={formatExactTime(instant)} describeChild>
      <Box component="time" dateTime={instant} sx={{ whiteSpace: 'nowrap' }}>
        {formatRelativeTime(instant)}
      </Box>
    </Tooltip>
  );
}

/** Where an alert is about: the subject's location, else its store, else the whole business. */
export function describeAlertPlace(alert: Pick<TInboxAlert, 'locationName' | 'storeName'>): string {
  return alert.locationName ?? alert.storeName ?? 'Whole business';
}

/**
 * The page of what a system alert is about: the stock of the item's location under the low-stock
 * filter (the Stock tab reads `?location=` and `?lowStock=1`), the movement itself on the Movements
 * tab (it reads `?movement=`: a short arrival's reader sees what came and why, not the newest ten
 * movements of the business), the subscription.
 */
export function alertSubjectPath(subject: TAlertSubject): string {
  switch (subject.type) {
    case 'INVENTORY_ITEM': {
      const params = new URLSearchParams();
      if (subject.locationId) params.set('location', subject.locationId);
      params.set('lowStock', '1');
      return `/dashboard/inventory?${params.toString()}`;
    }
    case 'MOVEMENT':
      return `/dashboard/inventory?${new URLSearchParams({ tab: 'movements', movement: subject.id }).toString()}`;
    case 'SUBSCRIPTION':
      return '/dashboard/subscribe';
  }
}

/** The subject's page, when the user's roles reach it (ROUTE_ROLES); null otherwise or without a subject. */
export function alertSubjectLink(
  alert: Pick<TInboxAlert, 'subject'>,
  roles: readonly string[],
): string | null {
  if (!alert.subject) return null;
  const path = alertSubjectPath(alert.subject);
  const pathname = path.split('?')[0] ?? path;
  return hasAnyRole(roles, ROUTE_ROLES[pathname] ?? null) ? path : null;
}

/**
 * An alert's message, cut to `lines` lines when it is long (over `longAfter` characters or
 * `maxLines` lines of its own) with Show more / Show less: the bell's items and the inbox's rows.
 */
export function AlertMessage({
  message,
  lines,
  longAfter,
  maxLines,
}: {
  message: string;
  lines: number;
  longAfter: number;
  maxLines: number;
}) {
  const [isExpanded, setIsExpanded] = useState(false);
  const isLong = message.length > longAfter || message.split('\n').length > maxLines;
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={[
          { mt: 0.25, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
          isLong &&
            !isExpanded && {
              display: '-webkit-box',
              WebkitLineClamp: lines,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            },
        ]}
      >
        {message}
      </Typography>
      {isLong ? (
        <Button
          size="small"
          onClick={() => setIsExpanded((expanded) => !expanded)}
          aria-expanded={isExpanded}
          sx={{ minWidth: 0, px: 0.5, ml: -0.5 }}
        >
          {isExpanded ? 'Show less' : 'Show more'}
        </Button>
      ) : null}
    </>
  );
}
