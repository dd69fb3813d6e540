import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { useDeleteBusinessMutation } from '../business-profile.api';
import { BUSINESS_ERROR, DELETE_BUSINESS_TEXT } from '../messages';

type DeleteBusinessDialogProps = {
  open: boolean;
  businessId: string;
  businessName: string;
  onCancel: () => void;
  onDeleted: () => void;
};

/** Delete Business: the owner types the business name before the button works (issue 10). */
export function DeleteBusinessDialog({
  open,
  businessId,
  businessName,
  onCancel,
  onDeleted,
}: DeleteBusinessDialogProps) {
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [deleteBusiness, { isLoading, error, reset }] = useDeleteBusinessMutation();
  const isMatching = typed.trim() === businessName.trim();

  const cancel = () => {
    setTyped('');
    reset();
    onCancel();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isMatching) return;
    try {
      await deleteBusiness({ businessId, body: { businessName: typed.trim() } }).unwrap();
      onDeleted();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isLoading ? undefined : cancel}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>Delete Business</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{DELETE_BUSINESS_TEXT}</DialogContentText>
          {error ? <Alert severity="error">{getErrorMessage(error, BUSINESS_ERROR)}</Alert> : null}
          <TextField
            label={`Type "${businessName}" to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoFocus
            autoComplete="off"
            disabled={isLoading}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={cancel} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!isMatching || isLoading}>
            Delete Business
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
