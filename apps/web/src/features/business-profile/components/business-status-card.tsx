import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TBusiness } from '@app/contracts';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/toast';
import { useActivateBusinessMutation, useCloseBusinessMutation } from '../business-profile.api';
import { BUSINESS_CONFIRMATIONS, BUSINESS_SUCCESS } from '../messages';
import { DeleteBusinessDialog } from './delete-business-dialog';

type BusinessStatusCardProps = {
  business: TBusiness;
  /** A failed close or activate: the page shows the error in red. */
  onError: (error: unknown) => void;
  onDeleted: () => void;
};

/** A deeper amber than MUI's warning, whose orange is too light for a small label on white (AA 4.5:1). */
const CLOSED_LIGHT = '#8a4b00';

/** The owner's card: close or activate the business (staff sign-in), and Delete Business. */
export function BusinessStatusCard({ business, onError, onDeleted }: BusinessStatusCardProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState<'close' | 'activate' | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [closeBusiness, { isLoading: isClosing }] = useCloseBusinessMutation();
  const [activateBusiness, { isLoading: isActivating }] = useActivateBusinessMutation();
  const isBusy = isClosing || isActivating;

  const confirm = async () => {
    const action = confirming;
    setConfirming(null);
    if (!action) return;
    try {
      if (action === 'close') await closeBusiness(business.id).unwrap();
      else await activateBusiness(business.id).unwrap();
      notifySuccess(BUSINESS_SUCCESS[action]);
    } catch (error) {
      onError(error);
    }
  };

  const dialog = confirming ? BUSINESS_CONFIRMATIONS[confirming] : BUSINESS_CONFIRMATIONS.close;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 3, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Typography id={titleId} variant="h5" component="h2">
          Business status
        </Typography>
        <Chip
          size="small"
          label={business.active ? 'Active' : 'Closed'}
          color={business.active ? 'success' : 'warning'}
          variant="outlined"
          sx={
            business.active
              ? undefined
              : [
                  { color: CLOSED_LIGHT, borderColor: CLOSED_LIGHT },
                  (theme) =>
                    theme.applyStyles('dark', { color: 'warning.main', borderColor: 'warning.main' }),
                ]
          }
        />
      </Box>
      <Typography color="text.secondary">
        {business.active
          ? 'Your staff can sign in. Closing the business stops that until you activate it again.'
          : 'Your business is closed: staff cannot sign in. Activate it to let them back in.'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {business.active ? (
          <Button variant="outlined" disabled={isBusy} onClick={() => setConfirming('close')}>
            Close Business
          </Button>
        ) : (
          <Button variant="contained" disabled={isBusy} onClick={() => setConfirming('activate')}>
            Activate Business
          </Button>
        )}
        <Button variant="outlined" color="error" onClick={() => setIsDeleting(true)}>
          Delete Business
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming !== null}
        title={dialog.title}
        message={dialog.message}
        isDestructive={confirming === 'close'}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      />
      <DeleteBusinessDialog
        open={isDeleting}
        businessId={business.id}
        businessName={business.businessName}
        onCancel={() => setIsDeleting(false)}
        onDeleted={onDeleted}
      />
    </Paper>
  );
}
