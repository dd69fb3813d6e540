import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZSetCountRequest, type TStockRow } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { useIdempotencyKey } from '../idempotency-key';
import { useSetCountMutation } from '../inventory.api';
import { INVENTORY_MESSAGES, INVENTORY_SUCCESS } from '../messages';
import { readUnits } from './adjust-dialog';
import { ItemSummary, QuantityChange } from './item-summary';

type CountDialogProps = { item: TStockRow; locationName: string; onClose: () => void };

/**
 * The quantity found on the shelf (PUT /api/inventory/{id}/location/{locationId}); the ledger
 * records the difference as a COUNT, so the dialog shows that difference before saving.
 */
export function CountDialog({ item, locationName, onClose }: CountDialogProps) {
  const titleId = useId();
  const [values, setValues] = useState({ quantity: '', note: '' });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [setCount, state] = useSetCountMutation();
  const { keyFor } = useIdempotencyKey();
  const counted = readUnits(values.quantity);

  const field = (name: 'quantity' | 'note') => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: state.isLoading,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(ZSetCountRequest, { quantity: counted ?? Number.NaN, note: values.note });
    if (values.quantity.trim() === '') {
      showErrors({ quantity: 'Enter the quantity you counted.' });
      return;
    }
    if (counted === null || !checked.data) {
      showErrors({ ...checked.errors, quantity: 'Enter a whole number from 0.' });
      return;
    }
    showErrors({});
    const body = { id: item.id, locationId: item.locationId, ...checked.data };
    try {
      await setCount({ ...body, idempotencyKey: keyFor(body) }).unwrap();
      notifySuccess(INVENTORY_SUCCESS.counted);
      onClose();
    } catch (error) {
      showServerError(error, INVENTORY_MESSAGES.count);
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
        <DialogTitle id={titleId}>Set counted quantity</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '4px !important' }}>
          <ItemSummary item={item} locationName={locationName} />
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Counted quantity"
            required
            autoFocus
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('quantity')}
          />
          <TextField
            label="Note"
            multiline
            minRows={2}
            placeholder="Optional: who counted, which shelf"
            {...field('note')}
          />
          {counted !== null ? (
            counted === item.quantity ? (
              <Typography
                variant="body2"
                color="text.secondary"
                aria-live="polite"
                sx={{ px: 2, py: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}
              >
                No difference: the count matches the records.
              </Typography>
            ) : (
              <QuantityChange label="Difference recorded" from={item.quantity} to={counted} />
            )
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={state.isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={state.isLoading}>
            {state.isLoading ? 'Saving...' : 'Save count'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
