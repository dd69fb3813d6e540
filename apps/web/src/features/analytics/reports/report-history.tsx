import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEFAULT_PAGE_SIZE, type ReportKind, type TReportSummary } from '@app/contracts';
import { useState } from 'react';
import { getErrorMessage } from '../../../api/api-error';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { EmptyState } from '../../../components/list-controls';
import { ReadError } from '../../../components/read-error';
import { notifySuccess } from '../../../components/toast';
import { formatExactTime, formatShortDateTime } from '../../../lib/relative-time';
import { ReportView } from './report-view';
import {
  REPORT_MESSAGES,
  useDeleteReportMutation,
  useGetReportQuery,
  useListMyReportsQuery,
} from './reports.api';

export const HISTORY_EMPTY_TEXT = 'Your reports will appear here';
export const REPORT_DELETED = 'Report deleted';

export const KIND_LABELS: Record<ReportKind, string> = {
  BASIC: 'Ready-made',
  ADVANCED: 'Question',
  SUPREME: 'Question',
  FORECAST: 'Forecast',
};

/** One stored report, opened from the list, with the way back to it. */
function OpenedReport({ id, onBack }: { id: string; onBack: () => void }) {
  const report = useGetReportQuery(id);
  const back = (
    <Button size="small" startIcon={<ArrowBackIcon />} onClick={onBack}>
      My reports
    </Button>
  );
  if (report.isLoading)
    return (
      <Box role="status" aria-label="Loading the report">
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  if (report.isError || !report.data)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        {back}
        <ReadError
          error={report.error}
          fallback={REPORT_MESSAGES.open}
          onRetry={() => void report.refetch()}
          sx={{ alignSelf: 'stretch' }}
        />
      </Box>
    );
  return <ReportView report={report.data} action={back} />;
}

/**
 * The signed-in user's reports, newest first, paged on the server: a click opens one as it was
 * answered; delete asks first. Only the author sees and deletes them (the server lists hers only).
 */
export function ReportHistory() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const list = useListMyReportsQuery({ page, size });
  const [openId, setOpenId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<TReportSummary | null>(null);
  const [deleteReport, deletion] = useDeleteReportMutation();
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);

  // The last report of the last page went: show the page before it (set while rendering, as
  // React allows for a component's own state, so the empty page never paints).
  const lastPage = list.data ? Math.max(0, list.data.totalPages - 1) : page;
  if (list.data !== undefined && !list.isFetching && page > lastPage) setPage(lastPage);

  if (openId) return <OpenedReport id={openId} onBack={() => setOpenId(null)} />;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteReport(toDelete.id).unwrap();
      setDeleteFailure(null);
      notifySuccess(REPORT_DELETED);
    } catch (error) {
      setDeleteFailure(getErrorMessage(error, REPORT_MESSAGES.delete));
    } finally {
      setToDelete(null);
    }
  };

  const columns: DataTableColumn<TReportSummary>[] = [
    {
      id: 'title',
      label: 'Report',
      render: (row) => (
        <Link
          component="button"
          type="button"
          underline="hover"
          onClick={() => setOpenId(row.id)}
          sx={{ textAlign: 'left', fontWeight: 500 }}
        >
          {row.title}
        </Link>
      ),
    },
    {
      id: 'question',
      label: 'Question',
      render: (row) => (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.question}
        </Typography>
      ),
    },
    { id: 'kind', label: 'Kind', format: (kind) => KIND_LABELS[kind] },
    {
      id: 'generatedAt',
      label: 'Asked',
      render: (row) => (
        <Box
          component="time"
          dateTime={row.generatedAt}
          title={formatExactTime(row.generatedAt)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {formatShortDateTime(row.generatedAt)}
        </Box>
      ),
    },
    { id: 'actions', label: 'Actions' },
  ];

  const total = list.data?.totalElements;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {list.isError ? (
        <ReadError
          error={list.error}
          fallback={REPORT_MESSAGES.history}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {deleteFailure ? (
        <Alert severity="error" onClose={() => setDeleteFailure(null)}>
          {deleteFailure}
        </Alert>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data?.content ?? []}
        title={total === undefined ? 'My reports' : `My reports (${total})`}
        ariaLabel="My reports"
        isLoading={list.isFetching}
        getRowLabel={(row) => row.title}
        onDelete={setToDelete}
        isDense
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
        emptyContent={<EmptyState message={HISTORY_EMPTY_TEXT} />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        message={
          <>
            Delete <strong>{toDelete?.title}</strong>? This cannot be undone: the report can no longer be
            opened or exported.
          </>
        }
        isDestructive
        isBusy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </Box>
  );
}
