import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ZCreateUserRequest, type Role } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useListLocationChoicesQuery } from '../../../components/location-picker.api';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { useCreateUserMutation } from '../access-management.api';
import { ACCESS_ERRORS, ACCESS_SUCCESS } from '../messages';
import { RolePicker } from './role-picker';

type TextFieldName = 'fullName' | 'email' | 'phoneNumber';

const LABELS: Record<TextFieldName, string> = {
  fullName: 'Full name',
  email: 'E-mail',
  phoneNumber: 'Phone',
};

/** The select's value for "works at no location in particular". */
const NO_LOCATION = '';

/**
 * Invites a staff member (POST /api/users): who they are, their roles by group and, if they work
 * at one, their location. The server mails them a link to choose a password.
 */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const [values, setValues] = useState<Record<TextFieldName, string>>({
    fullName: '',
    email: '',
    phoneNumber: '',
  });
  const [roles, setRoles] = useState<Role[]>([]);
  const [locationId, setLocationId] = useState(NO_LOCATION);
  const locations = useListLocationChoicesQuery();
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createUser, createState] = useCreateUserMutation();
  const isSaving = createState.isLoading;

  const field = (name: TextFieldName) => ({
    name,
    id: `invite-${name}`,
    label: LABELS[name],
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
    const result = validate(ZCreateUserRequest, {
      fullName: values.fullName,
      email: values.email.trim(),
      phoneNumber: values.phoneNumber.trim() === '' ? undefined : values.phoneNumber,
      roles,
      locationId: locationId === NO_LOCATION ? undefined : locationId,
    });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      await createUser(result.data).unwrap();
      notifySuccess(ACCESS_SUCCESS.create);
      onClose();
    } catch (error) {
      showServerError(error, ACCESS_ERRORS.create, (path) => path.split('.')[0] ?? path);
    }
  };

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Invite staff</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          <TextField required autoFocus autoComplete="off" {...field('fullName')} />
          <TextField required type="email" autoComplete="off" {...field('email')} />
          <TextField type="tel" autoComplete="off" {...field('phoneNumber')} />
          <TextField
            select
            id="invite-locationId"
            name="locationId"
            label="Location"
            value={locationId}
            onChange={(event) => {
              setLocationId(event.target.value);
              clearError('locationId');
            }}
            error={Boolean(errors.locationId) || locations.isError}
            helperText={
              errors.locationId ??
              (locations.isError
                ? ACCESS_ERRORS.locations
                : 'Where they work; leave empty for every location.')
            }
            disabled={isSaving}
            // Shows "No particular location" rather than an empty box.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={NO_LOCATION}>No particular location</MenuItem>
            {(locations.data ?? []).map((location) => (
              <MenuItem key={location.id} value={location.id}>
                {location.name}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <RolePicker
              value={roles}
              onChange={(next) => {
                setRoles(next);
                clearError('roles');
              }}
              canGrantOwner={false}
              error={errors.roles}
              disabled={isSaving}
            />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Sending...' : 'Send invitation'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
