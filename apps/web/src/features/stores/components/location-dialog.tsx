import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZLocationRequest, type TLocation } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { LOCATION_ERRORS, LOCATION_SUCCESS } from '../messages';
import { useCreateLocationMutation, useUpdateLocationMutation } from '../stores.api';

const FIELDS = [
  'name',
  'street',
  'city',
  'state',
  'zipCode',
  'country',
  'latitude',
  'longitude',
  'phone',
] as const;
type FieldName = (typeof FIELDS)[number];

const LABELS: Record<FieldName, string> = {
  name: 'Name',
  street: 'Street',
  city: 'City',
  state: 'State or region',
  zipCode: 'ZIP code',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
  phone: 'Phone',
};

const AUTOCOMPLETE: Partial<Record<FieldName, string>> = {
  street: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country-name',
  phone: 'tel',
};

const FULL_WIDTH: readonly FieldName[] = ['name', 'street'];

type LocationDialogProps = {
  /** The location to edit; none to add one. */
  location: TLocation | null;
  onClose: () => void;
  /** Called with the saved location before the dialog closes (the store form picks a new one). */
  onSaved?: (location: TLocation) => void;
};

function initialValues(location: TLocation | null): Record<FieldName, string> {
  const values = {} as Record<FieldName, string>;
  for (const name of FIELDS) {
    const value = location?.[name];
    values[name] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** Blank coordinates are absent: coerced, an empty text would read as 0. */
const toCoordinate = (value: string) => (value.trim() === '' ? null : value.trim().replace(',', '.'));

/** Add or edit a location: its name, address, coordinates (for "Nearby") and phone. */
export function LocationDialog({ location, onClose, onSaved }: LocationDialogProps) {
  const titleId = useId();
  const isEdit = location !== null;
  const [values, setValues] = useState(() => initialValues(location));
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createLocation, createState] = useCreateLocationMutation();
  const [updateLocation, updateState] = useUpdateLocationMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    // A dialog opened from the store form sits inside that form in the React tree.
    event.stopPropagation();
    event.preventDefault();
    const result = validate(ZLocationRequest, {
      ...values,
      latitude: toCoordinate(values.latitude),
      longitude: toCoordinate(values.longitude),
    });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      const saved = location
        ? await updateLocation({ id: location.id, body: result.data }).unwrap()
        : await createLocation(result.data).unwrap();
      notifySuccess(location ? LOCATION_SUCCESS.update : LOCATION_SUCCESS.create);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showServerError(error, isEdit ? LOCATION_ERRORS.update : LOCATION_ERRORS.create);
    }
  };

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{isEdit ? 'Edit location' : 'Add location'}</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          {FIELDS.map((name) => (
            <TextField
              key={name}
              name={name}
              id={`location-${name}`}
              label={LABELS[name]}
              required={name === 'name'}
              autoFocus={name === 'name'}
              autoComplete={AUTOCOMPLETE[name] ?? 'off'}
              type={name === 'phone' ? 'tel' : 'text'}
              value={values[name]}
              onChange={(event) => {
                setValues((current) => ({ ...current, [name]: event.target.value }));
                clearError(name);
              }}
              error={Boolean(errors[name])}
              helperText={
                errors[name] ??
                (name === 'latitude'
                  ? 'Decimal degrees, e.g. 51.50740; lets shoppers find the store nearby.'
                  : null)
              }
              disabled={isSaving}
              sx={FULL_WIDTH.includes(name) ? { gridColumn: '1 / -1' } : undefined}
              slotProps={
                name === 'latitude' || name === 'longitude'
                  ? { htmlInput: { inputMode: 'decimal' } }
                  : undefined
              }
            />
          ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add location'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
