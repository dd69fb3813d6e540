import Box from '@mui/material/Box';
import type { TAuditEntry, TPage } from '@app/contracts';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmailText } from '../../../components/email-text';
import { eventTypeLabel } from '../event-types';

/** The time of an entry in the reader's local date and time, or "-" when there is none. */
export function formatTimestamp(timestamp: string | null | undefined): string {
  if (!timestamp) return '-';
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString();
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * Ids are long and only compared: their first 8 characters are shown, like a short commit hash;
 * the rest stays in the text for screen readers and copying, and in the hover title.
 */
function Id({ value }: { value: string | null }) {
  if (!value) return <>-</>;
  return (
    <Box component="span" title={value} sx={{ fontFamily: 'monospace', fontSize: 13, whiteSpace: 'nowrap' }}>
      {value.slice(0, 8)}
      <Box component="span" sx={visuallyHidden}>
        {value.slice(8)}
      </Box>
      <span aria-hidden="true">…</span>
    </Box>
  );
}

/** The date and the time each kept whole; a narrow column breaks between them. */
function Timestamp({ value }: { value: string | null | undefined }) {
  const text = formatTimestamp(value);
  const [date, time] = text.split(', ');
  if (time === undefined) return <>{text}</>;
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {date},
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time}
      </Box>
    </>
  );
}

const LOG_ID_COLUMN: DataTableColumn<TAuditEntry> = {
  id: 'id',
  label: 'Log ID',
  format: (id) => <Id value={id} />,
};
const USER_ID_COLUMN: DataTableColumn<TAuditEntry> = {
  id: 'userId',
  label: 'User ID',
  format: (userId) => <Id value={userId} />,
};

const EVENT_COLUMNS: DataTableColumn<TAuditEntry>[] = [
  { id: 'eventType', label: 'Event Type', format: (eventType) => eventTypeLabel(eventType) },
  {
    id: 'description',
    label: 'Description',
    format: (description) => <Box sx={{ minWidth: 180 }}>{description}</Box>,
  },
  { id: 'timestamp', label: 'Timestamp', format: (timestamp) => <Timestamp value={timestamp} /> },
];

/** The all-users view: who, by e-mail, with their id under it, in the place of the User ID. */
const USER_COLUMN: DataTableColumn<TAuditEntry> = {
  id: 'userId',
  label: 'User',
  format: (userId, entry) => (
    <Box sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
      {entry.userEmail === null ? '-' : <EmailText email={entry.userEmail} />}
      <Box sx={{ color: 'text.secondary' }}>
        <Id value={userId} />
      </Box>
    </Box>
  ),
};

type AuditTableProps = {
  data: TPage<TAuditEntry> | undefined;
  isLoading: boolean;
  page: number;
  size: number;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  emptyContent: ReactNode;
  /** The all-users view names who by e-mail. */
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
      columns={[LOG_ID_COLUMN, hasUserEmail ? USER_COLUMN : USER_ID_COLUMN, ...EVENT_COLUMNS]}
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
