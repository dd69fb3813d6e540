import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import AutoGraphOutlinedIcon from '@mui/icons-material/AutoGraphOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PLANS, isPermitted, type PlanId } from '@app/contracts';
import { useId } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { getErrorMessage } from '../../api/api-error';
import { LOAD_CURRENT_FAILED, useGetCurrentSubscriptionQuery } from '../../api/subscriptions.api';
import { PageHeader } from '../../components/page-header';
import { RouterLink } from '../../components/router-link';
import { currentPlanId } from '../../lib/plans';
import { selectBusinessId, selectRoles } from '../../session/session.slice';
import { planViolationReceived } from '../../ui/ui.slice';
import {
  ANALYTICS_TIERS,
  lockedTierMessage,
  lowestPlanWith,
  type AnalyticsTier,
} from './components/analytics-tiers';

export const PLAN_UNKNOWN_TEXT =
  'Some of these may not be in your business’s plan. If one is not, it says so when you open it.';

/**
 * /dashboard/analytics: the three tiers, what each shows, and which the business's plan opens.
 * An open tier is a link to its screen; a locked one opens 'Feature Locked' naming the plan that
 * has it. Only business roles may read the subscription: for analytics roles the plan is unknown,
 * every tier is a link, and the server's refusal opens the same dialog on the tier's screen.
 */
export function AnalyticsPage() {
  const businessId = useSelector(selectBusinessId);
  const roles = useSelector(selectRoles);
  const readsPlan = isPermitted(roles, 'subscription:read');
  const subscription = useGetCurrentSubscriptionQuery(businessId ?? '', {
    skip: !businessId || !readsPlan,
  });
  const planId = readsPlan && subscription.isSuccess ? currentPlanId(subscription.data) : null;

  return (
    <Box>
      <PageHeader
        title="Analytics"
        subtitle={
          planId
            ? `Sales figures for your business. You are on the ${PLANS[planId].name} plan.`
            : 'Sales figures for your business.'
        }
      />
      {!readsPlan ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {PLAN_UNKNOWN_TEXT}
        </Alert>
      ) : null}
      {subscription.isError ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void subscription.refetch()}>
              Retry
            </Button>
          }
        >
          {getErrorMessage(subscription.error, LOAD_CURRENT_FAILED)}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {ANALYTICS_TIERS.map((tier) =>
          subscription.isLoading ? (
            <Skeleton key={tier.id} variant="rounded" height={248} aria-label={`Loading ${tier.title}`} />
          ) : (
            <TierCard
              key={tier.id}
              tier={tier}
              planId={planId}
              isOpen={planId === null || PLANS[planId].features.includes(tier.feature)}
            />
          ),
        )}
      </Box>
    </Box>
  );
}

const TIER_ICONS: Record<AnalyticsTier['id'], typeof InsightsOutlinedIcon> = {
  basic: InsightsOutlinedIcon,
  advanced: QueryStatsOutlinedIcon,
  supreme: AutoGraphOutlinedIcon,
};

type TierCardProps = { tier: AnalyticsTier; planId: PlanId | null; isOpen: boolean };

function TierCard({ tier, planId, isOpen }: TierCardProps) {
  const dispatch = useDispatch();
  const titleId = useId();
  const listId = useId();
  const name = `${tier.title} analytics`;
  const neededPlan = PLANS[lowestPlanWith(tier.feature)].name;
  const Icon = TIER_ICONS[tier.id];
  const content = (
    <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon color={isOpen ? 'primary' : 'disabled'} aria-hidden="true" />
        <Typography id={titleId} variant="h5" component="h2">
          {tier.title}
        </Typography>
      </Box>
      {/* On a row of its own: the lists below start at the same height in all three cards. */}
      {planId === null ? null : (
        <Box>
          {isOpen ? (
            <Chip
              size="small"
              color="success"
              variant="outlined"
              icon={<CheckCircleOutlineIcon />}
              label="In your plan"
            />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              icon={<LockOutlinedIcon />}
              label={`With the ${neededPlan} plan`}
            />
          )}
        </Box>
      )}
      <Box component="ul" id={listId} sx={{ m: 0, pl: 2.5, color: 'text.secondary', flex: 1 }}>
        {tier.shows.map((line) => (
          <Typography key={line} component="li" variant="body2" sx={{ mb: 0.5 }}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography variant="button" color={isOpen ? 'primary' : 'text.secondary'}>
        {isOpen ? `Open ${name}` : 'Locked: see the plans'}
      </Typography>
    </CardContent>
  );
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ height: '100%', opacity: isOpen ? 1 : 0.85 }}
    >
      {isOpen ? (
        <CardActionArea
          component={RouterLink}
          to={tier.path}
          aria-label={`Open ${name}`}
          aria-describedby={listId}
          sx={{ height: '100%' }}
        >
          {content}
        </CardActionArea>
      ) : (
        <CardActionArea
          aria-label={`${name}, locked`}
          aria-describedby={listId}
          onClick={() => dispatch(planViolationReceived(lockedTierMessage(tier.feature, planId)))}
          sx={{ height: '100%' }}
        >
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}
