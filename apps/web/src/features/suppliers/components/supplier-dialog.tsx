import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ZSupplierRequest, type TSupplier } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { SUPPLIER_ERRORS, SUPPLIER_SUCCESS } from '../messages';
import { useCreateSupplierMutation, useUpdateSupplierMutation } from '../suppliers.api';

const FIELDS = ['name', 'contactName', 'email', 'phone', 'address', 'notes'] as const;
type FieldName = (typeof FIELDS)[number];

const LABELS: Record<FieldName, string> = {
  name: 'Name',
  contactName: 'Contact person',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Address',
  notes: 'Notes',
};

type SupplierDialogProps = {
  /** The supplier to edit; none to add one. */
  supplier: TSupplier | null;
  onClose: () => void;
};

/** Add or edit a supplier: name, who to call, how to reach them, and notes. */
export function SupplierDialog({ supplier, onClose }: SupplierDialogProps) {
  const titleId = useId();
  const isEdit = supplier !== null;
  const [values, setValues] = useState<Record<FieldName, string>>(() => {
    const initial = {} as Record<FieldName, string>;
    for (const name of FIELDS) initial[name] = supplier?.[name] ?? '';
    return initial;
  });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createSupplier, createState] = useCreateSupplierMutation();
  const [updateSupplier, updateState] = useUpdateSupplierMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  const field = (name: FieldName) => ({
    name,
    id: `supplier-${name}`,
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
    <Dialog open onClose={isSaving ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate ref={formRef} onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{isEdit ? 'Edit supplier' : 'Add supplier'}</DialogTitle>
        <DialogContent
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, pt: '12px !important' }}
        >
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ gridColumn: '1 / -1' }}>
              {formError}
            </Alert>
          ) : null}
          <TextField required autoFocus autoComplete="organization" {...field('name')} />
          <TextField autoComplete="name" {...field('contactName')} />
          <TextField type="email" autoComplete="email" {...field('email')} />
          <TextField type="tel" autoComplete="tel" {...field('phone')} />
          <TextField
            multiline
            minRows={2}
            autoComplete="street-address"
            sx={{ gridColumn: '1 / -1' }}
            {...field('address')}
          />
          <TextField multiline minRows={3} sx={{ gridColumn: '1 / -1' }} {...field('notes')} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isSaving}>
            {isSaving ? 'Saving...' : isEdit ? 'Save' : 'Add supplier'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
