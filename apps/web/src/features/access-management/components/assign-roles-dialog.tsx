import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Role, TBusinessUser } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useAssignRolesMutation } from '../access-management.api';
import { ACCESS_ERRORS, ACCESS_SUCCESS } from '../messages';
import { RolePicker } from './role-picker';

type AssignRolesDialogProps = {
  user: TBusinessUser;
  /** Only an owner grants (or keeps offering) the owner role. */
  canGrantOwner: boolean;
  onClose: () => void;
};

/** Chooses a member's roles; saving replaces their whole list (PUT /api/users/{id}/roles). */
export function AssignRolesDialog({ user, canGrantOwner, onClose }: AssignRolesDialogProps) {
  const titleId = useId();
  const [roles, setRoles] = useState<Role[]>(() => [...user.roles]);
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [assignRoles, assignState] = useAssignRolesMutation();
  const isSaving = assignState.isLoading;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (roles.length === 0) {
      showErrors({ roles: 'Choose at least one role.' });
      return;
    }
    showErrors({});
    try {
      await assignRoles({ id: user.id, roles }).unwrap();
      notifySuccess(ACCESS_SUCCESS.assignRoles);
      onClose();
    } catch (error) {
      showServerError(error, ACCESS_ERRORS.assignRoles, (path) => path.split('.')[0] ?? path);
    }
  };

  return (
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Assign roles</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            Choose what <strong>{user.fullName}</strong> can reach. The roles you save replace the current
            ones, and {user.fullName} is signed out to pick them up.
          </DialogContentText>
          {formError ? (
            <Alert ref={alertRef} severity="error">
              {formError}
            </Alert>
          ) : null}
          <RolePicker
            value={roles}
            onChange={(next) => {
              setRoles(next);
              clearError('roles');
            }}
            canGrantOwner={canGrantOwner}
            error={errors.roles}
            disabled={isSaving}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save roles'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
