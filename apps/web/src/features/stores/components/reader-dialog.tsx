import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZPosReaderRegistration, type TStore } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { LOCATION_ERRORS, STORE_SUCCESS } from '../messages';
import { useRegisterPosReaderMutation } from '../stores.api';

type FieldName = 'label' | 'registrationCode';

export const SANDBOX_HINT =
  'In the sandbox, enter simulated-wpe, or three words joined by dashes such as apple-banana-cherry.';

/** Registers a card reader at the store's location with the code the reader shows. */
export function ReaderDialog({ store, onClose }: { store: TStore; onClose: () => void }) {
  const titleId = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({ label: '', registrationCode: '' });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [registerReader, { isLoading }] = useRegisterPosReaderMutation();

  const field = (name: FieldName) => ({
    name,
    id: `reader-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name);
    },
    error: Boolean(errors[name]),
    disabled: isLoading,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(ZPosReaderRegistration, { ...values, locationId: store.locationId });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      await registerReader(result.data).unwrap();
      notifySuccess(STORE_SUCCESS.readerRegistered);
      onClose();
    } catch (error) {
      showServerError(error, LOCATION_ERRORS.registerReader);
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Register a card reader</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            At {store.name}. Switch the reader on and enter the registration code it shows.
          </DialogContentText>
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <TextField
            label="Label"
            required
            autoFocus
            placeholder="Till 1"
            {...field('label')}
            helperText={errors.label ?? 'How staff tell the readers apart.'}
          />
          <TextField
            label="Registration code"
            required
            autoComplete="off"
            {...field('registrationCode')}
            helperText={errors.registrationCode ?? SANDBOX_HINT}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Registering...' : 'Register'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
