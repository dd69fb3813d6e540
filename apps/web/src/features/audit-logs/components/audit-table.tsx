import Box from '@mui/material/Box';
import type { TAuditEntry, TPage } from '@app/contracts';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { eventTypeLabel } from '../event-types';

/** The time of an entry in the reader's local date and time, or "-" when there is none. */
export function formatTimestamp(timestamp: string | null | undefined): string {
  if (!timestamp) return '-';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString();
}

/** Ids are long and only compared: small monospace text that may break anywhere. */
function Id({ value }: { value: string | null }) {
  if (!value) return <>-</>;
  return (
    <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}>
      {value}
    </Box>
  );
}

const ID_COLUMNS: DataTableColumn<TAuditEntry>[] = [
  { id: 'id', label: 'Log ID', format: (id) => <Id value={id} /> },
  { id: 'userId', label: 'User ID', format: (userId) => <Id value={userId} /> },
];

const EVENT_COLUMNS: DataTableColumn<TAuditEntry>[] = [
  {
    id: 'eventType',
    label: 'Event Type',
    format: (eventType) => <Box sx={{ whiteSpace: 'nowrap' }}>{eventTypeLabel(eventType)}</Box>,
  },
  { id: 'description', label: 'Description' },
  {
    id: 'timestamp',
    label: 'Timestamp',
    format: (timestamp) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(timestamp)}</Box>,
  },
];

const USER_EMAIL_COLUMN: DataTableColumn<TAuditEntry> = {
  id: 'userEmail',
  label: 'User e-mail',
  format: (email) => <Box sx={{ wordBreak: 'break-all' }}>{email ?? '-'}</Box>,
};

type AuditTableProps = {
  data: TPage<TAuditEntry> | undefined;
  isLoading: boolean;
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  emptyContent: ReactNode;
  /** The all-users view names who, next to the id. */
  hasUserEmail?: boolean;
};

/** Log ID, User ID, Event Type, Description, Timestamp (000 section 2), paged on the server. */
export function AuditTable({
  data,
  isLoading,
  page,
  size,
  onPageChange,
  onSizeChange,
  emptyContent,
  hasUserEmail = false,
}: AuditTableProps) {
  const total = data?.totalElements;
  return (
    <DataTable
      title={total === undefined ? 'Entries' : `${total} ${total === 1 ? 'entry' : 'entries'}`}
      ariaLabel="Audit log"
      columns={
        hasUserEmail
          ? [...ID_COLUMNS, USER_EMAIL_COLUMN, ...EVENT_COLUMNS]
          : [...ID_COLUMNS, ...EVENT_COLUMNS]
      }
      rows={data?.content ?? []}
      isLoading={isLoading}
      isDense
      getRowLabel={(entry) => entry.id}
      pagination={{
        page,
        rowsPerPage: size,
        totalCount: total ?? 0,
        onPageChange,
        onRowsPerPageChange: (next) => {
          onSizeChange(next);
          onPageChange(0);
        },
      }}
      emptyContent={emptyContent}
    />
  );
}
