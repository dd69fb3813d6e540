import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DiscrepancyReason, TReceivedItem, TStockMovement } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { notifySuccess } from '../../../components/toast';
import { LOCKED_HINT, MOVEMENT_MESSAGES, MOVEMENT_SUCCESS } from '../messages';
import { END_LABELS, describeMovement, shortId, type MovementEnd } from '../movement-format';
import { errorCode, errorDetails } from '../movement-requests';
import { useValidateMovementsMutation } from '../stock-movements.api';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

const CODE = /^[0-9]{6}$/;

/**
 * The reason's word, which is all the closed select shows (beside "Units received" it has half of
 * a narrow dialog: "Short: fewer units came" was cut), and what it means, under the word in the
 * open list.
 */
export const REASON_CHOICES: Record<DiscrepancyReason, { label: string; meaning: string }> = {
  SHORT: { label: 'Short', meaning: 'Fewer units came' },
  DAMAGED: { label: 'Damaged', meaning: 'Some came unusable' },
  OVER: { label: 'Over', meaning: 'More units came' },
};

/** What the destination states when a movement did not arrive as sent. */
type Arrival = { isDifferent: boolean; received: string; reason: DiscrepancyReason | ''; note: string };
const AS_SENT: Arrival = { isDifferent: false, received: '', reason: '', note: '' };

/** The statement to send, or the field's error; null when everything arrived. */
function readArrival(
  arrival: Arrival,
  movement: TStockMovement,
): { item: TReceivedItem | null; error: { field: 'received' | 'reason'; message: string } | null } {
  if (!arrival.isDifferent) return { item: null, error: null };
  const received = Number(arrival.received);
  if (arrival.received.trim() === '' || !Number.isInteger(received) || received < 0)
    return {
      item: null,
      error: { field: 'received', message: 'Enter the whole units that arrived, 0 or more.' },
    };
  if (received === movement.quantity)
    return {
      item: null,
      error: { field: 'received', message: `${received} is what was sent: untick the box if all arrived.` },
    };
  const allowed: DiscrepancyReason[] = received < movement.quantity ? ['SHORT', 'DAMAGED'] : ['OVER'];
  if (!arrival.reason || !allowed.includes(arrival.reason))
    return {
      item: null,
      error: {
        field: 'reason',
        message: received < movement.quantity ? 'Pick Short or Damaged.' : 'More than sent is Over.',
      },
    };
  return {
    item: {
      movementId: movement.id,
      receivedQuantity: received,
      reason: arrival.reason,
      note: arrival.note.trim() === '' ? null : arrival.note.trim(),
    },
    error: null,
  };
}

/** What is validated: one movement (which may belong to a batch), or a batch by its id. */
export type ValidateTarget =
  | { kind: 'movement'; movement: TStockMovement; end: MovementEnd }
  | { kind: 'batch'; batchId: string; count: number; end: MovementEnd };

type Failure =
  | { kind: 'code'; message: string; attemptsLeft: number | null }
  | { kind: 'locked' | 'other'; message: string };

function readFailure(error: unknown, fallback: string): Failure {
  const message = getErrorMessage(error, fallback);
  const code = errorCode(error);
  if (code === 'MOVEMENT_LOCKED') return { kind: 'locked', message };
  if (code === 'WRONG_VALIDATION_CODE') {
    const left = errorDetails(error).attemptsLeft;
    return { kind: 'code', message, attemptsLeft: typeof left === 'number' ? left : null };
  }
  return { kind: 'other', message };
}

function describe(target: ValidateTarget): { text: string; effect: string } {
  const isSource = target.end === 'source';
  if (target.kind === 'batch') {
    return {
      text: `Batch ${shortId(target.batchId)}: ${target.count} ${target.count === 1 ? 'movement' : 'movements'}.`,
      effect: isSource ? 'Its stock leaves the sources now.' : 'Its stock arrives at the destinations now.',
    };
  }
  const { movement } = target;
  return {
    text: `${describeMovement(movement)}.`,
    effect: isSource
      ? `The stock leaves ${movement.sourceLocationName} now.`
      : `The stock arrives at ${movement.destinationLocationName} now.`,
  };
}

/** Asks for the 6-digit code of one end, then validates the movement or its whole batch. */
export function ValidateDialog({ target, onClose }: { target: ValidateTarget; onClose: () => void }) {
  const titleId = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const batchOfMovement = target.kind === 'movement' ? target.movement.batchId : null;
  const [scope, setScope] = useState<'movement' | 'batch'>(batchOfMovement ? 'batch' : 'movement');
  const [arrival, setArrival] = useState<Arrival>(AS_SENT);
  const [arrivalError, setArrivalError] = useState<{ field: 'received' | 'reason'; message: string } | null>(
    null,
  );
  const [validateMovements, { isLoading }] = useValidateMovementsMutation();
  const idempotency = useIdempotencyKey();
  const { end } = target;
  const label = `${END_LABELS[end]} code`;
  const { text, effect } = describe(target);
  const isLocked = failure?.kind === 'locked';
  // The arrival is stated for one movement at its destination; a batch arrives as sent.
  const canState = end === 'destination' && target.kind === 'movement' && scope === 'movement';
  const sent = target.kind === 'movement' ? target.movement.quantity : 0;
  const changeArrival = (next: Partial<Arrival>) => {
    setArrival((current) => {
      const merged = { ...current, ...next };
      // The reason follows the number when it can only be one: more than sent is Over.
      const count = Number(merged.received);
      if (next.received !== undefined && merged.received.trim() !== '' && Number.isInteger(count)) {
        if (count > sent) merged.reason = 'OVER';
        else if (merged.reason === 'OVER' || merged.reason === '')
          merged.reason = count < sent ? 'SHORT' : '';
      }
      return merged;
    });
    setArrivalError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!CODE.test(code)) {
      setCodeError('The code has 6 digits.');
      return;
    }
    const batchId = target.kind === 'batch' ? target.batchId : scope === 'batch' ? batchOfMovement : null;
    const stated = canState && target.kind === 'movement' ? readArrival(arrival, target.movement) : null;
    if (stated?.error) {
      setArrivalError(stated.error);
      return;
    }
    const received = stated?.item ? [stated.item] : [];
    const request = batchId
      ? { batchId, end, validationCode: code, received }
      : { id: target.kind === 'movement' ? target.movement.id : '', end, validationCode: code, received };
    setFailure(null);
    try {
      await validateMovements({ ...request, idempotencyKey: idempotency.keyFor(request) }).unwrap();
      idempotency.settle();
      const arrivedAt = target.kind === 'movement' ? target.movement.destinationLocationName : '';
      notifySuccess(
        batchId
          ? end === 'source'
            ? MOVEMENT_SUCCESS.batchLeftSource
            : MOVEMENT_SUCCESS.batchArrived
          : end === 'source'
            ? MOVEMENT_SUCCESS.leftSource(arrivedAt)
            : MOVEMENT_SUCCESS.arrived(arrivedAt),
      );
      onClose();
    } catch (error) {
      const fallback = batchId
        ? end === 'source'
          ? MOVEMENT_MESSAGES.batchValidateSource
          : MOVEMENT_MESSAGES.batchValidateDestination
        : end === 'source'
          ? MOVEMENT_MESSAGES.validateSource
          : MOVEMENT_MESSAGES.validateDestination;
      const next = readFailure(error, fallback);
      setFailure(next);
      if (next.kind === 'code') setCodeError(next.message);
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {end === 'source' ? 'Validate at the source' : 'Validate at the destination'}
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {text}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Enter the {end} code of the transfer document. {effect}
          </Typography>
          {batchOfMovement ? (
            <RadioGroup
              aria-label="Validate"
              value={scope}
              onChange={(event) => setScope(event.target.value as 'movement' | 'batch')}
              sx={{ mb: 1 }}
            >
              <FormControlLabel
                value="batch"
                control={<Radio size="small" />}
                label={`The whole batch ${shortId(batchOfMovement)}`}
                disabled={isLoading || isLocked}
              />
              <FormControlLabel
                value="movement"
                control={<Radio size="small" />}
                label="This movement only"
                disabled={isLoading || isLocked}
              />
            </RadioGroup>
          ) : null}
          {batchOfMovement && end === 'destination' && scope === 'batch' ? (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              Did one movement not arrive as sent? Validate it alone first to state what came.
            </Typography>
          ) : null}
          {canState && !isLocked ? (
            <Box sx={{ mb: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={arrival.isDifferent}
                    onChange={(event) =>
                      changeArrival(
                        event.target.checked ? { isDifferent: true, received: String(sent) } : AS_SENT,
                      )
                    }
                    disabled={isLoading}
                  />
                }
                label="Not everything arrived as sent"
              />
              {arrival.isDifferent ? (
                <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mt: 1 }}>
                  <TextField
                    label="Units received"
                    value={arrival.received}
                    onChange={(event) =>
                      changeArrival({ received: event.target.value.replace(/[^0-9]/g, '') })
                    }
                    error={arrivalError?.field === 'received'}
                    helperText={arrivalError?.field === 'received' ? arrivalError.message : `${sent} sent`}
                    disabled={isLoading}
                    slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
                  />
                  <TextField
                    select
                    label="Reason"
                    value={arrival.reason}
                    onChange={(event) => changeArrival({ reason: event.target.value as DiscrepancyReason })}
                    error={arrivalError?.field === 'reason'}
                    helperText={arrivalError?.field === 'reason' ? arrivalError.message : ' '}
                    disabled={isLoading}
                    slotProps={{
                      select: {
                        renderValue: (value) =>
                          value ? REASON_CHOICES[value as DiscrepancyReason].label : '',
                      },
                    }}
                  >
                    {(Object.keys(REASON_CHOICES) as DiscrepancyReason[]).map((reason) => (
                      <MenuItem key={reason} value={reason}>
                        <ListItemText
                          primary={REASON_CHOICES[reason].label}
                          secondary={REASON_CHOICES[reason].meaning}
                          sx={{ my: 0 }}
                        />
                      </MenuItem>
                    ))}
                  </TextField>
                  <TextField
                    label="Note for the source (optional)"
                    value={arrival.note}
                    onChange={(event) => changeArrival({ note: event.target.value.slice(0, 500) })}
                    disabled={isLoading}
                    sx={{ gridColumn: '1 / -1' }}
                    helperText="The source is alerted with it."
                  />
                </Box>
              ) : null}
            </Box>
          ) : null}
          {failure && failure.kind !== 'code' ? (
            <Alert
              severity="error"
              icon={isLocked ? <LockIcon fontSize="inherit" /> : undefined}
              sx={{ mb: 2 }}
            >
              {isLocked ? <AlertTitle>Locked</AlertTitle> : null}
              {failure.message}
              {isLocked ? <Box sx={{ mt: 0.5 }}>{LOCKED_HINT}</Box> : null}
            </Alert>
          ) : null}
          {isLocked ? null : (
            <TextField
              label={label}
              name="validationCode"
              required
              autoFocus
              fullWidth
              value={code}
              onChange={(event) => {
                // Digits only: a code read out as "482 913" may be typed with its space.
                setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
                setCodeError(null);
              }}
              error={Boolean(codeError)}
              helperText={codeError ?? '6 digits'}
              disabled={isLoading}
              slotProps={{
                htmlInput: {
                  inputMode: 'numeric',
                  pattern: '[0-9]*',
                  autoComplete: 'one-time-code',
                  maxLength: 6,
                  style: { fontSize: 28, letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
                },
              }}
            />
          )}
          {failure?.kind === 'code' && failure.attemptsLeft !== null && failure.attemptsLeft <= 2 ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {failure.attemptsLeft === 1
                ? 'One try left: one more wrong code locks the movement.'
                : `${failure.attemptsLeft} tries left before the movement locks.`}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isLoading}>
            {isLocked ? 'Close' : 'Cancel'}
          </Button>
          {isLocked ? null : (
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? 'Validating…' : 'Validate'}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
