import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { PLANS, isPermitted } from '@app/contracts';
import { useSelector } from 'react-redux';
import { PageHeader } from '../../../components/page-header';
import { RouterLink } from '../../../components/router-link';
import { selectRoles } from '../../../session/session.slice';
import { lastDays, type DayRange } from '../analytics-range';
import { useListAnalyticsStoresQuery } from '../components/analytics-choices.api';
import { AnalyticsCard, LockedPanel, QueryView, isPlanLocked } from '../components/analytics-state';
import { lowestPlanWith } from '../components/analytics-tiers';
import { RangePicker } from '../components/range-picker';
import { StorePicker } from '../components/store-picker';
import { PredefinedReports } from '../reports/predefined-reports';
import { ProductRankingsCard } from './product-rankings-card';
import { SalesTrendCard } from './sales-trend-card';
import { TopStoresCard } from './top-stores-card';
import { TotalsCards } from './totals-cards';
import { useTotals } from './use-basic-queries';
import { WeekCard } from './week-card';

export const DEFAULT_RANGE_DAYS = 30;
export const NO_SALES_HINT = 'No sales in this period yet. A sale recorded at the till shows here at once.';
const TILL_PATH = '/dashboard/inventory?tab=till';

/**
 * /dashboard/analytics/basic: the range's totals, best and least products, the trend, the top
 * stores and this week against last, for the business or one store; then the ready-made reports.
 *
 * The totals are asked first and the other cards only once they answered: without the tier in
 * the plan every call is refused, and base-api opens 'Feature Locked' on each refusal, so one
 * call keeps it to one dialog. The gate stays open afterwards; a new range or store does not
 * wait for the totals again.
 */
export function BasicAnalyticsPage() {
  const [range, setRange] = useState<DayRange>(() => lastDays(DEFAULT_RANGE_DAYS));
  const [storeId, setStoreId] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const totals = useTotals({ range, storeId });
  const recordsSales = isPermitted(useSelector(selectRoles), 'sales:record');
  const storeName = useListAnalyticsStoresQuery().data?.find((store) => store.id === storeId)?.name ?? null;

  if (totals.isError && isPlanLocked(totals.error)) {
    return (
      <Box>
        <PageHeader title="Basic Analytics" />
        <LockedPanel planName={PLANS[lowestPlanWith('ANALYTICS_BASIC')].name} feature="Basic analytics" />
      </Box>
    );
  }
  if (!isOpen && (totals.isSuccess || totals.isError)) setIsOpen(true);

  return (
    <Box>
      <PageHeader
        title="Basic Analytics"
        subtitle={`Sales at ${storeName ?? 'all stores'}, net of refunds.`}
      />
      <Box
        role="toolbar"
        aria-label="Range and store"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 4 }}
      >
        <RangePicker value={range} onChange={setRange} />
        <StorePicker value={storeId} onChange={setStoreId} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {totals.data?.transactions === 0 && !totals.isFetching ? (
          <Alert
            severity="info"
            action={
              recordsSales ? (
                <Button component={RouterLink} to={TILL_PATH} color="inherit" size="small">
                  Open the till
                </Button>
              ) : undefined
            }
          >
            {NO_SALES_HINT}
          </Alert>
        ) : null}
        {totals.isError ? (
          <AnalyticsCard title="Totals">
            <QueryView status={totals} isEmpty={false} emptyText="" loadingLabel="Loading totals">
              {null}
            </QueryView>
          </AnalyticsCard>
        ) : (
          <TotalsCards totals={totals.data} isLoading={totals.isLoading} isFetching={totals.isFetching} />
        )}
        {isOpen ? (
          <>
            <SalesTrendCard range={range} storeId={storeId} storeName={storeName} />
            <ProductRankingsCard range={range} storeId={storeId} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  lg: storeId === null ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)',
                },
              }}
            >
              {storeId === null ? <TopStoresCard range={range} /> : null}
              <WeekCard storeId={storeId} />
            </Box>
            {/* The page's store narrows them; their range is the server's last 30 days, not the page's. */}
            <PredefinedReports storeId={storeId} storeName={storeName} />
          </>
        ) : (
          <Skeleton variant="rounded" height={360} aria-hidden="true" />
        )}
      </Box>
    </Box>
  );
}
