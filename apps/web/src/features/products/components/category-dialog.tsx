import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZCategoryRequest, type TCategory, type TCategoryRequest, type TLocation } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { notifySuccess } from '../../../components/toast';
import { useFormErrors } from '../../../lib/use-form-errors';
import { validate } from '../../../lib/validation';
import { FORM_IN_DIALOG } from './text-styles';
import { CATEGORY_MESSAGES, SUCCESS_MESSAGES } from '../messages';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from '../products.api';

/** Adds or edits a category of the location: its name (unique there) and a description. */
export function CategoryDialog({
  category,
  location,
  onClose,
}: {
  /** The category to edit; null adds one. */
  category: TCategory | null;
  location: TLocation;
  onClose: () => void;
}) {
  const titleId = useId();
  const [values, setValues] = useState({
    categoryName: category?.categoryName ?? '',
    description: category?.description ?? '',
  });
  const { formRef, alertRef, errors, formError, showErrors, showServerError, clearError } = useFormErrors();
  const [createCategory, creating] = useCreateCategoryMutation();
  const [updateCategory, updating] = useUpdateCategoryMutation();
  const isBusy = creating.isLoading || updating.isLoading;

  const field = (name: keyof typeof values) => ({
    name,
    id: `category-${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      clearError(name);
    },
    error: Boolean(errors[name]),
    helperText: errors[name],
    disabled: isBusy,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: TCategoryRequest = { ...values, locationId: category?.locationId ?? location.id };
    const result = validate(ZCategoryRequest, input);
    showErrors(result.errors ?? {});
    if (result.errors) return;
    try {
      if (category) {
        await updateCategory({ categoryId: category.id, body: result.data }).unwrap();
        notifySuccess(SUCCESS_MESSAGES.categoryUpdated);
      } else {
        await createCategory(result.data).unwrap();
        notifySuccess(SUCCESS_MESSAGES.categoryAdded);
      }
      onClose();
    } catch (error) {
      showServerError(error, category ? CATEGORY_MESSAGES.update : CATEGORY_MESSAGES.add);
    }
  };

  return (
    <Dialog open onClose={isBusy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        sx={FORM_IN_DIALOG}
      >
        <DialogTitle id={titleId}>{category ? 'Edit category' : 'Add category'}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            At <strong>{category?.location.name ?? location.name}</strong>.
          </Typography>
          {formError ? (
            <Alert ref={alertRef} severity="error" sx={{ mb: 2 }}>
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField label="Category name" required autoFocus {...field('categoryName')} />
            <TextField label="Description" multiline minRows={3} {...field('description')} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {isBusy ? 'Saving…' : category ? 'Save changes' : 'Add category'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
