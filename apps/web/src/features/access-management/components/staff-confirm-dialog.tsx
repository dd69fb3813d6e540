import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../../components/toast';
import {
  useDeleteUserMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useRemoveRolesMutation,
} from '../access-management.api';
import { ACCESS_ERRORS, ACCESS_SUCCESS } from '../messages';
import { describePendingAction, type PendingAction } from './staff-confirm';

type StaffConfirmDialogProps = {
  action: PendingAction | null;
  onDone: () => void;
};

/** Asks before disabling, enabling or deleting a member or removing one of their roles, then does it. */
export function StaffConfirmDialog({ action, onDone }: StaffConfirmDialogProps) {
  const [disableUser, disableState] = useDisableUserMutation();
  const [enableUser, enableState] = useEnableUserMutation();
  const [deleteUser, deleteState] = useDeleteUserMutation();
  const [removeRoles, removeState] = useRemoveRolesMutation();
  const isBusy =
    disableState.isLoading || enableState.isLoading || deleteState.isLoading || removeState.isLoading;

  const run = async (pending: PendingAction) => {
    const { id } = pending.user;
    try {
      if (pending.kind === 'removeRole') await removeRoles({ id, roles: [pending.role] }).unwrap();
      else if (pending.kind === 'disable') await disableUser(id).unwrap();
      else if (pending.kind === 'enable') await enableUser(id).unwrap();
      else await deleteUser(id).unwrap();
      notifySuccess(ACCESS_SUCCESS[pending.kind === 'removeRole' ? 'removeRoles' : pending.kind]);
    } catch (error) {
      notifyError(
        getErrorMessage(error, ACCESS_ERRORS[pending.kind === 'removeRole' ? 'removeRoles' : pending.kind]),
      );
    }
    onDone();
  };

  // The texts stay while the dialog fades out after the action has been cleared.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const text = shown ? describePendingAction(shown) : null;
  return (
    <ConfirmDialog
      open={action !== null}
      title={text?.title}
      message={text?.message}
      confirmLabel={text?.confirmLabel}
      isDestructive={text?.isDestructive}
      isBusy={isBusy}
      onConfirm={() => {
        if (action) void run(action);
      }}
      onCancel={onDone}
    />
  );
}
