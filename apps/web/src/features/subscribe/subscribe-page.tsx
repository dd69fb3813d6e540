import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CHECKOUT_RETURN,
  PLAN_IDS,
  isPermitted,
  type PlanId,
  type TSubscription,
  type TSubscriptionPlan,
} from '@app/contracts';
import { useEffect, useId, useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { getErrorMessage } from '../../api/api-error';
import {
  LOAD_CURRENT_FAILED,
  PLANS_LOAD_FAILED,
  useGetCurrentSubscriptionQuery,
  useListSubscriptionPlansQuery,
} from '../../api/subscriptions.api';
import { PageHeader } from '../../components/page-header';
import { RouterLink } from '../../components/router-link';
import { notifySuccess } from '../../components/toast';
import { businessProfileSectionPath } from '../../lib/business-profile-sections';
import { isWebLink } from '../../lib/new-tab';
import { FEATURE_LABELS, LIMIT_LABELS, describeLimit, formatPrice, openSubscription } from '../../lib/plans';
import { useIdempotencyKey } from '../../lib/use-idempotency-key';
import { selectBusinessId, selectRoles } from '../../session/session.slice';
import {
  CANCELED_CHANGE_BLOCKED,
  CHECKOUT_CANCELED,
  CHECKOUT_NOTE,
  CREATE_SUBSCRIPTION_FAILED,
  CREATION_FAILED,
  FREE_CHANGE_BLOCKED,
  ONLY_OWNER_PAYS,
  OPENING_CHECKOUT,
  OPEN_BUSINESS_PROFILE,
  SANDBOX_NOTE,
} from './messages';
import { useChangeSubscriptionPlanMutation, useCreateSubscriptionMutation } from './subscribe.api';

const LIMIT_KEYS = Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[];

function readPlan(value: string | null): PlanId | null {
  const upper = value?.toUpperCase();
  return PLAN_IDS.find((id) => id === upper) ?? null;
}

/**
 * Why Confirm is unavailable, or null when the owner may pay for the chosen plan. `isElsewhere`:
 * the way on is a step on the business profile (the server would refuse the change itself).
 */
type Blocked = { reason: string; isElsewhere: boolean };

function blockedReason(plan: TSubscriptionPlan | undefined, open: TSubscription | null): Blocked | null {
  if (!plan) return { reason: 'Choose a plan.', isElsewhere: false };
  if (open?.status === 'CANCELED') return { reason: CANCELED_CHANGE_BLOCKED, isElsewhere: true };
  if (open?.planId === plan.id) return { reason: 'This is your current plan.', isElsewhere: false };
  if (plan.id === 'FREE') {
    return open
      ? { reason: FREE_CHANGE_BLOCKED, isElsewhere: true }
      : { reason: 'You are on the Free plan already.', isElsewhere: false };
  }
  return null;
}

/** "Changing from Basic to Supreme…", said only where the change can go ahead. */
function changeNote(plan: TSubscriptionPlan, open: TSubscription): string | null {
  if (open.planId === plan.id) return `You are on ${open.planName}.`;
  if (open.status !== 'ACTIVE' || plan.id === 'FREE') return null;
  return `Changing from ${open.planName} to ${plan.name}. The provider prorates the rest of this period.`;
}

function PlanSummary({ plan }: { plan: TSubscriptionPlan }) {
  return (
    <>
      <Typography>
        <Box component="span" sx={{ fontSize: '1.75rem', fontWeight: 700 }}>
          {formatPrice(plan.priceMonthly, plan.currency)}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {plan.id === 'FREE' ? '/ month' : '/ month, renews monthly'}
        </Box>
      </Typography>
      <List dense disablePadding aria-label={`What ${plan.name} includes`}>
        {[
          ...LIMIT_KEYS.map((key) => describeLimit(plan.limits[key], key)),
          ...plan.features.map((feature) => FEATURE_LABELS[feature]),
        ].map((line) => (
          <ListItem key={line} disableGutters>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <CheckIcon fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText primary={line} />
          </ListItem>
        ))}
      </List>
    </>
  );
}

function TryAgain({ onClick }: { onClick: () => void }) {
  return (
    <Button color="inherit" size="small" onClick={onClick}>
      Try again
    </Button>
  );
}

function SubscribeSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '320px 1fr', gap: 2 }}
      aria-busy="true"
      aria-label="Loading the plans"
    >
      <Paper variant="outlined" sx={{ p: 2 }}>
        {[0, 1, 2, 3].map((line) => (
          <Skeleton key={line} height={40} />
        ))}
      </Paper>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton width="30%" height={36} />
        <Skeleton width="50%" />
        <Skeleton width="70%" />
        <Skeleton width="60%" />
      </Paper>
    </Box>
  );
}

/**
 * /dashboard/subscribe: choose a plan (from ?plan= or the list), see what it costs and includes,
 * and Confirm: a new subscription without an open one, else a change of plan. Every business role
 * sees it; only the owner pays (`subscription:manage`). With Stripe a new subscription is paid on
 * its Checkout page, in this tab; leaving it brings the owner back with `?checkout=canceled`.
 */
export function SubscribePage() {
  const businessId = useSelector(selectBusinessId) ?? '';
  const canManage = isPermitted(useSelector(selectRoles), 'subscription:manage');
  const [searchParams, setSearchParams] = useSearchParams();
  const [chosen, setChosen] = useState<PlanId | null>(() => readPlan(searchParams.get('plan')));
  const [isCheckoutCanceled, setIsCheckoutCanceled] = useState(
    () => searchParams.get('checkout') === CHECKOUT_RETURN.canceled,
  );
  const [isLeaving, setIsLeaving] = useState(false);
  const plans = useListSubscriptionPlansQuery();
  const current = useGetCurrentSubscriptionQuery(businessId, { skip: !businessId });
  const [createSubscription, creating] = useCreateSubscriptionMutation();
  const [changePlan, changing] = useChangeSubscriptionPlanMutation();
  const { keyFor, settle } = useIdempotencyKey();
  const [payError, setPayError] = useState<unknown>(null);
  const navigate = useNavigate();
  const chooserId = useId();

  // The notice is kept in state; the address loses `checkout` so a reload does not repeat it.
  useEffect(() => {
    if (!isCheckoutCanceled) return;
    setSearchParams(
      (params) => {
        params.delete('checkout');
        return params;
      },
      { replace: true },
    );
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back from the payment page may restore this page as it was left (back-forward cache).
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const open = openSubscription(current.data);
  const plan = plans.data?.find((candidate) => candidate.id === chosen);
  const isPaying = creating.isLoading || changing.isLoading || isLeaving;
  const blocked = blockedReason(plan, open);
  const canConfirm = canManage && current.isSuccess && blocked === null && !isPaying;
  const note = plan && open ? changeNote(plan, open) : null;

  const confirm = async () => {
    if (!plan) return;
    setPayError(null);
    setIsCheckoutCanceled(false);
    try {
      const request = open
        ? { action: 'change', subscriptionId: open.id, planId: plan.id }
        : { action: 'create', planId: plan.id };
      const idempotencyKey = keyFor(request);
      const result = open
        ? await changePlan({ subscriptionId: open.id, planId: plan.id, idempotencyKey }).unwrap()
        : await createSubscription({ planId: plan.id, idempotencyKey }).unwrap();
      settle();
      if ('checkoutUrl' in result) {
        // Stripe Checkout: the payment page replaces this one; the subscription starts when Stripe
        // confirms the payment, and Checkout sends the owner back to the business profile.
        if (!isWebLink(result.checkoutUrl)) throw new Error('The payment page address is not a web address.');
        setIsLeaving(true);
        window.location.assign(result.checkoutUrl);
        return;
      }
      notifySuccess(
        `You are now on the ${result.planName} plan.${result.sandbox ? ` ${SANDBOX_NOTE}.` : ''}`,
      );
      // Straight to the Subscription card, where the new plan shows.
      void navigate(businessProfileSectionPath('subscription'));
    } catch (error) {
      setPayError(error);
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageHeader
        title="Subscribe"
        subtitle="Choose a plan, check what it includes, and confirm."
        actions={
          <Button component={RouterLink} to="/subscription-plans" variant="text">
            Compare all plans
          </Button>
        }
      />
      {isCheckoutCanceled ? (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setIsCheckoutCanceled(false)}>
          {CHECKOUT_CANCELED}
        </Alert>
      ) : null}
      {plans.isLoading ? <SubscribeSkeleton /> : null}
      {plans.error ? (
        <Alert severity="error" sx={{ mb: 2 }} action={<TryAgain onClick={() => void plans.refetch()} />}>
          <AlertTitle>{PLANS_LOAD_FAILED}</AlertTitle>
          {getErrorMessage(plans.error, PLANS_LOAD_FAILED)}
        </Alert>
      ) : null}
      {current.error ? (
        <Alert severity="error" sx={{ mb: 2 }} action={<TryAgain onClick={() => void current.refetch()} />}>
          <AlertTitle>{LOAD_CURRENT_FAILED}</AlertTitle>
          {getErrorMessage(current.error, LOAD_CURRENT_FAILED)}
        </Alert>
      ) : null}
      {plans.data ? (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: '320px minmax(0, 1fr)', gap: 2, alignItems: 'start' }}
        >
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography id={chooserId} variant="h6" component="h2" sx={{ mb: 1 }}>
              Plan
            </Typography>
            <RadioGroup
              aria-labelledby={chooserId}
              value={chosen ?? ''}
              onChange={(event) => {
                setChosen(readPlan(event.target.value));
                setPayError(null);
              }}
            >
              {plans.data.map((candidate) => (
                <FormControlLabel
                  key={candidate.id}
                  value={candidate.id}
                  control={<Radio />}
                  sx={{ py: 0.5 }}
                  label={
                    // Name and the Current chip on one line, the price under them: on one line
                    // the chip wrapped below "Supreme · $199 / month" in this 320 px column.
                    <Box component="span" sx={{ display: 'block' }}>
                      <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                        {candidate.name}{' '}
                        {current.isSuccess && (open?.planId ?? 'FREE') === candidate.id ? (
                          <Chip size="small" label="Current" variant="outlined" />
                        ) : null}
                      </Box>
                      <Box
                        component="span"
                        sx={{ display: 'block', color: 'text.secondary', fontSize: '0.875rem' }}
                      >
                        {' '}
                        {formatPrice(candidate.priceMonthly, candidate.currency)} / month
                      </Box>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </Paper>
          <Paper
            variant="outlined"
            component="section"
            aria-label="Your choice"
            sx={{ p: 3, display: 'grid', gap: 2 }}
          >
            {plan ? (
              <>
                <Typography variant="h5" component="h2">
                  {plan.name}
                </Typography>
                {note ? <Typography color="text.secondary">{note}</Typography> : null}
                {/* Before the plan's long list: the first thing to know is that this change goes elsewhere. */}
                {canManage && blocked?.isElsewhere ? (
                  <Alert severity="info" role="note">
                    {blocked.reason}
                    {/* Under the text: beside it, the alert's action column wrapped it to four lines. */}
                    <Box sx={{ mt: 1 }}>
                      <Button
                        component={RouterLink}
                        to={businessProfileSectionPath('subscription')}
                        color="inherit"
                        size="small"
                        variant="outlined"
                      >
                        {OPEN_BUSINESS_PROFILE}
                      </Button>
                    </Box>
                  </Alert>
                ) : null}
                <PlanSummary plan={plan} />
              </>
            ) : (
              <Typography color="text.secondary">Choose a plan to see what it costs and includes.</Typography>
            )}
            {(open ? open.sandbox : plan?.sandbox) ? (
              <Alert severity="info" role="note">
                {SANDBOX_NOTE}.
              </Alert>
            ) : null}
            {!open && plan && plan.id !== 'FREE' && !plan.sandbox ? (
              <Alert severity="info" role="note">
                {CHECKOUT_NOTE}
              </Alert>
            ) : null}
            {canManage ? null : (
              <Alert severity="info" role="note">
                {ONLY_OWNER_PAYS}
              </Alert>
            )}
            {payError ? (
              <Alert severity="error">
                <AlertTitle>{CREATION_FAILED}</AlertTitle>
                {getErrorMessage(payError, CREATE_SUBSCRIPTION_FAILED)}
              </Alert>
            ) : null}
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button variant="contained" disabled={!canConfirm} onClick={() => void confirm()}>
                {isPaying ? 'Processing...' : 'Confirm'}
              </Button>
              {isLeaving ? (
                <Typography
                  role="status"
                  color="text.secondary"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                >
                  <CircularProgress size={16} aria-hidden="true" />
                  {OPENING_CHECKOUT}
                </Typography>
              ) : null}
              {canManage && blocked && !blocked.isElsewhere && plan ? (
                <Typography color="text.secondary">{blocked.reason}</Typography>
              ) : null}
            </Box>
          </Paper>
        </Box>
      ) : null}
    </Box>
  );
}
