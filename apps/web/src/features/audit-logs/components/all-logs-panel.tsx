import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { DEFAULT_PAGE_SIZE } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ListToolbar } from '../../../components/list-controls';
import { useListAuditLogsQuery } from '../audit-logs.api';
import { AUDIT_FALLBACK_REASON, logsErrorText } from '../messages';
import { isPlanLocked } from '../plan-lock';
import type { AllLogsFilterState } from '../use-all-logs-filters';
import { AuditTable } from './audit-table';
import { EventTypeSelect } from './event-type-select';

export const RANGE_ERROR = 'The end of the range must be after its start.';

type AllLogsPanelProps = { state: AllLogsFilterState; onLocked: () => void };

/** Every user's entries (DESIGN 13): event type and time range filters, paged on the server. */
export function AllLogsPanel({ state, onLocked }: AllLogsPanelProps) {
  const { filters, hasRangeError } = state;
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);

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
        <EventTypeSelect id="all-logs-event-type" value={state.eventFilter} onChange={state.setEventFilter} />
        {dateField('From', state.fromInput, state.setFromInput)}
        {dateField('To', state.toInput, state.setToInput, hasRangeError)}
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
