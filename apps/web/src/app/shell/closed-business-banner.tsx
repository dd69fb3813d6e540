import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isPermitted } from '@app/contracts';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { notifySuccess } from '../../components/toast';
import { selectRoles } from '../../session/session.slice';
import { useGetBusinessQuery } from '../../api/business.api';
import { SHELL_BUSINESS_ERROR, useReactivateShellBusinessMutation } from './shell-business.api';

export const CLOSED_BUSINESS_TEXT = 'Your business is closed. Staff cannot sign in.';

/**
 * Shown above every page while the owner's business is closed (issue 10). Only the owner can
 * close or reactivate a business, and only the owner can still sign in to a closed one.
 */
export function ClosedBusinessBanner({ businessId }: { businessId: string }) {
  const roles = useSelector(selectRoles);
  const isOwner = isPermitted(roles, 'business:close');
  const { data: business } = useGetBusinessQuery(businessId, { skip: !isOwner });
  const [reactivate, { isLoading, error }] = useReactivateShellBusinessMutation();
  // `active === false` only: a business read without the flag is not taken for a closed one.
  if (!isOwner || !business || business.active !== false) return null;

  const onReactivate = async () => {
    try {
      await reactivate(businessId).unwrap();
      notifySuccess('Your business is open again.');
    } catch {
      // The banner shows the error below its text.
    }
  };

  return (
    <Alert
      severity="warning"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" disabled={isLoading} onClick={() => void onReactivate()}>
          Reactivate
        </Button>
      }
    >
      {CLOSED_BUSINESS_TEXT}
      {error ? (
        <>
          {' '}
          <strong>{getErrorMessage(error, SHELL_BUSINESS_ERROR)}</strong>
        </>
      ) : null}
    </Alert>
  );
}
