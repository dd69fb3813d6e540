import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZSetCountRequest, type TStockRow } from '@app/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
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
  const [setCount, state] = useSetCountMutation();
  const form = useFormFields({ quantity: '', note: '' }, { isDisabled: state.isLoading });
  const { values, field, showErrors, showServerError } = form;
  const { keyFor } = useIdempotencyKey();
  const counted = readUnits(values.quantity);

  const submit = async () => {
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
    <FormDialog
      title="Set counted quantity"
      submitLabel="Save count"
      isBusy={state.isLoading}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
      intro={<ItemSummary item={item} locationName={locationName} />}
    >
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
    </FormDialog>
  );
}
