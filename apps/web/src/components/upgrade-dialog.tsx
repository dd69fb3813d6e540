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

/** "Feature Locked" (000 section 2). A click on the backdrop does not close it. */
export function UpgradeDialog({ open, message, onViewPlans, onClose }: UpgradeDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
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
        <Typography>{UPGRADE_DIALOG_TEXT}</Typography>
        {message ? (
          <Box sx={{ mt: 2, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', color: 'text.secondary' }}>
            <Typography variant="body2">{message}</Typography>
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onViewPlans}>
          View Plans
        </Button>
      </DialogActions>
    </Dialog>
  );
}
