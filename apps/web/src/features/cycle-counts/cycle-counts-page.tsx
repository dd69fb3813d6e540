import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import {
  CYCLE_COUNT_STATUSES,
  DEFAULT_PAGE_SIZE,
  isPermitted,
  type TCycleCountSummary,
} from '@app/contracts';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { DataTable, NO_DATA_TEXT, type DataTableColumn } from '../../components/data-table/data-table';
import { ChoiceFilter, EmptyState, ListToolbar, NoWrap } from '../../components/list-controls';
import { LocationPicker, NoLocationsState, useLocationChoice } from '../../components/location-picker';
import { PageHeader } from '../../components/page-header';
import { ReadError } from '../../components/read-error';
import { RouterLink } from '../../components/router-link';
import { formatShortDateTime } from '../../lib/relative-time';
import { useCanSeeCosts } from '../../hooks/use-can-see-costs';
import { selectRoles } from '../../session/session.slice';
import { NewCountDialog } from './components/new-count-dialog';
import {
  SheetStatusChip,
  SHEET_STATUS_LABELS,
  describeScope,
  formatSignedUnits,
  useCountMoney,
  varianceColor,
} from './count-format';
import { useListCycleCountsQuery } from './cycle-counts.api';
import { CYCLE_COUNT_ERRORS } from './messages';

export const CYCLE_COUNTS_PATH = '/dashboard/cycle-counts';
export const NO_COUNTS_TEXT = 'No counts at this location yet. Start one with New count.';
export const NO_COUNTS_READER_TEXT = 'No counts at this location yet.';
/** The narrowest the list's table gets: a 768 px tablet less the page's sides and the card's border. */
const TABLET_TABLE_MIN_WIDTH = 734;
export const NO_MATCHING_COUNTS_TEXT = 'No counts with this status at this location.';

const STATUS_FILTERS = ['ALL', ...CYCLE_COUNT_STATUSES] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];
const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { ALL: 'All', ...SHEET_STATUS_LABELS };

export function countPath(id: string): string {
  return `${CYCLE_COUNTS_PATH}/${encodeURIComponent(id)}`;
}

/**
 * The net variance of a sheet as its summary carries it (the server sums the counted and accepted
 * lines): the value, and below it the units when the reader may see them (not a blind counter).
 */
function VarianceCell({ summary }: { summary: TCycleCountSummary }) {
  const money = useCountMoney();
  const net = summary.varianceValueNet;
  if (summary.linesCounted === 0 || net === undefined)
    return <Typography color="text.secondary">—</Typography>;
  return (
    <>
      <Typography component="span" sx={{ display: 'block', color: varianceColor(net), whiteSpace: 'nowrap' }}>
        {money.formatSigned(net)}
      </Typography>
      {summary.varianceUnits === undefined ? null : (
        <Typography component="span" variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatSignedUnits(summary.varianceUnits)}{' '}
          {Math.abs(summary.varianceUnits) === 1 ? 'unit' : 'units'}
        </Typography>
      )}
    </>
  );
}

function Progress({ summary }: { summary: TCycleCountSummary }) {
  const percent = summary.lineCount === 0 ? 0 : (summary.linesCounted / summary.lineCount) * 100;
  return (
    <Box sx={{ minWidth: 96 }}>
      <NoWrap>
        {summary.linesCounted} / {summary.lineCount}
      </NoWrap>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${summary.linesCounted} of ${summary.lineCount} lines counted`}
        sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
      />
    </Box>
  );
}

/** /dashboard/cycle-counts: a location's count sheets, newest first, paged on the server. */
export function CycleCountsPage() {
  const roles = useSelector(selectRoles);
  const canCreate = isPermitted(roles, 'inventory:create');
  // The store assistant counts blind and sees no costs: the server sends her no variance.
  const canSeeVariance = useCanSeeCosts();
  const choice = useLocationChoice();
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [isCreating, setIsCreating] = useState(false);

  const locationId = choice.locationId;
  const list = useListCycleCountsQuery(
    { page, size, locationId: locationId ?? undefined, status: status === 'ALL' ? undefined : status },
    { skip: !locationId },
  );

  const changeStatus = (next: StatusFilter) => {
    setStatus(next);
    setPage(0);
  };
  const changeLocation = (next: string) => {
    choice.select(next);
    setPage(0);
  };

  const columns: DataTableColumn<TCycleCountSummary>[] = [
    {
      id: 'frozenAt',
      label: 'Created',
      render: (summary) => (
        <Link component={RouterLink} to={countPath(summary.id)} sx={{ whiteSpace: 'nowrap' }}>
          {formatShortDateTime(summary.frozenAt)}
        </Link>
      ),
    },
    {
      id: 'scope',
      label: 'Scope and note',
      // The note under the scope, cut to one line (the whole note in its title): six columns did
      // not fit the 736 px a tablet leaves the table.
      render: (summary) => (
        <>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {describeScope(summary.scope)}
          </Typography>
          {summary.note ? (
            <Typography
              variant="body2"
              color="text.secondary"
              title={summary.note}
              sx={{ maxWidth: 180, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {summary.note}
            </Typography>
          ) : null}
        </>
      ),
    },
    { id: 'status', label: 'Status', format: (value) => <SheetStatusChip status={value} /> },
    { id: 'linesCounted', label: 'Progress', render: (summary) => <Progress summary={summary} /> },
    ...(canSeeVariance
      ? [
          {
            id: 'varianceValueNet',
            label: 'Net variance',
            numeric: true,
            render: (summary) => <VarianceCell summary={summary} />,
          } satisfies DataTableColumn<TCycleCountSummary>,
        ]
      : []),
  ];

  const newButton = canCreate ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setIsCreating(true)}
      disabled={!locationId}
    >
      New count
    </Button>
  ) : null;

  const total = list.data?.totalElements;
  return (
    <Box>
      <PageHeader
        title="Cycle Counts"
        subtitle="Count part of a location's stock while the shop keeps selling, then review the differences."
        actions={choice.isEmpty ? null : newButton}
      />
      {choice.isEmpty ? (
        <NoLocationsState subject="Cycle counts" />
      ) : (
        <>
          <ListToolbar>
            <LocationPicker choice={{ ...choice, select: changeLocation }} />
            <ChoiceFilter
              value={status}
              onChange={changeStatus}
              options={STATUS_FILTERS}
              labels={STATUS_FILTER_LABELS}
              label="Status"
            />
          </ListToolbar>
          {list.isError ? (
            <ReadError
              error={list.error}
              fallback={CYCLE_COUNT_ERRORS.list}
              onRetry={() => void list.refetch()}
              sx={{ mb: 2 }}
            />
          ) : null}
          {/* DataTable keeps a 750 px minimum for the 1024 px shell; a tablet leaves it 734 px,
              which these five columns fit, so the list does not scroll sideways by 16 px. */}
          <Box sx={{ '& .MuiTable-root': { minWidth: TABLET_TABLE_MIN_WIDTH } }}>
            <DataTable
              title={total === undefined ? 'Counts' : `${total} ${total === 1 ? 'count' : 'counts'}`}
              ariaLabel="Counts"
              isDense
              columns={columns}
              rows={list.data?.content ?? []}
              isLoading={list.isFetching || choice.isLoading}
              getRowLabel={(summary) => `count of ${formatShortDateTime(summary.frozenAt)}`}
              pagination={{
                page,
                rowsPerPage: size,
                totalCount: total ?? 0,
                onPageChange: setPage,
                onRowsPerPageChange: (next) => {
                  setSize(next);
                  setPage(0);
                },
              }}
              emptyContent={
                list.isError ? (
                  NO_DATA_TEXT
                ) : status !== 'ALL' ? (
                  NO_MATCHING_COUNTS_TEXT
                ) : (
                  <EmptyState
                    message={canCreate ? NO_COUNTS_TEXT : NO_COUNTS_READER_TEXT}
                    action={newButton}
                  />
                )
              }
            />
          </Box>
        </>
      )}
      {isCreating && locationId ? (
        <NewCountDialog
          locations={choice.locations}
          initialLocationId={locationId}
          onClose={() => setIsCreating(false)}
        />
      ) : null}
    </Box>
  );
}
