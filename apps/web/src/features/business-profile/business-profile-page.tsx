import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isPermitted } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import { PageHeader } from '../../components/page-header';
import { useDownloadedImage } from '../../hooks/use-downloaded-image';
import { loggedOut, selectBusinessId, selectRoles } from '../../session/session.slice';
import { invalidateBusiness, useGetBusinessProfileQuery } from './business-profile.api';
import { BusinessAddressCard } from './components/business-address-card';
import { BusinessInfoCard } from './components/business-info-card';
import { BusinessStatusCard } from './components/business-status-card';
import { PaymentManagementCard } from './components/payment-management-card';
import { SubscriptionCard } from './components/subscription-card';
import { BUSINESS_ERROR } from './messages';
import { useArrivalSection } from './use-arrival-section';
import { useProviderReturn } from './use-provider-return';

function BusinessProfileSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 2 }} aria-busy="true" aria-label="Loading the business profile">
      {[0, 1].map((card) => (
        <Paper key={card} variant="outlined" sx={{ p: 3 }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
            {card === 0 ? <Skeleton variant="rounded" width={64} height={64} /> : null}
            <Skeleton width={220} height={32} />
          </Box>
          <Skeleton width="100%" />
          <Skeleton width="80%" />
          <Skeleton width="60%" />
        </Paper>
      ))}
    </Box>
  );
}

/**
 * /dashboard/business-profile (000 section 2 "Business profile"). Owners and admins edit; only
 * the owner closes, activates, deletes and manages the subscription; other business roles read
 * the Subscription card and the Payment Management table; only the owner acts on the payment
 * account. The payment provider sends the owner back here (`?stripe=`, `?checkout=`).
 */
export function BusinessProfilePage() {
  const businessId = useSelector(selectBusinessId) ?? '';
  const roles = useSelector(selectRoles);
  const canEdit = isPermitted(roles, 'business:update');
  const isOwner = isPermitted(roles, 'business:close') && isPermitted(roles, 'business:delete');
  const canReadSubscription = isPermitted(roles, 'subscription:read');
  const { data: business, error, isLoading } = useGetBusinessProfileQuery(businessId, { skip: !businessId });
  const [logoRevision, setLogoRevision] = useState(0);
  const logo = useDownloadedImage(business?.logoUrl, logoRevision);
  const [actionError, setActionError] = useState<unknown>(null);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const refetchBusiness = useCallback(() => {
    if (businessId) dispatch(invalidateBusiness(businessId));
  }, [dispatch, businessId]);
  const { isLinkExpired, dismissLinkExpired } = useProviderReturn({
    businessId,
    canReadSubscription,
    refetchBusiness,
  });
  useArrivalSection(business !== undefined);

  // The business is gone, and the token still names it: sign out; the owner sets up a new one
  // after signing in again.
  const onDeleted = () => {
    dispatch(loggedOut({ isByUser: true }));
    void navigate('/login', { replace: true });
  };

  // 000 section 2: "A store error text is shown in red".
  const shownError = error ?? actionError;
  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader title="Business Profile" subtitle="How your business appears to staff and customers." />
      {shownError ? (
        <Typography color="error" role="alert" sx={{ mb: 2 }}>
          {getErrorMessage(shownError, BUSINESS_ERROR)}
        </Typography>
      ) : null}
      {isLoading ? <BusinessProfileSkeleton /> : null}
      {business ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <BusinessInfoCard
            business={business}
            logo={logo}
            canEdit={canEdit}
            onLogoChanged={() => setLogoRevision((current) => current + 1)}
          />
          <BusinessAddressCard business={business} canEdit={canEdit} />
          {canReadSubscription ? (
            <SubscriptionCard
              businessId={business.id}
              timeZone={business.timeZone}
              canManage={isPermitted(roles, 'subscription:manage')}
            />
          ) : null}
          <PaymentManagementCard
            business={business}
            canManage={isPermitted(roles, 'payments:manage')}
            isLinkExpired={isLinkExpired}
            onDismissLinkExpired={dismissLinkExpired}
            onProviderVisited={refetchBusiness}
          />
          {isOwner ? (
            <BusinessStatusCard business={business} onError={setActionError} onDeleted={onDeleted} />
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
