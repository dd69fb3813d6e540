import DoneIcon from '@mui/icons-material/Done';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TAlertEvent, TInboxAlert } from '@app/contracts';
import { useId, useState, type KeyboardEvent } from 'react';
import { useSelector } from 'react-redux';
import {
  ALERT_MESSAGES,
  useListInboxQuery,
  useMarkAlertReadMutation,
  useMarkAllAlertsReadMutation,
} from '../../api/alerts.api';
import { getErrorMessage } from '../../api/api-error';
import {
  AlertTime,
  ResolvedChip,
  SeverityIcon,
  alertSubjectLink,
  describeAlertPlace,
  isAlertResolved,
  AlertMessage,
} from '../../components/alert-parts';
import { RouterLink } from '../../components/router-link';
import { notifyError, notifyInfo, notifyWarning } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { canReach } from './nav-items';
import { useAlertStream, type StreamRetry } from './use-alert-stream';

/** The latest alerts the menu shows; the rest are on /dashboard/communications. */
export const BELL_PAGE_SIZE = 8;
export const COMMUNICATIONS_PATH = '/dashboard/communications';
export const NO_ALERTS_TEXT = 'No alerts. You are all caught up.';
/** A message longer than this is cut to three lines until "Show more". */
const LONG_MESSAGE = 140;

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** What the menu's arrow keys move between: its buttons and links, in reading order. */
const MENU_FOCUSABLE = 'button:not(:disabled), a[href]';

/**
 * Arrow keys in the open menu (besides Tab): Down and Up move to the next and the previous
 * action, wrapping round; Home and End to the first and the last.
 */
export function moveFocusInMenu(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(MENU_FOCUSABLE));
  if (items.length === 0) return;
  event.preventDefault();
  const current = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? last
        : event.key === 'ArrowDown'
          ? current >= last || current < 0
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1;
  items[next]?.focus();
}

/** Under the menu for roles without "See all": that it shows only the latest ones. */
export function latestShownText(shown: number, total: number): string {
  return `The latest ${shown} of your ${total} alerts`;
}

/** The badge's text: the count, "99+" above 99. */
export function formatUnreadCount(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** A raised alert as a notification (001 section 9: notifications close after 5 s), by severity. */
function announce(event: TAlertEvent): void {
  const options = { toastId: `alert-${event.alertId}` };
  if (event.severity === 'CRITICAL') notifyError(event.title, options);
  else if (event.severity === 'WARNING') notifyWarning(event.title, options);
  else notifyInfo(event.title, options);
}

type AlertsBellProps = {
  /** Tests shorten the reconnection delays. */
  streamRetry?: StreamRetry;
};

/**
 * The top bar's bell, for every signed-in user of a business: the unread count, kept live by the
 * alerts stream (and read again when the window regains focus or the network), and a menu of
 * the latest alerts to read, mark read and follow. "See all" leads to Communications for the
 * roles that may open it; everyone else has the menu only.
 */
export function AlertsBell({ streamRetry }: AlertsBellProps) {
  const roles = useSelector(selectRoles);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const inbox = useListInboxQuery(
    { page: 0, size: BELL_PAGE_SIZE },
    { refetchOnFocus: true, refetchOnReconnect: true },
  );
  const [markAllRead, markAllState] = useMarkAllAlertsReadMutation();
  useAlertStream(true, announce, streamRetry);

  const unread = inbox.data?.unread ?? 0;
  const alerts = inbox.data?.content ?? [];
  const total = inbox.data?.totalElements ?? 0;
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  const canSeeAll = canReach(roles, COMMUNICATIONS_PATH);
  const hasUnreadShown = alerts.some((alert) => !alert.read);

  const readAll = async () => {
    try {
      await markAllRead().unwrap();
    } catch (error) {
      notifyError(getErrorMessage(error, ALERT_MESSAGES.readAll));
    }
  };

  return (
    <>
      <Tooltip title="Alerts">
        <IconButton
          aria-label={`Alerts, ${unread} unread`}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          aria-controls={isOpen ? popoverId : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge
            badgeContent={formatUnreadCount(unread)}
            invisible={unread === 0}
            color="error"
            aria-hidden="true"
          >
            {unread > 0 ? <NotificationsOutlinedIcon /> : <NotificationsNoneOutlinedIcon />}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={isOpen}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            variant: 'outlined',
            role: 'dialog',
            'aria-labelledby': titleId,
            onKeyDown: moveFocusInMenu,
            sx: {
              width: 400,
              maxWidth: 'calc(100vw - 32px)',
              mt: 0.5,
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            Alerts
            {unread > 0 ? (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                {unread} unread
              </Typography>
            ) : null}
          </Typography>
          <Button
            size="small"
            startIcon={<DoneIcon />}
            disabled={(unread === 0 && !hasUnreadShown) || markAllState.isLoading}
            onClick={() => void readAll()}
          >
            Mark all read
          </Button>
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 440, overflowY: 'auto' }}>
          {inbox.isLoading ? (
            <Box sx={{ p: 2 }} aria-label="Loading alerts">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} variant="text" height={48} />
              ))}
            </Box>
          ) : inbox.isError && alerts.length === 0 ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void inbox.refetch()}>
                  Retry
                </Button>
              }
            >
              {getErrorMessage(inbox.error, ALERT_MESSAGES.inbox)}
            </Alert>
          ) : alerts.length === 0 ? (
            <Typography color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }}>
              {NO_ALERTS_TEXT}
            </Typography>
          ) : (
            <Box component="ul" aria-label="Latest alerts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {alerts.map((alert, index) => (
                <BellItem key={alert.id} alert={alert} roles={roles} isFirst={index === 0} onFollow={close} />
              ))}
            </Box>
          )}
        </Box>
        {canSeeAll ? (
          <>
            <Divider />
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 0.75 }}>
              <Button component={RouterLink} to={COMMUNICATIONS_PATH} onClick={close} size="small">
                See all
              </Button>
            </Box>
          </>
        ) : total > alerts.length && alerts.length > 0 ? (
          <>
            <Divider />
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ px: 2, py: 1, textAlign: 'center' }}
            >
              {latestShownText(alerts.length, total)}
            </Typography>
          </>
        ) : null}
      </Popover>
    </>
  );
}

type BellItemProps = {
  alert: TInboxAlert;
  roles: readonly string[];
  isFirst: boolean;
  /** A link was followed: the menu closes. */
  onFollow: () => void;
};

/** One alert of the menu: unread ones bold with a dot, resolved ones muted. */
function BellItem({ alert, roles, isFirst, onFollow }: BellItemProps) {
  const [markRead] = useMarkAlertReadMutation();
  const link = alertSubjectLink(alert, roles);
  const isResolved = isAlertResolved(alert);
  const isUnread = !alert.read;

  const read = async () => {
    try {
      await markRead(alert.id).unwrap();
    } catch (error) {
      notifyError(getErrorMessage(error, ALERT_MESSAGES.read));
    }
  };

  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        px: 2,
        py: 1.25,
        borderTop: isFirst ? 0 : 1,
        borderColor: 'divider',
        bgcolor: isUnread ? 'action.hover' : undefined,
        color: isResolved ? 'text.secondary' : undefined,
      }}
    >
      <Box sx={{ pt: 0.25 }}>
        <SeverityIcon severity={alert.severity} isMuted={isResolved} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/* Top-aligned: the dot stays by the first line of a title that wraps. */}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
          {isUnread ? (
            <Box
              component="span"
              aria-hidden="true"
              data-testid="unread-dot"
              sx={{
                width: 8,
                height: 8,
                mt: '6px',
                borderRadius: '50%',
                bgcolor: 'primary.main',
                flexShrink: 0,
              }}
            />
          ) : null}
          <Typography
            variant="body2"
            component="h3"
            sx={{ fontWeight: isUnread ? 700 : 500, overflowWrap: 'anywhere', flex: 1 }}
          >
            {isUnread ? (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                Unread:{' '}
              </Box>
            ) : null}
            {alert.title}
          </Typography>
          {isResolved ? <ResolvedChip /> : null}
        </Box>
        <AlertMessage message={alert.message} lines={3} longAfter={LONG_MESSAGE} maxLines={1} />
        {/* When first, then where: a long place name ends in an ellipsis, the actions keep their line. */}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, minHeight: 30 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            title={describeAlertPlace(alert)}
            sx={{ flex: 1, minWidth: 0 }}
          >
            <AlertTime instant={alert.createdAt} /> · {describeAlertPlace(alert)}
          </Typography>
          {isUnread ? (
            <Button
              size="small"
              onClick={() => void read()}
              aria-label={`Mark read “${alert.title}”`}
              sx={{ minWidth: 0, flexShrink: 0 }}
            >
              Mark read
            </Button>
          ) : null}
          {link ? (
            <Button
              size="small"
              component={RouterLink}
              to={link}
              aria-label={`Open “${alert.title}”`}
              onClick={() => {
                if (isUnread) void read();
                onFollow();
              }}
              sx={{ minWidth: 0, flexShrink: 0 }}
            >
              Open
            </Button>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
