import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import { isPermitted, type PlanId } from '@app/contracts';
import type { ReactElement } from 'react';
import { useGetCurrentSubscriptionQuery } from '../../../api/subscriptions.api';
import { currentPlanId } from '../../../lib/plans';
import { useGetBusinessQuery } from '../../../api/business.api';
import { homeCardsFor, readsPlan } from '../home-cards';
import { AuditActivityCard, SalesActivityCard } from './activity-card';
import { LowStockCard } from './low-stock-card';
import { MovementsCard } from './movements-card';
import { StockValueCard } from './stock-value-card';
import { OverviewCard } from './overview-card';
import { LockedSalesCard, SALES_PATH, SalesCard } from './sales-card';

const TILL_PATH = '/dashboard/inventory?tab=till';

/** A card whose content waits for the plan: the calls go out only once it is known. */
function WaitingCard({ title, icon }: { title: string; icon: ReactElement }) {
  return (
    <OverviewCard
      title={title}
      caption="Loading"
      icon={icon}
      status={{ isLoading: true, onRetry: () => undefined }}
    />
  );
}

/** Whether the roles see any overview card, whatever the plan (else the home keeps its areas only). */
export function hasOverview(roles: readonly string[]): boolean {
  const cards = homeCardsFor(roles, null);
  return Boolean(cards.sales || cards.lowStock || cards.movements || cards.stockValue || cards.activity);
}

/**
 * The overview of the home: what the roles and the plan allow, each card linking to its screen.
 */
export function OverviewGrid({ roles, businessId }: { roles: readonly string[]; businessId: string }) {
  const canReadPlan = readsPlan(roles);
  const subscription = useGetCurrentSubscriptionQuery(businessId, { skip: !canReadPlan });
  // Only the money cards need the business (its day and its currency): the shell's read, from its cache.
  const businessQuery = useGetBusinessQuery(businessId, {
    skip:
      !isPermitted(roles, 'analytics:read') &&
      !isPermitted(roles, 'sales:read') &&
      !isPermitted(roles, 'inventory:value'),
  });
  // Staff cannot read the plan (null); a failed read counts as unknown too.
  const isPlanPending = canReadPlan && subscription.isLoading;
  const planId: PlanId | null =
    canReadPlan && subscription.isSuccess ? currentPlanId(subscription.data) : null;
  const cards = homeCardsFor(roles, planId);
  const activityTo = isPermitted(roles, 'sales:record') ? TILL_PATH : SALES_PATH;

  const sales = isPlanPending ? (
    <WaitingCard title="Sales" icon={<InsightsOutlinedIcon />} />
  ) : cards.sales === 'open' ? (
    <SalesCard businessQuery={businessQuery} />
  ) : cards.sales === 'locked' ? (
    <LockedSalesCard />
  ) : null;
  const activity = isPlanPending ? (
    <WaitingCard title="Recent activity" icon={<HistoryOutlinedIcon />} />
  ) : cards.activity === 'audit' ? (
    <AuditActivityCard />
  ) : cards.activity === 'sales' ? (
    <SalesActivityCard businessQuery={businessQuery} to={activityTo} />
  ) : null;

  const shown = [
    sales && { key: 'sales', node: sales },
    cards.stockValue && { key: 'stock-value', node: <StockValueCard businessQuery={businessQuery} /> },
    cards.lowStock && { key: 'low-stock', node: <LowStockCard /> },
    cards.movements && { key: 'movements', node: <MovementsCard /> },
    activity && { key: 'activity', node: activity },
  ].filter((card): card is { key: string; node: ReactElement } => Boolean(card));
  if (shown.length === 0) return null;

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 4,
        // Two columns from a laptop's content width, one on a phone; four on a wide screen.
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
      }}
    >
      {shown.map((card) => (
        <Box key={card.key} sx={{ minWidth: 0 }}>
          {card.node}
        </Box>
      ))}
    </Box>
  );
}
