import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ZWarehouseRequest, type TLocation, type TWarehouse } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { RouterLink } from '../../../components/router-link';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { WAREHOUSE_ERRORS, WAREHOUSE_SUCCESS } from '../messages';
import {
  useCreateWarehouseMutation,
  useListWarehouseLocationChoicesQuery,
  useUpdateWarehouseMutation,
} from '../warehouses.api';

type WarehouseDialogProps = {
  /** The warehouse to edit; none to add one. */
  warehouse: TWarehouse | null;
  onClose: () => void;
};

type FieldName = 'name' | 'locationId' | 'capacity' | 'managerName';

export const CHOOSE_LOCATION = 'Choose the location of the warehouse.';

function formatAddress(location: TLocation): string {
  return [location.street, location.city].filter(Boolean).join(', ');
}

/** Add or edit a warehouse: its name, a free location (or its own), capacity and manager. */
export function WarehouseDialog({ warehouse, onClose }: WarehouseDialogProps) {
  const titleId = useId();
  const isEdit = warehouse !== null;
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: warehouse?.name ?? '',
    locationId: warehouse?.locationId ?? '',
    capacity: warehouse?.capacity === null || warehouse === null ? '' : String(warehouse.capacity),
    managerName: warehouse?.managerName ?? '',
  });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const choices = useListWarehouseLocationChoicesQuery();
  const [createWarehouse, createState] = useCreateWarehouseMutation();
  const [updateWarehouse, updateState] = useUpdateWarehouseMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  // The free locations, plus the one this warehouse is at.
  const locations = [...(choices.data ?? [])];
  if (warehouse && !locations.some((location) => location.id === warehouse.locationId)) {
    locations.unshift(warehouse.location);
  }
  const hasNoFreeLocation = choices.isSuccess && locations.length === 0;

  const field = (name: FieldName) => ({
    name,
    id: `warehouse-${name}`,
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
    const result = validate(ZWarehouseRequest, {
      name: values.name,
      locationId: values.locationId,
      capacity: values.capacity.trim() === '' ? null : values.capacity.trim(),
      managerName: values.managerName,
    });
    if (result.errors) {
      showErrors({
        ...result.errors,
        ...(result.errors.locationId && values.locationId === '' && { locationId: CHOOSE_LOCATION }),
      });
      return;
    }
    showErrors({});
    try {
      if (warehouse) {
        await updateWarehouse({ id: warehouse.id, body: result.data }).unwrap();
        notifySuccess(WAREHOUSE_SUCCESS.update);
      } else {
        await createWarehouse(result.data).unwrap();
        notifySuccess(WAREHOUSE_SUCCESS.create);
      }
      onClose();
    } catch (error) {
      showServerError(error, isEdit ? WAREHOUSE_ERRORS.update : WAREHOUSE_ERRORS.create);
    }
  };

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{isEdit ? 'Edit warehouse' : 'Add warehouse'}</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          <TextField label="Name" required autoFocus sx={{ gridColumn: '1 / -1' }} {...field('name')} />
          <TextField
            select
            label="Location"
            required
            sx={{ gridColumn: '1 / -1' }}
            {...field('locationId')}
            error={Boolean(errors.locationId) || choices.isError}
            helperText={
              errors.locationId ??
              (choices.isError ? getErrorMessage(choices.error, WAREHOUSE_ERRORS.locations) : null) ??
              (hasNoFreeLocation ? (
                <>
                  Every location serves a store or a warehouse already.{' '}
                  <Link component={RouterLink} to="/dashboard/stores">
                    Add a location
                  </Link>
                </>
              ) : (
                'Only locations that no store or warehouse uses are offered.'
              ))
            }
          >
            {locations.map((location) => (
              <MenuItem key={location.id} value={location.id}>
                {location.name}
                {formatAddress(location) ? (
                  <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                    {formatAddress(location)}
                  </Box>
                ) : null}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Capacity (units)"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('capacity')}
          />
          <TextField label="Manager" autoComplete="off" {...field('managerName')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add warehouse'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
