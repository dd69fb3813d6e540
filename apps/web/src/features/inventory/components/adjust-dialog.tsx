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
import { useState } from 'react';
import { isApiError } from '../../../api/api-error';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
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
  const [direction, setDirection] = useState<Direction>('add');
  const [adjustStock, state] = useAdjustStockMutation();
  const form = useFormFields(
    { units: '', reason: '', note: '' },
    // The units are sent, and refused, as the signed `delta`.
    { isDisabled: state.isLoading, errorNames: { units: 'delta' } },
  );
  const { values, field, setFormError, showErrors, showServerError, clearError } = form;
  const { keyFor } = useIdempotencyKey();

  const units = readUnits(values.units);
  const delta = units === null ? null : direction === 'add' ? units : -units;
  const result = delta === null ? null : item.quantity + delta;

  const submit = async () => {
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
    <FormDialog
      title="Adjust stock"
      submitLabel="Save adjustment"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
      intro={<ItemSummary item={item} locationName={locationName} />}
    >
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
    </FormDialog>
  );
}
