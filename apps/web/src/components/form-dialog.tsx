import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode, type RefObject } from 'react';

/** What a form scaffold takes of useFormErrors (or useFormFields). */
export type FormState = {
  /** The form, whose first invalid field gets the focus. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The alert, brought into view when it shows. */
  alertRef: RefObject<HTMLDivElement | null>;
  /** The error no field shows. */
  formError: string | null;
};

type FormAlertProps = {
  form: Pick<FormState, 'alertRef' | 'formError'>;
  sx?: SxProps<Theme>;
};

/** The alert of a form for the error no field shows; useFormErrors scrolls it into view. */
export function FormAlert({ form: { alertRef, formError }, sx }: FormAlertProps) {
  return formError ? (
    <Alert ref={alertRef} severity="error" sx={sx}>
      {formError}
    </Alert>
  ) : null;
}

type FormDialogProps = {
  title: ReactNode;
  /** The submit button's text; it reads "Saving..." while the dialog is busy. */
  submitLabel: string;
  /** A call is under way: the buttons are off and the dialog stays open. */
  isBusy: boolean;
  form: FormState;
  /** Called on submit (button or Enter); the page does not reload. */
  onSubmit: () => void | Promise<void>;
  onClose: () => void;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** The grid's columns of the content (e.g. '1fr 1fr'); one column by default. */
  columns?: string;
  /** The grid's gap, in spacing units. */
  gap?: number;
  /** What the form is about, shown first, right under the title (the item being counted). */
  intro?: ReactNode;
  /** A further action at the left of the buttons ("Back to the template's rules"). */
  secondaryAction?: ReactNode;
  /** The fields. */
  children: ReactNode;
};

/**
 * The scaffold of a create or edit dialog (DESIGN 10): a form with its title, the content as a
 * grid, the alert for an error no field shows (first, and across the grid), and Cancel beside the
 * submit button. While busy, both buttons are off, the submit button says "Saving..." and neither
 * Escape nor a click outside closes the dialog, so an answer always finds it open.
 */
export function FormDialog({
  title,
  submitLabel,
  isBusy,
  form: { formRef, alertRef, formError },
  onSubmit,
  onClose,
  maxWidth = 'sm',
  columns,
  gap = 2,
  intro,
  secondaryAction,
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <Box
        component="form"
        noValidate
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent
          sx={{
            display: 'grid',
            gridTemplateColumns: columns,
            gap,
            // Room for the first outlined field's label; a summary above the fields sits closer.
            pt: intro ? '4px !important' : '12px !important',
          }}
        >
          {intro}
          <FormAlert form={{ alertRef, formError }} sx={{ gridColumn: '1 / -1' }} />
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {secondaryAction}
          <Button color="inherit" onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isBusy}>
            {isBusy ? 'Saving...' : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
