import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  ADJUSTMENT_CAUSES,
  ZAdjustInventoryRequest,
  type AdjustmentCause,
  type TStockRow,
} from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { isApiError } from '../../../api/api-error';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { useIdempotencyKey } from '../idempotency-key';
import { useAdjustStockMutation } from '../inventory.api';
import { CAUSE_LABELS, INVENTORY_MESSAGES, INVENTORY_SUCCESS } from '../messages';
import { ItemSummary, QuantityChange } from './item-summary';

type Direction = 'add' | 'remove';

/** Causes that fit each direction come first; every cause stays available. */
const CAUSES_FIRST: Record<Direction, readonly AdjustmentCause[]> = {
  add: ['RECEIVED', 'FOUND', 'RETURNED'],
  remove: ['DAMAGED', 'EXPIRED', 'LOST', 'THEFT'],
};

function orderedCauses(direction: Direction): AdjustmentCause[] {
  const first = CAUSES_FIRST[direction];
  return [...first, ...ADJUSTMENT_CAUSES.filter((cause) => !first.includes(cause))];
}

/** The units typed as a whole number, or null while they are not one. */
export function readUnits(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

type AdjustDialogProps = { item: TStockRow; locationName: string; onClose: () => void };

/** Units in or out with a reason (PUT /api/inventory/{id}/adjust), the result shown before saving. */
export function AdjustDialog({ item, locationName, onClose }: AdjustDialogProps) {
  const titleId = useId();
  const [direction, setDirection] = useState<Direction>('add');
  const [values, setValues] = useState({ units: '', reason: '', note: '' });
  const { formRef, alertRef, errors, formError, setFormError, showErrors, showServerError, clearError } =
    useFormErrors();
  const [adjustStock, state] = useAdjustStockMutation();
  const { keyFor } = useIdempotencyKey();

  const units = readUnits(values.units);
  const delta = units === null ? null : direction === 'add' ? units : -units;
  const result = delta === null ? null : item.quantity + delta;

  const field = (name: 'units' | 'reason' | 'note') => ({
    name: name === 'units' ? 'delta' : name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name === 'units' ? 'delta' : name);
    },
    error: Boolean(errors[name === 'units' ? 'delta' : name]),
    helperText: errors[name === 'units' ? 'delta' : name],
    disabled: state.isLoading,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(ZAdjustInventoryRequest, {
      delta: delta ?? Number.NaN,
      reason: values.reason === '' ? undefined : values.reason,
      note: values.note,
    });
    const found = { ...checked.errors };
    if (values.units.trim() === '') found.delta = 'Enter how many units.';
    else if (units === null) found.delta = 'Enter a whole number of units.';
    else if (result !== null && result < 0) found.delta = `Only ${item.quantity} in stock.`;
    if (Object.keys(found).length > 0 || !checked.data) {
      showErrors(found);
      return;
    }
    showErrors({});
    const body = { id: item.id, ...checked.data };
    try {
      // The same values sent again (a retry after a lost answer) carry the same key.
      await adjustStock({ ...body, idempotencyKey: keyFor(body) }).unwrap();
      notifySuccess(INVENTORY_SUCCESS.adjusted);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'INSUFFICIENT_STOCK') {
        // Someone sold or moved units meanwhile: the server says how many are left.
        setFormError(error.message);
        return;
      }
      showServerError(error, INVENTORY_MESSAGES.adjust);
    }
  };

  return (
    <Dialog
      open
      onClose={state.isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Adjust stock</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '4px !important' }}>
          <ItemSummary item={item} locationName={locationName} />
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color={direction === 'add' ? 'success' : 'error'}
            value={direction}
            aria-label="Add or remove units"
            onChange={(_event, next: Direction | null) => {
              if (next) setDirection(next);
              clearError('delta');
            }}
          >
            <ToggleButton value="add">
              <AddIcon fontSize="small" sx={{ mr: 1 }} />
              Add units
            </ToggleButton>
            <ToggleButton value="remove">
              <RemoveIcon fontSize="small" sx={{ mr: 1 }} />
              Remove units
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            label="Units"
            required
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('units')}
          />
          <TextField select label="Reason" required {...field('reason')}>
            {orderedCauses(direction).map((cause) => (
              <MenuItem key={cause} value={cause}>
                {CAUSE_LABELS[cause]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Note"
            multiline
            minRows={2}
            placeholder="Optional: what happened"
            {...field('note')}
          />
          {result !== null && delta !== 0 ? (
            <QuantityChange label="Quantity after the change" from={item.quantity} to={result} />
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {state.isLoading ? 'Saving...' : 'Save adjustment'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
