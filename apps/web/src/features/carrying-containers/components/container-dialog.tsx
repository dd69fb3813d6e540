import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONTAINER_TYPES, ZContainerRequest, type TContainer, type TStore } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { useCreateContainerMutation, useUpdateContainerMutation } from '../carrying-containers.api';
import { CONTAINER_TYPE_LABELS } from '../container-types';
import { CONTAINER_ERRORS, CONTAINER_SUCCESS } from '../messages';

type ContainerDialogProps = {
  /** The container to edit; none to add one to `storeId`. */
  container: TContainer | null;
  storeId: string;
  /** The stores a container can belong to (editing may move it). */
  stores: readonly TStore[];
  onClose: () => void;
};

type FieldName = 'name' | 'storeId' | 'type' | 'capacityKg' | 'tareWeightKg' | 'code';

const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const toNumberText = (value: string) => (value.trim() === '' ? null : value.trim().replace(',', '.'));

const kg = { input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> } };

/** Add or edit a carrying container: name, type, weights in kg and the code printed on it. */
export function ContainerDialog({ container, storeId, stores, onClose }: ContainerDialogProps) {
  const titleId = useId();
  const isEdit = container !== null;
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: container?.name ?? '',
    storeId: container?.storeId ?? storeId,
    type: container?.type ?? 'BASKET',
    capacityKg: toText(container?.capacityKg),
    tareWeightKg: toText(container?.tareWeightKg),
    code: container?.code ?? '',
  });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createContainer, createState] = useCreateContainerMutation();
  const [updateContainer, updateState] = useUpdateContainerMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  const field = (name: FieldName) => ({
    name,
    id: `container-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: isSaving,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZContainerRequest, {
      name: values.name,
      storeId: values.storeId,
      type: values.type,
      // Blank weights are absent: coerced, an empty text would read as 0 kg.
      capacityKg: toNumberText(values.capacityKg),
      tareWeightKg: toNumberText(values.tareWeightKg),
      code: values.code,
    });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      if (container) {
        await updateContainer({ id: container.id, body: result.data }).unwrap();
        notifySuccess(CONTAINER_SUCCESS.update);
      } else {
        await createContainer(result.data).unwrap();
        notifySuccess(CONTAINER_SUCCESS.create);
      }
      onClose();
    } catch (error) {
      showServerError(error, isEdit ? CONTAINER_ERRORS.update : CONTAINER_ERRORS.create);
    }
  };

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {isEdit ? 'Edit carrying container' : 'Add carrying container'}
        </DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          <TextField label="Name" required autoFocus {...field('name')} />
          <TextField select label="Type" required {...field('type')}>
            {CONTAINER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {CONTAINER_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Capacity"
            {...field('capacityKg')}
            slotProps={{ ...kg, htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Tare weight"
            {...field('tareWeightKg')}
            helperText={errors.tareWeightKg ?? 'The empty container, subtracted when a basket is weighed.'}
            slotProps={{ ...kg, htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Code"
            {...field('code')}
            helperText={errors.code ?? 'The label printed on it; unique in the store.'}
          />
          <TextField select label="Store" required {...field('storeId')}>
            {stores.map((store) => (
              <MenuItem key={store.id} value={store.id}>
                {store.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add container'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
