import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isPermitted, type TAlert } from '@app/contracts';
import { useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { ALERT_MESSAGES, useListAlertStoresQuery } from '../../api/alerts.api';
import { getErrorMessage } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ListToolbar } from '../../components/list-controls';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import {
  useDeleteBroadcastMutation,
  useListBusinessAlertsQuery,
  useListStoreAlertsQuery,
} from './broadcast.api';
import { ComposeCard } from './components/compose-card';
import { SentTable } from './components/sent-table';
import { ALERT_TOAST_MS, BROADCAST_ERRORS, BROADCAST_SUCCESS, BROADCAST_TEXT } from './messages';

/** The sent list's audience: the whole business's broadcasts, or one store's. */
const WHOLE_BUSINESS = '';

/**
 * /dashboard/broadcast (issue 13): write a broadcast to the whole business or one store's staff,
 * for the roles chosen, with a live preview; below, the broadcasts sent with how many have read
 * each, to edit or delete. Readers (analytics:read) see the list only.
 */
export function BroadcastPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'analytics:create');
  const canUpdate = isPermitted(roles, 'analytics:update');
  const canDelete = isPermitted(roles, 'analytics:delete');
  const [audience, setAudience] = useState(WHOLE_BUSINESS);
  const [editing, setEditing] = useState<TAlert | null>(null);
  const [deleting, setDeleting] = useState<TAlert | null>(null);
  const composeRef = useRef<HTMLDivElement>(null);

  const stores = useListAlertStoresQuery();
  const business = useListBusinessAlertsQuery(undefined, { skip: audience !== WHOLE_BUSINESS });
  const store = useListStoreAlertsQuery(audience, { skip: audience === WHOLE_BUSINESS });
  const list = audience === WHOLE_BUSINESS ? business : store;
  const [deleteBroadcast, deleteState] = useDeleteBroadcastMutation();

  // Alerts the product raised itself are not "sent": they live in the inbox.
  const sent = (list.data ?? []).filter((alert) => alert.kind === 'BROADCAST');
  const storeChoices = stores.data ?? [];

  const startEdit = (alert: TAlert) => {
    setEditing(alert);
    composeRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    // The title field, once the card shows the broadcast.
    window.setTimeout(() => document.getElementById('broadcast-title')?.focus(), 0);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteBroadcast(deleting.id).unwrap();
      notifySuccess(BROADCAST_SUCCESS.delete, { autoClose: ALERT_TOAST_MS });
      if (editing?.id === deleting.id) setEditing(null);
    } catch (error) {
      notifyError(getErrorMessage(error, BROADCAST_ERRORS.delete));
    }
    setDeleting(null);
  };

  const count = sent.length;
  return (
    <Box>
      <PageHeader title="Broadcast" subtitle={BROADCAST_TEXT.subtitle} />
      {stores.isError ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {getErrorMessage(stores.error, ALERT_MESSAGES.stores)}
        </Alert>
      ) : null}
      {canCreate || (editing && canUpdate) ? (
        <Box ref={composeRef} sx={{ scrollMarginTop: 80 }}>
          <ComposeCard
            key={editing?.id ?? 'new'}
            editing={editing}
            stores={storeChoices}
            onDone={(alert) => {
              setEditing(null);
              setAudience(alert.scope === 'STORE' && alert.storeId ? alert.storeId : WHOLE_BUSINESS);
            }}
            onCancelEdit={() => setEditing(null)}
          />
        </Box>
      ) : null}
      <Box component="section" aria-labelledby="broadcast-sent-heading">
        <ListToolbar>
          <Typography id="broadcast-sent-heading" variant="h5" component="h2" sx={{ flex: 1 }}>
            Sent
          </Typography>
          <TextField
            select
            label="Sent to"
            value={audience}
            onChange={(event) => setAudience(event.target.value)}
            sx={{ width: 260, bgcolor: 'background.paper' }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={WHOLE_BUSINESS}>Whole business</MenuItem>
            {storeChoices.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.active ? choice.name : `${choice.name} (discontinued)`}
              </MenuItem>
            ))}
          </TextField>
        </ListToolbar>
        {list.isError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                Retry
              </Button>
            }
          >
            {getErrorMessage(list.error, BROADCAST_ERRORS.list)}
          </Alert>
        ) : null}
        <SentTable
          alerts={sent}
          title={list.data ? `${count} ${count === 1 ? 'broadcast' : 'broadcasts'}` : 'Broadcasts'}
          isLoading={list.isFetching}
          onEdit={canUpdate ? startEdit : undefined}
          onDelete={canDelete ? setDeleting : undefined}
          emptyContent={
            list.isError ? (
              'No data available'
            ) : (
              <EmptyState message={canCreate ? BROADCAST_TEXT.emptyWriter : BROADCAST_TEXT.emptyReader} />
            )
          }
        />
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        message={
          <>
            Delete <strong>{deleting?.title}</strong>? It disappears from everyone&rsquo;s alerts. This cannot
            be undone.
          </>
        }
        isDestructive
        isBusy={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Box>
  );
}
