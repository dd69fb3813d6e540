import TextField from '@mui/material/TextField';
import { ZSupplierRequest, type TSupplier } from '@app/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../components/toast';
import { useFormFields } from '../../../components/use-form-fields';
import { validate } from '../../../lib/validation';
import { SUPPLIER_ERRORS, SUPPLIER_SUCCESS } from '../messages';
import { useCreateSupplierMutation, useUpdateSupplierMutation } from '../suppliers.api';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'leadTimeDays', 'address', 'notes'] as const;
type FieldName = (typeof FIELDS)[number];

const LABELS: Record<FieldName, string> = {
  name: 'Name',
  contactName: 'Contact person',
  email: 'E-mail',
  phone: 'Phone',
  leadTimeDays: 'Lead time (days)',
  address: 'Address',
  notes: 'Notes',
};

type SupplierDialogProps = {
  /** The supplier to edit; none to add one. */
  supplier: TSupplier | null;
  onClose: () => void;
};

/** Add or edit a supplier: name, who to call, how to reach them, how long they take, and notes. */
export function SupplierDialog({ supplier, onClose }: SupplierDialogProps) {
  const isEdit = supplier !== null;
  const [createSupplier, createState] = useCreateSupplierMutation();
  const [updateSupplier, updateState] = useUpdateSupplierMutation();
  const isSaving = createState.isLoading || updateState.isLoading;
  const form = useFormFields<FieldName>(
    () => {
      const initial = {} as Record<FieldName, string>;
      for (const name of FIELDS) initial[name] = String(supplier?.[name] ?? '');
      return initial;
    },
    { isDisabled: isSaving, labels: LABELS, idPrefix: 'supplier-' },
  );
  const { values, field, showErrors, showServerError } = form;

  const submit = async () => {
    const result = validate(ZSupplierRequest, { ...values, email: values.email.trim() });
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      if (supplier) {
        await updateSupplier({ id: supplier.id, body: result.data }).unwrap();
        notifySuccess(SUPPLIER_SUCCESS.update);
      } else {
        await createSupplier(result.data).unwrap();
        notifySuccess(SUPPLIER_SUCCESS.create);
      }
      onClose();
    } catch (error) {
      showServerError(error, isEdit ? SUPPLIER_ERRORS.update : SUPPLIER_ERRORS.create);
    }
  };

  return (
    <FormDialog
      title={isEdit ? 'Edit supplier' : 'Add supplier'}
      submitLabel={isEdit ? 'Save' : 'Add supplier'}
      isBusy={isSaving}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      columns="1fr 1fr"
    >
      <TextField required autoFocus autoComplete="organization" {...field('name')} />
      <TextField autoComplete="name" {...field('contactName')} />
      <TextField type="email" autoComplete="email" {...field('email')} />
      <TextField type="tel" autoComplete="tel" {...field('phone')} />
      <TextField
        inputMode="numeric"
        {...field('leadTimeDays')}
        helperText={field('leadTimeDays').helperText ?? 'Days from order to delivery'}
      />
      <TextField
        multiline
        minRows={2}
        autoComplete="street-address"
        sx={{ gridColumn: '1 / -1' }}
        {...field('address')}
      />
      <TextField multiline minRows={3} sx={{ gridColumn: '1 / -1' }} {...field('notes')} />
    </FormDialog>
  );
}
