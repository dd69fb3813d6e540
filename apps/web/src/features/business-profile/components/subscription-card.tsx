import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { SubscriptionStatus, TSubscription } from '@app/contracts';
import { useId, useRef, useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { LOAD_CURRENT_FAILED, useGetCurrentSubscriptionQuery } from '../../../api/subscriptions.api';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { RouterLink } from '../../../components/router-link';
import { notifySuccess } from '../../../components/toast';
import { BUSINESS_PROFILE_SECTIONS, SECTION_SCROLL_MARGIN } from '../../../lib/business-profile-sections';
import {
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  useSetSubscriptionAutoRenewMutation,
} from '../business-profile.api';
import {
  AUTO_RENEW_HINTS,
  CANCEL_SUBSCRIPTION_CONFIRMATION,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_SUCCESS,
} from '../messages';
import { SandboxChip } from './sandbox-chip';

type SubscriptionCardProps = {
  businessId: string;
  /** The business's time zone: the end date is the day there. */
  timeZone: string;
  /** The owner (`subscription:manage`); other business roles read. */
  canManage: boolean;
};

type Failure = { title: string; message: string };

/** The button that takes over when the one just used goes away. */
type FocusTarget = 'cancel' | 'reactivate';

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  CANCELED: 'Canceled',
  EXPIRED: 'Expired',
};

function formatDate(iso: string, timeZone: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
  }
}

/** 000 section 4: a plan is free when its name is "free", is missing, or there is no subscription. */
export function isFreePlan(subscription: TSubscription | null | undefined): boolean {
  const name = subscription?.plan.name ?? subscription?.planName;
  return !subscription || !name || name.trim().toLowerCase() === 'free';
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The Subscription card of 000 section 2: plan, status, end date, the auto-renew switch, Upgrade
 * Plan or Change Plan (to /subscription-plans) and Cancel Subscription (ACTIVE and a paid plan
 * only); a CANCELED one shows its last day and Reactivate. No subscription (404) is Free.
 */
export function SubscriptionCard({ businessId, timeZone, canManage }: SubscriptionCardProps) {
  const titleId = useId();
  const hintId = useId();
  const cardRef = useRef<HTMLElement>(null);
  // Cancel Subscription and Reactivate replace each other: focus follows to the new button, so
  // a keyboard user is not dropped at the top of the page.
  const pendingFocus = useRef<FocusTarget | null>(null);
  const current = useGetCurrentSubscriptionQuery(businessId);
  const [cancelSubscription, cancelling] = useCancelSubscriptionMutation();
  const [reactivateSubscription, reactivating] = useReactivateSubscriptionMutation();
  const [setAutoRenew, toggling] = useSetSubscriptionAutoRenewMutation();
  const [isConfirming, setIsConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  const subscription = current.data ?? null;
  // An EXPIRED subscription is Free again; its plan is history.
  const shown = subscription?.status === 'EXPIRED' ? null : subscription;
  const isFree = isFreePlan(shown);
  const isBusy = cancelling.isLoading || reactivating.isLoading || toggling.isLoading;
  const canCancel = canManage && shown?.status === 'ACTIVE' && !isFree;
  // CANCELED lasts until the end date (the renewal job expires it then), so it can come back.
  const canReactivate = canManage && shown?.status === 'CANCELED';
  const isRenewable = shown?.status === 'ACTIVE' && !isFree;

  const run = async (
    action: () => Promise<unknown>,
    messages: { title: string; fallback: string },
    success: string,
    focusAfter: FocusTarget | null = null,
  ) => {
    setFailure(null);
    // Set first: the new button may render before this function resumes after the call.
    pendingFocus.current = focusAfter;
    try {
      await action();
      notifySuccess(success);
    } catch (error) {
      pendingFocus.current = null;
      setFailure({ title: messages.title, message: getErrorMessage(error, messages.fallback) });
    }
  };

  /** The ref of a button that may take the focus when it appears. */
  const focusWhenShown = (target: FocusTarget) => (element: HTMLButtonElement | null) => {
    if (!element || pendingFocus.current !== target) return;
    pendingFocus.current = null;
    // Only when the focus was lost with the old button, not taken elsewhere meanwhile.
    const active = document.activeElement;
    if (!active || active === document.body || cardRef.current?.contains(active)) element.focus();
  };

  const cancel = () => {
    setIsConfirming(false);
    if (!shown) return;
    void run(
      () => cancelSubscription(shown.id).unwrap(),
      SUBSCRIPTION_MESSAGES.cancel,
      SUBSCRIPTION_SUCCESS.cancel,
      'reactivate',
    );
  };

  const toggleAutoRenew = (enable: boolean) => {
    // The switch stays enabled (and focused) while the call runs; a second press waits for it.
    if (!shown || isBusy) return;
    void run(
      () => setAutoRenew({ subscriptionId: shown.id, enable }).unwrap(),
      SUBSCRIPTION_MESSAGES.autoRenew,
      enable ? SUBSCRIPTION_SUCCESS.autoRenewOn : SUBSCRIPTION_SUCCESS.autoRenewOff,
    );
  };

  const reactivate = () => {
    if (!shown) return;
    void run(
      () => reactivateSubscription(shown.id).unwrap(),
      SUBSCRIPTION_MESSAGES.reactivate,
      SUBSCRIPTION_SUCCESS.reactivate,
      'cancel',
    );
  };

  return (
    <Paper
      ref={cardRef}
      id={BUSINESS_PROFILE_SECTIONS.subscription}
      // The page moves the focus here after a payment (`#subscription`, `?checkout=success`).
      tabIndex={-1}
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 3, display: 'grid', gap: 2, outline: 'none', scrollMarginTop: SECTION_SCROLL_MARGIN }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h5" component="h2">
          Subscription
        </Typography>
        {shown?.sandbox ? <SandboxChip /> : null}
      </Box>
      {current.isLoading ? (
        <Box aria-busy="true" aria-label="Loading the subscription">
          <Skeleton width="40%" />
          <Skeleton width="60%" />
        </Box>
      ) : null}
      {current.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void current.refetch()}>
              Try again
            </Button>
          }
        >
          <AlertTitle>{LOAD_CURRENT_FAILED}</AlertTitle>
          {getErrorMessage(current.error, LOAD_CURRENT_FAILED)}
        </Alert>
      ) : null}
      {current.isSuccess ? (
        <>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
            }}
          >
            <Field label="Plan">{isFree ? 'Free' : (shown?.plan.name ?? shown?.planName)}</Field>
            <Field label="Status">{shown ? STATUS_LABELS[shown.status] : 'No paid subscription'}</Field>
            <Field label={shown?.status === 'CANCELED' ? 'Access until' : 'End date'}>
              {shown ? formatDate(shown.endDate, timeZone) : '—'}
            </Field>
          </Box>
          {shown?.status === 'CANCELED' ? (
            <Typography color="text.secondary">
              The plan stays until then; afterwards the business is on the Free plan.
            </Typography>
          ) : null}
          {subscription?.status === 'EXPIRED' ? (
            <Typography color="text.secondary">
              Your {subscription.planName} subscription ended on {formatDate(subscription.endDate, timeZone)}.
            </Typography>
          ) : null}
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={shown?.autoRenew ?? false}
                  // Never off while a call runs: a disabled control drops the keyboard focus.
                  disabled={!canManage || !isRenewable}
                  onChange={(event) => toggleAutoRenew(event.target.checked)}
                  slotProps={{
                    input: {
                      'aria-describedby': isRenewable ? hintId : undefined,
                      'aria-busy': toggling.isLoading || undefined,
                    },
                  }}
                />
              }
              label="Auto-renew"
            />
            {isRenewable && shown ? (
              <Typography id={hintId} variant="body2" color="text.secondary">
                {shown.autoRenew ? AUTO_RENEW_HINTS.on : AUTO_RENEW_HINTS.off}
              </Typography>
            ) : null}
          </Box>
          {failure ? (
            <Alert severity="error" onClose={() => setFailure(null)}>
              <AlertTitle>{failure.title}</AlertTitle>
              {failure.message}
            </Alert>
          ) : null}
          {canManage ? (
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              {/* Canceled, the way on is Reactivate: a plan changes only while ACTIVE. */}
              {canReactivate ? (
                <Button
                  ref={focusWhenShown('reactivate')}
                  variant="contained"
                  aria-disabled={isBusy || undefined}
                  onClick={() => {
                    if (!isBusy) reactivate();
                  }}
                >
                  Reactivate
                </Button>
              ) : null}
              <Button
                component={RouterLink}
                to="/subscription-plans"
                variant={canReactivate ? 'outlined' : 'contained'}
              >
                {isFree ? 'Upgrade Plan' : 'Change Plan'}
              </Button>
              {canCancel ? (
                <Button
                  ref={focusWhenShown('cancel')}
                  variant="outlined"
                  color="error"
                  aria-disabled={isBusy || undefined}
                  onClick={() => {
                    if (!isBusy) setIsConfirming(true);
                  }}
                >
                  Cancel Subscription
                </Button>
              ) : null}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Only the business owner can change the subscription.
            </Typography>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title={CANCEL_SUBSCRIPTION_CONFIRMATION.title}
        message={CANCEL_SUBSCRIPTION_CONFIRMATION.message}
        isDestructive
        onConfirm={cancel}
        onCancel={() => setIsConfirming(false)}
      />
    </Paper>
  );
}
