import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TSubscriptionPlan } from '@app/contracts';
import { useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import {
  PLANS_FETCH_FAILED,
  PLANS_UNAVAILABLE,
  useGetCurrentSubscriptionQuery,
  useListSubscriptionPlansQuery,
} from '../../api/subscriptions.api';
import { RouterLink } from '../../components/router-link';
import { FEATURE_LABELS, LIMIT_LABELS, currentPlanId, describeLimit, formatPrice } from '../../lib/plans';
import { selectBusinessId } from '../../session/session.slice';
import { MarketingLayout } from './components/marketing-layout';
import { PlanComparisonTable } from './components/plan-comparison-table';
import { LEAD_SX, PAGE_TITLE_SX, PLAN_GRID_SX } from './marketing-styles';
import { useIsSignedIn } from './use-is-signed-in';

const HIGHLIGHTED_PLAN = 'ADVANCED';

function describePlan(plan: TSubscriptionPlan): string[] {
  const limits = (Object.keys(LIMIT_LABELS) as (keyof typeof LIMIT_LABELS)[]).map((key) =>
    describeLimit(plan.limits[key], key),
  );
  return [...limits, ...plan.features.map((feature) => FEATURE_LABELS[feature])];
}

type PlanAction = { label: string; to: string | null };

function planAction(plan: TSubscriptionPlan, signedIn: boolean, current: string | null): PlanAction {
  if (!signedIn) return { label: plan.id === 'FREE' ? 'Start free' : `Choose ${plan.name}`, to: '/register' };
  if (plan.id === current) return { label: 'Current plan', to: null };
  return { label: `Choose ${plan.name}`, to: `/dashboard/subscribe?plan=${plan.id}` };
}

function PlanCard({
  plan,
  action,
  isCurrent,
  isAnyCurrent,
}: {
  plan: TSubscriptionPlan;
  action: PlanAction;
  isCurrent: boolean;
  /** A plan is marked "Your plan": the accent outline is that card's alone. */
  isAnyCurrent: boolean;
}) {
  const isHighlighted = plan.id === HIGHLIGHTED_PLAN;
  // Signed in, two outlined cards (Your plan, and Advanced without a word why) read as two
  // current plans; the highlighted plan keeps its filled button.
  const isAccented = isCurrent || (isHighlighted && !isAnyCurrent);
  return (
    <Paper
      component="section"
      aria-labelledby={`plan-${plan.id}`}
      variant="outlined"
      sx={{
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        borderColor: isAccented ? 'primary.main' : 'divider',
        // A second pixel of accent drawn outside the box, so the card's content lines up with
        // its neighbours' (a 2 px border would push it down).
        boxShadow: isAccented ? (theme) => `0 0 0 1px ${(theme.vars ?? theme).palette.primary.main}` : 'none',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={`plan-${plan.id}`} variant="h4" component="h2">
          {plan.name}
        </Typography>
        {isCurrent ? <Chip size="small" color="primary" label="Your plan" /> : null}
      </Box>
      <Typography sx={{ mt: 1 }}>
        <Box component="span" sx={{ fontSize: '2rem', fontWeight: 700 }}>
          {formatPrice(plan.priceMonthly, plan.currency)}
        </Box>{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          / month
        </Box>
      </Typography>
      <List dense sx={{ flex: 1, my: 2 }}>
        {describePlan(plan).map((line) => (
          <ListItem key={line} disableGutters>
            <ListItemIcon sx={{ minWidth: 28 }}>
              <CheckIcon fontSize="small" color="primary" />
            </ListItemIcon>
            <ListItemText primary={line} />
          </ListItem>
        ))}
      </List>
      {action.to === null ? (
        <Button variant="outlined" fullWidth disabled>
          {action.label}
        </Button>
      ) : (
        <Button
          component={RouterLink}
          to={action.to}
          variant={isHighlighted ? 'contained' : 'outlined'}
          fullWidth
        >
          {action.label}
        </Button>
      )}
    </Paper>
  );
}

function PlansSkeleton() {
  return (
    <Box sx={PLAN_GRID_SX} aria-busy="true" aria-label="Loading the plans">
      {[0, 1, 2, 3].map((card) => (
        <Paper key={card} variant="outlined" sx={{ p: 3 }}>
          <Skeleton width="50%" height={36} />
          <Skeleton width="40%" height={48} />
          {[0, 1, 2, 3, 4].map((line) => (
            <Skeleton key={line} width="80%" />
          ))}
          <Skeleton variant="rounded" height={36} sx={{ mt: 2 }} />
        </Paper>
      ))}
    </Box>
  );
}

/**
 * /subscription-plans (public): the plans of `GET /api/subscription-plans`, each with its price,
 * limits and features, then a comparison table. Signed in, the business's plan is marked (no
 * subscription is Free) and the other plans lead to /dashboard/subscribe.
 */
export function SubscriptionPlansPage() {
  const signedIn = useIsSignedIn();
  const businessId = useSelector(selectBusinessId);
  const plans = useListSubscriptionPlansQuery();
  const canReadCurrent = signedIn && businessId !== null;
  const current = useGetCurrentSubscriptionQuery(businessId ?? '', { skip: !canReadCurrent });
  // The current plan is marked once known; a failed read marks none.
  const markedPlan = canReadCurrent && current.isSuccess ? currentPlanId(current.data) : null;

  return (
    <MarketingLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 9 } }}>
        <Box sx={{ textAlign: 'center', mb: { xs: 4, md: 6 } }}>
          <Typography variant="overline" color="primary">
            Pricing
          </Typography>
          <Typography variant="h1" sx={PAGE_TITLE_SX}>
            Plans that grow with you
          </Typography>
          <Typography color="text.secondary" sx={{ ...LEAD_SX, mt: 1.5, mx: 'auto' }}>
            Start free. Upgrade when you need more stores, products or features. Cancel any time.
          </Typography>
        </Box>
        {plans.isLoading ? <PlansSkeleton /> : null}
        {plans.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void plans.refetch()}>
                Try again
              </Button>
            }
          >
            <AlertTitle>{PLANS_UNAVAILABLE}</AlertTitle>
            {getErrorMessage(plans.error, PLANS_FETCH_FAILED)}
          </Alert>
        ) : null}
        {plans.data ? (
          <>
            <Box sx={PLAN_GRID_SX}>
              {plans.data.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  isCurrent={plan.id === markedPlan}
                  isAnyCurrent={markedPlan !== null}
                  action={planAction(plan, signedIn, markedPlan)}
                />
              ))}
            </Box>
            <PlanComparisonTable plans={plans.data} currentPlanId={markedPlan} />
          </>
        ) : null}
      </Container>
    </MarketingLayout>
  );
}
