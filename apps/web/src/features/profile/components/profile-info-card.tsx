import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ZUpdateUserRequest, type TBusinessUser, type TUpdateUserRequest } from '@app/contracts';
import { useMemo } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditableCard, FieldGrid, ReadOnlyField } from '../../../components/editable-card';
import { EmailText } from '../../../components/email-text';
import { hasChanges } from '../../../lib/changed-fields';
import { useCardEdit } from '../../../lib/use-card-edit';
import { PROFILE_CONFIRMATIONS, PROFILE_ERRORS, PROFILE_SUCCESS, pendingEmailNotice } from '../messages';
import { infoRequest, infoValues, type InfoField } from '../profile-fields';
import { useUpdateProfileMutation } from '../profile.api';

/** "User information" (000 section 2): the person's own details; the business name is read-only. */
export function ProfileInfoCard({ user }: { user: TBusinessUser }) {
  const loaded = useMemo(() => infoValues(user), [user]);
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
  } = useCardEdit<InfoField, TUpdateUserRequest>(loaded);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();

  const save = () => {
    const changes = readChanges();
    if (!hasChanges(changes)) {
      closeEdit();
      return;
    }
    const request = infoRequest(changes);
    askIfValid(ZUpdateUserRequest, request, request);
  };

  const confirm = () =>
    sendPending((changes) => updateProfile({ userId: user.userId, changes }).unwrap(), {
      success: PROFILE_SUCCESS.profile,
      failure: PROFILE_ERRORS.update,
    });

  const businessName = user.business?.businessName ?? '';
  return (
    <EditableCard
      title="User information"
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
      {user.pendingEmail ? <Alert severity="info">{pendingEmailNotice(user.pendingEmail)}</Alert> : null}
      {isEditing ? (
        <FieldGrid>
          <TextField label="Full name" required autoComplete="name" autoFocus {...fieldProps('fullName')} />
          <TextField label="E-mail" type="email" autoComplete="email" {...fieldProps('email')} />
          <TextField
            label="Business name"
            value={businessName}
            slotProps={{ input: { readOnly: true } }}
            helperText="Changed on the Business Profile"
          />
          <TextField label="Username" autoComplete="username" {...fieldProps('username')} />
          <TextField label="Phone number" type="tel" autoComplete="tel" {...fieldProps('phoneNumber')} />
          <TextField
            label="Description"
            multiline
            minRows={3}
            sx={{ gridColumn: '1 / -1' }}
            {...fieldProps('description')}
          />
        </FieldGrid>
      ) : (
        <FieldGrid>
          <ReadOnlyField label="Full name" value={user.fullName} />
          <ReadOnlyField label="E-mail" value={<EmailText email={user.email} />} />
          <ReadOnlyField label="Business name" value={businessName} />
          <ReadOnlyField label="Username" value={user.username} />
          <ReadOnlyField label="Phone number" value={user.phoneNumber} />
          <ReadOnlyField label="Description" value={user.description} isWide />
        </FieldGrid>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={PROFILE_CONFIRMATIONS.profile.title}
        message={PROFILE_CONFIRMATIONS.profile.message}
        onConfirm={() => void confirm()}
        onCancel={cancelConfirmation}
      />
    </EditableCard>
  );
}
