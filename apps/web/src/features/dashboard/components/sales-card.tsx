import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TSalesTotals } from '@app/contracts';
import { useDispatch } from 'react-redux';
import { upgradeModalOpened } from '../../../ui/ui.slice';
import {
  type BusinessQuery,
  useHomeSalesDaysQuery,
  useHomeSalesTodayQuery,
  useHomeSalesWeekQuery,
} from '../dashboard.api';
import { businessDay, daysBefore, weekShare } from '../home-format';
import { HOME_MESSAGES } from '../home-messages';
import { OverviewCard } from './overview-card';
import { SALES_DAYS, SalesDaysChart } from './sales-days-chart';
import { formatCount } from '../../../lib/count';
import { formatMoney } from '../../../lib/money';

export const SALES_PATH = '/dashboard/analytics/basic';
const TITLE = 'Sales';
const CAPTION = 'Today and this week so far';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    // The figure's box is its container: a large amount shrinks to fit instead of being cut.
    <Box sx={{ minWidth: 0, containerType: 'inline-size' }}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.5 }}>
        {label}
      </Typography>
      <Typography
        sx={{
          fontSize: 'clamp(1rem, 11.5cqi, 1.5rem)',
          fontWeight: 600,
          fontVariantNumeric: 'tabular-nums',
          lineHeight: 1.3,
        }}
        noWrap
        title={value}
      >
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {detail}
      </Typography>
    </Box>
  );
}

const describe = (totals: TSalesTotals) =>
  `${formatCount(totals.transactions)} ${totals.transactions === 1 ? 'sale' : 'sales'}, ${formatCount(totals.unitsSold)} ${totals.unitsSold === 1 ? 'unit' : 'units'}`;

/** The plan lacks basic analytics: no call goes out, and a click says what would open it. */
export function LockedSalesCard() {
  const dispatch = useDispatch();
  return (
    <OverviewCard
      title={TITLE}
      caption={HOME_MESSAGES.salesLocked}
      icon={<InsightsOutlinedIcon />}
      onLockedClick={() => dispatch(upgradeModalOpened())}
    />
  );
}

/**
 * Sales today (00:00 to now in the business's zone), this week so far against last week, and the
 * last two weeks day by day.
 */
export function SalesCard({ businessQuery }: { businessQuery: BusinessQuery }) {
  const business = businessQuery.data;
  const day = business ? businessDay(business.timeZone) : '';
  const today = useHomeSalesTodayQuery(day, { skip: !business });
  const week = useHomeSalesWeekQuery();
  // The chart is a bonus: while it loads or if it fails, the figures stand alone.
  const days = useHomeSalesDaysQuery({ from: daysBefore(day, SALES_DAYS - 1), to: day }, { skip: !business });
  const currency = business?.currency ?? 'USD';

  const isEmpty =
    today.data?.transactions === 0 &&
    week.data?.thisWeek.transactions === 0 &&
    week.data.lastWeek.transactions === 0;
  const share = week.data ? weekShare(week.data.thisWeek.totalSales, week.data.lastWeek.totalSales) : null;

  return (
    <OverviewCard
      title={TITLE}
      caption={CAPTION}
      icon={<InsightsOutlinedIcon />}
      to={SALES_PATH}
      fallbackMessage={HOME_MESSAGES.salesFailed}
      status={{
        isLoading: (!business && !businessQuery.error) || today.isLoading || week.isLoading,
        error: businessQuery.error ?? today.error ?? week.error,
        onRetry: () => {
          if (businessQuery.error) void businessQuery.refetch();
          if (today.error) void today.refetch();
          if (week.error) void week.refetch();
        },
        isEmpty,
        emptyText: HOME_MESSAGES.noSalesToday,
      }}
    >
      {today.data && week.data ? (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))',
          }}
        >
          <Figure
            label="Today"
            value={formatMoney(today.data.totalSales, currency)}
            detail={describe(today.data)}
          />
          <Box sx={{ minWidth: 0 }}>
            <Figure
              label="This week"
              value={formatMoney(week.data.thisWeek.totalSales, currency)}
              detail={`Last week ${formatMoney(week.data.lastWeek.totalSales, currency)}`}
            />
            {share === null ? (
              <Typography variant="body2" color="text.secondary">
                No sales last week to compare with.
              </Typography>
            ) : (
              <>
                <LinearProgress
                  variant="determinate"
                  value={Math.min(share, 100)}
                  aria-label="This week against last week"
                  aria-valuetext={`${share} % of last week`}
                  sx={{ mt: 1, height: 6, borderRadius: 3 }}
                />
                <Typography variant="caption" color="text.secondary">
                  {share} % of last week so far
                </Typography>
              </>
            )}
          </Box>
          {days.data ? (
            <Box sx={{ gridColumn: '1 / -1' }}>
              <SalesDaysChart rows={days.data} currency={currency} />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </OverviewCard>
  );
}
