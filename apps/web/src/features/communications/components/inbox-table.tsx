import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TInboxAlert } from '@app/contracts';
import type { ReactNode } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
} from '../../../components/data-table/data-table';
import {
  AlertTime,
  ResolvedChip,
  SeverityChip,
  alertSubjectLink,
  describeAlertPlace,
  isAlertResolved,
  AlertMessage,
} from '../../../components/alert-parts';
import { RouterLink } from '../../../components/router-link';

/** A message longer than this shows two lines until "Show more". */
const LONG_MESSAGE = 160;

type InboxTableProps = {
  alerts: readonly TInboxAlert[];
  title: string;
  roles: readonly string[];
  isLoading: boolean;
  pagination: DataTablePagination;
  emptyContent: ReactNode;
  onMarkRead: (alert: TInboxAlert) => void;
};

/** Resolved system alerts read muted. */
function Muted({ alert, children }: { alert: TInboxAlert; children: ReactNode }) {
  return (
    <Box component="div" sx={{ color: isAlertResolved(alert) ? 'text.secondary' : undefined }}>
      {children}
    </Box>
  );
}

function AlertText({ alert }: { alert: TInboxAlert }) {
  const isUnread = !alert.read;
  const isResolved = isAlertResolved(alert);
  return (
    <Box sx={{ minWidth: 260, maxWidth: 520, color: isResolved ? 'text.secondary' : undefined }}>
      {/* Top-aligned: the dot stays by the first line of a title that wraps. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
        {isUnread ? (
          <Box
            component="span"
            role="img"
            aria-label="Unread"
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
          component="span"
          sx={{ fontWeight: isUnread ? 700 : 500, overflowWrap: 'anywhere' }}
        >
          {alert.title}
        </Typography>
        {isResolved ? <ResolvedChip /> : null}
      </Box>
      <AlertMessage message={alert.message} lines={2} longAfter={LONG_MESSAGE} maxLines={2} />
    </Box>
  );
}

/**
 * The user's alerts, one server page at a time: unread ones bold with a dot, resolved system
 * alerts muted with "Resolved", and per row "Mark read" and "Open" (the page of what it is about,
 * when her roles reach it).
 */
export function InboxTable({
  alerts,
  title,
  roles,
  isLoading,
  pagination,
  emptyContent,
  onMarkRead,
}: InboxTableProps) {
  const columns: DataTableColumn<TInboxAlert>[] = [
    {
      id: 'severity',
      label: 'Severity',
      render: (alert) => <SeverityChip severity={alert.severity} isMuted={isAlertResolved(alert)} />,
    },
    { id: 'title', label: 'Alert', render: (alert) => <AlertText alert={alert} /> },
    {
      id: 'locationName',
      label: 'Where and when',
      render: (alert) => (
        <Box sx={{ minWidth: 120, maxWidth: 180 }}>
          <Muted alert={alert}>{describeAlertPlace(alert)}</Muted>
          <Typography variant="caption" color="text.secondary" component="div">
            <AlertTime instant={alert.createdAt} />
          </Typography>
        </Box>
      ),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (alert) => {
        const link = alertSubjectLink(alert, roles);
        // Two fixed places, so that each button lines up from row to row whether the other is there.
        return (
          <Box sx={{ display: 'grid', gridTemplateColumns: '60px 88px', gap: 0.5, alignItems: 'center' }}>
            {link ? (
              <Button
                size="small"
                variant="outlined"
                component={RouterLink}
                to={link}
                aria-label={`Open “${alert.title}”`}
                onClick={() => {
                  if (!alert.read) onMarkRead(alert);
                }}
                sx={{ minWidth: 0 }}
              >
                Open
              </Button>
            ) : (
              <span />
            )}
            {!alert.read ? (
              <Button
                size="small"
                onClick={() => onMarkRead(alert)}
                aria-label={`Mark read “${alert.title}”`}
                sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
              >
                Mark read
              </Button>
            ) : null}
          </Box>
        );
      },
    },
  ];

  return (
    <DataTable
      title={title}
      ariaLabel="Alerts"
      columns={columns}
      rows={alerts}
      isLoading={isLoading}
      isDense
      getRowLabel={(alert) => alert.title}
      pagination={pagination}
      emptyContent={emptyContent}
      maxHeight="none"
    />
  );
}
