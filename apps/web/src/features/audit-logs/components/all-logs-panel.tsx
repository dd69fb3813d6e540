import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { DEFAULT_PAGE_SIZE } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ListToolbar } from '../../../components/list-controls';
import { notifyError, notifySuccess } from '../../../components/toast';
import { useExportAuditLogsMutation, useListAuditLogsQuery } from '../audit-logs.api';
import { ALL_EVENTS, toEventType, type EventFilter } from '../event-types';
import { AUDIT_FALLBACK_REASON, AUDIT_SUCCESS, logsErrorText } from '../messages';
import { isPlanLocked } from '../plan-lock';
import { AuditTable } from './audit-table';
import { EventTypeSelect } from './event-type-select';

export const RANGE_ERROR = 'The end of the range must be after its start.';

/** A `datetime-local` value (the reader's local time) as an instant with offset, or undefined. */
export function toInstant(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Every user's entries (DESIGN 13): event type and time range filters, paged, and CSV export. */
export function AllLogsPanel({ onLocked }: { onLocked: () => void }) {
  const [eventFilter, setEventFilter] = useState<EventFilter>(ALL_EVENTS);
  const [fromInput, setFromInput] = useState('');
  const [toInput, setToInput] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [exportLogs, exportState] = useExportAuditLogsMutation();

  const from = toInstant(fromInput);
  const to = toInstant(toInput);
  const hasRangeError = from !== undefined && to !== undefined && from >= to;
  const eventType = toEventType(eventFilter);
  const filters = { ...(eventType ? { eventType } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };

  // Other filters start at the first page.
  const filterKey = JSON.stringify(filters);
  const [shownKey, setShownKey] = useState(filterKey);
  if (shownKey !== filterKey) {
    setShownKey(filterKey);
    setPage(0);
  }

  const logs = useListAuditLogsQuery(hasRangeError ? skipToken : { ...filters, page, size });
  const isLocked = isPlanLocked(logs.error);
  useEffect(() => {
    if (isLocked) onLocked();
  }, [isLocked, onLocked]);

  const download = async () => {
    try {
      await exportLogs({ format: 'csv', ...filters }).unwrap();
      notifySuccess(AUDIT_SUCCESS.export);
    } catch (error) {
      if (!isPlanLocked(error)) notifyError(logsErrorText(getErrorMessage(error, AUDIT_FALLBACK_REASON)));
    }
  };

  const dateField = (label: string, value: string, onChange: (next: string) => void, hasError = false) => (
    <TextField
      type="datetime-local"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={hasError}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 220 }}
    />
  );

  return (
    <>
      <ListToolbar>
        <EventTypeSelect id="all-logs-event-type" value={eventFilter} onChange={setEventFilter} />
        {dateField('From', fromInput, setFromInput)}
        {dateField('To', toInput, setToInput, hasRangeError)}
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => void download()}
          disabled={hasRangeError || exportState.isLoading}
        >
          {exportState.isLoading ? 'Exporting...' : 'Export CSV'}
        </Button>
      </ListToolbar>
      {hasRangeError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {RANGE_ERROR}
        </Alert>
      ) : null}
      {logs.isError && !isLocked ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {logsErrorText(getErrorMessage(logs.error, AUDIT_FALLBACK_REASON))}
        </Alert>
      ) : null}
      <AuditTable
        data={hasRangeError ? undefined : logs.currentData}
        isLoading={logs.isFetching}
        page={page}
        size={size}
        onPageChange={setPage}
        onSizeChange={setSize}
        hasUserEmail
        emptyContent={
          Object.keys(filters).length > 0
            ? 'No entries match these filters.'
            : 'Nothing recorded yet. Changes to products, stock and staff appear here.'
        }
      />
    </>
  );
}
