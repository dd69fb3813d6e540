import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { skipToken } from '@reduxjs/toolkit/query';
import { DEFAULT_PAGE_SIZE, type TUserSuggestion } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import Box from '@mui/material/Box';
import { useListUserAuditLogsQuery, type UserLogsArgs } from '../audit-logs.api';
import { ALL_EVENTS, toEventType, type EventFilter } from '../event-types';
import { AUDIT_FALLBACK_REASON, logsErrorText, PICK_USER_HINT } from '../messages';
import { isPlanLocked } from '../plan-lock';
import { AuditTable } from './audit-table';
import { EventTypeSelect } from './event-type-select';
import { UserEmailSearch } from './user-email-search';

type Search = Omit<UserLogsArgs, 'page' | 'size'> & { email: string };

/**
 * The Logs screen of 000 section 2: a user picked from the e-mail suggestions, an event type, and
 * Search, which does nothing until a user is picked.
 */
export function UserLogsPanel({ onLocked }: { onLocked: () => void }) {
  const [picked, setPicked] = useState<TUserSuggestion | null>(null);
  const [eventFilter, setEventFilter] = useState<EventFilter>(ALL_EVENTS);
  const [search, setSearch] = useState<Search | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);

  const logs = useListUserAuditLogsQuery(
    search ? { userId: search.userId, eventType: search.eventType, page, size } : skipToken,
  );
  const isLocked = isPlanLocked(logs.error);
  useEffect(() => {
    if (isLocked) onLocked();
  }, [isLocked, onLocked]);

  const submit = () => {
    if (!picked) return;
    const eventType = toEventType(eventFilter);
    setSearch({ userId: picked.userId, email: picked.email, ...(eventType ? { eventType } : {}) });
    setPage(0);
  };

  return (
    <>
      {/* Aligned at the top: the e-mail box has a helper line under it, the others none. */}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <UserEmailSearch value={picked} onChange={setPicked} helperText={picked ? ' ' : PICK_USER_HINT} />
        <EventTypeSelect id="user-logs-event-type" value={eventFilter} onChange={setEventFilter} />
        <Button variant="contained" startIcon={<SearchIcon />} onClick={submit} disabled={!picked}>
          Search
        </Button>
      </Box>
      {logs.isError && !isLocked ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {logsErrorText(getErrorMessage(logs.error, AUDIT_FALLBACK_REASON))}
        </Alert>
      ) : null}
      <AuditTable
        data={search ? logs.currentData : undefined}
        isLoading={logs.isFetching}
        page={page}
        size={size}
        onPageChange={setPage}
        onSizeChange={setSize}
        emptyContent={
          search
            ? `No entries for ${search.email}${search.eventType ? ' of this event type' : ''}.`
            : 'Pick a user from the suggestions, then press Search to see what they did.'
        }
      />
    </>
  );
}
