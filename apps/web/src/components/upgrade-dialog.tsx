import CloseIcon from '@mui/icons-material/Close';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export const UPGRADE_DIALOG_TEXT =
  'It looks like this feature is part of a subscription plan. Upgrade now to gain access!';

type UpgradeDialogProps = {
  open: boolean;
  /** Extra text, such as the server message of a plan violation. */
  message?: string | null;
  onViewPlans: () => void;
  onClose: () => void;
};

/**
 * "Feature Locked" (000 section 2). A click on the backdrop does not close it.
 *
 * A plan violation usually comes from a dialog (a create form, an upload) that may stay open or
 * close itself meanwhile. Every MUI modal sits on the same layer, where the later one in the page
 * paints on top; this one takes the layer just above, so it is never drawn under the dialog that
 * caused it, whatever mounted first. It is the newest modal, so its focus trap is the active one:
 * focus moves to View Plans, Tab stays in it, and it takes focus back if the dialog beneath closes
 * and returns focus to the page.
 */
export function UpgradeDialog({ open, message, onViewPlans, onClose }: UpgradeDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 6 }}>
        <LockOutlinedIcon color="primary" fontSize="small" aria-hidden="true" />
        Feature Locked
      </DialogTitle>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent>
        <Typography id={textId}>{UPGRADE_DIALOG_TEXT}</Typography>
        {message ? (
          <Box sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', color: 'text.secondary' }}>
            <Typography variant="body2">{message}</Typography>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {/* The way on is the first thing a keyboard reaches; Escape and the close icon leave. */}
        <Button variant="contained" onClick={onViewPlans} autoFocus>
          View Plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}
