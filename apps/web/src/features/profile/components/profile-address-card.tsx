import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ZUpdateUserRequest, type TBusinessUser, type TUpdateUserRequest } from '@app/contracts';
import { useMemo } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditableCard, FieldGrid, ReadOnlyField } from '../../../components/editable-card';
import { hasChanges } from '../../../lib/changed-fields';
import { useCardEdit } from '../../../lib/use-card-edit';
import { PROFILE_CONFIRMATIONS, PROFILE_ERRORS, PROFILE_SUCCESS } from '../messages';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  addressRequest,
  addressValues,
  toAddressField,
  type AddressField,
} from '../profile-fields';
import { useUpdateProfileMutation } from '../profile.api';

const AUTOCOMPLETE: Record<AddressField, string> = {
  country: 'country-name',
  zipCode: 'postal-code',
  city: 'address-level2',
  state: 'address-level1',
  street: 'street-address',
};

/** "Address" (000 section 2), saved on its own with its own confirmation. */
export function ProfileAddressCard({ user }: { user: TBusinessUser }) {
  const loaded = useMemo(() => addressValues(user.address), [user.address]);
  const {
    formRef,
    alertRef,
    formError,
    isEditing,
    field: fieldProps,
    changes: readChanges,
    edit: startEdit,
    close: closeEdit,
    pending,
    cancelConfirmation,
    askIfValid,
    sendPending,
  } = useCardEdit<AddressField, TUpdateUserRequest>(loaded);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const save = () => {
    const changes = readChanges();
    if (!hasChanges(changes)) {
      closeEdit();
      return;
    }
    const request = addressRequest(changes);
    askIfValid(ZUpdateUserRequest, request, request, toAddressField);
  };

  const confirm = () =>
    sendPending(
      (changes) => updateProfile({ userId: user.userId, changes }).unwrap(),
      { success: PROFILE_SUCCESS.address, failure: PROFILE_ERRORS.update },
      toAddressField,
    );

  return (
    <EditableCard
      title="Address"
      isEditing={isEditing}
      isSaving={isLoading}
      onEdit={startEdit}
      onSave={save}
      onClose={closeEdit}
      formRef={formRef}
    >
      {formError ? (
        <Alert ref={alertRef} severity="error">
          {formError}
        </Alert>
      ) : null}
      <FieldGrid>
        {ADDRESS_FIELDS.map((field) =>
          isEditing ? (
            <TextField
              key={field}
              label={ADDRESS_LABELS[field]}
              autoComplete={AUTOCOMPLETE[field]}
              autoFocus={field === 'country'}
              sx={field === 'street' ? { gridColumn: '1 / -1' } : undefined}
              {...fieldProps(field)}
            />
          ) : (
            <ReadOnlyField
              key={field}
              label={ADDRESS_LABELS[field]}
              value={user.address[field]}
              isWide={field === 'street'}
            />
          ),
        )}
      </FieldGrid>
      <ConfirmDialog
        open={pending !== null}
        title={PROFILE_CONFIRMATIONS.address.title}
        message={PROFILE_CONFIRMATIONS.address.message}
        onConfirm={() => void confirm()}
        onCancel={cancelConfirmation}
      />
    </EditableCard>
  );
}
