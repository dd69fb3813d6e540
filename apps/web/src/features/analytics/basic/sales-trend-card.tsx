import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ANALYTICS_INTERVALS, type AnalyticsInterval } from '@app/contracts';
import { useState } from 'react';
import { intervalFor, type DayRange } from '../analytics-range';
import { formatPeriod } from '../components/analytics-format';
import { AnalyticsCard, QueryView } from '../components/analytics-state';
import { TREND_EMPTY_TEXT, TrendChart } from '../components/trend-chart';
import { useTrend } from './use-basic-queries';

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

const CHART_HEIGHT = 280;

type SalesTrendCardProps = { range: DayRange; storeId: string | null; storeName: string | null };

/**
 * Sales per day, week or month over the range. The interval follows the range (a year by day is
 * unreadable) until someone picks one; a new range goes back to the one that suits it.
 */
export function SalesTrendCard({ range, storeId, storeName }: SalesTrendCardProps) {
  const [chosen, setChosen] = useState<{ range: DayRange; interval: AnalyticsInterval } | null>(null);
  const interval = chosen && chosen.range === range ? chosen.interval : intervalFor(range);
  const trend = useTrend({ range, storeId }, interval);
  const rows = trend.data ?? [];
  const where = storeName ?? 'all stores';
  const label = `${INTERVAL_LABELS[interval]} sales at ${where}, ${formatPeriod(range.from, 'daily', true)} to ${formatPeriod(range.to, 'daily', true)}`;

  return (
    <AnalyticsCard
      title="Sales trend"
      subtitle={`${INTERVAL_LABELS[interval]} sales at ${where}.`}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_event, next: AnalyticsInterval | null) => {
            if (next) setChosen({ range, interval: next });
          }}
          aria-label="Trend interval"
        >
          {ANALYTICS_INTERVALS.map((value) => (
            <ToggleButton key={value} value={value}>
              {INTERVAL_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <QueryView
        status={trend}
        isEmpty={rows.length === 0}
        emptyText={TREND_EMPTY_TEXT}
        height={CHART_HEIGHT}
        loadingLabel="Loading the sales trend"
      >
        <TrendChart rows={rows} interval={interval} label={label} height={CHART_HEIGHT} />
      </QueryView>
    </AnalyticsCard>
  );
}
