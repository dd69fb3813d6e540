import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isSandboxAccount, type TBusiness } from '@app/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyError } from '../../../components/toast';
import { BUSINESS_PROFILE_SECTIONS, SECTION_SCROLL_MARGIN } from '../../../lib/business-profile-sections';
import { isWebLink, openPendingTab } from '../../../lib/new-tab';
import {
  useGetPaymentConnectLinkMutation,
  useGetPaymentDashboardLinkMutation,
  useGetPaymentReauthLinkMutation,
} from '../business-profile.api';
import {
  BUSINESS_ERROR,
  PAYMENT_ACTIONS,
  PAYMENT_TEXTS,
  paymentConfirmation,
  type PaymentAction,
} from '../messages';
import { SandboxChip } from './sandbox-chip';

type PaymentManagementCardProps = {
  business: TBusiness;
  /** The owner (`payments:manage`); an admin sees the table with its buttons off. */
  canManage: boolean;
  /** Stripe sent the owner back because the onboarding link expired (`?stripe=refresh`). */
  isLinkExpired: boolean;
  onDismissLinkExpired: () => void;
  /** The business may have changed in the provider's tab: read it again. */
  onProviderVisited: () => void;
};

const ORDER: PaymentAction[] = ['connect', 'reauth', 'dashboard'];

/** The table's first and last columns line up with the card's other content. */
const TABLE_EDGES_SX = {
  '& th:first-of-type, & td:first-of-type': { pl: 0 },
  '& th:last-of-type, & td:last-of-type': { pr: 0 },
} as const;

/** 000 section 4: each action is on by onboarding-complete or account-id presence. */
function isAvailable(action: PaymentAction, business: TBusiness): boolean {
  switch (action) {
    case 'connect':
      return !business.stripeOnboardingComplete;
    case 'reauth':
      return Boolean(business.stripeAccountId);
    case 'dashboard':
      return business.stripeOnboardingComplete;
  }
}

function OnboardingChip({ business }: { business: TBusiness }) {
  if (business.stripeOnboardingComplete) {
    return <Chip size="small" color="success" variant="outlined" label="Onboarding complete" />;
  }
  return (
    <Chip
      size="small"
      variant="outlined"
      label={business.stripeAccountId ? 'Onboarding not finished' : 'Not connected'}
    />
  );
}

/**
 * The Payment Management table of 000 section 2: Connect Stripe, Re-auth Stripe and Express
 * Dashboard. Each asks first, then opens the link the server answers in a new tab. The tab opens
 * on the confirming click itself (a popup blocker refuses one opened after the call returns) and
 * is sent to the link when it arrives, or closed when the call fails.
 */
export function PaymentManagementCard({
  business,
  canManage,
  isLinkExpired,
  onDismissLinkExpired,
  onProviderVisited,
}: PaymentManagementCardProps) {
  const titleId = useId();
  // The action asked about stays while the dialog closes, so its title does not change mid-fade.
  const [asked, setAsked] = useState<PaymentAction>('connect');
  const [isAsking, setIsAsking] = useState(false);
  const [blockedLink, setBlockedLink] = useState<{ action: PaymentAction; url: string } | null>(null);
  const [getConnectLink, connect] = useGetPaymentConnectLinkMutation();
  const [getReauthLink, reauth] = useGetPaymentReauthLinkMutation();
  const [getDashboardLink, dashboard] = useGetPaymentDashboardLinkMutation();
  const isBusy = connect.isLoading || reauth.isLoading || dashboard.isLoading;
  const hasOpenedTab = useRef(false);
  const accountId = business.stripeAccountId;
  const isOnboarded = business.stripeOnboardingComplete;

  // The owner finishes onboarding in the other tab; back here, the business is read again so the
  // state and the buttons follow. Until onboarding is complete every return reads it: an owner
  // who looked back here before finishing (the walk did) saw 'Onboarding not finished' and a
  // disabled Express Dashboard until a reload.
  useEffect(() => {
    const onFocus = () => {
      if (!hasOpenedTab.current) return;
      if (isOnboarded) hasOpenedTab.current = false;
      onProviderVisited();
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [onProviderVisited, isOnboarded]);

  const requestLink = (action: PaymentAction): Promise<string> => {
    switch (action) {
      case 'connect':
        return getConnectLink(business.id).unwrap();
      case 'reauth':
        return getReauthLink(accountId ?? '').unwrap();
      case 'dashboard':
        return getDashboardLink().unwrap();
    }
  };

  // Runs inside the click on Proceed: the tab must open before the first await.
  const perform = async () => {
    const action = asked;
    setIsAsking(false);
    setBlockedLink(null);
    const tab = openPendingTab();
    try {
      const link = await requestLink(action);
      if (!isWebLink(link)) {
        tab?.close();
        notifyError(PAYMENT_TEXTS.badLink);
        return;
      }
      if (tab) {
        tab.show(link);
        hasOpenedTab.current = true;
      } else {
        // Blocked all the same: a link the owner clicks is never blocked.
        setBlockedLink({ action, url: link });
      }
      if (action === 'reauth') onDismissLinkExpired();
    } catch (error) {
      tab?.close();
      notifyError(getErrorMessage(error, BUSINESS_ERROR));
    }
  };

  return (
    <Paper
      id={BUSINESS_PROFILE_SECTIONS.payments}
      // The page moves the focus here when the payment provider sends the owner back.
      tabIndex={-1}
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 3, display: 'grid', gap: 2, outline: 'none', scrollMarginTop: SECTION_SCROLL_MARGIN }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h5" component="h2">
          Payment Management
        </Typography>
        <OnboardingChip business={business} />
        {isSandboxAccount(accountId) ? <SandboxChip /> : null}
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Typography variant="body2" color="text.secondary" component="dt">
          Stripe account
        </Typography>
        <Typography
          component="dd"
          sx={{
            m: 0,
            fontWeight: 500,
            fontFamily: accountId ? 'monospace' : undefined,
            overflowWrap: 'anywhere',
          }}
        >
          {accountId ?? 'None yet: Connect Stripe creates it.'}
        </Typography>
      </Box>
      {isSandboxAccount(accountId) ? (
        <Typography variant="body2" color="text.secondary">
          {PAYMENT_TEXTS.sandbox}
        </Typography>
      ) : null}
      {isLinkExpired ? (
        <Alert severity="info" onClose={onDismissLinkExpired}>
          {PAYMENT_TEXTS.linkExpired}
        </Alert>
      ) : null}
      {blockedLink ? (
        <Alert
          severity="warning"
          onClose={() => setBlockedLink(null)}
          action={
            <Button
              component="a"
              href={blockedLink.url}
              target="_blank"
              rel="noopener noreferrer"
              color="inherit"
              size="small"
              endIcon={<OpenInNewIcon fontSize="small" />}
              onClick={() => {
                hasOpenedTab.current = true;
                setBlockedLink(null);
              }}
            >
              Open {PAYMENT_ACTIONS[blockedLink.action].label}
            </Button>
          }
        >
          {PAYMENT_TEXTS.blocked}
        </Alert>
      ) : null}
      <Table size="small" aria-labelledby={titleId} sx={TABLE_EDGES_SX}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 200 }}>Action</TableCell>
            <TableCell>What it does</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ORDER.map((action) => {
            const { label, unavailable } = PAYMENT_ACTIONS[action];
            // "Continue … onboarding" only while there is onboarding left to continue: once it
            // was complete the row read "Continue the onboarding. Onboarding is complete."
            const description =
              action === 'connect' && accountId && !isOnboarded
                ? PAYMENT_ACTIONS.connect.resumeDescription
                : PAYMENT_ACTIONS[action].description;
            const isOn = isAvailable(action, business);
            const descriptionId = `${titleId}-${action}`;
            return (
              <TableRow key={action}>
                <TableCell>
                  <Button
                    variant={action === 'connect' ? 'contained' : 'outlined'}
                    size="small"
                    endIcon={<OpenInNewIcon fontSize="small" />}
                    disabled={!canManage || !isOn || isBusy}
                    aria-describedby={descriptionId}
                    onClick={() => {
                      setAsked(action);
                      setIsAsking(true);
                    }}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {label}
                  </Button>
                </TableCell>
                <TableCell id={descriptionId}>
                  {description}
                  {isOn ? null : (
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      component="span"
                      sx={{ display: 'block', mt: 0.25 }}
                    >
                      {unavailable}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {canManage ? null : (
        <Typography variant="body2" color="text.secondary">
          {PAYMENT_TEXTS.onlyOwner}
        </Typography>
      )}
      <ConfirmDialog
        open={isAsking}
        title={PAYMENT_ACTIONS[asked].label}
        message={`${paymentConfirmation(PAYMENT_ACTIONS[asked].label)} ${PAYMENT_TEXTS.opensInNewTab}`}
        onConfirm={() => void perform()}
        onCancel={() => setIsAsking(false)}
      />
    </Paper>
  );
}
