import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { ZUpdateBusinessRequest, type TBusiness, type TUpdateBusinessRequest } from '@app/contracts';
import { useMemo } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditableCard, FieldGrid, ReadOnlyField } from '../../../components/editable-card';
import { notifySuccess } from '../../../components/toast';
import { hasChanges } from '../../../lib/changed-fields';
import { useCardEdit } from '../../../lib/use-card-edit';
import { validate } from '../../../lib/validation';
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
    showErrors,
    showServerError,
    isEditing,
    field: fieldProps,
    changes: readChanges,
    edit: startEdit,
    close: closeEdit,
    pending,
    askConfirmation,
    cancelConfirmation,
  } = useCardEdit<AddressField, TUpdateBusinessRequest>(loaded);
  const [updateBusiness, { isLoading }] = useUpdateBusinessProfileMutation();

  const save = () => {
    const changes = readChanges();
    if (!hasChanges(changes)) {
      closeEdit();
      return;
    }
    const request = addressRequest(changes);
    const result = validate(ZUpdateBusinessRequest, request);
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(result.errors ?? {})) errors[toFieldName(path)] = message;
    showErrors(errors);
    if (!result.errors) askConfirmation(request);
  };

  const confirm = async () => {
    if (!pending) return;
    const request = pending;
    cancelConfirmation();
    try {
      await updateBusiness({ businessId: business.id, body: buildUpdateFormData(request, null) }).unwrap();
      notifySuccess(BUSINESS_SUCCESS.address);
      closeEdit();
    } catch (error) {
      showServerError(error, BUSINESS_ERROR, toFieldName);
    }
  };

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
