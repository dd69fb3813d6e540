import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ALERT_SEVERITIES, type AlertSeverity, type TAlert } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import type { AlertStore } from '../../../api/alerts.api';
import { getErrorMessage, isApiError } from '../../../api/api-error';
import { SEVERITY_LABELS, SeverityIcon } from '../../../components/alert-parts';
import { notifyError, notifySuccess } from '../../../components/toast';
import { toLocalDateTime } from '../../../lib/local-date-time';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useCreateBroadcastMutation, useUpdateBroadcastMutation } from '../broadcast.api';
import {
  EMPTY_DRAFT,
  MESSAGE_MAX,
  TITLE_MAX,
  checkDraft,
  draftFromAlert,
  type ComposeDraft,
} from '../compose-draft';
import { ALERT_TOAST_MS, BROADCAST_SUCCESS, sendFailed, updateFailed } from '../messages';
import { AlertPreview } from './alert-preview';
import { RolesSelect } from './roles-select';

type ComposeCardProps = {
  /** The broadcast being changed; none to write a new one. Give the card a `key` per broadcast. */
  editing: TAlert | null;
  stores: readonly AlertStore[];
  /** Sent or saved: the sent list shows the broadcast's audience. */
  onDone: (alert: TAlert) => void;
  onCancelEdit: () => void;
};

function isPlanViolation(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'PLAN_VIOLATION';
}

function counter(length: number, max: number): string {
  return `${length}/${max}`;
}

/**
 * The compose card: title, message, severity, audience (the whole business or one store, and the
 * roles), an optional expiry, and a live preview of the alert as readers will see it. Checked
 * with the contract before sending; the server's field errors land on their fields, and a failure
 * says 'Failed to send broadcast: {reason}'.
 */
export function ComposeCard({ editing, stores, onDone, onCancelEdit }: ComposeCardProps) {
  const headingId = useId();
  const severityLabelId = useId();
  const [draft, setDraft] = useState<ComposeDraft>(() => (editing ? draftFromAlert(editing) : EMPTY_DRAFT));
  const { formRef, errors, showErrors, showServerError, clearError, clearAll } = useFormErrors();
  const [createBroadcast, createState] = useCreateBroadcastMutation();
  const [updateBroadcast, updateState] = useUpdateBroadcastMutation();
  const isSending = createState.isLoading || updateState.isLoading;
  const isEdit = editing !== null;
  // The picker offers no earlier time than the card's opening (the check catches the rest).
  const [earliestExpiry] = useState(() => toLocalDateTime(Date.now()));

  const change = <K extends keyof ComposeDraft>(name: K, value: ComposeDraft[K]) => {
    setDraft((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const storeChoices = stores.filter((store) => store.active || store.id === draft.storeId);
  const storeName = stores.find((store) => store.id === draft.storeId)?.name ?? null;
  const isDirty = JSON.stringify(draft) !== JSON.stringify(EMPTY_DRAFT);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkDraft(draft);
    showErrors(checked.errors ?? {});
    if (!checked.request) return;
    try {
      const alert = editing
        ? await updateBroadcast({ id: editing.id, body: checked.request }).unwrap()
        : await createBroadcast(checked.request).unwrap();
      notifySuccess(editing ? BROADCAST_SUCCESS.update : BROADCAST_SUCCESS.send, {
        autoClose: ALERT_TOAST_MS,
      });
      setDraft(EMPTY_DRAFT);
      clearAll();
      onDone(alert);
    } catch (error) {
      // The plan lacks broadcasts: "Feature Locked" has opened and says so.
      if (isPlanViolation(error)) return;
      showServerError(error, '');
      const reason = getErrorMessage(error);
      notifyError(editing ? updateFailed(reason) : sendFailed(reason));
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <CardContent sx={{ p: 3 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ mb: 2 }}>
          {isEdit ? 'Edit broadcast' : 'New broadcast'}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Box
            component="form"
            noValidate
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            aria-labelledby={headingId}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <TextField
              id="broadcast-title"
              name="title"
              label="Title"
              required
              value={draft.title}
              onChange={(event) => change('title', event.target.value)}
              error={Boolean(errors.title) || draft.title.length > TITLE_MAX}
              helperText={errors.title ?? counter(draft.title.length, TITLE_MAX)}
              disabled={isSending}
              slotProps={{ formHelperText: { sx: { textAlign: errors.title ? 'left' : 'right' } } }}
            />
            <TextField
              id="broadcast-message"
              name="message"
              label="Message"
              required
              multiline
              minRows={4}
              maxRows={12}
              value={draft.message}
              onChange={(event) => change('message', event.target.value)}
              error={Boolean(errors.message) || draft.message.length > MESSAGE_MAX}
              helperText={errors.message ?? counter(draft.message.length, MESSAGE_MAX)}
              disabled={isSending}
              slotProps={{ formHelperText: { sx: { textAlign: errors.message ? 'left' : 'right' } } }}
            />
            <Box role="group" aria-labelledby={severityLabelId}>
              <FormLabel id={severityLabelId} sx={{ display: 'block', mb: 0.75, typography: 'body2' }}>
                Severity
              </FormLabel>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={draft.severity}
                disabled={isSending}
                onChange={(_event, next: AlertSeverity | null) => {
                  // A click on the pressed button would clear the choice: keep it.
                  if (next) change('severity', next);
                }}
              >
                {ALERT_SEVERITIES.map((severity) => (
                  <ToggleButton
                    key={severity}
                    value={severity}
                    sx={{
                      gap: 0.75,
                      px: 1.5,
                      color: 'text.secondary',
                      '&.Mui-selected': { color: 'text.primary' },
                    }}
                  >
                    <SeverityIcon severity={severity} isDecorative />
                    {SEVERITY_LABELS[severity]}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
            <FormControl component="fieldset" disabled={isSending}>
              <FormLabel component="legend" sx={{ typography: 'body2' }}>
                Audience
              </FormLabel>
              <RadioGroup
                row
                name="audience"
                value={draft.audience}
                onChange={(event) => {
                  change('audience', event.target.value as ComposeDraft['audience']);
                  clearError('storeId');
                }}
              >
                <FormControlLabel value="BUSINESS" control={<Radio size="small" />} label="Whole business" />
                <FormControlLabel
                  value="STORE"
                  control={<Radio size="small" />}
                  label="One store"
                  disabled={storeChoices.length === 0}
                />
              </RadioGroup>
            </FormControl>
            {draft.audience === 'STORE' ? (
              <TextField
                select
                id="broadcast-store"
                name="storeId"
                label="Store"
                required
                value={draft.storeId}
                onChange={(event) => change('storeId', event.target.value)}
                error={Boolean(errors.storeId)}
                helperText={errors.storeId ?? "The staff of this store's location"}
                disabled={isSending}
              >
                {storeChoices.map((store) => (
                  <MenuItem key={store.id} value={store.id}>
                    {store.active ? store.name : `${store.name} (discontinued)`}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            <RolesSelect
              value={draft.roles}
              onChange={(roles) => change('roles', roles)}
              disabled={isSending}
              error={errors.roles}
            />
            <TextField
              id="broadcast-expires"
              name="expiresAt"
              label="Expires"
              type="datetime-local"
              value={draft.expiresAt}
              onChange={(event) => change('expiresAt', event.target.value)}
              error={Boolean(errors.expiresAt)}
              helperText={errors.expiresAt ?? 'Optional. Without it, the alert stays until you delete it.'}
              disabled={isSending}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: earliestExpiry } }}
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              {isEdit ? (
                <Button color="inherit" onClick={onCancelEdit} disabled={isSending}>
                  Cancel
                </Button>
              ) : isDirty ? (
                <Button
                  color="inherit"
                  onClick={() => {
                    setDraft(EMPTY_DRAFT);
                    clearAll();
                  }}
                  disabled={isSending}
                >
                  Clear
                </Button>
              ) : null}
              <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={isSending}>
                {isSending ? (isEdit ? 'Saving...' : 'Sending...') : isEdit ? 'Save changes' : 'Send'}
              </Button>
            </Box>
          </Box>
          <AlertPreview draft={draft} storeName={storeName} />
        </Box>
      </CardContent>
    </Card>
  );
}
