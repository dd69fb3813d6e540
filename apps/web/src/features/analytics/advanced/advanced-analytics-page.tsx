import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useFilterAdvancedQuery } from '../analytics.api';
import { AnalyticsCard, LockedPanel } from '../components/analytics-state';
import { AskPanel } from '../reports/ask-panel';
import { ReportHistory } from '../reports/report-history';
import { FilterResultsTable } from './filter-results-table';
import { MarginByCategoryPanel } from './margin-by-category-panel';
import { PeriodComparisonPanel } from './period-comparison-panel';
import { ProductTrendPanel } from './product-trend-panel';
import { SalesFilterBuilder } from './sales-filter-builder';
import { emptyDraft, toFilterBody, type SalesFilterDraft } from './sales-filter';
import { useLockOnRefusal, usePlanFeature } from './tier-access';

export const ADVANCED_FILTER_MESSAGE = 'Failed to fetch advanced filter sales';

type View = 'filter' | 'trend' | 'compare' | 'margins' | 'ask' | 'reports';

const VIEWS: { id: View; label: string }[] = [
  { id: 'filter', label: 'Advanced filter' },
  { id: 'trend', label: 'Product trend' },
  { id: 'compare', label: 'Compare periods' },
  { id: 'margins', label: 'Margin by category' },
  { id: 'ask', label: 'Ask' },
  { id: 'reports', label: 'My reports' },
];

function FilterView({ onLocked }: { onLocked: () => void }) {
  const [applied, setApplied] = useState<SalesFilterDraft>(() => emptyDraft());
  const result = useFilterAdvancedQuery(toFilterBody(applied));
  useLockOnRefusal(result.error, onLocked);
  // The table sits beside the card, not in it: the data table's minimum width (001 section 9)
  // fits the 1024 px shell only without the card's padding.
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <AnalyticsCard
        title="Advanced filter"
        subtitle="Sales of the range, narrowed by store, category, SKU and total, grouped as you choose."
      >
        <SalesFilterBuilder applied={applied} onApply={setApplied} />
      </AnalyticsCard>
      {result.isError ? (
        <Alert severity="error">{getErrorMessage(result.error, ADVANCED_FILTER_MESSAGE)}</Alert>
      ) : (
        <FilterResultsTable rows={result.data} groupBy={applied.groupBy} isLoading={result.isFetching} />
      )}
    </Box>
  );
}

/**
 * /dashboard/analytics/advanced (ANALYTICS_ADVANCED): the advanced filter, one product's trend,
 * two periods compared, the margin by category, questions asked in plain words (AI_REPORT) and
 * the user's asked reports. The plan is read first; a plan without the tier sends none of the
 * tier's calls and shows the locked panel. Roles that cannot read the plan send the calls, and
 * the first refusal (base-api opens "Feature Locked" for it) turns the page into the same panel.
 */
export function AdvancedAnalyticsPage() {
  const access = usePlanFeature('ANALYTICS_ADVANCED');
  const [isRefused, setIsRefused] = useState(false);
  const lock = useCallback(() => setIsRefused(true), []);
  const [view, setView] = useState<View>('filter');

  let content;
  if (access === 'checking') content = <Loading />;
  else if (access === 'locked' || isRefused)
    content = <LockedPanel planName="Advanced" feature="Advanced analytics" />;
  else
    content = (
      <>
        <Tabs
          value={view}
          onChange={(_event, next: View) => setView(next)}
          aria-label="Advanced analytics view"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {VIEWS.map(({ id, label }) => (
            <Tab key={id} value={id} label={label} id={`advanced-tab-${id}`} aria-controls="advanced-panel" />
          ))}
        </Tabs>
        <Box role="tabpanel" id="advanced-panel" aria-labelledby={`advanced-tab-${view}`}>
          {view === 'filter' ? <FilterView onLocked={lock} /> : null}
          {view === 'trend' ? <ProductTrendPanel onLocked={lock} /> : null}
          {view === 'compare' ? <PeriodComparisonPanel onLocked={lock} /> : null}
          {view === 'margins' ? <MarginByCategoryPanel onLocked={lock} /> : null}
          {/* The page has no store or range of its own: the question names them, or the last 30 days. */}
          {view === 'ask' ? <AskPanel tier="advanced" onLocked={lock} /> : null}
          {view === 'reports' ? <ReportHistory /> : null}
        </Box>
      </>
    );

  return (
    <Box>
      <PageHeader
        title="Advanced Analytics"
        subtitle="Filter your sales any way you need, follow one product, compare two periods, or just ask."
      />
      {content}
    </Box>
  );
}
