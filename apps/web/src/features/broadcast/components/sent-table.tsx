import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TAlert } from '@app/contracts';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AlertTime, SeverityChip } from '../../../components/alert-parts';
import { formatExactTime, formatShortDateTime } from '../../../lib/relative-time';
import { describeRoles, describeScope } from '../compose-draft';

type SentTableProps = {
  alerts: readonly TAlert[];
  title: string;
  isLoading: boolean;
  emptyContent: ReactNode;
  onEdit?: (alert: TAlert) => void;
  onDelete?: (alert: TAlert) => void;
};

function isExpired(alert: TAlert, now: number): boolean {
  return alert.expiresAt !== null && Date.parse(alert.expiresAt) <= now;
}

/** The broadcasts sent, newest first: what, how urgent, to whom, when, until when, read by how many. */
export function SentTable({ alerts, title, isLoading, emptyContent, onEdit, onDelete }: SentTableProps) {
  // Expired or not as of the page's opening; the list is read again after every change.
  const [now] = useState(() => Date.now());
  const columns: DataTableColumn<TAlert>[] = [
    {
      id: 'title',
      label: 'Title',
      render: (alert) => (
        <Box sx={{ minWidth: 160, maxWidth: 240 }}>
          <Typography
            variant="body2"
            title={alert.title}
            sx={{
              fontWeight: 600,
              overflowWrap: 'anywhere',
              // A 120-character title stays two lines in the 1024 px table; the whole of it on hover.
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {alert.title}
          </Typography>
          <Typography
            variant="caption"
            color="text.secondary"
            title={alert.message}
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 1,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {alert.message}
          </Typography>
        </Box>
      ),
    },
    {
      id: 'severity',
      label: 'Severity',
      isSortable: false,
      render: (alert) => <SeverityChip severity={alert.severity} />,
    },
    {
      id: 'scope',
      label: 'Audience',
      isSortable: false,
      render: (alert) => (
        <Box sx={{ minWidth: 110, maxWidth: 170 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {describeScope(alert)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {describeRoles(alert.roles)}
          </Typography>
        </Box>
      ),
    },
    { id: 'createdAt', label: 'Sent', render: (alert) => <AlertTime instant={alert.createdAt} /> },
    {
      id: 'expiresAt',
      label: 'Expires',
      isSortable: false,
      render: (alert) =>
        alert.expiresAt === null ? (
          <Typography variant="body2" color="text.secondary">
            Never
          </Typography>
        ) : isExpired(alert, now) ? (
          <Chip size="small" variant="outlined" label="Expired" title={formatExactTime(alert.expiresAt)} />
        ) : (
          <Box component="span" title={formatExactTime(alert.expiresAt)} sx={{ whiteSpace: 'nowrap' }}>
            {formatShortDateTime(alert.expiresAt)}
          </Box>
        ),
    },
    { id: 'readCount', label: 'Readers', numeric: true },
    ...(onEdit || onDelete ? [{ id: 'actions' as const, label: 'Actions' }] : []),
  ];

  return (
    <DataTable
      title={title}
      ariaLabel="Sent broadcasts"
      columns={columns}
      rows={alerts}
      isLoading={isLoading}
      isDense
      initialOrderBy="createdAt"
      initialOrder="desc"
      getRowLabel={(alert) => alert.title}
      onEdit={onEdit}
      onDelete={onDelete}
      emptyContent={emptyContent}
    />
  );
}
