import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { getErrorMessage } from '../../../api/api-error';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { saveBlob } from '../../../lib/save-file';
import { planViolationReceived } from '../../../ui/ui.slice';
import { useSuperFilterQuery } from '../analytics.api';
import { AnalyticsCard, LockedPanel } from '../components/analytics-state';
import { FilterResultsTable } from '../advanced/filter-results-table';
import { SalesFilterBuilder } from '../advanced/sales-filter-builder';
import { emptyDraft, toFilterBody, withNoDataRow, type SalesFilterDraft } from '../advanced/sales-filter';
import { useLockOnRefusal, usePlanFeature } from '../advanced/tier-access';
import { ForecastPanel } from '../forecast/forecast-panel';
import { AskPanel } from '../reports/ask-panel';
import { ReportHistory } from '../reports/report-history';
import { ExportCsvButton } from './export-csv-button';
import { PivotPanel } from './pivot-panel';
import { csvFileName, resultsToCsv } from './table-csv';

export const SUPER_FILTER_MESSAGE = 'Failed to fetch super filter sales';
/** DESIGN 6: export comes with the Advanced plan and above. */
export const EXPORT_LOCKED_MESSAGE = 'CSV export is part of the Advanced plan and above.';

type View = 'results' | 'pivot';
type Section = 'filter' | 'ask' | 'forecast' | 'reports';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'filter', label: 'Super filter' },
  { id: 'ask', label: 'Ask' },
  { id: 'forecast', label: 'Forecast' },
  { id: 'reports', label: 'My reports' },
];

const GROUP_NOUNS = { product: 'product', category: 'category', store: 'store', day: 'day' } as const;

/** "8 products, best first" or "30 days, in date order". */
function describeResults(count: number, groupBy: SalesFilterDraft['groupBy']): string {
  const noun = GROUP_NOUNS[groupBy];
  const plural = count === 1 ? noun : noun === 'category' ? 'categories' : `${noun}s`;
  return `${count} ${plural}, ${groupBy === 'day' ? 'in date order' : 'best first'}.`;
}

function ResultsView({
  applied,
  onExport,
  onLocked,
}: {
  applied: SalesFilterDraft;
  onExport: (csv: string, fileName: string) => void;
  onLocked: () => void;
}) {
  const result = useSuperFilterQuery(toFilterBody(applied));
  useLockOnRefusal(result.error, onLocked);
  const rows = useMemo(() => withNoDataRow(result.data), [result.data]);
  if (result.isError)
    return <Alert severity="error">{getErrorMessage(result.error, SUPER_FILTER_MESSAGE)}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {result.data ? describeResults(result.data.length, applied.groupBy) : ' '}
        </Typography>
        <ExportCsvButton
          disabled={!result.data || result.data.length === 0}
          onClick={() =>
            onExport(
              resultsToCsv(rows, applied.groupBy),
              csvFileName(`by-${applied.groupBy}`, applied.range.from, applied.range.to),
            )
          }
        />
      </Box>
      <FilterResultsTable rows={result.data} groupBy={applied.groupBy} isLoading={result.isFetching} />
    </Box>
  );
}

/**
 * /dashboard/analytics/supreme (ANALYTICS_SUPREME): the super filter with any grouping, its
 * results as a table and as a pivot, each exportable as CSV; questions in plain words (forecasts
 * too), the Forecast panel (FORECAST) and the user's asked reports. The plan is read before any
 * call (see the advanced page); CSV export is the plan's EXPORT feature (DESIGN 6), checked on
 * click: without it the button opens "Feature Locked" rather than saving a file.
 */
export function SupremeAnalyticsPage() {
  const dispatch = useDispatch();
  const access = usePlanFeature('ANALYTICS_SUPREME');
  const exportAccess = usePlanFeature('EXPORT');
  const [isRefused, setIsRefused] = useState(false);
  const lock = useCallback(() => setIsRefused(true), []);
  const [applied, setApplied] = useState<SalesFilterDraft>(() => emptyDraft());
  const [section, setSection] = useState<Section>('filter');
  const [view, setView] = useState<View>('results');

  const exportCsv = useCallback(
    (csv: string, fileName: string) => {
      if (exportAccess === 'locked') {
        dispatch(planViolationReceived(EXPORT_LOCKED_MESSAGE));
        return;
      }
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
    },
    [dispatch, exportAccess],
  );

  let content;
  if (access === 'checking') content = <Loading />;
  else if (access === 'locked' || isRefused)
    content = <LockedPanel planName="Supreme" feature="Supreme analytics" />;
  else
    content = (
      <>
        <Tabs
          value={section}
          onChange={(_event, next: Section) => setSection(next)}
          aria-label="Supreme analytics section"
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map(({ id, label }) => (
            <Tab
              key={id}
              value={id}
              label={label}
              id={`supreme-section-${id}`}
              aria-controls="supreme-section"
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id="supreme-section" aria-labelledby={`supreme-section-${section}`}>
          {section === 'filter' ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              <AnalyticsCard
                title="Super filter"
                subtitle="Every condition and grouping, as a table or as a pivot of two dimensions."
              >
                <SalesFilterBuilder applied={applied} onApply={setApplied} />
              </AnalyticsCard>
              <Tabs
                value={view}
                onChange={(_event, next: View) => setView(next)}
                aria-label="Super filter view"
                sx={{ borderBottom: 1, borderColor: 'divider' }}
              >
                <Tab value="results" label="Table" id="supreme-tab-results" aria-controls="supreme-panel" />
                <Tab value="pivot" label="Pivot" id="supreme-tab-pivot" aria-controls="supreme-panel" />
              </Tabs>
              <Box role="tabpanel" id="supreme-panel" aria-labelledby={`supreme-tab-${view}`}>
                {view === 'results' ? (
                  <ResultsView applied={applied} onExport={exportCsv} onLocked={lock} />
                ) : (
                  <PivotPanel applied={applied} onExport={exportCsv} onLocked={lock} />
                )}
              </Box>
            </Box>
          ) : null}
          {/* The super filter's conditions are its own: a question names its range and store, or reads the last 30 days. */}
          {section === 'ask' ? <AskPanel tier="supreme" onLocked={lock} /> : null}
          {section === 'forecast' ? <ForecastPanel /> : null}
          {section === 'reports' ? <ReportHistory /> : null}
        </Box>
      </>
    );

  return (
    <Box>
      <PageHeader
        title="Supreme Analytics"
        subtitle="Slice your sales by any dimension, pivot them, ask in plain words, and see what comes next."
      />
      {content}
    </Box>
  );
}
