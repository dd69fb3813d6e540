import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_BATCH_ITEMS, ZMovementItem, type TCreatedMovements, type TLocation } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { MOVEMENT_MESSAGES, MOVEMENT_SUCCESS } from '../messages';
import { useCreateMovementsMutation } from '../stock-movements.api';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { MovementItemFields, type ItemValues } from './movement-item-fields';

const NOTE_MAX = 500;

let nextRowKey = 0;
function newRow(sourceLocationId: string, destinationLocationId: string): ItemValues {
  nextRowKey += 1;
  return {
    key: `row-${nextRowKey}`,
    sku: '',
    sourceLocationId,
    destinationLocationId,
    quantity: '',
    available: null,
  };
}

/** A warehouse sends and a store receives, unless the screen's location says where stock is. */
export function defaultEnds(
  locations: readonly TLocation[],
  preferredSourceId: string | null,
): { sourceLocationId: string; destinationLocationId: string } {
  const source =
    locations.find((location) => location.id === preferredSourceId) ??
    locations.find((location) => location.usedBy === 'WAREHOUSE') ??
    locations[0];
  const others = locations.filter((location) => location.id !== source?.id);
  const destination = others.find((location) => location.usedBy === 'STORE') ?? others[0];
  return { sourceLocationId: source?.id ?? '', destinationLocationId: destination?.id ?? '' };
}

type CreateMovementDialogProps = {
  locations: readonly TLocation[];
  preferredSourceId: string | null;
  onCreated: (created: TCreatedMovements) => void;
  onClose: () => void;
};

/**
 * A new movement: one item, or several (a batch: one batchId, one pair of codes, one note).
 * Each item names its source, destination, SKU and quantity; a new item starts with the ends of
 * the one above it, since a batch usually goes one way.
 */
export function CreateMovementDialog({
  locations,
  preferredSourceId,
  onCreated,
  onClose,
}: CreateMovementDialogProps) {
  const titleId = useId();
  const [rows, setRows] = useState<ItemValues[]>(() => {
    const ends = defaultEnds(locations, preferredSourceId);
    return [newRow(ends.sourceLocationId, ends.destinationLocationId)];
  });
  const [note, setNote] = useState('');
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createMovements, { isLoading }] = useCreateMovementsMutation();
  const idempotency = useIdempotencyKey();
  const isBatch = rows.length > 1;

  const changeRow = (index: number, next: Partial<ItemValues>) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...next } : row)));
    for (const field of Object.keys(next)) clearError(`items.${index}.${field}`);
  };

  const addRow = () => {
    const last = rows[rows.length - 1];
    setRows((current) => [
      ...current,
      newRow(last?.sourceLocationId ?? '', last?.destinationLocationId ?? ''),
    ]);
  };

  const removeRow = (index: number) => {
    setRows((current) => current.filter((_row, at) => at !== index));
    showErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const items = rows.flatMap((row, index) => {
      const quantity = row.quantity.trim() === '' ? Number.NaN : Number(row.quantity);
      const result = validate(ZMovementItem, { ...row, quantity });
      for (const [field, message] of Object.entries(result.errors ?? {})) {
        found[`items.${index}.${field}`] =
          row.quantity.trim() === '' && field === 'quantity' ? 'Enter the quantity.' : message;
      }
      return result.data ? [result.data] : [];
    });
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = { items, note: note.trim() === '' ? null : note.trim() };
    try {
      const created = await createMovements({
        ...request,
        idempotencyKey: idempotency.keyFor(request),
      }).unwrap();
      idempotency.settle();
      notifySuccess(isBatch ? MOVEMENT_SUCCESS.batchCreated(items.length) : MOVEMENT_SUCCESS.created);
      onCreated(created);
    } catch (error) {
      // A single movement's fields come back as `sku`; a batch's as `items.0.sku`.
      showServerError(error, MOVEMENT_MESSAGES.create, (path) =>
        path.startsWith('items.') || path === 'note' ? path : `items.0.${path}`,
      );
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      >
        <DialogTitle id={titleId}>
          {isBatch ? `New batch of ${rows.length} movements` : 'New movement'}
        </DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Stock leaves the source when its code is entered there, and arrives when the destination enters
            its code. Several items make a batch with one pair of codes.
          </Typography>
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {rows.map((row, index) => (
              <MovementItemFields
                key={row.key}
                index={index}
                values={row}
                locations={locations}
                errors={errors}
                isOnly={rows.length === 1}
                disabled={isLoading}
                onChange={(next) => changeRow(index, next)}
                onRemove={() => removeRow(index)}
              />
            ))}
          </Box>
          <Button
            startIcon={<AddIcon />}
            onClick={addRow}
            disabled={isLoading || rows.length >= MAX_BATCH_ITEMS}
            sx={{ mb: 2 }}
          >
            Add item
          </Button>
          <TextField
            label="Note"
            name="note"
            multiline
            minRows={2}
            fullWidth
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              clearError('note');
            }}
            error={Boolean(errors.note)}
            helperText={errors.note ?? (isBatch ? 'One note for the whole batch.' : 'Optional.')}
            disabled={isLoading}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Creating…' : isBatch ? `Create batch of ${rows.length}` : 'Create movement'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
