import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZStoreRequest, type TLocation, type TStore } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { FileChooser } from '../../../components/file-chooser';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { formatAddress } from '../location-format';
import { LOCATION_ERRORS, STORE_ERRORS, STORE_SUCCESS } from '../messages';
import { STORE_IMAGE_TYPES, buildStoreFormData, checkStoreImage } from '../store-form-data';
import {
  useCreateStoreMutation,
  useListStoreLocationChoicesQuery,
  useUpdateStoreMutation,
} from '../stores.api';
import { useDownloadedImage } from '../../../hooks/use-downloaded-image';
import { LocationDialog } from './location-dialog';

type FieldName = 'name' | 'locationId' | 'phone' | 'email' | 'openingHours';

type StoreDialogProps = {
  /** The store to edit; none to add one. */
  store: TStore | null;
  /** Whether the user may add a location from here when none is free. */
  canCreateLocation: boolean;
  onClose: () => void;
};

export const CHOOSE_STORE_LOCATION = 'Choose the location of the store.';
export const NO_FREE_LOCATION_TEXT = 'Every location serves a store or a warehouse already.';

/**
 * Add or edit a store: name, a free location (or its own), contact, opening hours and an image.
 * When no location is free, a new one can be added without leaving the form.
 */
export function StoreDialog({ store, canCreateLocation, onClose }: StoreDialogProps) {
  const titleId = useId();
  const isEdit = store !== null;
  const [values, setValues] = useState<Record<FieldName, string>>({
    name: store?.name ?? '',
    locationId: store?.locationId ?? '',
    phone: store?.phone ?? '',
    email: store?.email ?? '',
    openingHours: store?.openingHours ?? '',
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [isAddingLocation, setIsAddingLocation] = useState(false);
  // A location added from here is offered at once, before the free list has been read again.
  const [addedLocation, setAddedLocation] = useState<TLocation | null>(null);
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const choices = useListStoreLocationChoicesQuery();
  const [createStore, createState] = useCreateStoreMutation();
  const [updateStore, updateState] = useUpdateStoreMutation();
  const currentImage = useDownloadedImage(store?.imageUrl ?? null);
  const isSaving = createState.isLoading || updateState.isLoading;

  // The free locations, plus the one this store is at.
  const locations: TLocation[] = [...(choices.data ?? [])];
  for (const own of [store?.location, addedLocation]) {
    if (own && !locations.some((location) => location.id === own.id)) locations.unshift(own);
  }
  const hasNoFreeLocation = choices.isSuccess && locations.length === 0;

  const setValue = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearError(name);
  };

  const field = (name: FieldName) => ({
    name,
    id: `store-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: isSaving,
  });

  const chooseImage = (file: File | null) => {
    const problem = file ? checkStoreImage(file) : null;
    setImageError(problem);
    setImage(problem ? null : file);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZStoreRequest, values);
    if (result.errors) {
      showErrors({
        ...result.errors,
        ...(result.errors.locationId && values.locationId === '' && { locationId: CHOOSE_STORE_LOCATION }),
      });
      return;
    }
    showErrors({});
    const body = buildStoreFormData(result.data, image);
    try {
      if (store) {
        await updateStore({ id: store.id, body }).unwrap();
        notifySuccess(STORE_SUCCESS.update);
      } else {
        await createStore(body).unwrap();
        notifySuccess(STORE_SUCCESS.create);
      }
      onClose();
    } catch (error) {
      showServerError(error, isEdit ? STORE_ERRORS.update : STORE_ERRORS.create);
    }
  };

  const locationHelp =
    errors.locationId ??
    (choices.isError ? getErrorMessage(choices.error, LOCATION_ERRORS.list) : null) ??
    (hasNoFreeLocation
      ? NO_FREE_LOCATION_TEXT
      : 'Only locations that no store or warehouse uses are offered.');

  return (
    <>
      <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>{isEdit ? 'Edit store' : 'Add store'}</DialogTitle>
          <DialogContent
            sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
          >
            {formError ? (
              <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
                {formError}
              </Alert>
            ) : null}
            <TextField label="Name" required autoFocus sx={{ gridColumn: '1 / -1' }} {...field('name')} />
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                label="Location"
                required
                {...field('locationId')}
                error={Boolean(errors.locationId) || choices.isError}
                helperText={locationHelp}
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
              {canCreateLocation ? (
                <Button
                  startIcon={<AddIcon />}
                  variant={hasNoFreeLocation ? 'contained' : 'text'}
                  onClick={() => setIsAddingLocation(true)}
                  disabled={isSaving}
                  sx={{ flexShrink: 0, mt: 0.25 }}
                >
                  New location
                </Button>
              ) : null}
            </Box>
            <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
            <TextField label="E-mail" type="email" autoComplete="email" {...field('email')} />
            <TextField
              label="Opening hours"
              placeholder="Mon–Sat 9:00–18:00"
              multiline
              minRows={2}
              sx={{ gridColumn: '1 / -1' }}
              {...field('openingHours')}
            />
            <Box sx={{ gridColumn: '1 / -1' }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                Image
              </Typography>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
                {currentImage && !image ? (
                  <Box
                    component="img"
                    src={currentImage}
                    alt={`Current image of ${store?.name ?? 'the store'}`}
                    sx={{
                      width: 96,
                      height: 96,
                      objectFit: 'cover',
                      borderRadius: 1,
                      border: 1,
                      borderColor: 'divider',
                    }}
                  />
                ) : null}
                <FileChooser
                  file={image}
                  onChange={chooseImage}
                  accept={STORE_IMAGE_TYPES}
                  label="Store image"
                  name="image"
                  error={imageError ?? errors.image}
                  helperText={
                    isEdit
                      ? 'JPEG, PNG or WebP, up to 5 MB; replaces the current image.'
                      : 'JPEG, PNG or WebP, up to 5 MB.'
                  }
                  isRemovable
                  disabled={isSaving}
                />
              </Box>
            </Box>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button color="inherit" onClick={onClose} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSaving}>
              {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add store'}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      {isAddingLocation ? (
        <LocationDialog
          location={null}
          onClose={() => setIsAddingLocation(false)}
          onSaved={(location) => {
            setAddedLocation(location);
            setValue('locationId', location.id);
          }}
        />
      ) : null}
    </>
  );
}
