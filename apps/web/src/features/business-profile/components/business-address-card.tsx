import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ZUpdateBusinessRequest, type TBusiness, type TUpdateBusinessRequest } from '@app/contracts';
import { useMemo } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditableCard, FieldGrid, ReadOnlyField } from '../../../components/editable-card';
import { hasChanges } from '../../../lib/changed-fields';
import { useCardEdit } from '../../../lib/use-card-edit';
import {
  ADDRESS_FIELDS,
  ADDRESS_LABELS,
  addressRequest,
  addressValues,
  buildUpdateFormData,
  toFieldName,
  type AddressField,
} from '../business-fields';
import { useUpdateBusinessProfileMutation } from '../business-profile.api';
import { BUSINESS_CONFIRMATIONS, BUSINESS_ERROR, BUSINESS_SUCCESS } from '../messages';

const AUTOCOMPLETE: Record<AddressField, string> = {
  street: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country-name',
};

/** "Business Address" (000 section 2) with its own edit and confirmation. */
export function BusinessAddressCard({ business, canEdit }: { business: TBusiness; canEdit: boolean }) {
  const loaded = useMemo(() => addressValues(business), [business]);
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
  } = useCardEdit<AddressField, TUpdateBusinessRequest>(loaded);
  const [updateBusiness, { isLoading }] = useUpdateBusinessProfileMutation();

  const save = () => {
    const changes = readChanges();
    if (!hasChanges(changes)) {
      closeEdit();
      return;
    }
    const request = addressRequest(changes);
    askIfValid(ZUpdateBusinessRequest, request, request, toFieldName);
  };

  const confirm = () =>
    sendPending(
      (request) =>
        updateBusiness({ businessId: business.id, body: buildUpdateFormData(request, null) }).unwrap(),
      { success: BUSINESS_SUCCESS.address, failure: BUSINESS_ERROR },
      toFieldName,
    );

  return (
    <EditableCard
      title="Business Address"
      isEditing={isEditing}
      canEdit={canEdit}
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
              autoFocus={field === 'street'}
              sx={field === 'street' ? { gridColumn: '1 / -1' } : undefined}
              {...fieldProps(field)}
            />
          ) : (
            <ReadOnlyField
              key={field}
              label={ADDRESS_LABELS[field]}
              value={loaded[field]}
              isWide={field === 'street'}
            />
          ),
        )}
      </FieldGrid>
      <ConfirmDialog
        open={pending !== null}
        title={BUSINESS_CONFIRMATIONS.address.title}
        message={BUSINESS_CONFIRMATIONS.address.message}
        onConfirm={() => void confirm()}
        onCancel={cancelConfirmation}
      />
    </EditableCard>
  );
}
